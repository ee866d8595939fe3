"""The seat window: a match as some seats may see it, and the one interface a table needs.

A table, a replay, a tutorial and a hint see a match only through a `SeatWindow`: the view of
the seat at the screen, the events redacted for that seat (`Ruleset.redact`: another seat's
drawn card is None), who is to act, and the commands its seats may send. Nothing else
crosses: not the state, not the seed, not a raw event. The same window is what a remote
player gets over the network; here the authority is in this process.

The authority (game/core/authority.py) is where the match is decided; it hands out windows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.match import Match, Seat
from game.core.ruleset import Command, Event, Outcome, Rejected, Ruleset, View

Arrived = Callable[[list[Event]], None]


class SeatWindow:
    """What the seats `seats` may see of a match and do in it. `viewer` is the seat whose eyes
    the window looks through now (None: a spectator, as during a hand-off); at one screen
    with several people it moves from seat to seat."""

    def __init__(self, match: Match, seats: frozenset[int], viewer: int | None):
        self._match = match  # read here, changed only through submit (the authority made us)
        self.seats = seats
        self.viewer: int | None = None
        self.look_as(viewer)
        self.listeners: list[Arrived] = []

    # -- who looks ------------------------------------------------------------------------
    def look_as(self, seat: int | None) -> None:
        if seat is not None and seat not in self.seats:
            raise ValueError(f"this window plays seats {sorted(self.seats)}, not seat {seat}")
        self.viewer = seat

    # -- what everyone knows --------------------------------------------------------------
    @property
    def rules(self) -> Ruleset:
        return self._match.ruleset

    @property
    def players(self) -> list[Seat]:
        """Who sits where: names, and whether a person, a bot (its level) or a program."""
        return list(self._match.seats)

    @property
    def names(self) -> list[str]:
        return self._match.names

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._match.options)

    @property
    def count(self) -> int:
        """How many events the log holds (a moment of the match, as `view_at` takes it)."""
        return len(self._match.events)

    @property
    def played(self) -> int:
        """How many commands the seats have played (the clock's not counted): 0 before the
        first move, so a table knows to show the opening deal."""
        return sum(c.seat is not None for c in self._match.commands)

    @property
    def to_act(self) -> frozenset[int]:
        return self._match.to_act

    @property
    def due(self) -> Command | None:
        """What the rules clock will submit, and at which tick (public: the sand is in view)."""
        return self._match.clock

    @property
    def outcome(self) -> Outcome | None:
        return self._match.outcome

    @property
    def finished(self) -> bool:
        return self._match.finished

    # -- what the viewer knows ------------------------------------------------------------
    def view(self) -> View:
        return self._match.view(self.viewer)

    def view_at(self, count: int) -> View:
        """What the viewer could see after the first `count` events (a round's last moment)."""
        return self._match.view_at(count, self.viewer)

    def events(self, start: int = 0, stop: int | None = None) -> list[Event]:
        """The log from `start` to `stop`, each event as the viewer may see it."""
        return [self.rules.redact(e, self.viewer) for e in self._match.events[start:stop]]

    # -- what its seats may do ------------------------------------------------------------
    def legal(self, seat: int) -> list[Command]:
        return self._match.legal(self._own(seat))

    def check(self, seat: int, command: Command) -> Rejected | None:
        return self._match.check(self._own(seat), command)

    def submit(self, seat: int, command: Command) -> list[Event] | Rejected:
        """Send a command for one of this window's seats: its events as the viewer sees them
        (the listeners hear them too), or why it was refused (nothing changed)."""
        result = self._match.submit(self._own(seat), command)
        if isinstance(result, Rejected):
            return result
        return [self.rules.redact(e, self.viewer) for e in result]

    def commands(self, seat: int) -> list[Command]:
        """The commands one of this window's seats has played, in order."""
        own = self._own(seat)
        return [c.command for c in self._match.commands if c.seat == own]

    def seat_view(self, seat: int) -> View:
        """The view of one of this window's seats, whoever looks now (a bot's, a hint's)."""
        return self._match.view(self._own(seat))

    def _own(self, seat: int) -> int:
        if seat not in self.seats:
            raise PermissionError(f"this window plays seats {sorted(self.seats)}, not seat {seat}")
        return seat

    # -- news -----------------------------------------------------------------------------
    def listen(self, arrived: Arrived) -> None:
        """Call `arrived` with every new batch of events, redacted for the viewer then."""
        self.listeners.append(arrived)

    def _arrive(self, events: list[Event]) -> None:
        if self.listeners:
            shown = [self.rules.redact(e, self.viewer) for e in events]
            for arrived in list(self.listeners):
                arrived(shown)
