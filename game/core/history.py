"""Every stored match as the History lists it, and what a replay needs from a match's log.

`matches` reads the list in one query per table (a thousand matches open in milliseconds);
`Timeline` folds a match's log once, keeps each state it passes (states are immutable, so they
share their parts), and answers where turns, rounds, hands and visits start; `branch` starts a
new match from a point of an old one; `review` asks the hard bot what it would have played,
through the referee's door for a past moment (`referee.consult`).
"""

from __future__ import annotations

import json
import threading
from bisect import bisect_left
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from game.core import referee, registry
from game.core.i18n import N_, Msg, msg
from game.core.match import Entry, Match, Seat
from game.core.plugin import Parts
from game.core.records import Branch, Played
from game.core.rng import derive, stream
from game.core.ruleset import Budget, Command, Event, Rejected
from game.core.store import Store

# Where the players would say a new part of the match begins: each game's own `Parts`
# (its declaration, game/core/plugin.py), these where it names none
OTHER_PART = N_("Part {n}")
BEFORE_OTHER = N_("Before part 1")

# The review's search: no wall-clock limit, so each bot stops at its own work and the same
# match always gets the same advice (on a loaded machine too)
REVIEW_BUDGET = Budget()
REVIEW_LEVEL = referee.HINT_LEVEL


def matches(store: Store, game: str | None = None, opponent: str | None = None) -> list[Played]:
    """Every stored match, the most recently played first; only one game's, or only those
    where a seat carries the name `opponent`, when asked."""
    where, params = ["1"], []
    if game:
        where.append("m.game = ?")
        params.append(game)
    if opponent:
        where.append("m.id IN (SELECT match_id FROM seats WHERE name = ?)")
        params.append(opponent)
    clause = " AND ".join(where)
    with store.reading() as db:
        rows = db.execute(
            "SELECT m.id, m.game, m.status, m.created, m.updated, m.n_events,"
            " m.n_commands - COALESCE(c.entries, 0), m.imported, m.winners, b.parent, b.at, b.moves"
            " FROM matches m LEFT JOIN branches b ON b.match_id = m.id LEFT JOIN clock c ON c.match_id = m.id"
            f" WHERE {clause} ORDER BY m.updated DESC, m.id DESC",
            params,
        ).fetchall()
        seats: dict[int, list[tuple[Seat, float | None]]] = {row[0]: [] for row in rows}
        for match_id, name, kind, level, score in db.execute(
            "SELECT s.match_id, s.name, s.kind, s.level, s.score FROM seats s"
            f" WHERE s.match_id IN (SELECT m.id FROM matches m WHERE {clause}) ORDER BY s.match_id, s.seat",
            params,
        ):
            seats[match_id].append((Seat(name, kind, level), score))
    out = []
    for mid, g, status, created, updated, n_events, n_commands, imported, winners, parent, at, moves in rows:
        try:
            won = tuple(int(w) for w in json.loads(winners)) if winners else ()
        except (ValueError, TypeError):  # a damaged cell costs the row its winners, not the list
            won = ()
        out.append(
            Played(
                mid,
                g,
                tuple(s for s, _ in seats[mid]),
                status,
                datetime.fromisoformat(created),
                datetime.fromisoformat(updated),
                n_events,
                n_commands,
                bool(imported),
                won,
                tuple(score for _, score in seats[mid]),
                None if parent is None else Branch(parent, at, moves),
            )
        )
    return out


def names(store: Store) -> list[str]:
    """Every seat name in the store, for the opponent filter."""
    with store.reading() as db:
        return [n for (n,) in db.execute("SELECT DISTINCT name FROM seats ORDER BY name COLLATE NOCASE")]


@dataclass(frozen=True)
class Mark:
    """The start of a round, hand or visit on a replay's timeline."""

    at: int  # events folded when it begins
    label: str  # "Round 2"


