"""A match: a ruleset, its seats, the log, and the state folded from it.

submit -> decide -> append -> evolve. The log holds every event; beside it, the commands that
caused them (with the log position each started at), so a match can be re-decided and
verified, not just refolded.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core import rng as rngmod
from game.core.codec import FormatError, roundtrip
from game.core.i18n import msg
from game.core.ruleset import TIME, Command, Event, Outcome, Rejected, Ruleset, only_time
from game.core.seats import Seat

__all__ = ["Entry", "Match", "Seat", "read_header", "verify"]

FORMAT = "bazaar-match"
VERSION = 1


@dataclass
class Entry:
    """One accepted command and where its events start in the log."""

    seat: int | None
    command: Command
    at: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "command": self.command, "at": self.at}


Listener = Callable[["Match", Entry | None, list[Event]], None]


@dataclass
class Match:
    ruleset: Ruleset
    seats: list[Seat]
    options: dict[str, Any]
    seed: int
    setup: dict[str, Any] | None = None
    events: list[Event] = field(default_factory=list)
    commands: list[Entry] = field(default_factory=list)
    listeners: list[Listener] = field(default_factory=list)
    state: Any = None
    # what the rules say of `state` (who acts, the clock, the outcome), each asked for many
    # times a move (every update, the bots, the referee's loop) and computed once: a state is
    # immutable, so it is known by its identity. Shared: callers never change it. Not the legal
    # moves: each seat's are asked about once a state (its news, or its bot), and a server
    # that kept them (a Jaipur list is dozens of dicts) until the next move had its young
    # collections walk them again and again
    _said: tuple[Any, dict[Any, Any]] = field(
        default_factory=lambda: (None, {}), init=False, repr=False, compare=False
    )
    # the states around the last batch of events (count -> state): the views a server sends
    # with a round's news are read from them, not folded again from the whole log
    _batch: dict[int, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    # (commands counted, of them played by seats): `played` is asked on every update
    _played: tuple[int, int] = field(default=(0, 0), init=False, repr=False, compare=False)
    # where the log holds time (ruleset.TIME), in order: the draws skip them (`draws_at`)
    _times: list[int] = field(default_factory=list, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._note_times(0)  # a match built on a log's first events (a replay's branch)

    @classmethod
    def new(
        cls,
        ruleset: Ruleset,
        seats: list[Seat],
        options: dict[str, Any] | None = None,
        seed: int = 0,
        setup: dict[str, Any] | None = None,
    ) -> Match:
        seated = ruleset.seated_options([s.kind for s in seats])
        opts = {**ruleset.default_options(), **seated, **(options or {})}
        low, high = ruleset.seat_range(opts)
        if not low <= len(seats) <= high:
            raise ValueError(f"{ruleset.title} takes {low}-{high} seats, not {len(seats)}")
        match = cls(ruleset, list(seats), opts, seed, setup)
        match.state = ruleset.empty(len(seats), opts)
        opening = ruleset.setup(match.state, setup, match.rng())
        match._append(None, opening)
        return match

    # -- playing -------------------------------------------------------------------------
    def rng(self):
        return rngmod.derive(self.seed, self.drawn)

    @property
    def drawn(self) -> int:
        """Where the next draw is: the log's events, time not counted. The sand's entries
        (one a second while a table is stored, none in `sim`) never move a draw, so the same
        seed and moves give the same game however often the clock was written down."""
        return len(self.events) - len(self._times)

    def draws_at(self, count: int) -> int:
        """`drawn` when the log was `count` events long."""
        return count - bisect.bisect_left(self._times, count)

    def submit(self, seat: int | None, command: Command) -> list[Event] | Rejected:
        """Decide a command; on success append and fold its events. Rejected changes nothing."""
        if not isinstance(command, dict):
            return Rejected("a command must be a JSON object")
        result = self.ruleset.decide(self.state, seat, command, self.rng())
        if isinstance(result, Rejected):
            return result
        entry = Entry(seat, roundtrip(command), len(self.events))
        self.commands.append(entry)
        self._append(entry, result)
        return result

    def submit_time(self, tick: int) -> list[Event] | Rejected:
        """The clock's time entry at `tick` (seat None), one every second of sand: as submit
        would decide it. Where the rules know its events at a glance (Ruleset.time_events),
        they and the command, plain JSON made here, go into the log without submit's general
        work (the random source, the trip through JSON)."""
        events = self.ruleset.time_events(self.state, tick)
        if events is None:
            return self.submit(None, {"move": "time", "tick": tick})
        entry = Entry(None, {"move": "time", "tick": tick}, len(self.events))
        self.commands.append(entry)
        self._append(entry, events, plain=True)
        return events

    def check(self, seat: int | None, command: Command) -> Rejected | None:
        """Why `command` would be refused now, or None when it would be accepted. Nothing is
        submitted: the rules decide on a copy of the random source and the result is dropped."""
        if not isinstance(command, dict):
            return Rejected("a command must be a JSON object")
        result = self.ruleset.decide(self.state, seat, command, self.rng())
        return result if isinstance(result, Rejected) else None

    def replace_seat(self, index: int, seat: Seat) -> None:
        """Who plays a seat changes mid-match (a failed outside program handed to our bot).
        The listeners hear it as an empty update, so a stored match saves the new record now."""
        if not 0 <= index < len(self.seats):
            raise ValueError(f"no seat {index} (this match has {len(self.seats)})")
        self.seats[index] = seat
        for listener in self.listeners:
            listener(self, None, [])

    def _note_times(self, start: int) -> None:
        """Where the log holds time from event `start` on: the draws skip them (`drawn`)."""
        events = self.events
        self._times.extend(i for i in range(start, len(events)) if events[i].get("type") == TIME)

    def _append(self, entry: Entry | None, events: list[Event], plain: bool = False) -> None:
        if not plain:  # the log holds exactly what a save holds
            events = [roundtrip(e) for e in events]
        count = start = len(self.events)
        batch = {count: self.state}
        for event in events:
            self.state = self.ruleset.evolve(self.state, event)
            count += 1
            batch[count] = self.state
        self._batch = batch
        self.events.extend(events)
        self._note_times(start)
        for listener in self.listeners:
            listener(self, entry, events)

    # -- reading -------------------------------------------------------------------------
    def _of_state(self, key: Any, ask: Callable[..., Any], *args: Any) -> Any:
        state, said = self._said
        if state is not self.state:
            said = {}
            self._said = (self.state, said)
        if key not in said:
            said[key] = ask(self.state, *args)
        return said[key]

    @property
    def to_act(self) -> frozenset[int]:
        return self._of_state("to_act", self.ruleset.to_act)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.ruleset.view(self.state, seat)

    def view_at(self, count: int, seat: int | None) -> dict[str, Any]:
        """What `seat` could see after the first `count` events (a past moment, such as the
        table as a round ended): folded from the log with the rules' own evolve and view.
        Another thread may ask it while this one plays on (a server folds off its event loop):
        the last batch is read once, and the log up to `count` no longer changes."""
        batch = self._batch
        if count in batch:
            return self.ruleset.view(batch[count], seat)
        state = self.ruleset.empty(len(self.seats), self.options)
        for event in self.events[: max(0, count)]:
            state = self.ruleset.evolve(state, event)
        return self.ruleset.view(state, seat)

    def views_at(self, counts: list[int], seat: int | None) -> dict[int, dict[str, Any]]:
        """What `seat` could see after the first `count` events, for each of `counts`, in one
        fold of the log (a server sends the views around a round's end with its news)."""
        wanted = sorted({c for c in counts if 0 <= c <= len(self.events)})
        out: dict[int, dict[str, Any]] = {}
        batch = self._batch
        if all(c in batch for c in wanted):  # the news of the last batch: no fold of the log
            return {c: self.ruleset.view(batch[c], seat) for c in wanted}
        state = self.ruleset.empty(len(self.seats), self.options)
        done = 0
        for count in wanted:
            for event in self.events[done:count]:
                state = self.ruleset.evolve(state, event)
            done = count
            out[count] = self.ruleset.view(state, seat)
        return out

    def legal(self, seat: int) -> list[Command]:
        return self.ruleset.legal(self.state, seat)

    def entry_events(self, index: int) -> list[Event]:
        """The events command `index` caused."""
        commands = self.commands
        end = commands[index + 1].at if index + 1 < len(commands) else len(self.events)
        return self.events[commands[index].at : end]

    def is_time(self, index: int) -> bool:
        """Whether command `index` is time in the log (ruleset.TIME), not a move."""
        return only_time(self.entry_events(index))

    @property
    def played(self) -> int:
        """How many commands the seats played (the rules clock's not counted), counted as the
        log grows: every update tells it."""
        known, count = self._played
        count += sum(entry.seat is not None for entry in self.commands[known:])
        self._played = (len(self.commands), count)
        return count

    @property
    def moves(self) -> int:
        """How many commands were moves (time entries are not)."""
        return sum(not self.is_time(i) for i in range(len(self.commands)))

    @property
    def clock(self) -> Command | None:
        """What the table's clock must submit when the game waits on time (Ruleset.clock)."""
        return self._of_state("clock", self.ruleset.clock)

    @property
    def outcome(self) -> Outcome | None:
        return self._of_state("outcome", self.ruleset.outcome)

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    # -- saving --------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.ruleset.name,
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "options": self.options,
            "setup": self.setup,
            "commands": [c.to_json() for c in self.commands],
            "events": self.events,
        }

    @classmethod
    def from_json(cls, data: Any, ruleset: Ruleset | None = None) -> Match:
        """Rebuild by folding the stored events (no decide, no randomness)."""
        from game.core import registry

        header = read_header(data)
        rules = ruleset or registry.get(header["game"])
        # options that follow from the seats, for logs saved before the rules asked for them
        seated = rules.seated_options([s.kind for s in header["seats"]])
        match = cls(
            rules,
            header["seats"],
            {**seated, **header["options"]},
            header["seed"],
            header["setup"],
        )
        match.state = rules.empty(len(match.seats), match.options)
        for i, event in enumerate(data["events"]):
            if not isinstance(event, dict):
                raise FormatError(msg("event {i} is not an object", i=i))
            try:
                match.state = rules.evolve(match.state, event)
            except Exception as exc:  # a foreign or damaged log must not crash the app
                raise FormatError(
                    msg(
                        "event {i} ({type}) cannot be applied: {why}",
                        i=i,
                        type=event.get("type", "?"),
                        why=str(exc),
                    )
                ) from None
            match.events.append(event)
        match._note_times(0)
        match.commands = [
            Entry(c.get("seat"), c.get("command", {}), int(c.get("at", 0)))
            for c in data.get("commands", [])
            if isinstance(c, dict)
        ]
        return match


