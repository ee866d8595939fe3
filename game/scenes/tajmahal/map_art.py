"""The Taj Mahal map as the table draws it: read once from levels/tajmahal.tmx with pytmx
(every layer: terrain, provinces, rivers, roads, cities, labels) and painted once into the
table's cached layer. Provinces get a pastel and a hatching each, so no two neighbours look
alike with or without colour. Where each name, bonus tag and province tile goes is
`placement()` (labels.py), made once per language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Protocol

import pygame

from game.core import i18n
from game.rules import tiled
from game.rules.tajmahal.face.board import board_path, load
from game.scenes.tajmahal import labels
from game.scenes.tajmahal import layout as L
from game.ui import text
from game.ui.targets import slug

if TYPE_CHECKING:
    from pygame.typing import ColorLike

    from game.scenes.tajmahal.art import Rgb

Point = tuple[int, int]
Feature = tuple[str, str, tuple[Point, ...]]  # a feature of the file: (type, name, points on screen)
PASTELS = (
    (244, 214, 190),
    (206, 226, 196),
    (238, 226, 170),
    (214, 206, 236),
    (246, 200, 206),
    (196, 222, 234),
    (236, 236, 200),
    (250, 214, 160),
    (204, 236, 214),
    (232, 208, 232),
    (222, 214, 188),
    (200, 210, 226),
)
# (kind, spacing) per province in the file's order: hatchings told apart without colour
PATTERNS = (
    ("diag", 9),
    ("dots", 10),
    ("anti", 9),
    ("horiz", 8),
    ("cross", 12),
    ("vert", 9),
    ("dots", 14),
    ("diag", 14),
    ("anti", 14),
    ("horiz", 13),
    ("vert", 14),
    ("cross", 18),
)
LAND = (226, 222, 208)
TERRAIN = {"sea": (150, 190, 222), "desert": (236, 214, 150), "marsh": (214, 220, 214)}
BORDER = (70, 50, 40)
RIVER = (70, 130, 200)
ROAD = (150, 60, 40)
CITY_INK = labels.CITY_INK


@dataclass(frozen=True)
class MapArt:
    provinces: dict[str, tuple[Point, ...]]  # on screen
    fill: dict[str, tuple[int, int, int]]
    pattern: dict[str, tuple[str, int]]
    cities: dict[str, Point]
    labels: dict[str, Point]  # province name -> where its name is written
    layers: dict[str, list[Feature]]  # the file's other features


def city_id(name: str) -> str:
    """A city's target id: "city.dera-ghazi-khan"."""
    return f"city.{slug(name)}"


def province_id(name: str) -> str:
    return f"province.{slug(name)}"


class _Xy(Protocol):  # a point of pytmx's (it ships no types)
    @property
    def x(self) -> float: ...

    @property
    def y(self) -> float: ...


class _Drawn(Protocol):  # a pytmx object drawn by its points: a polygon or a polyline
    @property
    def points(self) -> Sequence[_Xy]: ...


def _pts(obj: _Drawn) -> tuple[Point, ...]:
    return tuple(L.on_map(p.x, p.y) for p in obj.points)


@cache
def map_art() -> MapArt:
    pytmx = tiled.pytmx()
    tmx = pytmx.TiledMap(str(board_path()))
    groups = {g.name: g for g in tmx.layers if isinstance(g, pytmx.TiledObjectGroup)}
    provinces: dict[str, tuple[Point, ...]] = {}
    fill, pattern = {}, {}
    for k, obj in enumerate(groups["provinces"]):
        provinces[obj.name] = _pts(obj)
        fill[obj.name] = PASTELS[k % len(PASTELS)]
        pattern[obj.name] = PATTERNS[k % len(PATTERNS)]
    cities = {obj.name: L.on_map(obj.x, obj.y) for obj in groups["cities"]}
    names: dict[str, Point] = {}
    other: dict[str, list[Feature]] = {"terrain": [], "rivers": [], "labels": []}
    for obj in groups["labels"]:
        centre = L.on_map(obj.x + obj.width / 2, obj.y + obj.height / 2)
        kind = obj.properties.get("kind", "")
        if kind == "province":
            names[obj.name] = centre
        other["labels"].append((kind, obj.name, (centre,)))
    for name in ("terrain", "rivers"):
        for obj in groups.get(name, []):
            other[name].append((obj.type or "", obj.name or "", _pts(obj) if hasattr(obj, "points") else ()))
    return MapArt(provinces, fill, pattern, cities, names, other)


def placement() -> labels.Placement:
    """Where every name, bonus tag and province tile goes in the current language, none
    covering another nor a city (made once per language: labels.py)."""
    return _placement(i18n.language())


@cache
def _placement(language: str) -> labels.Placement:
    art = map_art()
    lands = [(name, centre) for kind, name, (centre,) in art.layers["labels"] if kind != "province"]
    return labels.kept(language, art.cities, art.provinces, art.labels, lands)


def tile_spots() -> dict[str, Point]:
    """Province name -> the centre of where its tile lies in the current language."""
    return {name: rect.center for name, rect in placement().tiles.items()}


