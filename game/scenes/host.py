"""What a scene may ask of the application that shows it.

Scenes type against this protocol, never against `game.app.App`, so no scene module imports
the app (which imports the menu, which imports scenes): the import graph stays a tree.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar, TypeVarTuple

import pygame

if TYPE_CHECKING:
    from game.core.records import MatchInfo, Played, StatRow
    from game.core.seats import Seat
    from game.core.settings import Settings
    from game.core.window import Connection, Options, Window
    from game.net.invite import Invite
    from game.net.portmap import Standing
    from game.net.reach import Way
    from game.net.tickets import Ticket
    from game.scenes.asked import Asked, Opened, Replayed, Scripted
    from game.ui.sound import Sounds

T = TypeVar("T")
Ts = TypeVarTuple("Ts")  # the arguments of a call on the store's thread


class SceneLike(Protocol):
    name: str
    opaque: bool

    @property
    def animated(self) -> bool: ...

    def enter(self) -> None: ...

    def leave(self) -> None: ...

    def handle(self, event: pygame.event.Event) -> bool: ...

    def update(self, ticks: int) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class Server(Protocol):
    """The server of network play this app runs once it hosts a match (game/hosting.py), as
    the app sees it: something to stop when it quits."""

    def stopping(self) -> None: ...  # ask it to stop: its rooms stop, their writes go on

    def stop(self) -> None: ...  # wait for it to have stopped

    def relay_words(self) -> str: ...  # how friends reach it through a relay ("" without one)
    @property
    def standing(self) -> Standing: ...  # how friends reach its tables, and why not from outside

    def via(self) -> tuple[tuple[str, int], ...]: ...  # its ways in after home, as they stand now


class MatchesLike(Protocol):
    """What scenes ask of the app's matches (game/matches.py): matches opened and windows handed
    out, the saves' lists read, and network play's seats. Each opener answers later, on the
    frame, through `then` (NotOpened saying why not); its Asked cancels it before then."""

    # the saves, read on the store's thread: `fn` is one of the lists below
    def read(self, fn: Callable[[*Ts], T], then: Callable[[Future[T]], None], *args: *Ts) -> None: ...

    def unfinished(self) -> list[MatchInfo]: ...

    def history(self, game: str | None = None, opponent: str | None = None) -> list[Played]: ...

    def opponents(self) -> list[str]: ...

    def statistics(self) -> list[StatRow]: ...

    def withheld(self, info: MatchInfo) -> str | None: ...  # why it may not be exported yet

    def delete(self, match_id: int, then: Callable[[Future[bool]], None] | None = None) -> Asked: ...

    def export(self, match_id: int, path: Path, then: Callable[[Future[None]], None]) -> Asked: ...

    def import_file(self, path: Path, then: Callable[[Future[int]], None]) -> Asked: ...

    # local play
    def new(
        self,
        game: str,
        players: list[Seat],
        options: Options,
        seed: int | None = None,
        setup: dict[str, object] | None = None,
        then: Callable[[Future[Opened]], None] | None = None,
    ) -> Asked: ...

    def resume(self, match_id: int, then: Callable[[Future[Opened]], None] | None = None) -> Asked: ...

    def replay(self, match_id: int, then: Callable[[Future[Replayed]], None]) -> Asked: ...

    def play_on(
        self, rewind: Replayed, count: int, parent: int | None, then: Callable[[Future[Opened]], None]
    ) -> Asked: ...

    def tutorial(self, tutorial: Scripted, upto: int) -> Window: ...

    def ended(self, window: Window) -> None: ...

    def rematch(self, window: Window, then: Callable[[Future[Opened]], None]) -> Asked: ...

    def carry_on(self, window: Window, then: Callable[[Future[Opened]], None]) -> Asked: ...

    # network play
    def host(
        self,
        game: str,
        players: list[Seat],
        options: Options,
        seed: int | None = None,
        *,
        then: Callable[[Future[Opened]], None] | None = None,
        on_server: bool = False,
    ) -> Asked: ...

    def reinvite(self, link: Connection, seat: int) -> Invite: ...

    def served_invite(self, link: Connection, code: str) -> Invite: ...

    def join(
        self,
        text: str,
        stop: threading.Event | None = None,
        trying: Callable[[Way], None] | None = None,
        name: str = "",
    ) -> Window: ...

    def rejoin(
        self, ticket: Ticket, stop: threading.Event | None = None, trying: Callable[[Way], None] | None = None
    ) -> Window: ...

    def remembered(self) -> list[Ticket]: ...

    def served(self) -> list[Ticket]: ...

    def forget_served(self, ticket: Ticket) -> None: ...

    def take_served(self, ticket: Ticket, then: Callable[[Future[Opened]], None]) -> Asked: ...

    def served_at(self, window: Window) -> str: ...


class Host(Protocol):
    @property
    def matches(self) -> MatchesLike:
        """Where matches are opened and windows handed out (game/matches.py): scenes reach
        matches, the saves and network play only through it."""
        ...

    settings: Settings
    sounds: Sounds
    stack: list[SceneLike]
    automated: bool  # driven by game.automation: bots answer at once and deterministically
    active: bool  # the window has focus and is not minimised
    hosting: Server | None  # the server of network play once this app hosts a match
    dirty: bool  # the screen may differ from what was last presented: draw the next frame

    @property
    def top(self) -> SceneLike | None: ...

    def push(self, scene: SceneLike) -> None: ...

    def pop(self) -> SceneLike | None: ...

    def replace(self, scene: SceneLike) -> None: ...

    def reset(self, scene: SceneLike) -> None: ...

    def home(self) -> None:
        """Clear the stack and show the main menu."""
        ...

    def quit(self) -> None: ...  # leave the app (every command is saved already)

    def toast(self, message: str, seconds: float = 5.0, error: bool = False, echo: bool = True) -> None: ...

    def after_frame(self, call: Callable[[], None]) -> None: ...  # once this frame is shown

    def apply_settings(self, settings: Settings) -> None: ...
