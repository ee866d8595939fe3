"""Local play: a match decided in this process, as the people at one screen see it.

A local match is an in-process room: its authority (the match, its log and store), its referee
(bots, the rules clock, time in the log) and one `LocalWindow`, the `Window` (game/core/window.py)
a table holds. The window offers what a remote window offers and nothing more; the table gives
it the app's ticks, which drive the referee. Built by the app's composition module
(game/matches.py), never by a scene.

A fault of the referee (an exception from its drive: a bot's move, the clock) never reaches the
table: the match pauses here (`fault` says so, in words, and nothing more is driven or played),
what went wrong goes to the log, and the stored log stands as it was. The person leaves, and
Continue picks the match up again with a new referee.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from game.core import faces
from game.core.authority import Authority, SeatWindow
from game.core.face import Face
from game.core.i18n import N_, msg
from game.core.referee import Notice, Ready, Referee
from game.core.ruleset import AT_TABLE, Budget, Command, Event, Outcome, Rejected, View
from game.core.seats import Seat
from game.core.window import Arrived, Hint, Options

FAULT = N_(
    "Something went wrong deciding this match, so it is paused. Nothing is lost: leave it, and"
    " pick it up again from Continue."
)

log = logging.getLogger("bazaar")


class LocalWindow:
    def __init__(
        self,
        authority: Authority,
        referee: Referee,
        seats: frozenset[int],
        *,
        budget: Budget | None = None,
        problems: Callable[[], str | None] | None = None,
        on_close: Callable[[], None] | None = None,
    ):
        self._authority = authority
        self._referee = referee
        self._window: SeatWindow = authority.window(seats)
        self.seats = frozenset(seats)
        self.viewer: int | None = None
        self._budget = budget or AT_TABLE
        self._problems = problems  # a save that failed, said once
        self._on_close = on_close
        self._said: list[str] = []
        self._hinted: int | None = None  # the seat whose hint the referee thinks of
        self.fault: str | None = None  # why the match is paused: its referee failed
        referee.on_notice = self._notice

    # -- who looks ------------------------------------------------------------------------
    def look_as(self, seat: int | None) -> None:
        self._window.look_as(seat)
        self.viewer = seat
        self._referee.look(seat)

    # -- what everyone knows --------------------------------------------------------------
    @property
    def game(self) -> Face:
        """The game's face: its words, options and view-level checks (never its machinery)."""
        return faces.face(self._window.rules.name)

    @property
    def players(self) -> list[Seat]:
        return self._window.players

    @property
    def names(self) -> list[str]:
        return self._window.names

    @property
    def options(self) -> Options:
        return self._window.options

    @property
    def count(self) -> int:
        return self._window.count

    @property
    def played(self) -> int:
        return self._window.played

    @property
    def to_act(self) -> frozenset[int]:
        return self._window.to_act

    @property
    def due(self) -> Command | None:
        return self._window.due

    @property
    def outcome(self) -> Outcome | None:
        return self._window.outcome

    @property
    def finished(self) -> bool:
        return self._window.finished

    @property
    def online(self) -> list[bool]:
        return [True] * len(self._window.players)

    @property
    def done(self) -> frozenset[int]:
        return frozenset(self._referee.done)

    # -- what the viewer knows ------------------------------------------------------------
    def view(self) -> View:
        return self._window.view()

    def view_at(self, count: int) -> View:
        return self._window.view_at(count)

    def events(self, start: int = 0, stop: int | None = None) -> list[Event]:
        return self._window.events(start, stop)

    def listen(self, arrived: Arrived) -> None:
        self._window.listen(arrived)

    # -- what its seats may do ------------------------------------------------------------
    def legal(self, seat: int) -> list[Command]:
        return self._window.legal(seat)

    def check(self, seat: int, command: Command) -> Rejected | None:
        return self._window.check(seat, self._referee.stamp(seat, command))

    def submit(self, seat: int, command: Command) -> Rejected | None:
        """Play a command of one of this screen's seats: refused with why, or None (its events
        reach the listeners before this returns). In a timed game it carries the clock."""
        if not isinstance(command, dict):
            return Rejected(msg("a command must be a JSON object"))
        if self.fault is not None:
            return Rejected(self.fault)
        result = self._window.submit(seat, self._referee.stamp(seat, command))
        return result if isinstance(result, Rejected) else None

    def commands(self, seat: int) -> list[Command]:
        return self._window.commands(seat)

    def seat_view(self, seat: int) -> View:
        return self._window.seat_view(seat)

    # -- time and news --------------------------------------------------------------------
    def now(self, seat: int | None = None) -> int:
        return self._referee.now(seat)

    def tick(self, n: int, running: bool, ready: Ready) -> None:
        self._drive(lambda: self._referee.advance(n, running, ready))

    def _drive(self, step: Callable[[], None]) -> None:
        """Drive the referee, unless it failed: a fault pauses the match (said, and logged)."""
        if self.fault is not None:
            return
        try:
            step()
        except Exception as exc:
            match = self._authority.match
            log.error(
                "a %s match (seed %s) paused at %d events: its referee failed",
                match.ruleset.name,
                match.seed,
                len(match.events),
                exc_info=exc,
            )
            self.fault = FAULT

    def quiet(self, running: bool) -> int:
        return 1 << 30 if self.fault is not None else self._referee.quiet(running)

    @property
    def busy(self) -> bool:
        return self.fault is None and self._referee.busy

    @property
    def pending(self) -> int:
        return 0  # a local submit is answered before it returns

    def wait(self, timeout: float) -> bool:
        return False  # nothing arrives here by itself: time drives this match

    def pause(self) -> None:
        self._drive(self._referee.record)

    def ready(self) -> None:
        """Nothing to tell: a local match's sand runs only while its table's clock does."""

    @property
    def hold(self) -> None:
        return None  # only a server holds the sand for people at other screens

    @property
    def sand_for_all(self) -> bool:
        return False  # this table's sand runs when the table lets it

    def notices(self) -> list[str]:
        problem = self._problems() if self._problems is not None else None
        out, self._said = self._said + ([problem] if problem else []), []
        return out

    def _notice(self, notice: Notice) -> None:
        self._said.append(notice.text)

    # -- hints: the referee's advice ------------------------------------------------------
    def ask_hint(self, seat: int) -> None:
        if self._hinted is None and self._referee.advise(seat, self._budget):
            self._hinted = seat

    def hint(self) -> Hint | None:
        if self._hinted is None:
            return None
        hint = self._referee.advice(self._hinted)
        if hint is not None:
            self._hinted = None
        return hint

    @property
    def hinting(self) -> bool:
        return self._hinted is not None

    # -- network play ---------------------------------------------------------------------
    @property
    def connection(self) -> None:
        return None

    def close(self) -> None:
        """The table left: the time reached goes into the log, and nothing is driven any more."""
        if self._referee.closed:
            return
        self._drive(self._referee.record)
        try:
            self._referee.close()
        except Exception:  # a referee that failed: the log stands as stored
            log.exception("the referee of a paused match failed closing")
        self._authority.detach()
        if self._hinted is not None:
            self._referee.unadvise(self._hinted)
            self._hinted = None
        if self._on_close is not None:
            self._on_close()
