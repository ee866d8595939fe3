"""The contract every game implements, and the small types it speaks in.

A ruleset is pure: `decide` validates a command and returns the events it causes (any
randomness resolved inside them), `evolve` folds one event into the state without checking
anything. Replaying the same events over `empty()` always gives the same state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.core.secrets import Secrets

Command = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]


@dataclass(frozen=True)
class Rejected:
    """A command that was not allowed, with a reason a person can read."""

    reason: str

    def __bool__(self) -> bool:  # so `if result:` reads as "it was accepted"
        return False


@dataclass(frozen=True)
class Option:
    """One setting a game offers at setup, shown by the setup screen."""

    key: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    labels: tuple[str, ...] = ()  # display text per choice; str(choice) when empty
    seat: int | None = None  # a per-seat option (a handicap) belongs to this seat, 0-based
    family: str = ""  # a per-seat option's kind without the seat ("Board side"): a column heading

    def label_of(self, value: Any) -> str:
        if self.labels and value in self.choices:
            return self.labels[self.choices.index(value)]
        return str(value)


@dataclass(frozen=True)
class Budget:
    """How long a bot may think. `iterations` (when set) makes a search deterministic."""

    seconds: float = 1.0
    iterations: int | None = None


class Bot(Protocol):
    level: str

    def choose(self, view: View, legal: list[Command], rng: random.Random, budget: Budget) -> Command: ...


@dataclass(frozen=True)
class Outcome:
    """How a finished match ended. `winners` holds several seats on a shared win."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    summary: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "summary": self.summary,
            "details": self.details,
        }


def hidden(cards: list[Any]) -> list[None]:
    """As many unknown cards as `cards` holds: what a redacted event carries in their place."""
    return [None] * len(cards)


class Ruleset(ABC):
    """Base class of a game's rules. Subclasses implement every abstract method."""

    name: str = ""  # registry key: jaipur, ginrummy, tajmahal, ubongo
    title: str = ""  # shown to players
    min_seats: int = 2
    max_seats: int = 2
    bot_levels: tuple[str, ...] = ("easy", "medium", "hard")
    options: tuple[Option, ...] = ()
    hidden_hands: bool = True  # pass-and-play needs a hand-off screen between seats
    timed: bool = False  # commands carry a tick: a table stamps a person's with its clock
    # what a seat may see of each event and view key (game/core/secrets.py): undeclared is withheld
    secrets: Secrets

    def default_options(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """Seat counts allowed with these options (a solo variant narrows it)."""
        return self.min_seats, self.max_seats

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

    def fixed_seats(self, options: dict[str, Any]) -> dict[int, str]:
        """Seats the rules themselves play under these options (a solo variant's bot), by name."""
        return {}

    def fixed_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Options the rules settle themselves under these options (a solo variant may fix who
        starts), by key; setup shows them greyed with that value."""
        return {}

    def seated_options(self, kinds: list[str]) -> dict[str, Any]:
        """Options that follow from who sits where, not from a choice at setup, by key, given
        each seat's kind ("human" is a person at this screen). Options given explicitly win."""
        return {}

    def clock(self, state: Any) -> Command | None:
        """A command the table's clock submits (as seat None) when the game waits on time,
        not on a seat: an hourglass running out. None for games without time."""
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

    def describe(self, event: Event, names: list[str]) -> str:
        """One line of the move log for an event ("" to leave it out). Must read a redacted
        event as well: the log a seat reads is built from what that seat may see."""
        return ""
