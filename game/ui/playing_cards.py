"""Standard playing cards drawn by code: rank and suit in the corners, pips in the middle,
red/black or a four-colour deck. Cached per card, size and palette."""

from __future__ import annotations

from functools import cache

import pygame

from game.ui import text

CARD_W, CARD_H = 84, 118
RANKS = "A23456789TJQK"
SUITS = "SHDC"
RANK_LABEL = {"T": "10"}
PAPER = (252, 250, 244)
TWO_COLOUR = {"S": (28, 28, 36), "C": (28, 28, 36), "H": (204, 36, 48), "D": (204, 36, 48)}
FOUR_COLOUR = {"S": (28, 28, 36), "C": (24, 128, 56), "H": (204, 36, 48), "D": (30, 92, 196)}
# Pip positions for number cards, in a 3 x 7 grid (column 0..2, row 0..6).
PIPS = {
    1: [(1, 3)],
    2: [(1, 0), (1, 6)],
    3: [(1, 0), (1, 3), (1, 6)],
    4: [(0, 0), (2, 0), (0, 6), (2, 6)],
    5: [(0, 0), (2, 0), (1, 3), (0, 6), (2, 6)],
    6: [(0, 0), (2, 0), (0, 3), (2, 3), (0, 6), (2, 6)],
    7: [(0, 0), (2, 0), (1, 1.5), (0, 3), (2, 3), (0, 6), (2, 6)],
    8: [(0, 0), (2, 0), (1, 1.5), (0, 3), (2, 3), (1, 4.5), (0, 6), (2, 6)],
    9: [(0, 0), (2, 0), (0, 2), (2, 2), (1, 3), (0, 4), (2, 4), (0, 6), (2, 6)],
    10: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2), (0, 4), (2, 4), (1, 5), (0, 6), (2, 6)],
}


SUPERSAMPLE = 4  # suit symbols are drawn this much larger, then smoothly scaled down


def suit_shape(surface: pygame.Surface, suit: str, c: tuple[float, float], s: float, colour) -> None:
    """A suit symbol about 2*s across, centred at c, with smooth edges."""
    image = suit_image(suit, round(s * 4) / 4, tuple(colour))
    surface.blit(image, image.get_rect(center=(round(c[0]), round(c[1]))))


@cache
def suit_image(suit: str, s: float, colour: tuple) -> pygame.Surface:
    k = SUPERSAMPLE
    side = int(2 * s + 4)
    big = pygame.Surface((side * k, side * k), pygame.SRCALPHA)
    _draw_suit(big, suit, (side * k / 2, side * k / 2), s * k, colour)
    return pygame.transform.smoothscale(big, (side, side))


def _draw_suit(surface: pygame.Surface, suit: str, c: tuple[float, float], s: float, colour) -> None:
    x, y = c
    if suit == "H":
        pygame.draw.circle(surface, colour, (int(x - 0.48 * s), int(y - 0.3 * s)), int(0.52 * s) + 1)
        pygame.draw.circle(surface, colour, (int(x + 0.48 * s), int(y - 0.3 * s)), int(0.52 * s) + 1)
        pygame.draw.polygon(
            surface, colour, [(x - 0.98 * s, y - 0.15 * s), (x + 0.98 * s, y - 0.15 * s), (x, y + 0.95 * s)]
        )
    elif suit == "D":
        pygame.draw.polygon(surface, colour, [(x, y - s), (x + 0.72 * s, y), (x, y + s), (x - 0.72 * s, y)])
    elif suit == "S":
        pygame.draw.circle(surface, colour, (int(x - 0.46 * s), int(y + 0.2 * s)), int(0.5 * s) + 1)
        pygame.draw.circle(surface, colour, (int(x + 0.46 * s), int(y + 0.2 * s)), int(0.5 * s) + 1)
        pygame.draw.polygon(
            surface, colour, [(x - 0.95 * s, y + 0.05 * s), (x + 0.95 * s, y + 0.05 * s), (x, y - 0.95 * s)]
        )
        pygame.draw.polygon(surface, colour, [(x, y + 0.3 * s), (x - 0.35 * s, y + s), (x + 0.35 * s, y + s)])
    else:  # clubs
        r = int(0.42 * s) + 1
        for dx, dy in ((0, -0.45), (-0.5, 0.2), (0.5, 0.2)):
            pygame.draw.circle(surface, colour, (int(x + dx * s), int(y + dy * s)), r)
        pygame.draw.polygon(surface, colour, [(x, y), (x - 0.35 * s, y + s), (x + 0.35 * s, y + s)])


def rank_value(code: str) -> int:
    return RANKS.index(code[0]) + 1


@cache
def face(code: str, four_colour: bool = False, w: int = CARD_W, h: int = CARD_H) -> pygame.Surface:
    rank, suit = code[0], code[1]
    colour = (FOUR_COLOUR if four_colour else TWO_COLOUR)[suit]
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, PAPER, rect, border_radius=8)
    pygame.draw.rect(surface, (120, 114, 108), rect, 1, border_radius=8)
    label = RANK_LABEL.get(rank, rank)
    size = max(14, h // 6)
    corner_w = int(w * 0.27)
    text.blit(surface, label, (corner_w // 2 + 1, 2), size, colour, "black", "midtop", as_is=True)
    suit_shape(surface, suit, (corner_w // 2 + 1, 6 + size + size * 0.36), size * 0.36, colour)
    corner = pygame.transform.rotate(surface.subsurface((0, 0, corner_w, h // 2 - 4)).copy(), 180)
    surface.blit(corner, (w - corner_w, h - (h // 2 - 4)))
    inner = pygame.Rect(corner_w + 2, int(h * 0.1), w - 2 * corner_w - 4, int(h * 0.8))
    if rank in "JQK":
        pygame.draw.rect(surface, (248, 232, 196), inner, border_radius=5)
        pygame.draw.rect(surface, colour, inner, 2, border_radius=5)
        text.blit(
            surface,
            label,
            (inner.centerx, inner.centery - 8),
            int(h * 0.3),
            colour,
            "black",
            "center",
            as_is=True,
        )
        suit_shape(surface, suit, (inner.centerx, inner.bottom - 15), h * 0.055, colour)
    else:
        n = rank_value(code)
        s = h * (0.1 if n == 1 else 0.048)
        for col, row in PIPS[n]:
            px = inner.x + inner.w * (0.18 + 0.32 * col)
            py = inner.y + inner.h * (0.08 + 0.84 * row / 6)
            suit_shape(surface, suit, (px, py), s, colour)
    return surface


@cache
def back(w: int = CARD_W, h: int = CARD_H) -> pygame.Surface:
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, PAPER, rect, border_radius=8)
    inner = rect.inflate(-10, -10)
    pygame.draw.rect(surface, (34, 70, 120), inner, border_radius=6)
    for k in range(-h, w, 10):
        pygame.draw.line(surface, (52, 96, 156), (inner.x + k, inner.y), (inner.x + k + h, inner.bottom), 2)
    pygame.draw.rect(surface, PAPER, rect, 5, border_radius=8)
    pygame.draw.rect(surface, (150, 146, 140), rect, 1, border_radius=8)
    return surface
