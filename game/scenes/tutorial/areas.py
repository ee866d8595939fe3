"""Parts of a table a tutorial speaks of that are not clickable, so not in its target map
(the token piles, the bonus piles, the seals): named rectangles, "area.<name>", read from the
table's own layout. A step may point at these as at any target id."""

from __future__ import annotations

from typing import Any

import pygame


def of(table: Any) -> dict[str, pygame.Rect]:
    found = AREAS.get(getattr(table, "name", ""))
    return {f"area.{k}": r for k, r in found(table).items()} if found else {}


def _jaipur(table: Any) -> dict[str, pygame.Rect]:
    from game.rules.jaipur.cards import GOODS
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
        "camel_token": pygame.Rect(L.PANEL.x + 14, L.CAMEL_TOKEN[1] - r - 6, L.PANEL.w - 28, 2 * r + 12),
        "seals": pygame.Rect(36, L.MY_STRIP_Y - 16, 230, 32),
        "market": market,
        "hand": hand,
        "deck": around([L.DECK], L.CARD_W // 2, L.CARD_H // 2 + 14),
        "discard": around([L.DISCARD], L.CARD_W // 2, L.CARD_H // 2 + 14),
        "far_side": pygame.Rect(L.FELT.x + 8, L.OPP_Y - 50, L.FELT.w - 16, 130),
        # solo: the rule bot's action deck and the cards it turned over this cycle
        "bot_deck": pygame.Rect(
            L.BOT_DECK[0] - L.SMALL_W // 2 - 20,  # its caption reaches left of the card
            L.OPP_Y - L.SMALL_H // 2 - 4,
            L.bot_revealed(6)[0] - L.BOT_DECK[0] + L.SMALL_W + 24,
            L.SMALL_H + L.LABEL_GAP + 18,
        ),
    }


def _ginrummy(table: Any) -> dict[str, pygame.Rect]:
    from game.scenes.ginrummy import layout as L

    spread = pygame.Rect(L.FELT.x + 150, 0, L.FELT.w - 300, L.SPREAD_H + 38)
    return {
        "meter": pygame.Rect(L.METER),
        "result": pygame.Rect(L.RESULT),
        "my_spread": spread.move(0, L.SPREAD_BOTTOM_Y - L.SPREAD_H // 2 - 4),
        "their_spread": spread.move(0, L.SPREAD_TOP_Y - L.SPREAD_H // 2 - 4),
        "scores": pygame.Rect(L.PANEL.x + 8, L.PANEL.y + 8, L.PANEL.w - 16, 140),
    }


def _ubongo(table: Any) -> dict[str, pygame.Rect]:
    from game.scenes.ubongo import layout as L

    out = {
        "hourglass": pygame.Rect(L.SIDE.x + 12, L.SIDE.y + 6, L.SIDE.w - 24, L.GLASS.h + 16),
        "players": L.player_rect(0).union(L.player_rect(len(table.match.seats) - 1)),
        "gem_rows": pygame.Rect(L.GEM_ROWS_RECT),
    }
    cells = [t.bounds for t in table.table_targets() if t.id.startswith("cell.")]
    if cells:  # the puzzle's area, while it is on show
        out["board"] = cells[0].unionall(cells[1:])
    return out


def _tajmahal(table: Any) -> dict[str, pygame.Rect]:
    cards = [t.bounds for t in table.table_targets() if t.id.startswith("display.")]
    return {"display": cards[0].unionall(cards[1:])} if cards else {}


AREAS = {"jaipur": _jaipur, "ginrummy": _ginrummy, "ubongo": _ubongo, "tajmahal": _tajmahal}
