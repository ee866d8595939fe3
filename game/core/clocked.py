"""Bots playing a timed game on one shared clock, without a table: what `sim`, the tests and
the benchmarks use for Ubongo.

It does what a table's clock does (game.scenes.table.base): every seat the rules wait on is
asked once and its answer, stamped with a tick in the future, is held; then whichever comes
first goes in, a held answer or the rules clock's own command (an answer before the clock at
the same tick). An answer chosen before the match changed is chosen again, with the same random
source, from the view of the moment it goes in: a bot that drew its moment sees the gems
actually left then. An answer whose moment has passed goes in at the clock's time, never
before it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core.match import Match
from game.core.ruleset import Command

# (seat, the event count whose random source it chooses with) -> its command
Choose = Callable[[int, int], Command]


@dataclass(frozen=True)
class Held:
    tick: int
    command: Command
    at: int  # the event count when it was chosen: its random source, and what it saw


class SharedClock:
    def __init__(self, match: Match, choose: Choose):
        self.match = match
        self.choose = choose
        self.held: dict[int, Held] = {}
        self.asking: int | None = None  # the seat being asked, while it is (for its failures)

    def next(self) -> tuple[int | None, Command]:
        """The command that goes in next and whose it is (None: the rules clock's)."""
        match = self.match
        waiting = match.to_act
        for seat in [s for s in self.held if s not in waiting]:
            del self.held[seat]  # the rules no longer wait on it (its sand ran out)
        for seat in sorted(waiting - self.held.keys()):
            command = self._ask(seat, len(match.events))
            self.held[seat] = Held(self._tick(seat, command), command, len(match.events))
        clock = match.clock
        first = min(self.held, key=lambda s: (self.held[s].tick, s), default=None)
        if first is None or (clock is not None and clock["tick"] < self.held[first].tick):
            if clock is None:
                raise RuntimeError(
                    f"{match.ruleset.name}: nobody to act and no clock, event {len(match.events)}"
                )
            return None, clock
        held = self.held.pop(first)
        command = held.command
        if held.at != len(match.events):
            command = self._ask(first, held.at)  # the same draws, the table as it is now
            if self._tick(first, command) > held.tick:  # it chose a later moment: wait for it
                self.held[first] = Held(self._tick(first, command), command, held.at)
                return self.next()
        if isinstance(command, dict) and _tick_of(command) is not None:
            command = {**command, "tick": self._tick(first, command)}  # never before the clock
        return first, command

    def drop(self, seat: int) -> None:
        """Forget a seat's held answer (its player was replaced)."""
        self.held.pop(seat, None)

    def _ask(self, seat: int, at: int) -> Command:
        self.asking = seat
        command = self.choose(seat, at)
        self.asking = None
        return command

    def _tick(self, seat: int, command: Command) -> int:
        """When the command goes in: its tick, or now when that has passed or it has none."""
        now = self.match.ruleset.time(self.match.state, seat)
        tick = _tick_of(command)
        return now if tick is None else max(tick, now)


def _tick_of(command: object) -> int | None:
    tick = command.get("tick") if isinstance(command, dict) else None
    return tick if isinstance(tick, int) and not isinstance(tick, bool) else None
