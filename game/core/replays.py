"""A stored match replayed at this screen: its timeline and, at each point, a window on it.

The replay scene never holds the match: it asks a `Rewind` (built by the app's composition
module, game/matches.py) where moves, rounds and the end lie, for the move about to be made in
words, for the review's advice, and for a `ReplayWindow` at any point, through which its table
sees the match as one seat may (or as nobody). Whose hidden cards may show follows one rule:
until a match is over, only the seat of the one person who played it at this screen, when
exactly one did (never an online guest's, a bot's, or another person's at the same screen);
after the end, everybody's. Time entries (game.core.ruleset.TIME) are no moves here.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core import faces, history
from game.core.face import Face
from game.core.history import Advice, Mark, Timeline
from game.core.i18n import msg
from game.core.match import Match
from game.core.ruleset import Command, Event, Outcome, Rejected, View
from game.core.seats import Seat
from game.core.window import Arrived, Hint, Options


def replay_seats(seats: list[Seat]) -> list[Seat]:
    """The seats a replay shows: an outside program's seat as a bot (nothing is started)."""
    return [Seat(s.name, "bot", "random") if s.kind == "cmd" else s for s in seats]


def shown_seats(seats: list[Seat], finished: bool) -> list[int | None]:
    """Whose hidden cards a replay may show: every seat (or nobody's) once the match is over;
    before, only the one person who played at this screen, when exactly one did."""
    if finished:
        return [*range(len(seats)), None]
    people = [i for i, s in enumerate(seats) if s.kind == "human"]
    return [people[0]] if len(people) == 1 else [None]


class Rewind:
    def __init__(self, match: Match):
        self._match = match
        self._timeline = Timeline(match)
        self.finished = match.finished  # the log's own end: no row of History unlocks a hand
        self._rules = match.ruleset  # the redaction and the fold's, never handed out
        self.players = replay_seats(match.seats)
        self.names = match.names
        self.viewers = shown_seats(match.seats, self.finished)
        self._seen: dict[int | None, list[Event]] = {}

    @property
    def game(self) -> Face:
        """The game's face (its words and view helpers), all a scene may hold of it."""
        return faces.face(self._rules.name)

    # -- where things lie ----------------------------------------------------------------------
    @property
    def start(self) -> int:
        return self._timeline.start

    @property
    def end(self) -> int:
        return self._timeline.end

    @property
    def marks(self) -> list[Mark]:
        return self._timeline.marks

    @property
    def moves(self) -> int:
        return self._timeline.moves

    @property
    def turns(self) -> list[int]:
        """Where each move begins (the points a replay steps to)."""
        return self._timeline.turns

    def next_turn(self, count: int) -> int:
        return self._timeline.next_turn(count)

    def prev_turn(self, count: int) -> int:
        return self._timeline.prev_turn(count)

    def turn_at(self, count: int) -> int:
        return self._timeline.turn_at(count)

    def move_number(self, count: int) -> int:
        return self._timeline.move_number(count)

    def mark_at(self, count: int) -> Mark | None:
        return self._timeline.mark_at(count)

    def entry_at(self, count: int) -> int | None:
        """The index of the move that begins at `count`, if one does."""
        found = self._timeline.entry_at(count)
        return None if found is None else found[0]

    def move_at(self, index: int) -> int:
        """Where move `index` begins."""
        return self._match.commands[index].at

    def describe(self, index: int, viewer: int | None) -> str:
        """Move `index` in words, as `viewer` saw it."""
        seen = [self._rules.redact(e, viewer) for e in self._timeline.events_of(index)]
        return history.describe(self._match, seen)

    def seen(self, viewer: int | None) -> list[Event]:
        """The whole log as `viewer` saw it, redacted once: every step of a replay shows a slice
        of it (and the table's log lines are remembered per event, so they must be the same)."""
        if viewer not in self._seen:
            self._seen[viewer] = [self._rules.redact(e, viewer) for e in self._timeline.events]
        return self._seen[viewer]

    # -- the match at a point, through a window -------------------------------------------------
    def window(self, count: int, viewer: int | None) -> ReplayWindow:
        if viewer not in self.viewers:
            raise PermissionError(f"this replay shows the hands of {self.viewers}, not seat {viewer}")
        return ReplayWindow(self, max(self.start, min(count, self.end)), viewer)

    # -- the review ---------------------------------------------------------------------------
    def decisions(self, seat: int) -> list[int]:
        return history.decisions(self._timeline, seat) if seat in self.viewers else []

    def review(self, index: int) -> Advice:
        """The hard bot's choice at one of the shown seat's moves, on that seat's view."""
        seat = self._match.commands[index].seat
        if seat not in self.viewers:
            raise PermissionError(f"seat {seat}'s moves are not shown in this replay")
        return history.review(self._timeline, index)

    def branch(self, count: int) -> Match:
        """A new match from the start of the move `count` falls in (only once it is over:
        before, its deck and the others' hands are secrets a branch would give away)."""
        if not self.finished:
            raise PermissionError("a match still being played cannot be played on from a replay")
        return history.branch(self._timeline, count)


