"""Which game has a table scene, and what the shared scenes need to know of it.

Each game with a table names one `TableSpec` in its declaration (GamePlugin.table; the built-ins'
are `SPEC` in `game/scenes/<game>/spec.py`): its
table, its practice screen, its tagline and emblem, where a replay puts its controls and review,
the parts of the table a tutorial points at. The shared scenes (menu, setup, rules, saved games,
history, results, replay, tutorials) ask `spec(game)` and name no game themselves. The menu
offers only games that can be played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.core import faces
from game.core.plugin import load

if TYPE_CHECKING:
    import pygame

    from game.core.face import Face
    from game.core.window import Connection, Window
    from game.net.invite import Invite
    from game.scenes.host import Host, SceneLike

    # Type-only: the table base imports what imports this module, so the shared scenes
    # name a table by what they ask of it (game.scenes.table.base.Table is one)
    class TableScene(SceneLike, Protocol):
        invites: dict[int, Invite]  # network play, hosting: each online seat's invite

        @property
        def window(self) -> Window: ...

        @property
        def rules(self) -> Face: ...

        @property
        def connection(self) -> Connection | None: ...  # network play: the link to the server

        @property
        def connection_seen(self) -> set[int]: ...  # seats seen connected (network play)

    class TableClass(Protocol):
        def __call__(self, app: Host, window: Window, match_id: int | None = None) -> TableScene: ...

    class PracticeClass(Protocol):
        def __call__(self, app: Host) -> SceneLike: ...


Box = tuple[int, int, int, int]  # x, y, w, h on the 1280x720 canvas


@dataclass(frozen=True)
class TableSpec:
    """One game's table as the shared scenes see it. Paths are "module:name", imported only
    when asked for, so listing the games does not build their tables."""

    table: str  # the table scene class: Table(app, match, match_id=None)
    tagline: str  # a line under the game's title on the menu and the rules index (an N_ text)
    emblem: Callable[[pygame.Surface, tuple[int, int]], None]  # draws the game's emblem centred there
    practice: str | None = None  # a screen of puzzles to practise on their own, untimed: Practice(app)
    replay_controls: Box | None = None  # where a replay's controls go (None: the bottom band)
    review_panel: Box | None = None  # where the replay's review panel goes (None: the right side)
    # areas(table) -> {name: rect}: the parts a tutorial speaks of that are not clickable
    tutorial_areas: Callable[[TableScene], dict[str, pygame.Rect]] | None = None


def find(game: str) -> TableSpec | None:
    """The game's table spec, or None when the game declares no table."""
    plugin = faces.plugins().get(game)
    found: TableSpec | None = load(plugin.table) if plugin is not None and plugin.table else None
    return found


def spec(game: str) -> TableSpec:
    found = find(game)
    if found is None:
        raise KeyError(f"no table for {game!r}")
    return found


def has_table(game: str) -> bool:
    return find(game) is not None


def table_class(game: str) -> TableClass:
    table: TableClass = load(spec(game).table)  # a "module:name" path: what it names is not checked
    return table


def has_practice(game: str) -> bool:
    found = find(game)
    return found is not None and found.practice is not None


def practice_class(game: str) -> PracticeClass:
    practice = spec(game).practice
    if practice is None:
        raise KeyError(f"no practice for {game!r}")
    screen: PracticeClass = load(practice)
    return screen
