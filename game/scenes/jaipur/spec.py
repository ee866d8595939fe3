"""Jaipur's table as the shared scenes see it (game.scenes.tables)."""

from __future__ import annotations

import pygame

from game.core.i18n import N_
from game.scenes.tables import TableSpec
from game.ui.emblems import card

EMBLEM_GOODS = ((200, 60, 70), (230, 180, 60), (190, 196, 206), (150, 90, 170), (220, 120, 50))


def emblem(surface: pygame.Surface, c: tuple[int, int]) -> None:
    """A fan of five goods cards."""
    for i, colour in enumerate(EMBLEM_GOODS):
        rect = pygame.Rect(0, 0, 34, 50)
        rect.center = (c[0] - 56 + i * 28, c[1] + abs(i - 2) * 4)
        card(surface, rect, colour)


def areas(table: object) -> dict[str, pygame.Rect]:
    """What a tutorial points at that is not clickable: the token and bonus piles, the seals..."""
    from game.rules.jaipur.face.cards import GOODS
    from game.scenes.jaipur import layout as L

    def around(points: list[tuple[int, int]], rx: int, ry: int) -> pygame.Rect:
        rects = [pygame.Rect(x - rx, y - ry, 2 * rx, 2 * ry) for x, y in points]
        return rects[0].unionall(rects[1:])

    r = L.TOKEN_R
    tokens = around([L.token(g, 0) for g in GOODS] + [L.token(GOODS[-1], 8)], r, r)
    market = around([L.market(0), L.market(4)], L.CARD_W // 2, L.CARD_H // 2)
    hand = around([L.hand(0), L.hand(6)], L.CARD_W // 2, L.CARD_H // 2)
    return {
        "tokens": tokens.inflate(8, 4),
        # the piles with their captions, as wide as the panel
        "bonus": pygame.Rect(
            L.PANEL.x + 14, L.bonus(3)[1] - r - 4, L.PANEL.w - 28, L.bonus(5)[1] - L.bonus(3)[1] + 2 * r + 8
        ),
        "camel-token": pygame.Rect(L.PANEL.x + 14, L.CAMEL_TOKEN[1] - r - 6, L.PANEL.w - 28, 2 * r + 12),
        "seals": pygame.Rect(36, L.MY_STRIP_Y - 16, 230, 32),
        "market": market,
        "hand": hand,
        "deck": around([L.DECK], L.CARD_W // 2, L.CARD_H // 2 + 14),
        "discard": around([L.DISCARD], L.CARD_W // 2, L.CARD_H // 2 + 14),
        "far-side": pygame.Rect(L.FELT.x + 8, L.OPP_Y - 50, L.FELT.w - 16, 130),
        # solo: the rule bot's action deck and the cards it turned over this cycle
        "bot-deck": pygame.Rect(
            L.BOT_DECK[0] - L.SMALL_W // 2 - 20,  # its caption reaches left of the card
            L.OPP_Y - L.SMALL_H // 2 - 4,
            L.bot_revealed(6)[0] - L.BOT_DECK[0] + L.SMALL_W + 24,
            L.SMALL_H + L.LABEL_GAP + 18,
        ),
    }


SPEC = TableSpec(
    table="game.scenes.jaipur.table:JaipurTable",
    tagline=N_("Trade goods, herd camels, sell before your rival does."),
    emblem=emblem,
    tutorial_areas=areas,
)
