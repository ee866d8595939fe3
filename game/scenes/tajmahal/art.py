"""The Taj Mahal table's pictures: cards, palaces, tiles and the seat colours.

Nothing relies on colour alone: each card names its colour and shows a stripe pattern of its
own, each seat's palaces have a shape of their own, each province a hatching of its own.
"""

from __future__ import annotations

import math
from functools import cache

import pygame

from game.core import i18n
from game.core.i18n import msg
from game.rules.tajmahal.data import CARDS
from game.rules.tajmahal.words import COLOUR, GOOD
from game.ui import text

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
# What a card's colour looks like without colour: its stripes' direction and spacing.
CARD_STRIPES = {
    "green": (1, 7),
    "purple": (-1, 7),
    "red": (0, 6),
    "yellow": (2, 9),
    "white": None,
    "special": None,
}
INK = (24, 20, 30)
PAPER = (250, 246, 236)

SYMBOL_SHORT = {
    "vizier": msg("Viz"),
    "general": msg("Gen"),
    "monk": msg("Monk"),
    "princess": msg("Prin"),
    "mogul": msg("Mog"),
    "elephant": msg("Ele"),
}
SPECIAL_SHORT = {
    "elephant": msg("+Ele"),
    "points": msg("+2 pts"),
    "mogul": msg("+Mog"),
    "change": msg("any col."),
}
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
    return [(x + r * math.cos(a), y + r * math.sin(a)) for a in (k * math.pi / 8 for k in range(16))]


def seat_mark(surface: pygame.Surface, seat: int, centre: tuple[float, float], r: float, outline=INK) -> None:
    """A seat's palace: its shape in its colour, outlined so it stands on any fill."""
    if SEAT_SHAPES[seat % 5] == "circle":  # drawn round, not as a polygon's corners
        pygame.draw.circle(surface, SEAT_COLOURS[seat % 5], centre, r)
        pygame.draw.circle(surface, outline, centre, r, 2)
        return
    pts = shape_points(SEAT_SHAPES[seat % 5], centre, r)
    pygame.draw.polygon(surface, SEAT_COLOURS[seat % 5], pts)
    pygame.draw.polygon(surface, outline, pts, 2)


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


def _stripes(surface: pygame.Surface, rect: pygame.Rect, slope: int, gap: int, ink) -> None:
    clip = surface.get_clip()
    surface.set_clip(rect)
    if slope == 0:
        for y in range(rect.y + 2, rect.bottom, gap):
            pygame.draw.line(surface, ink, (rect.x, y), (rect.right, y), 1)
    elif slope == 2:
        for x in range(rect.x + 2, rect.right, gap):
            pygame.draw.line(surface, ink, (x, rect.y), (x, rect.bottom), 1)
    else:
        h = rect.h
        for x in range(rect.x - h, rect.right + h, gap):
            pygame.draw.line(surface, ink, (x, rect.bottom), (x + slope * h, rect.y), 1)
    surface.set_clip(clip)


def _shade(colour: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return (int(colour[0] * k), int(colour[1] * k), int(colour[2] * k))


def card_face(card_id: int, w: int = 50, h: int = 70) -> pygame.Surface:
    """A card: its colour as fill with its stripes in the top band and its colour's name;
    its symbols written out in the middle (drawn again for another language)."""
    return _card_face(card_id, w, h, i18n.language())


@cache
def _card_face(card_id: int, w: int, h: int, language: str) -> pygame.Surface:
    card = CARDS[card_id]
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surface.get_rect()
    fill = CARD_FILL[card.colour]
    pygame.draw.rect(surface, PAPER, rect, border_radius=6)
    band = pygame.Rect(0, 0, w, max(10, h // 4))
    pygame.draw.rect(surface, fill, band, border_top_left_radius=6, border_top_right_radius=6)
    stripes = CARD_STRIPES[card.colour]
    if stripes:
        _stripes(surface, band, stripes[0], stripes[1], _shade(fill, 0.7))
    dark = card.colour in ("purple", "red", "special", "green")
    if w >= 40:
        name, size = text.fit(i18n.tr(COLOUR[card.colour]).upper(), w - 4, 10, "black", smallest=8)
        label = text.render(name, size, PAPER if dark else INK, "black")
        surface.blit(label, label.get_rect(center=band.center))
    if card.colour == "special":
        words = [SPECIAL_SHORT[card.special]]
        pygame.draw.rect(surface, fill, rect.inflate(-6, -6).move(0, band.h // 2), 2, border_radius=4)
    else:
        words = [SYMBOL_SHORT[s] for s in card.symbols]
    if w >= 40:
        top = band.bottom + 4
        step = (h - top - 4) / max(1, len(words))
        for k, word in enumerate(words):
            short = len(i18n.tr(word)) <= (4 if i18n.language() == "en" else 2)
            shown, size = text.fit(word, w - 6, 15 if short else 12, "bold", smallest=9)
            image = text.render(shown, size, INK, "bold")
            surface.blit(image, image.get_rect(center=(w // 2, round(top + step * (k + 0.5)))))
    else:  # a mini card: the first letters of its symbols
        letters = "".join(i18n.tr(SYMBOL_SHORT[s])[0] for s in card.symbols)
        letters = letters or i18n.tr(SPECIAL_SHORT[card.special]).lstrip("+")[:1]
        shown, size = text.fit(letters, w - 2, 10, "black", smallest=7)
        image = text.render(shown, size, INK, "black")
        surface.blit(image, image.get_rect(center=(w // 2, (band.bottom + h) // 2)))
    pygame.draw.rect(surface, (60, 50, 40), rect, 1, border_radius=6)
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