def read_header(data: Any) -> dict[str, Any]:
    """Check the outer shape of an exported match and return its parts, or FormatError."""
    from game.core import registry

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise FormatError(msg("this is not a Bazaar match file"))
    if data.get("version") != VERSION:
        raise FormatError(
            msg("match file version {version} is not supported", version=repr(data.get("version")))
        )
    game = data.get("game")
    if game not in registry.names():
        raise FormatError(msg("unknown game {game}", game=repr(game)))
    if not isinstance(data.get("events"), list) or not isinstance(data.get("seed"), int):
        raise FormatError(msg("the match file has no event log or seed"))
    seats = data.get("seats")
    if not isinstance(seats, list) or not seats:
        raise FormatError(msg("the match file has no seats"))
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise FormatError(msg("the match options are not an object"))
    return {
        "game": game,
        "seed": data["seed"],
        "seats": [Seat.from_json(s) for s in seats],
        "options": options,
        "setup": data.get("setup"),
    }


def verify(data: Any) -> tuple[bool, str]:
    """Re-decide every stored command from the seed and compare with the stored events.

    Returns (True, summary) for a legal game, else (False, what the first bad event is).
    """
    from game.core import registry

    header = read_header(data)
    rules = registry.get(header["game"])
    stored = data["events"]
    try:
        match = Match.new(rules, header["seats"], header["options"], header["seed"], header["setup"])
    except Exception as exc:
        return False, f"the opening cannot be dealt: {exc}"
    n = len(match.events)
    if roundtrip(stored[:n]) != match.events:
        return False, f"event 0..{n - 1} (the opening deal) differs from what the seed deals"
    for i, raw in enumerate(data.get("commands", [])):
        if not isinstance(raw, dict) or raw.get("at") != len(match.events):
            return False, f"command {i} does not start at event {len(match.events)}"
        result = match.submit(raw.get("seat"), raw.get("command"))
        if isinstance(result, Rejected):
            return False, f"event {raw['at']}: command {i} was illegal: {result.reason}"
        mine = match.events[raw["at"] :]
        theirs = roundtrip(stored[raw["at"] : raw["at"] + len(mine)])
        for k, (a, b) in enumerate(zip(mine, theirs, strict=False)):
            if a != b:
                return False, f"event {raw['at'] + k} ({b.get('type', '?')}) is not what command {i} causes"
        if len(theirs) < len(mine):
            return False, f"event {raw['at'] + len(theirs)} is missing (command {i})"
    if len(stored) != len(match.events):
        return False, f"event {len(match.events)} was caused by no command"
    return True, f"{len(match.commands)} commands, {len(match.events)} events, all legal"
