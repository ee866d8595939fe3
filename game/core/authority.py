"""The authority: where a match is decided. It alone holds the `Match` (state, log, seed),
checks every command with the rules, and hands out seat windows: what some seats may see of the
match and do in it (a bot's, a server connection's, the local window's). Tables never hold one:
they hold a `Window` (game/core/window.py), local (game/core/local.py) or remote.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from game.core import bots, shapes
from game.core.i18n import msg
from game.core.match import Entry, Match, Seat
from game.core.ruleset import Bot, Command, Event, Outcome, Rejected, Ruleset, View

Watcher = Callable[[Match, "Entry | None", list[Event]], None]


class Authority:
    """The match in this process: its windows, the rules clock, and each bot's random source."""

    def __init__(self, match: Match):
        self._match = match
        self._windows: list[SeatWindow] = []
        self._watchers: list[Watcher] = []
        match.listeners.append(self._tell)

    def watch(self, watcher: Watcher) -> None:
        """Hear every batch before the windows do (the referee keeps its clock by it)."""
        self._watchers.append(watcher)

    def unwatch(self, watcher: Watcher) -> None:
        if watcher in self._watchers:
            self._watchers.remove(watcher)

    @property
    def match(self) -> Match:
        """The whole record, for what stands outside the seats (the store, game.automation's
        checks); never handed to a scene."""
        return self._match

    def window(self, seats: Iterable[int], viewer: int | None = None) -> SeatWindow:
        window = SeatWindow(self._match, frozenset(seats), viewer)
        self._windows.append(window)
        return window

    def detach(self) -> None:
        """Stop telling this authority's windows about new events (the table closed)."""
        if self._tell in self._match.listeners:
            self._match.listeners.remove(self._tell)
        self._windows.clear()
        self._watchers.clear()

    @property
    def due(self) -> Command | None:
        """The command the rules clock submits (as seat None) when the game waits on time."""
        return self._match.clock

    def expire(self, command: Command) -> list[Event] | Rejected:
        """Submit the rules clock's command."""
        return self._match.submit(None, command)

    def rename(self, seat: int, name: str) -> None:
        """The seat's player goes by `name` (a guest chose it on Join); a stored match saves it."""
        old = self._match.seats[seat]
        if old.name != name:
            self._match.replace_seat(seat, replace(old, name=name))

    def hand_to_bot(self, seat: int, level: str) -> Bot:
        """Our bot `level` plays `seat` from now on (its player failed, or the host handed it
        over); the seat's record says so, so a stored match saves it. Returns the new player."""
        return bots.replace_with_builtin(self._match, seat, level)

    def _tell(self, match: Match, entry: Any, events: list[Event]) -> None:
        for watcher in list(self._watchers):
            watcher(match, entry, events)
        if events:
            for window in [w for w in self._windows if w.listeners]:  # a bot's window has none
                window._arrive(events)


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
    def eyes(self, viewer: int | None) -> SeatWindow:
        """This window read as `viewer` (one of its seats, or a spectator) by a window of its
        own: read while this one looks elsewhere, or off the thread that plays (a fold of the
        log). It is told of nothing and plays nothing."""
        return SeatWindow(self._match, self.seats, viewer)

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
        return self._match.played

    @property
    def to_act(self) -> frozenset[int]:
        return self._match.to_act

    @property
    def due(self) -> Command | None:
        """What the rules clock will submit, and at which tick (public: the sand is in view)."""
        return self._match.clock

    @property
    def outcome(self) -> Outcome | None:
        outcome = self._match.outcome
        return None if outcome is None else self.rules.shown(outcome, self.viewer)

    @property
    def finished(self) -> bool:
        return self._match.finished

    # -- what the viewer knows ------------------------------------------------------------
    def view(self) -> View:
        return self._match.view(self.viewer)

    def view_at(self, count: int) -> View:
        """What the viewer could see after the first `count` events (a round's last moment)."""
        return self._match.view_at(count, self.viewer)

    def views_at(self, counts: list[int]) -> dict[int, View]:
        """The viewer's views after each of `counts` events (one fold of the log)."""
        return self._match.views_at(counts, self.viewer)

    def events(self, start: int = 0, stop: int | None = None) -> list[Event]:
        """The log from `start` to `stop`, each event as the viewer may see it."""
        return [self.rules.redact(e, self.viewer) for e in self._match.events[start:stop]]

    # -- what its seats may do ------------------------------------------------------------
    def legal(self, seat: int) -> list[Command]:
        return self._match.legal(self._own(seat))

    def check(self, seat: int, command: Command) -> Rejected | None:
        refused = self._undeclared(command)  # a Rejected is falsy: no `or` here
        return refused if refused is not None else self._match.check(self._own(seat), command)

    def submit(self, seat: int, command: Command) -> list[Event] | Rejected:
        """Send a command for one of this window's seats: its events as the viewer sees them
        (the listeners hear them too), or why it was refused (nothing changed)."""
        refused = self._undeclared(command)
        if refused is not None:
            return refused
        result = self._match.submit(self._own(seat), command)
        if isinstance(result, Rejected):
            return result
        return [self.rules.redact(e, self.viewer) for e in result]

    def _undeclared(self, command: Command) -> Rejected | None:
        """A key the game's moves do not declare is refused: whatever a client or a program
        sends beside the move would be stored with it for good (game/core/shapes.py)."""
        key = shapes.undeclared(command, self.rules.commands)
        if key is None:
            return None
        return Rejected(
            msg(
                "A {game} move has no {key!r}: send only the keys the move takes",
                game=self.rules.title,
                key=key,
            )
        )

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
