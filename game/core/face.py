"""The public part of a game, and the small types it speaks in.

A `Face` is what a table, the setup screen, the menu or a replay may know of a game without
its machinery: its name and seats, its options, its words for the move log, the moments whose
views a table shows, and `why_not`, the rules' own check of a command run on what one seat
sees. A `Ruleset` (game/core/ruleset.py) is a face with the machinery added (setup, decide,
evolve, view, redact, bots); only the authority, the referee and the tools hold one.

Nothing here imports a game's rules: each game's face (`game.rules.<game>.face`) builds on it
with lean modules only, and the import contracts in pyproject.toml keep it so.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.core.shapes import Shape

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


@dataclass(frozen=True)
class Timing:
    """How a timed game's time meets the screens: the game's own, so the room and the referee
    that read it carry none of its numbers. The default starts a new hourglass's sand at once
    and gives each clock to the whole table."""

    # a new hourglass's sand runs this many ticks after the screens start it (their intro: the
    # table's die roll and turn of the glass), the same on a server as at each screen
    intro_ticks: int = 0
    # on a server, the intro waits until every screen playing says it is ready (its last
    # sheet closed), or this many seconds at most; None: it starts at once
    ready_seconds: float | None = None
    # people at one screen take turns, each against a sand of their own (else one for all)
    turns: bool = False


class Face(ABC):
    """The public part of a game: what anyone may ask of it without holding a match."""

    name: str = ""  # registry key, as the game's plugin declares it ("jaipur")
    title: str = ""  # shown to players
    min_seats: int = 2
    max_seats: int = 2
    bot_levels: tuple[str, ...] = ("easy", "medium", "hard")
    options: tuple[Option, ...] = ()
    hidden_hands: bool = True  # pass-and-play needs a hand-off screen between seats
    timed: bool = False  # commands carry a tick: a table stamps a person's with its clock
    timing: Timing = Timing()  # a timed game's intro, wait for the screens and turns
    # Event types a table shows the match around: it asks for the view just before and just
    # after each such event (a round's last moment under its score sheet), so whoever hands
    # out views can have those ready with the events instead of being asked back.
    moments: tuple[str, ...] = ()
    # The keys each move may carry (game/core/shapes.py): a window refuses any other, at any
    # depth. Every game declares its moves; the conformance test plays each through them.
    commands: ClassVar[Mapping[str, Shape]] = {}

    def default_options(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """Seat counts allowed with these options (a solo variant narrows it)."""
        return self.min_seats, self.max_seats

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

    def describe(self, event: Event, names: list[str]) -> str:
        """One line of the move log for an event ("" to leave it out). Must read a redacted
        event as well: the log a seat reads is built from what that seat may see."""
        return ""

    @abstractmethod
    def why_not(self, view: View, seat: int, command: Command) -> Rejected | None:
        """Why `seat` may not send `command` now, or None when it may: the rules' own check
        (the one decide runs) on `view`, which must be that seat's own view. The reason is
        decide's, word for word, so a table can grey a button and say why without asking
        anyone; the authority still decides every command it is sent."""
        ...
