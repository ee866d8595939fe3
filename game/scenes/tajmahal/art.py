"""The Taj Mahal table's pictures: the six influence symbols, cards, palaces, tiles and the
seat colours.

Nothing relies on colour alone: each card names its colour and shows a pattern of its own
kind (dots, cross-hatching, stripes, checks, plain), each influence kind is a silhouette of
its own (a sealed scroll for the vizier, crossed swords for the general, a monk sitting in
meditation, a crown for the princess, a domed pavilion for the mogul, an elephant), each
seat's palaces have a shape of their own, each province a hatching of its own. Symbols are
drawn at four times their size and smoothed down, so they stay clean from a played chip's 12
pixels to a card's 30.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import pygame

from game.core import i18n
from game.core.i18n import N_, msg
from game.rules.tajmahal.face.data import CARDS
from game.rules.tajmahal.face.words import CATEGORY, COLOUR, GOOD, SPECIAL
from game.ui import text

Rgb = tuple[int, int, int]

# Okabe-Ito colours, told apart by most colour-blind eyes, and a shape per seat besides.
SEAT_COLOURS = ((230, 159, 0), (86, 180, 233), (0, 158, 115), (213, 94, 0), (204, 121, 167))
SEAT_SHAPES = ("square", "circle", "triangle", "diamond", "hexagon")

CARD_FILL = {
    "green": (92, 160, 92),
    "purple": (140, 96, 176),
    "red": (200, 72, 64),
    "yellow": (226, 190, 70),
    "white": (238, 234, 226),
    "special": (64, 52, 88),
}
# What a card's colour looks like without colour: a pattern of its own kind on its band and
# its frame (the five differ in grey too: dots, cross-hatching, stripes, checks, plain).
CARD_PATTERN = {
    "green": "dots",
    "purple": "cross",
    "red": "stripes",
    "yellow": "checks",
    "white": "plain",
    "special": "plain",
}
CARD_WORD = 14  # the size of a card's colour word on its band (a kanji needs it)
FRAME = 4  # the patterned frame round a card's symbols
INK = (24, 20, 30)
PAPER = (250, 246, 236)

# The column heads' names of the six kinds (the rules' words are lower case, for sentences).
SYMBOL_TITLE = {
    "vizier": N_("Vizier"),
    "general": N_("General"),
    "monk": N_("Monk"),
    "princess": N_("Princess"),
    "mogul": N_("Mogul"),
    "elephant": N_("Elephant"),
}
# What a special card does, in a few words (the tooltip says it whole).
SPECIAL_EFFECT = {
    "elephant": msg("counts as one elephant"),
    "points": msg("2 points when played"),
    "mogul": msg("counts as one mogul"),
    "change": msg("any colour"),
}
# The special card's effect as drawn beside its symbol: +1 elephant, +2 points, +1 mogul, any colour.
SPECIAL_TAG = {"elephant": "+1", "points": "+2", "mogul": "+1", "change": N_("any colour")}
SPECIAL_SYMBOL = {"elephant": "elephant", "points": "points", "mogul": "mogul", "change": "change"}
# preview.card_words composes the action bar's words from these two: full names, no abbreviations.
SYMBOL_SHORT = CATEGORY
SPECIAL_SHORT = SPECIAL_EFFECT
GOOD_COLOURS = {
    "rice": (240, 236, 220),
    "tea": (110, 160, 90),
    "spice": (214, 120, 40),
    "jewel": (70, 130, 220),
}
BONUS_SHORT = {"taj": "+4", "points2": "+2", "draw": msg("card")}


def good_letter(good: str) -> str:
    """A good's initial in the current language: R, T, S, J; 米, 茶, 香, 宝."""
    return i18n.tr(GOOD[good])[:1].upper()


def bonus_short(kind: str) -> str:
    """What a bonus tile shows: +4, +2, card, or its good's initial."""
    return BONUS_SHORT[kind] if kind in BONUS_SHORT else good_letter(kind)


