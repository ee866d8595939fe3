"""Ubongo's table as the shared scenes see it (game.scenes.tables)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

import pygame

from game.core.i18n import N_
from game.scenes.tables import TableSpec

if TYPE_CHECKING:
    from game.core.face import View
    from game.scenes.tables import TableScene
    from game.ui.targets import Target

# The emblem: four pieces tiling a 4x3 board (cell -> piece)
EMBLEM_CELLS = {
    (0, 0): 0,
    (1, 0): 0,
    (1, 1): 0,
    (2, 1): 1,
    (3, 1): 1,
    (3, 0): 1,
    (0, 1): 2,
    (0, 2): 2,
    (1, 2): 3,
    (2, 2): 3,
    (3, 2): 3,
}
EMBLEM_COLOURS = ((86, 180, 233), (230, 159, 0), (0, 158, 115), (204, 121, 167))


def emblem(surface: pygame.Surface, c: tuple[int, int]) -> None:
    """Four pieces filling a small board."""
    size = 20
    ox, oy = c[0] - 2 * size, c[1] - int(1.5 * size)
    for (cx, cy), k in EMBLEM_CELLS.items():
        rect = pygame.Rect(ox + cx * size, oy + cy * size, size - 2, size - 2)
        pygame.draw.rect(surface, EMBLEM_COLOURS[k], rect, border_radius=4)


class Coached(Protocol):
    """What `areas` reads of the Ubongo table a tutorial coaches (game.scenes.tutorial.coach)."""

    v: View

    def table_targets(self) -> list[Target]: ...  # the table's own, without the coach's


def areas(scene: TableScene) -> dict[str, pygame.Rect]:
    """What a tutorial points at that is not clickable: the hourglass, the players, the gems,
    and the puzzle's area while it is on show."""
    table = cast("Coached", scene)  # the table a tutorial coaches (tutorial/coach.py) has these
    from game.scenes.ubongo import layout as L

    out = {
        "hourglass": pygame.Rect(L.SIDE.x + 12, L.SIDE.y + 6, L.SIDE.w - 24, L.GLASS.h + 16),
        "players": L.player_rect(0).union(L.player_rect(table.v["seats"] - 1)),
        "gem-rows": pygame.Rect(L.GEM_ROWS_RECT),
    }
    cells = [t.bounds for t in table.table_targets() if t.id.startswith("cell.")]
    if cells:  # the puzzle's area, while it is on show
        out["board"] = cells[0].unionall(cells[1:])
    return out


SPEC = TableSpec(
    table="game.scenes.ubongo.table:UbongoTable",
    tagline=N_("Race the hourglass to fill each puzzle board."),
    emblem=emblem,
    practice="game.scenes.ubongo.practice:Practice",
    tutorial_areas=areas,
)
