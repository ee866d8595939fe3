"""The window: a match as the seats at one screen may see it, and the one interface a table has.

A table, a replay, a tutorial and a hint see a match only through a `Window`: the view of the
seat at the screen, the events redacted for that seat (another seat's drawn card is None), who
is to act, the commands its seats may send, the clock, and news. Nothing else crosses: not the
state, not the seed, not a raw event, not the rules' machinery. Two kinds implement it: the
local window (game/core/local.py), over a match decided in this process by its referee, and the
remote window (game/net/client.py), over a match held by a server. A table never asks which it
holds, and never waits on it inside a frame: what it needs to draw and to enable its buttons
comes with each batch of news (views, legal moves, the views around a round's end) or from the
game's own view-level checks, and a submit is queued, not awaited.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.core.ruleset import Command, Event, Outcome, Rejected, View

if TYPE_CHECKING:
    from game.core.face import Face
    from game.core.seats import Seat

Arrived = Callable[[list[Event]], None]
Options = dict[str, object]  # a match's options by key (bool, int or str values)


class NotOpened(Exception):
    """A match could not be opened (resumed, hosted again), in words a person can read."""


@dataclass(frozen=True)
class Hint:
    """A hint that has arrived: the move the hint bot would make at `at`, or why none came."""

    at: int  # the log length it was asked about: a hint about a moment that has passed is stale
    command: Command | None
    problem: str = ""


@dataclass(frozen=True)
class Hold:
    """A timed match's sand held for people (network play): a new round waits for their
    screens to say `ready`, or the match for them to come `back`; at most `seconds` more from
    when it was heard."""

    reason: str  # "ready" or "back"
    seats: tuple[int, ...]
    seconds: float


@dataclass(frozen=True)
class Rematching:
    """Who wants a rematch of a match over the network: the people's seats that agreed and those
    still waited for; once all did, the new match's number and this screen's token there."""

    agreed: frozenset[int]
    waiting: frozenset[int]
    match: int | None = None
    token: str = ""


class Connection(Protocol):
    """The link to the server that holds a match (network play): what the connection badge and
    sheet show, and what a table may ask of the host. A match in this process has none."""

    @property
    def status(self) -> str: ...  # "connecting", "online", "reconnecting" or "closed"

    @property
    def latency_ms(self) -> float | None: ...  # the last round trip measured (None: none yet)

    @property
    def problem(self) -> str: ...  # the last thing that went wrong, in words

    @property
    def refusal(self) -> str: ...  # the code of the refusal that closed the link for good

    @property
    def host(self) -> bool: ...  # this screen hosts the match (it hands seats to bots)

    @property
    def left(self) -> frozenset[int]: ...  # seats whose person left on purpose

    @property
    def match_id(self) -> int: ...  # the match's number at the server (a new invite names it)

    def pump(self) -> int: ...  # apply the news arrived: how many messages were

    def hand_to_bot(self, seat: int, level: str) -> Rejected | None: ...  # None: sent

    @property
    def rematch(self) -> Rematching | None: ...  # who wants a rematch (None: nobody asked yet)

    def ask_rematch(self) -> None: ...  # this screen wants one (sent once the match is over)

    # the host of a match on a server: a new join code for an away player's seat, made there
    def ask_reinvite(self, seat: int) -> Rejected | None: ...  # None: sent

    def reinvite_answer(self, seat: int) -> str | Rejected | None: ...  # the code, why not, or not yet


class Window(Protocol):
    seats: frozenset[int]  # the seats played at this screen
    viewer: int | None  # whose eyes the screen is (None: nobody's, as behind a hand-off)

    def look_as(self, seat: int | None) -> None: ...

    # what everyone knows
    @property
    def game(self) -> Face: ...  # the game's words, options and view helpers (its face)

    @property
    def players(self) -> list[Seat]: ...  # who sits where (name, kind, level)

    @property
    def names(self) -> list[str]: ...

    @property
    def options(self) -> Options: ...

    @property
    def count(self) -> int: ...  # events in the log: a moment of the match

    @property
    def played(self) -> int: ...  # moves the seats made (the clock's not counted)

    @property
    def to_act(self) -> frozenset[int]: ...

    @property
    def due(self) -> Command | None: ...  # what the clock will submit, and at which tick

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def finished(self) -> bool: ...

    @property
    def online(self) -> list[bool]: ...  # per seat: its player is here or connected

    @property
    def done(self) -> frozenset[int]: ...  # in turns: people whose own sand ran out

    # what the viewer knows
    def view(self) -> View: ...

    def view_at(self, count: int) -> View: ...  # around a `moments` event of the game

    def events(self, start: int = 0, stop: int | None = None) -> list[Event]: ...

    def listen(self, arrived: Arrived) -> None: ...

    # what its seats may do
    def legal(self, seat: int) -> list[Command]: ...

    def check(self, seat: int, command: Command) -> Rejected | None: ...

    def submit(self, seat: int, command: Command) -> Rejected | None: ...  # None: sent

    def commands(self, seat: int) -> list[Command]: ...

    def seat_view(self, seat: int) -> View: ...

    # time and news
    def now(self, seat: int | None = None) -> int: ...  # the tick a command of `seat` carries

    # `ready`: whether the table takes new decisions, asked after every move a tick brings
    def tick(self, n: int, running: bool, ready: bool | Callable[[], bool]) -> None: ...

    def quiet(self, running: bool) -> int: ...

    @property
    def busy(self) -> bool: ...  # the match moves on by itself (a bot thinking, an answer held)

    @property
    def pending(self) -> int: ...  # commands sent and not answered yet (network play)

    def wait(self, timeout: float) -> bool: ...  # block until news from elsewhere (False: none)

    def pause(self) -> None: ...  # the screen is covered: the time reached goes into the log

    def ready(self) -> None: ...  # this screen is ready for the next round (its sheet closed)

    def notices(self) -> list[str]: ...  # what the people should be told, taken once

    @property
    def hold(self) -> Hold | None: ...  # whom the held sand waits for (None: nobody)

    # the sand runs for every screen at once, where the match is served: a new round's turns
    # when all of them are ready, whatever this screen shows (False: when this table lets it)
    @property
    def sand_for_all(self) -> bool: ...

    @property
    def fault(self) -> str | None: ...  # why the match stands still after a fault (None: it does not)

    # hints
    def ask_hint(self, seat: int) -> None: ...

    def hint(self) -> Hint | None: ...  # the hint once it has arrived, taken once

    @property
    def hinting(self) -> bool: ...

    # network play: the link to the server, or None for a match in this process
    @property
    def connection(self) -> Connection | None: ...

    def close(self) -> None: ...
