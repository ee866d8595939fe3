"""Jaipur's cards and tokens, drawn by code: every good has its own colour, symbol and name,
so it reads by shape as well as by colour. Symbols are drawn at four times their size and
smoothed down, so edges stay clean at any card size. Surfaces are cached per size."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

import pygame

from game.core import i18n
from game.rules.jaipur.face.words import TITLE
from game.scenes.jaipur.layout import CARD_H, CARD_W
from game.ui import text

COLOURS = {
    "diamond": (196, 44, 66),
    "gold": (226, 172, 36),
    "silver": (150, 164, 184),
    "cloth": (128, 74, 168),
    "spice": (214, 104, 34),
    "leather": (132, 82, 46),
    "camel": (200, 164, 104),
}
INK = (40, 26, 18)
IVORY = (250, 243, 228)
BONUS_BLUE = (60, 70, 110)
SUPER = 4  # supersampling factor for symbols
OUTLINE = ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1))  # a value's ink edge

Point = tuple[float, float]
RGB = tuple[int, int, int]


def shade(colour: RGB, f: float) -> RGB:
    return tuple(max(0, min(255, int(c * f))) for c in colour)  # type: ignore[return-value]


class Pen:
    """Draws in symbol units (-1..1 around a centre) on a surface, scaled by s."""

    def __init__(self, surface: pygame.Surface, c: Point, s: float):
        self.surface, self.c, self.s = surface, c, s
        self.line_w = max(2, round(s * 0.07))

    def at(self, x: float, y: float) -> tuple[int, int]:
        return (round(self.c[0] + x * self.s), round(self.c[1] + y * self.s))

    def poly(self, colour: RGB, points: list[Point], width: int = 0) -> None:
        pygame.draw.polygon(self.surface, colour, [self.at(x, y) for x, y in points], width)

    def outlined(self, colour: RGB, dark: RGB, points: list[Point]) -> None:
        self.poly(colour, points)
        self.poly(dark, points, self.line_w)

    def circle(self, colour: RGB, x: float, y: float, r: float, width: int = 0) -> None:
        pygame.draw.circle(self.surface, colour, self.at(x, y), max(1, round(r * self.s)), width)

    def ellipse(self, colour: RGB, x: float, y: float, w: float, h: float, width: int = 0) -> None:
        rect = pygame.Rect(0, 0, round(w * self.s), round(h * self.s))
        rect.center = self.at(x, y)
        pygame.draw.ellipse(self.surface, colour, rect, width)

    def line(self, colour: RGB, a: Point, b: Point, width: float) -> None:
        w = max(1, round(width * self.s))
        pygame.draw.line(self.surface, colour, self.at(*a), self.at(*b), w)
        for p in (a, b):  # round caps
            pygame.draw.circle(self.surface, colour, self.at(*p), w // 2)


def _diamond(p: Pen, col: RGB, dark: RGB) -> None:
    outline = [(-0.95, -0.3), (-0.5, -0.85), (0.5, -0.85), (0.95, -0.3), (0, 0.95)]
    p.poly(col, outline)
    p.poly(shade(col, 1.3), [(-0.5, -0.85), (0, -0.3), (0.5, -0.85)])
    p.poly(shade(col, 0.8), [(0, -0.3), (0.95, -0.3), (0, 0.95)])
    for a, b in [
        ((-0.95, -0.3), (0.95, -0.3)),
        ((-0.5, -0.85), (-0.45, -0.3)),
        ((0.5, -0.85), (0.45, -0.3)),
        ((-0.45, -0.3), (0, 0.95)),
        ((0.45, -0.3), (0, 0.95)),
        ((-0.5, -0.85), (0, -0.3)),
        ((0.5, -0.85), (0, -0.3)),
    ]:
        p.line(dark, a, b, 0.05)
    p.poly(dark, outline, p.line_w)
    p.poly(IVORY, [(-0.62, -0.62), (-0.5, -0.72), (-0.38, -0.5)])  # a glint


def _gold(p: Pen, col: RGB, dark: RGB) -> None:
    for dx, dy in ((-0.5, 0.42), (0.5, 0.42), (0, -0.22)):
        bar = [(dx - 0.42, dy - 0.24), (dx + 0.42, dy - 0.24), (dx + 0.56, dy + 0.26), (dx - 0.56, dy + 0.26)]
        p.poly(shade(col, 0.8), bar)
        top = [(dx - 0.42, dy - 0.24), (dx + 0.42, dy - 0.24), (dx + 0.3, dy - 0.06), (dx - 0.3, dy - 0.06)]
        p.poly(shade(col, 1.2), top)
        p.poly(dark, bar, p.line_w)
        p.line(IVORY, (dx - 0.25, dy + 0.08), (dx - 0.05, dy + 0.08), 0.05)


def _silver(p: Pen, col: RGB, dark: RGB) -> None:
    for dx, dy in ((-0.35, 0.28), (0.35, -0.22)):
        p.circle(dark, dx, dy, 0.64)
        p.circle(shade(col, 1.2), dx, dy, 0.57)
        p.circle(dark, dx, dy, 0.4, p.line_w)
        p.circle(shade(col, 0.9), dx, dy, 0.34)
        p.line(IVORY, (dx - 0.2, dy - 0.1), (dx + 0.05, dy - 0.24), 0.08)


def _cloth(p: Pen, col: RGB, dark: RGB) -> None:
    # folded lengths of patterned cloth, stacked, with a fringe hanging from the top one
    for k, y in enumerate((0.5, 0.02, -0.46)):
        fold = [(-0.85, y - 0.2), (0.85, y - 0.2), (0.85, y + 0.2), (-0.85, y + 0.2)]
        p.outlined(shade(col, 1.0 + 0.15 * k), dark, fold)
        p.line(shade(col, 1.6), (-0.78, y), (0.78, y), 0.06)
        for x in (-0.5, 0.0, 0.5):  # little diamonds woven into the band
            p.poly(IVORY, [(x, y - 0.1), (x + 0.09, y), (x, y + 0.1), (x - 0.09, y)])
    for x in (-0.7, -0.5, -0.3, -0.1, 0.1, 0.3, 0.5, 0.7):
        p.line(dark, (x, 0.72), (x, 0.9), 0.05)


def _spice(p: Pen, col: RGB, dark: RGB) -> None:
    sack = [(-0.7, 0.92), (-0.85, 0.25), (-0.55, -0.3), (0.55, -0.3), (0.85, 0.25), (0.7, 0.92)]
    p.outlined((196, 160, 112), shade((196, 160, 112), 0.55), sack)
    p.ellipse(shade(col, 0.6), 0, -0.32, 1.3, 0.42)
    p.poly(col, [(-0.6, -0.32), (-0.25, -0.78), (0.05, -0.9), (0.35, -0.72), (0.62, -0.32)])
    for k in range(9):
        a = k * 2.2
        x, y = 0.35 * math.cos(a), -0.55 + 0.18 * math.sin(a)
        p.circle(shade(col, 1.35), x, y, 0.05)
    p.line(shade((196, 160, 112), 0.55), (-0.55, 0.05), (0.55, 0.05), 0.06)


def _leather(p: Pen, col: RGB, dark: RGB) -> None:
    hide = [
        (-0.92, -0.62),
        (-0.5, -0.48),
        (-0.3, -0.88),
        (0.3, -0.88),
        (0.5, -0.48),
        (0.92, -0.62),
        (0.72, 0.08),
        (0.92, 0.76),
        (0.4, 0.56),
        (0, 0.92),
        (-0.4, 0.56),
        (-0.92, 0.76),
        (-0.72, 0.08),
    ]
    p.outlined(shade(col, 1.1), dark, hide)
    stitch = [(x * 0.62, y * 0.62) for x, y in hide]
    for k in range(len(stitch)):  # a dashed line of stitches
        a, b = stitch[k], stitch[(k + 1) % len(stitch)]
        p.line(shade(col, 1.5), a, ((a[0] * 2 + b[0]) / 3, (a[1] * 2 + b[1]) / 3), 0.05)


def _camel(p: Pen, col: RGB, dark: RGB) -> None:
    body = shade(col, 0.5)
    for lx, foot in ((-0.5, -0.56), (-0.3, -0.26), (0.3, 0.24), (0.52, 0.58)):
        p.line(shade(body, 0.8), (lx, 0.1), (foot, 0.9), 0.12)
    p.ellipse(body, -0.05, 0.05, 1.35, 0.62)  # body
    p.ellipse(body, -0.12, -0.28, 0.78, 0.7)  # the hump
    p.line(body, (-0.68, 0.02), (-0.86, 0.42), 0.07)  # tail
    p.poly(body, [(0.45, -0.1), (0.62, -0.62), (0.82, -0.6), (0.72, 0.18)])  # neck
    p.ellipse(body, 0.82, -0.66, 0.44, 0.24)  # head
    p.circle(IVORY, 0.86, -0.7, 0.04)


SYMBOLS: dict[str, Callable[[Pen, RGB, RGB], None]] = {
    "diamond": _diamond,
    "gold": _gold,
    "silver": _silver,
    "cloth": _cloth,
    "spice": _spice,
    "leather": _leather,
    "camel": _camel,
}


@cache
def symbol_image(good: str, size: int) -> pygame.Surface:
    """A good's symbol in a size x size square, drawn large and smoothed down."""
    big = pygame.Surface((size * SUPER, size * SUPER), pygame.SRCALPHA)
    half = size * SUPER / 2
    col = COLOURS[good]
    SYMBOLS[good](Pen(big, (half, half), half * 0.96), col, shade(col, 0.5))
    return pygame.transform.smoothscale(big, (size, size))


