"""The contract every game implements: its face (game/core/face.py) and its machinery.

A ruleset is pure: `decide` validates a command and returns the events it causes (any
randomness resolved inside them), `evolve` folds one event into the state without checking
anything. Replaying the same events over `empty()` always gives the same state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Protocol

# The types a game speaks in live with its face; they are named here too, as they always were.
from game.core.face import Command, Event, Face, Option, Outcome, Rejected, View

__all__ = [
    "Bot",
    "Budget",
    "Command",
    "Event",
    "Option",
    "Outcome",
    "Rejected",
    "Ruleset",
    "View",
    "hidden",
]


@dataclass(frozen=True)
class Budget:
    """How long a bot may think. `iterations` (when set) makes a search deterministic."""

    seconds: float = 1.0
    iterations: int | None = None


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
    def view(self, state: Any, seat: int | None) -> View:
        """Everything `seat` may know, JSON-able. `None` is a spectator."""
        ...

    @abstractmethod
    def to_act(self, state: Any) -> frozenset[int]: ...

    @abstractmethod
    def outcome(self, state: Any) -> Outcome | None:
        """None while the match goes on."""
        ...

    @abstractmethod
    def bot(self, level: str) -> Bot: ...

    def clock(self, state: Any) -> Command | None:
        """A command the table's clock submits (as seat None) when the game waits on time,
        not on a seat: an hourglass running out. None for games without time."""
        return None

    def time(self, state: Any, seat: int | None) -> int:
        """Timed games: the tick `seat`'s clock has reached as far as the rules know (None: the
        latest of all), the earliest tick a command sent now may carry."""
        return 0

    def redact(self, event: Event, seat: int | None) -> Event:
        """The event as `seat` may see it (None: a spectator). Whatever the seat may not know
        (a card drawn by another, the order of a shuffled deck) becomes None in place, so
        counts and shapes stay; everything else is the event itself. Games that hide nothing
        keep this default."""
        return event
