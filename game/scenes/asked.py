"""What a scene gets back when it asks the app's matches (game/matches.py, through `Host.matches`),
and what it hands them: a handle on a call under way, a match opened for this screen, a replay's
handle, and a tutorial to open.

They live here, below the composition, so a scene may name them without importing what opens
matches (the import contracts keep scenes from the match, its authority, referee and store).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.core.face import Command, Face
    from game.core.seats import Seat
    from game.core.window import Options, Window
    from game.net.invite import Invite


@dataclass(frozen=True)
class Opened:
    """A match opened for this screen: its window, its id in the saves (None: not saved) and,
    when this app hosts it, the invite of each online seat nobody has taken yet."""

    window: Window
    match_id: int | None
    invites: dict[int, Invite] = field(default_factory=dict)


class Cancellable(Protocol):
    def cancel(self) -> bool: ...  # False: under way or done already


class Asked:
    """Something a screen asked of the saves, under way on the store's thread (`Matches.ask`).
    `cancel()` before its answer: the answer never comes, and what the call did is undone (a
    match made is deleted, a file written is removed), so the person is where they were."""

    def __init__(self) -> None:
        self.cancelled = False
        self.answered = False
        self.future: Cancellable | None = None  # the store thread's Future
        self.then: Asked | None = None  # a second call its answer asked for (hosting again)

    def cancel(self) -> None:
        if self.then is not None:
            self.then.cancel()
        if self.answered or self.cancelled:
            return
        self.cancelled = True
        if self.future is not None:
            self.future.cancel()  # not begun yet: it never runs


class Mark(Protocol):
    """The start of a round, hand or visit on a replay's timeline (game.core.history.Mark)."""

    @property
    def at(self) -> int: ...  # events folded when it begins

    @property
    def label(self) -> str: ...


class Advice(Protocol):
    """The hard bot's choice at one of the viewer's moves, beside the move made
    (game.core.history.Advice)."""

    @property
    def at(self) -> int: ...  # the move's first event

    @property
    def made(self) -> str: ...

    @property
    def bot(self) -> str: ...

    @property
    def differs(self) -> bool: ...


class Replayed(Protocol):
    """A stored match to replay, as `Matches.replay` hands it out (game.core.replays.Rewind):
    its game, whether its log ended, and a window on it at any point; where its moves, rounds
    and end lie, and the hard bot's review of a move. The replay scene gives it back to
    `Matches.play_on` to play on from a point. Points run from `start` (the opening dealt) to
    `end` (every event)."""

    @property
    def game(self) -> Face: ...

    @property
    def finished(self) -> bool: ...

    @property
    def players(self) -> list[Seat]: ...

    @property
    def names(self) -> list[str]: ...

    @property
    def viewers(self) -> list[int | None]: ...  # whose hidden cards may show (None: nobody's)

    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...

    @property
    def marks(self) -> Sequence[Mark]: ...

    @property
    def moves(self) -> int: ...

    def next_turn(self, count: int) -> int: ...

    def prev_turn(self, count: int) -> int: ...

    def turn_at(self, count: int) -> int: ...

    def move_number(self, count: int) -> int: ...

    def mark_at(self, count: int) -> Mark | None: ...

    def entry_at(self, count: int) -> int | None: ...  # the move that begins at `count`, if one does

    def move_at(self, index: int) -> int: ...  # the point where move `index` begins

    def describe(self, index: int, viewer: int | None) -> str: ...

    def decisions(self, seat: int) -> list[int]: ...  # the seat's moves, by command index

    def review(self, index: int) -> Advice: ...

    def window(self, count: int, viewer: int | None) -> Window: ...


class Step(Protocol):
    @property
    def expect(self) -> Command | None: ...  # the person's move the step waits for (None: none)


class Scripted(Protocol):
    """A tutorial as `Matches.tutorial` opens its match (game.scenes.tutorial.script.Tutorial,
    which this module may not name: the tutorial's scenes name the host)."""

    @property
    def name(self) -> str: ...

    @property
    def game(self) -> str: ...

    @property
    def seats(self) -> tuple[str, ...]: ...  # seat specs; `person` is the one at the screen

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def options(self) -> Options: ...

    @property
    def setup(self) -> dict[str, object]: ...

    @property
    def seed(self) -> int: ...

    @property
    def steps(self) -> Sequence[Step]: ...

    @property
    def script(self) -> dict[int, tuple[Command, ...]]: ...  # the other seats' moves in order

    @property
    def person(self) -> int: ...