class Timeline:
    """A match's log as a replay walks it: the state after any number of events (each folded
    once), the points where a move begins, and the starts of rounds, hands or visits.

    Points run from `start` (the opening dealt, before the first move) to `end` (every event).
    """

    def __init__(self, match: Match):
        self.match = match
        self.rules = match.ruleset
        self.events = match.events
        self.end = len(self.events)
        # the commands that are moves: time in the log is none (game.core.ruleset.TIME)
        self.moving = [i for i in range(len(match.commands)) if not match.is_time(i)]
        starts = [match.commands[i].at for i in self.moving]
        self.start = min([self.end, *starts])
        self.states: list[Any] = [self.rules.empty(len(match.seats), match.options)]
        self._folding = threading.Lock()  # the review folds on a worker thread too
        self.command_starts = [c.at for c in match.commands]  # every command's first event
        # a move's first event, in order (a command whose events were all cut is left out)
        self.turns = sorted({at for at in starts if at < self.end} | {self.start})
        self.marks = self._marks()

    @property
    def moves(self) -> int:
        return len(self.moving)

    def _marks(self) -> list[Mark]:
        """Where each part begins: the first point that shows it (a deal folded, a visit's
        end folded), numbered as the table numbers it. A game whose parts end with an event
        (Taj Mahal's visits) begins its first part with the match; moves before the first part
        of a game whose parts begin with one (Ubongo's pawns) are marked as such ("Before
        round 1")."""
        plugins = registry.plugins()
        parts = plugins[self.rules.name].parts if self.rules.name in plugins else Parts()
        opens, closes, part = parts.opens, parts.closes, parts.label or OTHER_PART
        found = [] if opens else [self.start]
        for i, event in enumerate(self.events):
            if event.get("type") in opens:
                found.append(max(i + 1, self.start))
            elif i and self.events[i - 1]["type"] in closes:
                found.append(max(i, self.start))
        last = self.turns[-1]  # a part that no move plays in (the game's end) is no part
        unique = sorted({at for at in found if at <= last})
        marks = [Mark(at, Msg(part, {"n": n})) for n, at in enumerate(unique, 1)]
        if not marks or marks[0].at > self.start:  # moves before the first part (Ubongo's pawns)
            marks.insert(0, Mark(self.start, parts.before or BEFORE_OTHER))
        return marks

    def state(self, count: int) -> Any:
        """The state after the first `count` events."""
        count = max(0, min(count, self.end))
        if count < len(self.states):
            return self.states[count]
        with self._folding:
            while len(self.states) <= count:
                self.states.append(self.rules.evolve(self.states[-1], self.events[len(self.states) - 1]))
            return self.states[count]

    def view(self, count: int, seat: int | None) -> dict[str, Any]:
        return self.rules.view(self.state(count), seat)

    def match_at(self, count: int, seats: list[Seat] | None = None) -> Match:
        """A Match holding the first `count` events and the moves that made them, attached to
        nothing: a table built on it saves nothing."""
        count = max(0, min(count, self.end))
        m = self.match
        commands = m.commands[: bisect_left(self.command_starts, count)]  # shared: nobody changes them
        return Match(
            m.ruleset,
            list(seats or m.seats),
            dict(m.options),
            m.seed,
            m.setup,
            events=list(self.events[:count]),
            commands=commands,
            state=self.state(count),
        )

    # -- moving along ---------------------------------------------------------------------
    def next_turn(self, count: int) -> int:
        return next((t for t in self.turns if t > count), self.end)

    def prev_turn(self, count: int) -> int:
        return next((t for t in reversed(self.turns) if t < count), self.start)

    def turn_at(self, count: int) -> int:
        """The start of the move `count` falls in (a point inside a move's events belongs to it)."""
        return next((t for t in reversed(self.turns) if t <= count), self.start)

    def move_number(self, count: int) -> int:
        """How many moves have begun up to `count`."""
        return sum(1 for i in self.moving if self.match.commands[i].at < count)

    def mark_at(self, count: int) -> Mark | None:
        return next((mk for mk in reversed(self.marks) if mk.at <= count), None)

    def entry_at(self, count: int) -> tuple[int, Entry] | None:
        """The move that begins at `count`, with its index, if one does."""
        for i in self.moving:
            c = self.match.commands[i]
            if c.at == count:
                return i, c
            if c.at > count:
                return None
        return None

    def events_of(self, index: int) -> list[Event]:
        """The events move `index` caused."""
        commands = self.match.commands
        end = commands[index + 1].at if index + 1 < len(commands) else self.end
        return self.events[commands[index].at : end]


def describe(match: Match, events: list[Event]) -> str:
    """A move in words, from the rules' own log lines."""
    lines = [line for e in events if (line := match.ruleset.describe(e, match.names))]
    if not lines:
        return ", ".join(str(e.get("type", "?")) for e in events)
    said = lines[0]
    for line in lines[1:]:  # one message of messages, so each line is said in the language shown
        said = msg("{said}; {line}", said=said, line=line)
    return said


def same_move(a: Command, b: Command) -> bool:
    """Equal up to the tick (a clock's stamp) and the order of listed things (cards, pieces)."""

    def norm(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: norm(v) for k, v in sorted(x.items()) if k != "tick"}
        if isinstance(x, list) and any(isinstance(i, (list, dict)) for i in x):
            return sorted((norm(i) for i in x), key=lambda i: json.dumps(i, sort_keys=True))
        if isinstance(x, list):
            return sorted(map(str, x))
        return x

    return isinstance(a, dict) and isinstance(b, dict) and norm(a) == norm(b)


@dataclass(frozen=True)
class Advice:
    """The hard bot's choice at one of the viewer's moves, beside the move made."""

    index: int  # the move's index in the match's commands
    at: int  # its first event
    made: str
    bot: str
    differs: bool


def review(timeline: Timeline, index: int, level: str = REVIEW_LEVEL) -> Advice:
    """What the `level` bot would have played at move `index`, seeing only that seat's view,
    with a fixed seed and iteration budget (the same advice every time)."""
    match = timeline.match
    entry = match.commands[index]
    seat = entry.seat
    made = describe(match, timeline.events_of(index))
    if seat is None:
        return Advice(index, entry.at, made, made, False)
    state = timeline.state(entry.at)
    rules = match.ruleset
    legal = rules.legal(state, seat)
    rng = stream("review", match.seed, seat, entry.at)
    choice = referee.consult(rules, rules.view(state, seat), legal, rng, REVIEW_BUDGET, level)
    if isinstance(entry.command, dict) and "tick" in entry.command and isinstance(choice, dict):
        choice = {**choice, "tick": entry.command["tick"]}  # decided at the moment the move was made
    if same_move(choice, entry.command):
        return Advice(index, entry.at, made, made, False)
    result = rules.decide(state, seat, choice, derive(match.seed, match.draws_at(entry.at)))
    said = describe(match, result) if not isinstance(result, Rejected) else json.dumps(choice)
    return Advice(index, entry.at, made, said, said != made)


def decisions(timeline: Timeline, seat: int) -> list[int]:
    """The indices of the moves `seat` made (its time entries, a solo hint's cost, are none)."""
    commands = timeline.match.commands
    return [i for i in timeline.moving if commands[i].seat == seat and commands[i].at < timeline.end]


def branch(timeline: Timeline, count: int) -> Match:
    """A new match that begins where the replay stands: the same seats (bots keep their levels),
    options and seed, and the moves up to the start of the move `count` falls in (a move's
    events are never split). Nothing is stored; the caller attaches it."""
    at = timeline.turn_at(count) if count < timeline.end else timeline.end
    return timeline.match_at(at)