class ReplayWindow:
    """A stored match after its first `count` events, as `viewer` may see it: read-only."""

    def __init__(self, rewind: Rewind, count: int, viewer: int | None):
        self._rewind = rewind
        self._count = count
        self._timeline = rewind._timeline
        self._state = self._timeline.state(count)
        self.seats = frozenset(s for s in rewind.viewers if s is not None)
        self.viewer = viewer
        self._rules = rewind._rules

    def look_as(self, seat: int | None) -> None:
        if seat not in self._rewind.viewers:
            raise ValueError(f"this replay shows the hands of {self._rewind.viewers}, not seat {seat}")
        self.viewer = seat

    @property
    def game(self) -> Face:
        return self._rewind.game

    @property
    def players(self) -> list[Seat]:
        return list(self._rewind.players)

    @property
    def names(self) -> list[str]:
        return list(self._rewind.names)

    @property
    def options(self) -> Options:
        return dict(self._rewind._match.options)

    @property
    def count(self) -> int:
        return self._count

    @property
    def played(self) -> int:
        return self._timeline.move_number(self._count)

    @property
    def to_act(self) -> frozenset[int]:
        return self._rules.to_act(self._state)

    @property
    def due(self) -> Command | None:
        return self._rules.clock(self._state)

    @property
    def outcome(self) -> Outcome | None:
        outcome = self._rules.outcome(self._state)
        return None if outcome is None else self._rules.shown(outcome, self.viewer)

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def online(self) -> list[bool]:
        return [True] * len(self._rewind.players)

    @property
    def done(self) -> frozenset[int]:
        return frozenset()

    def view(self) -> View:
        return self._rules.view(self._state, self.viewer)

    def view_at(self, count: int) -> View:
        return self._rules.view(self._timeline.state(min(count, self._count)), self.viewer)

    def events(self, start: int = 0, stop: int | None = None) -> list[Event]:
        return self._rewind.seen(self.viewer)[: self._count][start:stop]

    def listen(self, arrived: Arrived) -> None:
        """Nothing new arrives: a replay's point is fixed."""

    def legal(self, seat: int) -> list[Command]:
        return []

    def check(self, seat: int, command: Command) -> Rejected | None:
        return Rejected(msg("This is a replay: nothing can be played here"))

    def submit(self, seat: int, command: Command) -> Rejected | None:
        return Rejected(msg("This is a replay: nothing can be played here"))

    def commands(self, seat: int) -> list[Command]:
        return []

    def seat_view(self, seat: int) -> View:
        if seat not in self.seats:
            raise PermissionError(f"this replay shows the hands of {sorted(self.seats)}, not seat {seat}")
        return self._rules.view(self._state, seat)

    def now(self, seat: int | None = None) -> int:
        return self._rules.time(self._state, seat)

    def tick(self, n: int, running: bool, ready: bool | Callable[[], bool]) -> None:
        """A replay's point stands still."""

    def quiet(self, running: bool) -> int:
        return 1 << 30

    @property
    def busy(self) -> bool:
        return False

    @property
    def pending(self) -> int:
        return 0

    def wait(self, timeout: float) -> bool:
        return False

    def pause(self) -> None:
        """Nothing runs."""

    def ready(self) -> None:
        """Nothing waits for this screen."""

    @property
    def hold(self) -> None:
        return None  # only a server holds the sand for people at other screens

    @property
    def sand_for_all(self) -> bool:
        return False  # a replay's sand is the log's

    def notices(self) -> list[str]:
        return []

    @property
    def fault(self) -> None:
        """A replay has no referee to fail."""
        return None

    def ask_hint(self, seat: int) -> None:
        """No hints in a replay (its review is the bot's word)."""

    def hint(self) -> Hint | None:
        return None

    @property
    def hinting(self) -> bool:
        return False

    @property
    def connection(self) -> None:
        return None

    def close(self) -> None:
        """Nothing to let go of."""