def shape_points(shape: str, centre: tuple[float, float], r: float) -> list[tuple[float, float]]:
    x, y = centre
    if shape == "square":
        return [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    if shape == "triangle":
        return [(x, y - r * 1.2), (x + r * 1.15, y + r * 0.85), (x - r * 1.15, y + r * 0.85)]
    if shape == "diamond":
        return [(x, y - r * 1.25), (x + r * 1.1, y), (x, y + r * 1.25), (x - r * 1.1, y)]
    if shape == "hexagon":
        return [
            (x + r * 1.1 * math.cos(a), y + r * 1.1 * math.sin(a))
            for a in (k * math.pi / 3 for k in range(6))
        ]
    c = circle_radius(r)  # the circle, as seat_mark draws it
    return [(x + c * math.cos(a), y + c * math.sin(a)) for a in (k * math.pi / 8 for k in range(16))]


def circle_radius(r: float) -> int:
    """A circle's radius beside the other shapes of size r (as wide as the hexagon)."""
    return round(r * 1.15)


def seat_mark(
    surface: pygame.Surface, seat: int, centre: tuple[float, float], r: float, outline: Rgb = INK
) -> None:
    """A seat's palace: its shape in its colour, outlined so it stands on any fill (a
    one-pixel line on the map's small pieces, two on the larger marks)."""
    line = 1 if r <= 4 else 2
    if SEAT_SHAPES[seat % 5] == "circle":  # drawn round, not as a polygon's corners
        pygame.draw.circle(surface, SEAT_COLOURS[seat % 5], centre, circle_radius(r))
        pygame.draw.circle(surface, outline, centre, circle_radius(r), line)
        return
    pts = shape_points(SEAT_SHAPES[seat % 5], centre, r)
    pygame.draw.polygon(surface, SEAT_COLOURS[seat % 5], pts)
    pygame.draw.polygon(surface, outline, pts, line)


@cache
def palace(seat: int, mogul: bool = False, r: int = 7) -> pygame.Surface:
    """A palace token, a mogul's with a white dot in the middle (cached)."""
    size = 4 * r
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    seat_mark(surface, seat, (size / 2, size / 2), r)
    if mogul:
        pygame.draw.circle(surface, PAPER, (size // 2, size // 2), max(2, r // 2))
        pygame.draw.circle(surface, INK, (size // 2, size // 2), max(2, r // 2), 1)
    return surface


# -- the influence symbols -----------------------------------------------------------------
SUPER = 4  # symbols are drawn this many times larger, then smoothed down


class _Pen:
    """Draws a silhouette in a 100-unit square: `ink` for the figure, `hole` cuts it out
    (transparent, in the ink's colour so smoothing leaves no dark fringe)."""

    def __init__(self, surface: pygame.Surface, ink: tuple[int, int, int]):
        self.surface, self.u = surface, surface.get_width() / 100
        self.ink, self.clear = (*ink[:3], 255), (*ink[:3], 0)

    def p(self, x: float, y: float) -> tuple[int, int]:
        return (round(x * self.u), round(y * self.u))

    def n(self, length: float) -> int:
        return max(1, round(length * self.u))

    def colour(self, hole: bool) -> tuple[int, int, int, int]:
        return self.clear if hole else self.ink

    def poly(self, pts: Sequence[tuple[float, float]], hole: bool = False) -> None:
        pygame.draw.polygon(self.surface, self.colour(hole), [self.p(x, y) for x, y in pts])

    def circle(self, x: float, y: float, r: float, hole: bool = False) -> None:
        pygame.draw.circle(self.surface, self.colour(hole), self.p(x, y), self.n(r))

    def rect(self, x: float, y: float, w: float, h: float, r: float = 0, hole: bool = False) -> None:
        box = pygame.Rect(*self.p(x, y), self.n(w), self.n(h))
        pygame.draw.rect(self.surface, self.colour(hole), box, border_radius=round(r * self.u))

    def ellipse(self, x: float, y: float, w: float, h: float) -> None:
        pygame.draw.ellipse(self.surface, self.ink, pygame.Rect(*self.p(x, y), self.n(w), self.n(h)))

    def arc(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        start: float,
        stop: float,
        width: float,
        hole: bool = False,
    ) -> None:
        box = pygame.Rect(*self.p(x, y), self.n(w), self.n(h))
        pygame.draw.arc(self.surface, self.colour(hole), box, start, stop, self.n(width))

    def line(self, a: tuple[float, float], b: tuple[float, float], width: float, hole: bool = False) -> None:
        """A stroke with round ends."""
        w = self.n(width)
        pygame.draw.line(self.surface, self.colour(hole), self.p(*a), self.p(*b), w)
        for end in (a, b):
            pygame.draw.circle(self.surface, self.colour(hole), self.p(*end), w / 2)

    def bar(self, a: tuple[float, float], b: tuple[float, float], width: float) -> None:
        """A stroke with square ends."""
        (ax, ay), (bx, by) = a, b
        d = math.hypot(bx - ax, by - ay)
        nx, ny = -(by - ay) / d * width / 2, (bx - ax) / d * width / 2
        self.poly([(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)])


def _vizier(p: _Pen) -> None:
    """A sealed scroll: the vizier's written order."""
    p.rect(20, 24, 60, 44)
    p.rect(6, 12, 20, 64, r=10)
    p.rect(74, 12, 20, 64, r=10)
    p.rect(31, 33, 38, 6, hole=True)  # writing
    p.rect(31, 45, 30, 6, hole=True)
    p.line((16, 20), (16, 68), 4, hole=True)  # the roll's curl
    p.poly([(42, 70), (50, 70), (44, 96), (36, 92)])  # the seal's ribbons
    p.poly([(50, 70), (58, 70), (64, 92), (56, 96)])
    p.circle(50, 72, 11)


def _general(p: _Pen) -> None:
    """Two crossed swords, hilts down."""
    for mirrored in (False, True):
        bx, tx = (72, 10) if mirrored else (28, 90)
        by, ty = 72, 10
        d = math.hypot(tx - bx, ty - by)
        ux, uy = (tx - bx) / d, (ty - by) / d
        nx, ny = -uy * 7, ux * 7
        sx, sy = tx - ux * 14, ty - uy * 14  # where the blade narrows to its point
        p.poly([(bx + nx, by + ny), (sx + nx, sy + ny), (tx, ty), (sx - nx, sy - ny), (bx - nx, by - ny)])
        gx, gy = bx + ux * 2, by + uy * 2
        p.bar((gx - ny * 3, gy + nx * 3), (gx + ny * 3, gy - nx * 3), 10)  # the guard
        p.bar((bx, by), (bx - ux * 16, by - uy * 16), 10)  # the grip
        p.circle(bx - ux * 20, by - uy * 20, 8)  # the pommel


def _monk(p: _Pen) -> None:
    """A monk sitting in meditation, hands in his lap."""
    p.circle(50, 16, 13)
    p.poly([(32, 38), (68, 38), (80, 76), (20, 76)])
    p.circle(36, 44, 8)
    p.circle(64, 44, 8)
    p.ellipse(4, 64, 92, 28)
    p.line((36, 48), (48, 70), 4, hole=True)
    p.line((64, 48), (52, 70), 4, hole=True)


def _princess(p: _Pen) -> None:
    """A crown of three points with jewels."""
    p.poly([(12, 80), (12, 36), (31, 56), (50, 24), (69, 56), (88, 36), (88, 80)])
    p.circle(12, 30, 8)
    p.circle(50, 17, 9)
    p.circle(88, 30, 8)
    p.rect(12, 66, 76, 4, hole=True)
    p.circle(50, 56, 6, hole=True)


def _mogul(p: _Pen) -> None:
    """The mogul's domed pavilion between two minarets."""
    right = [(50, 14), (58, 24), (72, 34), (80, 46), (76, 56), (66, 62)]
    p.poly(right + [(100 - x, y) for x, y in reversed(right)])  # the onion dome
    p.bar((50, 2), (50, 16), 5)
    p.circle(50, 5, 5)
    p.rect(18, 60, 64, 32)
    p.rect(40, 72, 20, 20, hole=True)  # the gate
    p.circle(50, 72, 10, hole=True)
    for x in (6, 86):
        p.rect(x, 46, 9, 46)
        p.poly([(x - 1, 47), (x + 4.5, 34), (x + 10, 47)])


def _elephant(p: _Pen) -> None:
    """An elephant facing left, trunk down."""
    p.ellipse(30, 24, 66, 48)  # body
    p.circle(30, 38, 21)  # head
    p.line((15, 46), (8, 66), 13)  # trunk
    p.line((8, 66), (11, 84), 11)
    p.line((11, 84), (20, 88), 8)
    p.rect(36, 56, 17, 36, r=3)  # legs
    p.rect(74, 56, 17, 36, r=3)
    p.line((94, 42), (98, 62), 4)  # tail
    p.arc(30, 20, 30, 38, -1.9, 1.9, 4.5, hole=True)  # the ear's edge
    p.circle(24, 33, 3.5, hole=True)  # eye


def _points(p: _Pen) -> None:
    """A five-pointed star: points scored (the special card +2)."""
    pts = []
    for k in range(10):
        r = 48 if k % 2 == 0 else 21
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((50 + r * math.cos(a), 54 + r * math.sin(a)))
    p.poly(pts)


def _change(p: _Pen) -> None:
    """Two arrows chasing each other round: the colour changes (the special card)."""
    for k in (0, 1):
        start = math.pi * k + 0.35
        p.arc(12, 12, 76, 76, start, start + math.pi - 0.7, 12)
        a = start + math.pi - 0.7  # the arrow head at the arc's end, pointing on round
        x, y = 50 + 38 * math.cos(a), 50 - 38 * math.sin(a)
        tx, ty = -math.sin(a), -math.cos(a)  # the direction of travel (anticlockwise on screen)
        nx, ny = math.cos(a), -math.sin(a)
        p.poly([(x + nx * 15, y + ny * 15), (x + tx * 20, y + ty * 20), (x - nx * 15, y - ny * 15)])


_SYMBOLS = {
    "vizier": _vizier,
    "general": _general,
    "monk": _monk,
    "princess": _princess,
    "mogul": _mogul,
    "elephant": _elephant,
    "points": _points,
    "change": _change,
}


@cache
def symbol(kind: str, size: int, ink: tuple[int, int, int] = INK) -> pygame.Surface:
    """An influence kind's symbol (a CATEGORIES name), or a special card's effect ("points",
    "change"), as a silhouette in `ink` filling a size x size square (cached)."""
    big = pygame.Surface((size * SUPER, size * SUPER), pygame.SRCALPHA)
    big.fill((*ink[:3], 0))
    _SYMBOLS[kind](_Pen(big, ink))
    return pygame.transform.smoothscale(big, (size, size))


def draw_symbol(
    surface: pygame.Surface, kind: str, centre: tuple[float, float], size: int, ink: Rgb = INK
) -> pygame.Rect:
    image = symbol(kind, size, ink)
    rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(image, rect)
    return rect


# -- cards ----------------------------------------------------------------------------------
def pattern(surface: pygame.Surface, rect: pygame.Rect, kind: str, ink: Rgb) -> None:
    """A card colour's pattern over `rect`, in `ink`, laid from the surface's corner (so the
    band and the frame of a card match): dots, cross-hatching, stripes, checks or plain."""
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    w, h = surface.get_size()
    if kind == "dots":
        for y in range(1, h, 5):
            for x in range(1 + (y // 5 % 2) * 2, w, 5):
                pygame.draw.rect(surface, ink, (x, y, 2, 2))
    elif kind == "cross":
        for x in range(-h, w + h, 5):
            pygame.draw.line(surface, ink, (x, 0), (x + h, h), 1)
            pygame.draw.line(surface, ink, (x, h), (x + h, 0), 1)
    elif kind == "stripes":
        for y in range(1, h, 4):
            pygame.draw.line(surface, ink, (0, y), (w, y), 2)
    elif kind == "checks":
        for y in range(0, h, 3):
            for x in range((y // 3 % 2) * 3, w, 6):
                pygame.draw.rect(surface, ink, (x, y, 3, 3))
    surface.set_clip(clip)


def colour_swatch(colour: str, w: int, h: int) -> pygame.Surface:
    """A card colour's fill and pattern, as its band and frame show them."""
    surface = pygame.Surface((w, h))
    fill = CARD_FILL[colour]
    surface.fill(fill)
    pattern(surface, surface.get_rect(), CARD_PATTERN[colour], _shade(fill, 0.55))
    return surface


def _shade(colour: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return (int(colour[0] * k), int(colour[1] * k), int(colour[2] * k))


def card_face(card_id: int, w: int = 50, h: int = 70) -> pygame.Surface:
    """A card: its colour as fill and pattern on the top band and a frame, its colour's name
    on the band with a rim of the plain fill; its one or two symbols on paper in the middle;
    a special card its effect as a symbol and its name (drawn again for another language).
    Under 40 pixels wide, a played card's chip: the symbols alone in a frame of the card's
    colour."""
    return _card_face(card_id, w, h, i18n.language())


CHANGE_COLOURS = ("green", "purple", "red", "yellow")


@cache
def _card_face(card_id: int, w: int, h: int, language: str) -> pygame.Surface:
    card = CARDS[card_id]
    if w < 40:
        return _chip(card_id, w, h)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surface.get_rect()
    fill = CARD_FILL[card.colour]
    shape = pygame.Surface((w, h), pygame.SRCALPHA)  # the card's rounded outline
    pygame.draw.rect(shape, (255, 255, 255, 255), rect, border_radius=6)
    surface.blit(colour_swatch(card.colour, w, h), (0, 0))
    surface.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    band = pygame.Rect(0, 0, w, max(12, round(h * 2 / 7)))
    if card.colour != "special":  # paper for the symbols inside the patterned frame
        body = pygame.Rect(FRAME, band.bottom, w - 2 * FRAME, h - band.bottom - FRAME)
        pygame.draw.rect(surface, PAPER, body, border_radius=3)
    else:
        body = pygame.Rect(0, band.bottom, w, h - band.bottom)
        pygame.draw.rect(surface, PAPER, body, border_radius=6)
    dark = card.colour in ("purple", "red", "special", "green")
    name, size = text.fit(i18n.tr(COLOUR[card.colour]).capitalize(), w - 4, CARD_WORD, "black", smallest=11)
    label = text.render(name, size, PAPER if dark else INK, "black")
    rim = text.render(name, size, fill, "black")
    letters = label.get_bounding_rect()
    at = (band.centerx - letters.centerx, band.centery - letters.centery)
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        surface.blit(rim, (at[0] + dx, at[1] + dy))  # a rim of plain fill: the pattern round it
    surface.blit(label, at)
    if card.colour == "special":
        _special_body(surface, card.special, body, fill)
    elif len(card.symbols) == 1:
        side = min(body.w - 4, body.h - 10)
        draw_symbol(surface, card.symbols[0], body.center, side)
    else:
        side = min(body.w - 8, (body.h - 2) // 2)
        for k, kind in enumerate(card.symbols):
            draw_symbol(surface, kind, (w / 2, body.y + body.h * (1 + 2 * k) / 4), side)
    pygame.draw.rect(surface, (60, 50, 40), rect, 1, border_radius=6)
    return surface


def _special_body(surface: pygame.Surface, special: str, body: pygame.Rect, fill: Rgb) -> None:
    """A special card's effect: its symbol (the four colours inside the change's arrows) over
    its name in words."""
    pygame.draw.rect(surface, fill, surface.get_rect(), 3, border_radius=6)
    side = min(body.w - 20, 24)
    centre = (body.centerx, body.y + 4 + side // 2)
    draw_symbol(surface, SPECIAL_SYMBOL[special], centre, side)
    if special == "change":
        for k, colour in enumerate(CHANGE_COLOURS):
            x = centre[0] + (-3 if k % 2 == 0 else 3)
            y = centre[1] + (-3 if k < 2 else 3)
            pygame.draw.circle(surface, CARD_FILL[colour], (x, y), 3)
    elif special == "points":
        two = text.render("2", 10, PAPER, "black")
        surface.blit(two, two.get_rect(center=(centre[0], centre[1] + 2)))
    size = 10 if len(text.wrap(SPECIAL[special], body.w - 8, 10, "black")) <= 2 else 9
    lines = text.wrap(SPECIAL[special], body.w - 8, size, "black")[:2]
    top = centre[1] + side // 2 + 1
    step = (body.bottom - 4 - top) / max(1, len(lines))
    for k, line in enumerate(lines):
        image = text.verbatim(line, size, INK, "black")
        surface.blit(image, image.get_rect(center=(body.centerx, round(top + step * (k + 0.5)))))


def _chip(card_id: int, w: int, h: int) -> pygame.Surface:
    """A card as played this visit, small: paper in a frame of the card's colour (grey for a
    white card, the special cards' violet for a special one) and its symbols, one over the
    other, large enough to count."""
    card = CARDS[card_id]
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surface.get_rect()
    frame = CARD_FILL[card.colour] if card.colour != "white" else (150, 144, 136)
    pygame.draw.rect(surface, frame, rect, border_radius=4)
    pygame.draw.rect(surface, PAPER, rect.inflate(-4, -4), border_radius=3)
    pygame.draw.rect(surface, (60, 50, 40), rect, 1, border_radius=4)
    kinds = list(card.symbols) if card.colour != "special" else [SPECIAL_SYMBOL[card.special]]
    side = min(w - 6, (h - 4) // len(kinds))
    for k, kind in enumerate(kinds):
        draw_symbol(surface, kind, (w / 2, 2 + (h - 4) * (1 + 2 * k) / (2 * len(kinds))), side)
    return surface


@cache
def card_back(w: int = 50, h: int = 70) -> pygame.Surface:
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, (120, 40, 50), rect, border_radius=6)
    pygame.draw.rect(surface, (236, 172, 64), rect.inflate(-8, -8), 2, border_radius=4)
    pygame.draw.circle(surface, (236, 172, 64), rect.center, min(w, h) // 5, 2)
    pygame.draw.rect(surface, (40, 20, 20), rect, 1, border_radius=6)
    return surface


def good_chip(good: str, r: int = 7) -> pygame.Surface:
    """A good: a coloured disc with its initial (drawn again for another language)."""
    return _good_chip(good, r, i18n.language())


@cache
def _good_chip(good: str, r: int, language: str) -> pygame.Surface:
    surface = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    c = (r + 1, r + 1)
    pygame.draw.circle(surface, GOOD_COLOURS[good], c, r)
    pygame.draw.circle(surface, INK, c, r, 1)
    ink = PAPER if good in ("jewel", "tea", "spice") else INK
    image = text.render(good_letter(good), max(9, r + 3) - (language != "en"), ink, "black")
    surface.blit(image, image.get_rect(center=c))
    return surface


def bonus_tile(kind: str) -> pygame.Surface:
    """A fortress's bonus tile: a small plaque with what it gives (drawn again for another
    language)."""
    return _bonus_tile(kind, i18n.language())


@cache
def _bonus_tile(kind: str, language: str) -> pygame.Surface:
    label = bonus_short(kind)
    image = text.render(label, 11, INK, "black")
    w = max(18, image.get_width() + 6)
    surface = pygame.Surface((w, 16), pygame.SRCALPHA)
    fill = (250, 226, 150) if kind in ("taj", "points2") else (GOOD_COLOURS.get(kind) or (230, 230, 240))
    pygame.draw.rect(surface, fill, surface.get_rect(), border_radius=3)
    pygame.draw.rect(surface, INK, surface.get_rect(), 1, border_radius=3)
    ink = PAPER if kind in ("jewel", "tea", "spice") else INK
    image = text.render(label, 11, ink, "black")
    surface.blit(image, image.get_rect(center=(w // 2, 8)))
    return surface


def province_tile(number: int, goods: tuple[str, ...]) -> pygame.Surface:
    """A province tile: its visit number and its goods (drawn again for another language)."""
    return _province_tile(number, goods, i18n.language())


@cache
def _province_tile(number: int, goods: tuple[str, ...], language: str) -> pygame.Surface:
    w = 24 + 14 * len(goods)
    surface = pygame.Surface((w, 20), pygame.SRCALPHA)
    pygame.draw.rect(surface, (246, 238, 220), surface.get_rect(), border_radius=4)
    pygame.draw.rect(surface, (90, 60, 40), surface.get_rect(), 2, border_radius=4)
    image = text.render(str(number), 13, INK, "black")
    surface.blit(image, image.get_rect(center=(12, 10)))
    for k, good in enumerate(goods):
        chip = good_chip(good, 6)
        surface.blit(chip, chip.get_rect(center=(26 + 14 * k, 10)))
    return surface
