"""Gin Rummy's table as the shared scenes see it (game.scenes.tables)."""

from __future__ import annotations

import pygame

from game.core.i18n import N_
from game.scenes.tables import TableSpec
from game.ui.emblems import card


def emblem(surface: pygame.Surface, c: tuple[int, int]) -> None:
    """A spread of five playing cards, red and black pips in turn."""
    for i in range(5):
        rect = pygame.Rect(0, 0, 36, 52)
        rect.center = (c[0] - 48 + i * 24, c[1])
        card(surface, rect, (248, 246, 240), (60, 60, 70))
        red = i % 2 == 0
        pygame.draw.circle(surface, (200, 40, 50) if red else (30, 30, 40), (rect.x + 10, rect.y + 12), 4)


def areas(table: object) -> dict[str, pygame.Rect]:
    """What a tutorial points at that is not clickable: the deadwood meter, the spreads...
    (fixed places: the table is not asked)"""
    from game.scenes.ginrummy import layout as L

    spread = pygame.Rect(L.FELT.x + 150, 0, L.FELT.w - 300, L.SPREAD_H + 38)
    return {
        "meter": pygame.Rect(L.METER),
        "result": pygame.Rect(L.RESULT),
        "my-spread": spread.move(0, L.SPREAD_BOTTOM_Y - L.SPREAD_H // 2 - 4),
        "their-spread": spread.move(0, L.SPREAD_TOP_Y - L.SPREAD_H // 2 - 4),
        "scores": pygame.Rect(L.PANEL.x + 8, L.PANEL.y + 8, L.PANEL.w - 16, 140),
    }


SPEC = TableSpec(
    table="game.scenes.ginrummy.table:GinRummyTable",
    tagline=N_("Meld runs and sets, knock low, go gin."),
    emblem=emblem,
    tutorial_areas=areas,
)
