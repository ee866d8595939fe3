"""Taj Mahal's table as the shared scenes see it (game.scenes.tables)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

import pygame

from game.core.i18n import N_
from game.scenes.tables import TableSpec

if TYPE_CHECKING:
    from game.scenes.tables import TableScene
    from game.ui.targets import Target


def emblem(surface: pygame.Surface, c: tuple[int, int]) -> None:
    """The palace: a dome on its hall between two minarets, and its door."""
    x, y = c
    ivory = (246, 238, 220)
    pygame.draw.rect(surface, ivory, (x - 44, y - 2, 88, 30))
    pygame.draw.circle(surface, ivory, (x, y - 6), 24)
    pygame.draw.polygon(surface, ivory, [(x - 4, y - 30), (x, y - 42), (x + 4, y - 30)])
    for dx in (-58, 58):
        pygame.draw.rect(surface, ivory, (x + dx - 4, y - 30, 8, 58))
    pygame.draw.rect(
        surface, (60, 50, 80), (x - 9, y + 8, 18, 20), border_top_left_radius=9, border_top_right_radius=9
    )


class Coached(Protocol):
    """The table under a tutorial's coach (game.scenes.tutorial.coach.coached)."""

    def table_targets(self) -> list[Target]: ...


def areas(scene: TableScene) -> dict[str, pygame.Rect]:
    """What a tutorial points at that is not clickable: the display of cards as a whole."""
    table = cast("Coached", scene)  # the table a tutorial coaches (tutorial/coach.py) has these
    cards = [t.bounds for t in table.table_targets() if t.id.startswith("display.")]
    return {"display": cards[0].unionall(cards[1:])} if cards else {}


SPEC = TableSpec(
    table="game.scenes.tajmahal.table:TajMahalTable",
    tagline=N_("Win the favour of the Mughal court, province by province."),
    emblem=emblem,
    # A replay's controls and review go right of the hand, over the table's own buttons and
    # action bar (which a replay does not use), not over the hand at the bottom
    replay_controls=(700, 526, 580, 194),
    review_panel=(700, 4, 580, 518),
    tutorial_areas=areas,
)