def _hatch(surface: pygame.Surface, rect: pygame.Rect, kind: str, gap: int, ink: ColorLike) -> None:
    x0, y0, x1, y1 = rect.x, rect.y, rect.right, rect.bottom
    h = rect.h
    if kind in ("diag", "cross"):
        for x in range(x0 - h, x1, gap):
            pygame.draw.line(surface, ink, (x, y1), (x + h, y0), 1)
    if kind in ("anti", "cross"):
        for x in range(x0, x1 + h, gap):
            pygame.draw.line(surface, ink, (x, y1), (x - h, y0), 1)
    if kind == "horiz":
        for y in range(y0, y1, gap):
            pygame.draw.line(surface, ink, (x0, y), (x1, y), 1)
    if kind == "vert":
        for x in range(x0, x1, gap):
            pygame.draw.line(surface, ink, (x, y0), (x, y1), 1)
    if kind == "dots":
        for y in range(y0, y1, gap):
            for x in range(x0 + (y // gap % 2) * gap // 2, x1, gap):
                pygame.draw.circle(surface, ink, (x, y), 1)


def province_surface(art: MapArt, name: str) -> tuple[pygame.Surface, pygame.Rect]:
    """A province filled with its pastel and its hatching, cut to its outline."""
    pts = art.provinces[name]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    rect = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    local = [(x - rect.x, y - rect.y) for x, y in pts]
    colour = art.fill[name]
    ink = tuple(int(c * 0.82) for c in colour)
    patterned = pygame.Surface(rect.size, pygame.SRCALPHA)
    patterned.fill((*colour, 255))
    kind, gap = art.pattern[name]
    _hatch(patterned, patterned.get_rect(), kind, gap, ink)
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), local)
    patterned.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return patterned, rect


def _haloed(
    surface: pygame.Surface, words: str, at: Point, size: int, ink: Rgb, face: str, anchor: str
) -> None:
    """A name with a pale rim, so roads and rivers under it do not cut its letters."""
    rim = text.render(words, size, (246, 242, 230), face)
    rect = rim.get_rect(**{anchor: at})
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        surface.blit(rim, rect.move(dx, dy))
    text.blit(surface, words, at, size, ink, face, anchor)


def write(surface: pygame.Surface, word: labels.Word) -> None:
    """A name where the placement put it (a town's or province's with its pale rim, a town's
    leader line if it has one); the frame writes again the ones the visited province's
    outline runs under."""
    if word.leader:  # a name away from its town, joined to its zone
        pygame.draw.line(surface, (246, 242, 230), *word.leader, 3)
        pygame.draw.line(surface, word.ink, *word.leader, 1)
    if word.kind == "land":
        text.blit(surface, word.name, word.topleft, word.size, word.ink, word.face)
    else:
        _haloed(surface, word.name, word.topleft, word.size, word.ink, word.face, "topleft")


def paint_map(surface: pygame.Surface) -> None:
    """The whole map, once per language: land, sea, desert, provinces, mountains, rivers,
    roads, cities and names, each name in the current language (the tiles, palaces and
    highlights are drawn over it every frame)."""
    art = map_art()
    board = load()
    pygame.draw.rect(surface, LAND, L.MAP_RECT, border_radius=8)
    clip = surface.get_clip()
    surface.set_clip(L.MAP_RECT)
    for kind, _, pts in art.layers["terrain"]:
        if kind in TERRAIN and len(pts) >= 3:
            pygame.draw.polygon(surface, TERRAIN[kind], pts)
    for name in art.provinces:
        image, rect = province_surface(art, name)
        surface.blit(image, rect)
    for kind, _, pts in art.layers["terrain"]:
        if kind == "mountains" and len(pts) >= 2:
            pygame.draw.lines(surface, (140, 110, 80), False, pts, 3)
        elif kind == "coast" and len(pts) >= 2:
            pygame.draw.lines(surface, (60, 100, 150), False, pts, 2)
        elif kind == "desert" and len(pts) >= 3:
            pygame.draw.polygon(surface, (200, 170, 110), pts, 1)
    for pts in art.provinces.values():
        pygame.draw.polygon(surface, BORDER, pts, 2)
    for _, _, pts in art.layers["rivers"]:
        if len(pts) >= 2:
            pygame.draw.lines(surface, RIVER, False, pts, 2)
    for a, b in board.roads:
        pygame.draw.line(surface, ROAD, art.cities[a], art.cities[b], 2)
    for name, (x, y) in art.cities.items():
        city = board.cities[name]
        if city.taj:
            pygame.draw.circle(surface, (255, 255, 255), (x, y), 8)
            pygame.draw.circle(surface, (200, 40, 40), (x, y), 8, 3)
        elif city.fortress:
            pygame.draw.rect(surface, (90, 60, 40), (x - 5, y - 5, 11, 11))
        else:
            pygame.draw.circle(surface, CITY_INK, (x, y), 5)
    for word in placement().words:
        write(surface, word)
    surface.set_clip(clip)
    pygame.draw.rect(surface, (90, 70, 50), L.MAP_RECT, 2, border_radius=8)
