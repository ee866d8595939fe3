"""What a scene may ask of the application that shows it.

Scenes type against this protocol, never against `game.app.App`, so no scene module imports
the app (which imports the menu, which imports scenes): the import graph stays a tree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from game.core.settings import Settings
    from game.ui.sound import Sounds


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


class Host(Protocol):
    @property
    def matches(self) -> Any:
        """Where matches are opened and windows handed out (game/matches.py): scenes reach
        matches, the saves and network play only through it."""
        ...

    settings: Settings
    sounds: Sounds
    stack: list[SceneLike]
    automated: bool  # driven by game.automation: bots answer at once and deterministically
    active: bool  # the window has focus and is not minimised
    hosting: Server | None  # the server of network play once this app hosts a match

    @property
    def top(self) -> SceneLike | None: ...

    def push(self, scene: SceneLike) -> None: ...

    def pop(self) -> SceneLike | None: ...

    def replace(self, scene: SceneLike) -> None: ...

    def reset(self, scene: SceneLike) -> None: ...

    def home(self) -> None:
        """Clear the stack and show the main menu."""
        ...

    def toast(self, message: str, seconds: float = 5.0, error: bool = False, echo: bool = True) -> None: ...

    def apply_settings(self, settings: Settings) -> None: ...
