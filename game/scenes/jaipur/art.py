"""Jaipur's cards and tokens, drawn by code: every good has its own colour, symbol and name,
so it reads by shape as well as by colour. Surfaces are cached per size."""

from __future__ import annotations

import math
from functools import cache

import pygame

from game.ui import text

CARD_W, CARD_H = 84, 118
GOODS = ("diamond", "gold", "silver", "cloth", "spice", "leather", "camel")
COLOURS = {
    "diamond": (196, 44, 66),
    "gold": (226, 172, 36),
    "silver": (150, 164, 184),
    "cloth": (128, 74, 168),
    "spice": (214, 104, 34),
    "leather": (132, 82, 46),
    "camel": (200, 164, 104),
}
LABELS = {g: g.capitalize() for g in GOODS}
INK = (40, 26, 18)
IVORY = (250, 243, 228)


def _shade(colour: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return tuple(max(0, min(255, int(c * f))) for c in colour)  # type: ignore[return-value]


def _poly(surface, colour, points, c, s, width=0):
    pts = [(c[0] + x * s, c[1] + y * s) for x, y in points]
    pygame.draw.polygon(surface, colour, pts, width)


def symbol(surface: pygame.Surface, good: str, c: tuple[int, int], s: float) -> None:
    """Draw a good's symbol centred at c, about 2*s wide."""
    col, dark = COLOURS[good], _shade(COLOURS[good], 0.55)
    if good == "diamond":
        outline = [(-1, -0.3), (-0.5, -0.85), (0.5, -0.85), (1, -0.3), (0, 0.95)]
        _poly(surface, col, outline, c, s)
        _poly(surface, _shade(col, 1.25), [(-0.5, -0.85), (0, -0.3), (0.5, -0.85)], c, s)
        for a, b in [
            ((-1, -0.3), (1, -0.3)),
            ((-0.5, -0.85), (0, -0.3)),
            ((0.5, -0.85), (0, -0.3)),
            ((0, -0.3), (0, 0.95)),
            ((-0.45, -0.3), (0, 0.95)),
            ((0.45, -0.3), (0, 0.95)),
        ]:
            pygame.draw.line(
                surface, dark, (c[0] + a[0] * s, c[1] + a[1] * s), (c[0] + b[0] * s, c[1] + b[1] * s), 2
            )
        _poly(surface, dark, outline, c, s, 2)
    elif good == "gold":
        for dy, dx in ((0.45, -0.5), (0.45, 0.5), (-0.25, 0)):
            bar = [(-0.45, -0.25), (0.45, -0.25), (0.6, 0.25), (-0.6, 0.25)]
            _poly(surface, col, [(x + dx, y + dy) for x, y in bar], c, s)
            _poly(
                surface,
                _shade(col, 1.2),
                [(x + dx, y + dy) for x, y in bar[:2] + [(0.3, -0.1), (-0.3, -0.1)]],
                c,
                s,
            )
            _poly(surface, dark, [(x + dx, y + dy) for x, y in bar], c, s, 2)
    elif good == "silver":
        for dx, dy in ((-0.35, 0.25), (0.35, -0.2)):
            centre = (int(c[0] + dx * s), int(c[1] + dy * s))
            pygame.draw.circle(surface, col, centre, int(0.62 * s))
            pygame.draw.circle(surface, _shade(col, 1.25), centre, int(0.45 * s))
            pygame.draw.circle(surface, dark, centre, int(0.62 * s), 2)
            pygame.draw.circle(surface, dark, centre, int(0.3 * s), 2)
    elif good == "cloth":
        for k in range(3):
            y0 = -0.7 + k * 0.5
            band = [(-0.9, y0), (0.9, y0 - 0.15), (0.9, y0 + 0.35), (-0.9, y0 + 0.5)]
            _poly(surface, col if k % 2 == 0 else _shade(col, 1.3), band, c, s)
            _poly(surface, dark, band, c, s, 2)
        pygame.draw.line(
            surface, IVORY, (c[0] - 0.6 * s, c[1] - 0.2 * s), (c[0] + 0.6 * s, c[1] - 0.32 * s), 2
        )
    elif good == "spice":
        sack = [
            (-0.75, 0.9),
            (-0.85, 0.1),
            (-0.45, -0.45),
            (-0.25, -0.75),
            (0.25, -0.75),
            (0.45, -0.45),
            (0.85, 0.1),
            (0.75, 0.9),
        ]
        _poly(surface, _shade(col, 0.85), sack, c, s)
        _poly(surface, dark, sack, c, s, 2)
        pygame.draw.ellipse(surface, col, (c[0] - 0.55 * s, c[1] - 0.62 * s, 1.1 * s, 0.45 * s))
        for k in range(7):
            a = k * 2.4
            pygame.draw.circle(
                surface,
                _shade(col, 1.35),
                (int(c[0] + math.cos(a) * 0.3 * s), int(c[1] - 0.4 * s + math.sin(a) * 0.1 * s)),
                2,
            )
    elif good == "leather":
        hide = [
            (-0.9, -0.6),
            (-0.5, -0.45),
            (-0.3, -0.85),
            (0.3, -0.85),
            (0.5, -0.45),
            (0.9, -0.6),
            (0.75, 0.1),
            (0.9, 0.75),
            (0.4, 0.55),
            (0, 0.9),
            (-0.4, 0.55),
            (-0.9, 0.75),
            (-0.75, 0.1),
        ]
        _poly(surface, col, hide, c, s)
        _poly(surface, dark, hide, c, s, 2)
        inner = [(x * 0.6, y * 0.6) for x, y in hide]
        _poly(surface, _shade(col, 1.25), inner, c, s, 2)
    else:  # camel: body, two humps, neck and head, legs
        body = [
            (-0.75, 0.1),
            (-0.6, -0.35),
            (-0.35, -0.2),
            (-0.1, -0.55),
            (0.25, -0.1),
            (0.5, -0.25),
            (0.7, -0.75),
            (0.95, -0.7),
            (0.9, -0.55),
            (0.75, -0.5),
            (0.65, 0.1),
            (0.5, 0.2),
            (-0.6, 0.25),
        ]
        _poly(surface, _shade(col, 0.75), body, c, s)
        for lx in (-0.55, -0.35, 0.3, 0.5):
            pygame.draw.line(
                surface,
                _shade(col, 0.6),
                (c[0] + lx * s, c[1] + 0.2 * s),
                (c[0] + lx * s, c[1] + 0.85 * s),
                max(2, int(s * 0.12)),
            )
        _poly(surface, dark, body, c, s, 2)


@cache
def card_face(good: str, w: int = CARD_W, h: int = CARD_H) -> pygame.Surface:
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surface.get_rect()
    col = COLOURS[good]
    pygame.draw.rect(surface, IVORY, rect, border_radius=9)
    inner = rect.inflate(-8, -8)
    pygame.draw.rect(surface, _shade(col, 1.1), inner, border_radius=7)
    pygame.draw.rect(surface, _shade(col, 0.9), inner.inflate(-8, -h // 3).move(0, -h // 10), border_radius=6)
    pygame.draw.rect(surface, _shade(col, 0.5), inner, 2, border_radius=7)
    symbol(surface, good, (w // 2, int(h * 0.42)), w * 0.3)
    band = pygame.Rect(inner.x, inner.bottom - 26, inner.w, 26)
    pygame.draw.rect(surface, IVORY, band.inflate(-8, -6), border_radius=5)
    size = 15 if w >= 80 else 12
    text.blit(surface, LABELS[good], band.center, size, INK, "bold", "center")
    symbol(surface, good, (inner.x + 12, inner.y + 12), 7)
    return surface


@cache
def card_back(w: int = CARD_W, h: int = CARD_H) -> pygame.Surface:
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, IVORY, rect, border_radius=9)
    inner = rect.inflate(-8, -8)
    pygame.draw.rect(surface, (120, 30, 48), inner, border_radius=7)
    for k in range(-h, w, 12):  # lattice, like a jali screen
        pygame.draw.line(surface, (150, 52, 66), (inner.x + k, inner.y), (inner.x + k + h, inner.bottom), 2)
        pygame.draw.line(surface, (150, 52, 66), (inner.x + k + h, inner.y), (inner.x + k, inner.bottom), 2)
    pygame.draw.rect(surface, IVORY, rect, 4, border_radius=9)
    pygame.draw.circle(surface, (236, 172, 64), inner.center, 16)
    pygame.draw.circle(surface, (120, 30, 48), inner.center, 11)
    return surface


@cache
def token(good: str, value: int | None, r: int = 22) -> pygame.Surface:
    """A round token; value None is a face-down bonus token."""
    surface = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    c = (r + 1, r + 1)
    col = COLOURS.get(good, (60, 70, 110))
    pygame.draw.circle(surface, _shade(col, 0.6), c, r)
    pygame.draw.circle(surface, col, c, r - 3)
    pygame.draw.circle(surface, IVORY, c, r - 3, 1)
    label = "?" if value is None else str(value)
    text.blit(surface, label, c, int(r * 0.95), IVORY if good != "gold" else INK, "black", "center")
    return surface