def symbol(surface: pygame.Surface, good: str, c: tuple[int, int], s: float) -> None:
    """Draw a good's symbol centred at c, about 2*s wide."""
    image = symbol_image(good, max(4, round(2 * s)))
    surface.blit(image, image.get_rect(center=c))


def card_face(good: str, w: int = CARD_W, h: int = CARD_H) -> pygame.Surface:
    """A goods or camel card, face up; one surface per good, size and language (its name is
    written on it) however it is asked for."""
    return _card_face(good, w, h, i18n.language())


@cache
def _card_face(good: str, w: int, h: int, language: str) -> pygame.Surface:
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surface.get_rect()
    col = COLOURS[good]
    r = max(6, w // 9)
    pygame.draw.rect(surface, IVORY, rect, border_radius=r)
    inner = rect.inflate(-max(6, w // 11), -max(6, w // 11))
    pygame.draw.rect(surface, shade(col, 1.08), inner, border_radius=r - 2)
    window = pygame.Rect(inner.x + 4, inner.y + h // 7, inner.w - 8, int(h * 0.5))
    pygame.draw.rect(surface, shade(col, 0.88), window, border_radius=r - 3)
    pygame.draw.rect(surface, shade(col, 0.5), inner, 2, border_radius=r - 2)
    symbol(surface, good, window.center, window.w * 0.42)
    band_h = max(16, h // 5)
    band = pygame.Rect(inner.x + 3, inner.bottom - band_h - 2, inner.w - 6, band_h)
    pygame.draw.rect(surface, IVORY, band, border_radius=max(3, r - 4))
    room = band.w - 4
    size = 15 if w >= 80 else 12
    smallest = size - 3
    while size > smallest and text.font(size, "bold").size(i18n.tr(TITLE[good]))[0] > room:
        size -= 1  # "Diamond" on a small card: shrink the type rather than clip it
    image = text.render(TITLE[good], size, INK, "bold")
    if image.get_width() > room:  # still too long ("ダイヤモンド"): narrower letters, as print does
        image = pygame.transform.smoothscale(image, (room, image.get_height()))
    surface.blit(image, image.get_rect(center=band.center))
    corner = max(10, w // 6)
    symbol(surface, good, (inner.x + corner // 2 + 3, inner.y + corner // 2 + 2), corner / 2)
    return surface


def card_back(w: int = CARD_W, h: int = CARD_H) -> pygame.Surface:
    return _card_back(w, h)


@cache
def _card_back(w: int, h: int) -> pygame.Surface:
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surface.get_rect()
    r = max(6, w // 9)
    pygame.draw.rect(surface, IVORY, rect, border_radius=r)
    inner = rect.inflate(-max(6, w // 11), -max(6, w // 11))
    pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(pattern, (120, 30, 48), pattern.get_rect(), border_radius=r - 2)
    step = max(8, w // 7)
    for k in range(-h, w + h, step):  # lattice, like a jali screen
        pygame.draw.line(pattern, (150, 52, 66), (k, 0), (k + h, h), 2)
        pygame.draw.line(pattern, (150, 52, 66), (k + h, 0), (k, h), 2)
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=r - 2)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)  # keep the rounded corners
    surface.blit(pattern, inner)
    medallion = max(8, w // 5)
    pygame.draw.circle(surface, (236, 172, 64), inner.center, medallion)
    pygame.draw.circle(surface, (120, 30, 48), inner.center, medallion - 4)
    pygame.draw.circle(surface, (236, 172, 64), inner.center, medallion // 3)
    return surface


@cache
def _disc(colour: tuple[int, int, int], r: int) -> pygame.Surface:
    """A blank token of radius r: rim, face and a light edge, smoothed."""
    big_r = r * SUPER
    big = pygame.Surface((2 * big_r + 2 * SUPER, 2 * big_r + 2 * SUPER), pygame.SRCALPHA)
    c = (big_r + SUPER, big_r + SUPER)
    pygame.draw.circle(big, shade(colour, 0.55), c, big_r)
    pygame.draw.circle(big, colour, c, big_r - 3 * SUPER)
    pygame.draw.circle(big, shade(colour, 1.3), c, big_r - 3 * SUPER, SUPER)
    return pygame.transform.smoothscale(big, (2 * r + 2, 2 * r + 2))


@cache
def token(good: str, value: int | None, r: int = 22) -> pygame.Surface:
    """A round token: a goods token (and the camel token) shows its good's symbol, darkened,
    behind its value, so that goods whose colours are alike in grey (diamond, cloth, leather)
    still read apart; a `bonus` token its value (value None: face down, "?")."""
    surface = _disc(COLOURS.get(good, BONUS_BLUE), r).copy()
    centre = (r + 1, r + 1)
    if good == "bonus" and value is not None:  # turned over: an ivory face, the value in ink
        pygame.draw.circle(surface, IVORY, centre, r - 3)
        text.blit(surface, str(value), centre, int(r * 0.95), BONUS_BLUE, "black", "center")
        return surface
    if good in SYMBOLS:
        mark = symbol_image(good, max(4, round(1.6 * r))).copy()
        mark.fill((90, 90, 90, 255), special_flags=pygame.BLEND_RGBA_MULT)  # darker than the disc
        surface.blit(mark, mark.get_rect(center=centre))
    label = "?" if value is None else str(value)
    size = int(r * 0.95)
    for dx, dy in OUTLINE:  # ivory edged in ink: it reads on the symbol and on the bare disc alike
        text.blit(surface, label, (centre[0] + dx, centre[1] + dy), size, INK, "black", "center", as_is=True)
    text.blit(surface, label, centre, size, IVORY, "black", "center", as_is=True)
    return surface


@cache
def bonus_back(size: int, r: int = 22) -> pygame.Surface:
    """A face-down bonus token marked with its pile, as the box's tokens are: 3, 4 or 5+."""
    surface = _disc(BONUS_BLUE, r).copy()
    label = f"{size}+" if size == 5 else str(size)
    text.blit(surface, label, (r + 1, r + 1), max(9, int(r * 0.78)), (200, 208, 240), "black", "center")
    return surface
