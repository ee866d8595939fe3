"""The contract every game implements: its face (game/core/face.py) and its machinery.

A ruleset is pure: `decide` validates a command and returns the events it causes (any
randomness resolved inside them), `evolve` folds one event into the state without checking
anything. Replaying the same events over `empty()` always gives the same state.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from game.core import stopping

# The types a game speaks in live with its face; they are named here too, as they always were.
from game.core.face import Command, Event, Face, Option, Outcome, Rejected, View
from game.core.secrets import Secrets

__all__ = [
    "TIME",
    "Bot",
    "AT_TABLE",
    "Budget",
    "Command",
    "Event",
    "Option",
    "Outcome",
    "Rejected",
    "Ruleset",
    "View",
    "hidden",
    "only_time",
]

# Time in the log: an event of this type records only that a timed game's clock reached a tick
# (each second of sand, a pause, a solo hint's cost), so a match picked up again goes on where
# its sand stood. An entry whose events are all time is no move: History's counts, a replay's
# steps and the review skip it.
TIME = "time"


def only_time(events: list[Event]) -> bool:
    for event in events:  # asked of every batch, a time entry's every second of sand
        if event.get("type") != TIME:
            return False
    return bool(events)


@dataclass(frozen=True)
class Budget:
    """How much a bot may think. Each level's search has a fixed amount of work (its samples,
    rollouts, playouts; `iterations`, when set, in their place) and that alone decides its
    move, so the same view, legal list and random source give the same move on any machine
    (`sim`, the bench, the tests). `timed` adds the wall clock as a cap, for play where a
    person waits (`AT_TABLE`): the search then stops at its level's share of `seconds` (on a
    slow or busy machine, a different move). Either way it stops when its job is dropped."""

    seconds: float = 1.0
    iterations: int | None = None
    timed: bool = False

    def clock(self, share: float = 1.0) -> Callable[[], bool]:
        """A search's `over()`, asked between iterations: True once its job was dropped, or
        (timed) once `share` of the seconds from now have gone."""
        if not self.timed:
            return stopping.stopped
        deadline = time.perf_counter() + share * self.seconds

        def over() -> bool:
            return time.perf_counter() > deadline or stopping.stopped()

        return over


AT_TABLE = Budget(seconds=1.0, timed=True)  # the app's tables, hints and servers: a second a move at most


class Bot(Protocol):
    level: str

    def choose(self, view: View, legal: list[Command], rng: random.Random, budget: Budget) -> Command: ...


def hidden(cards: list[Any]) -> list[None]:
    """As many unknown cards as `cards` holds: what a redacted event carries in their place."""
    return [None] * len(cards)


class Ruleset(Face, ABC):
    """A game's rules: its face (the public part, game/core/face.py) and the machinery that
    sets a match up, decides commands and folds events. Subclasses implement every abstract
    method; a game's ruleset class inherits its face class, so the two never disagree."""

    records_time: bool = False  # a timed game whose decide takes the clock's time entries (TIME)
    # what a seat may see of each event and view key (game/core/secrets.py): undeclared is withheld
    secrets: Secrets

    @abstractmethod
    def empty(self, seats: int, options: dict[str, Any]) -> Any:
        """The state before anything happened (no cards dealt)."""
        ...

    @abstractmethod
    def setup(self, state: Any, setup: dict[str, Any] | None, rng: random.Random) -> list[Event]:
        """The opening events: from `setup` (a fixed deal) when given, else drawn from rng."""
        ...

    @abstractmethod
    def decide(
        self, state: Any, seat: int | None, command: Command, rng: random.Random
    ) -> list[Event] | Rejected:
        """Check a command; return its events, or Rejected. `seat=None` is the table clock."""
        ...

    @abstractmethod
    def evolve(self, state: Any, event: Event) -> Any: ...

    @abstractmethod
    def legal(self, state: Any, seat: int) -> list[Command]: ...

    @abstractmethod
    def see(self, state: Any, seat: int | None) -> View:
        """Everything `seat` may know, JSON-able. `None` is a spectator. Read through `view`."""
        ...

    def view(self, state: Any, seat: int | None) -> View:
        """What `seat` sees: `see`, each key as `secrets` declares it (undeclared: None). Not
        to be overridden (the registry refuses a game that does)."""
        return self.secrets.filter_view(self.see(state, seat), seat)

    @abstractmethod
    def to_act(self, state: Any) -> frozenset[int]: ...

    @abstractmethod
    def outcome(self, state: Any) -> Outcome | None:
        """None while the match goes on."""
        ...

    @abstractmethod
    def bot(self, level: str) -> Bot: ...

    @abstractmethod
    def resample(self, state: Any, seat: int | None, rng: random.Random) -> Any:
        """A determinization (OpenSpiel's `resample_from_infostate`): a state `seat` (None: a
        spectator) cannot tell from `state`, its window the same (view, legal moves, refusal
        reasons, the outcome, the events it is shown), with everything it may not know (a
        deck's order, other seats' hands, their face-down commands) drawn afresh from `rng`.
        tests/rules/test_secrets_conformance.py proves each game's declarations against it."""
        ...

    def clock(self, state: Any) -> Command | None:
        """A command the table's clock submits (as seat None) when the game waits on time,
        not on a seat: an hourglass running out. None for games without time."""
        return None

    def time_events(self, state: Any, tick: int) -> list[Event] | None:
        """Games that record time: the events of the clock's time entry `{"move": "time",
        "tick": tick}` (seat None) where the rules know them at a glance, exactly as the log
        holds what decide gives (after the trip through JSON); None where decide must judge it
        (refused, or not known at a glance). The referee writes one every second of sand."""
        return None

    def hourglass(self, state: Any) -> Any:
        """Timed games: which hourglass runs now (a round, a second turn of it); when it
        changes, the clock goes on from the rules' time (a new round's sand starts full)."""
        return None

    def sand(self, state: Any, seat: int) -> int | None:
        """Timed games: the tick at which `seat`'s own sand runs out while it may still act
        (None: no sand runs for it). The referee reads it when people at one screen each play
        on a clock of their own."""
        return None

    def out_of_time(self, state: Any, seat: int) -> Command | None:
        """In turns: what `seat`'s own clock sends for it when its sand runs out while it may
        still act (Ubongo: giving up the puzzle), or None when it waits for the clock's expiry
        (a solver who has not moved yet)."""
        return None

    def time(self, state: Any, seat: int | None) -> int:
        """Timed games: the tick `seat`'s clock has reached as far as the rules know (None: the
        latest of all), the earliest tick a command sent now may carry."""
        return 0

    def redact(self, event: Event, seat: int | None) -> Event:
        """The event as `seat` may see it (None: a spectator), as `secrets` declares it: what
        the seat may not know (a card drawn by another, the order of a shuffled deck) is None
        in place, so counts and shapes stay; an undeclared field is None, an undeclared type
        shows its type alone. Not to be overridden (the registry refuses a game that does)."""
        return self.secrets.filter_event(event, seat)

    def shown(self, outcome: Outcome, seat: int | None) -> Outcome:
        """The outcome as `seat` may see it: its details as `secrets` declares them (undeclared:
        None); who won and the scores are everyone's."""
        return replace(outcome, details=self.secrets.filter_details(outcome.details, seat))
