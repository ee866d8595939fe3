"""Where the Taj Mahal map's words, tags and palaces go, so that nothing written covers
anything else and every name reads as its own town's (issues 36 and 44).

A placer over a bit mask of the map. Every town keeps a round zone: its dot, square or ringed
Taj and the rings drawn round it while building, hinting, pointing or lighting a chain lie
within `ZONE` of its centre, and no word or tag comes nearer than `KEEP`. Its palaces stand in
a room beside its mark (pieces.py: above, below, right or left of it, in the middle or slid
half a piece along), clear of it and of every other town's zone. Each thing to place has
candidate spots in a fixed order of preference:

- a town's name (a fortress's bonus tag) beside it: right, left, the corners, above, below,
  then a little farther out (`around`), then every other spot near it (`closer`), only those
  plainly nearer its own town than any other (PLAIN pixels nearer; a tag: than any other
  fortress); a name may be written a size smaller, after all its own spots. A name never lies
  on a road (ROAD), nor with another town's fortress near in its row or column (SHADOW), nor
  within ASIDE of a province's name or SHORE of a land's; where that leaves it fewer than FEW
  spots, it may also lie farther out (LEADER), a line drawn from its town's zone to it (never
  split over two lines);
- a town's palaces: the stands beside its mark;
- a province's name inside the province, near where the level writes it, off its border,
  with its tile beside it, the largest size first; a few sizes smaller (never as small as a
  town's), on its border and its tile elsewhere in it (or across its border) after those.

All of these are placed together (solve.py): the one with the fewest spots left first, at
its best spot that leaves its neighbours some, going back where one is left none. Where that
finds no way, the provinces' names go first and the towns' names, tags and palaces one by
one, the most hemmed in first (what finds no room is a miss). Then the lands, seas and
deserts.

Every size is measured with the real font of the language (the letters' own ink with their
pale rim), so the placement is made once per language and cached (`map_art.placement`, and
in the cache folder between runs: `kept`):
`paint_map` writes the names from it, `Render.draw_map` lays the tags, tiles and palaces in
it, and the tests read the same rectangles.
"""

from __future__ import annotations

import bisect
import contextlib
import hashlib
import heapq
import inspect
import json
import math
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypedDict

import pygame

from game import resources
from game.core import i18n, paths
from game.core.files import write_atomic
from game.rules.tajmahal.face.board import load
from game.rules.tajmahal.face.data import BONUSES, TAJ_BONUS, TILE_GOODS
from game.scenes.tajmahal import art, pieces, solve
from game.scenes.tajmahal import layout as L
from game.ui import text

Point = tuple[int, int]

ZONE = 11  # render.draw_map draws a city's rings within this radius of it (its palaces: in
# its room beside its mark, pieces.py)
KEEP = 12  # no word or tag nearer a city's centre (a lit chain's ring reaches 13: the names
# near it are written again over it)
GAP = 2  # between any two things placed
APART = 3  # and this much more round a bonus tag: a town's name beside it would read as one with it
ASIDE = 8  # between a province's name and anything else: a town's name nearer reads as one with it
SHORE = 12  # between a town's name and a land's or sea's (Dera Ghazi Khan's over Baluchistan's)
SHADOW = 14  # no town's name has another town's fortress square this near in its row or column:
# else it reads as the fortress's
ROAD = 3  # a town's name keeps clear of the roads (drawn 2 px wide) and a pixel round them
FEW = 6  # a town's name with fewer spots than this beside its town (a crowded crossing of roads)
LEADER = (30, 74, 4)  # may also go this far out (from, to, step), a line drawn to its town's zone
CROSS = 2  # a leader line may cross a road (this many of its dots on it), never run along one
DOTS = 3  # the search holds a leader line as a 1 px rectangle every this many pixels along it
OUTLINE = 5  # the width of the visited province's outline (render.draw_map)
BAND = 3  # a name this near a border would lie under that outline
BOUNDS = L.MAP_RECT.inflate(-8, -8)  # inside the map's rounded frame
# a town's name or tag goes first where it lies nearer its own town than any other: SHARE
# times as near, and OWN pixels more
OWN, SHARE = 3, 1.5
LOST, STEP = 32, 3  # a province name's spot: the towns' loss against its own size and straying
REACH = 84  # how far a province's name may stray from where the level writes it
PLAQUE = pygame.Rect(0, 0, 420, 30)  # where render.draw_chain writes a chain's size: kept clear
PLAQUE.midbottom = (L.MAP_RECT.centerx, L.MAP_RECT.bottom - 6)
FAR = (0, 3, 6, 10, 14)  # how much farther than KEEP a town's name or tag may go
STEP_NEAR = 3  # `closer` tries a spot every this many pixels
SEARCH = 20000  # steps a search for names, tags and palaces placed together may take
REPAIR = (40, 70, 100, 140)  # how far round a name, tag, palaces or province's name left without a
# spot the search places the others again with it
TRIES = 8  # the search starts again, what found no spot first, at most this many times
# a province's name: the sizes smaller it may take, off its border or not, its tile beside it
# or elsewhere in it, in order of preference
STAGES = (
    ((0, 1, 2), True, True),
    ((0, 1, 2), False, True),
    ((0, 1, 2, 3, 4), True, False),
    ((0, 1, 2, 3, 4), False, False),
)
TILES, TILE_REACH = 8, 120  # a province's tile with no room beside the name: its spots tried
# (the nearest the name), within this reach of where the level writes the name
EACH, SPREAD = 40, (18, 12)  # a province's name tries this many spots of a size, one in each
# cell of this size
PLAIN = 6  # a town's name (a fortress's tag) lies at least this much nearer its own town's
# centre than any other town's (fortress's): else it would read as the neighbour's

CITY_SIZE = {"en": 12, "ja": 10}  # katakana names run longer than the English: a size smaller
# leaves the crowded middle (Agra, Allahabad, Oudh) room clear of the roads
PROVINCE_SIZE = {"en": 19, "ja": 15}
PROVINCE_SMALLEST = {"en": 15, "ja": 13}  # a crowded province's name: still larger than a town's
LAND_SIZE = 13
CITY_INK = (30, 26, 24)
LABEL_INK = (90, 30, 20)
LAND_INK = (70, 70, 90)


@dataclass(frozen=True)
class Word:
    """A name written on the map: `rect` is what its letters and their rim cover, `topleft`
    where the rendered text's own surface goes."""

    kind: str  # city | province | land
    name: str  # as the code writes it; drawn through the catalogue
    size: int
    face: str
    ink: tuple[int, int, int]
    rect: pygame.Rect
    topleft: Point
    leader: tuple[Point, Point] | None = None  # a line from its town's zone to the name


@dataclass(frozen=True)
class Placement:
    language: str
    markers: dict[str, pygame.Rect]  # city -> its dot, fortress square or ringed Taj
    zones: dict[str, Point]  # city -> the centre of its zone (ZONE drawn, KEEP kept clear)
    words: tuple[Word, ...]
    tags: dict[str, pygame.Rect]  # fortress -> the room for its bonus tile (the widest kind)
    tiles: dict[str, pygame.Rect]  # province -> the room for its tile (the most goods)
    under: dict[str, tuple[Word, ...]]  # province -> the names its outline would touch
    near: dict[str, tuple[Word, ...]]  # city -> the names a lit chain's ring round it may touch
    misses: tuple[str, ...]  # what found no free spot and lies where it covers least
    sides: dict[str, pieces.Stand]  # city -> where by its mark its palaces stand
    stands: dict[str, tuple[tuple[Point, ...], tuple[Point, ...]]]  # city -> where one palace
    # stands, where two stand
    rooms: dict[str, pygame.Rect]  # city -> what its palaces may cover

    def palace_spots(self, city: str, n: int) -> tuple[Point, ...]:
        """The centres of a town's n palaces (1 or 2)."""
        return self.stands[city][min(n, 2) - 1]

    def tag_rect(self, city: str, size: tuple[int, int]) -> pygame.Rect:
        """Where a bonus tile of this size lies in its fortress's room: against the side that
        faces the fortress."""
        room = self.tags[city]
        x, _ = self.zones[city]
        rect = pygame.Rect((0, 0), size)
        if room.left >= x:
            rect.midleft = room.midleft
        elif room.right <= x:
            rect.midright = room.midright
        else:
            rect.center = room.center
        return rect

    def lit(self, cities: Sequence[str], roads: Sequence[Sequence[str]]) -> list[Word]:
        """The names a lit chain of these cities covers (its 8 px roads between them, its rings
        round them), to be written again over it."""
        inside = set(cities)
        lines = [(self.zones[a], self.zones[b]) for a, b in roads if a in inside and b in inside]
        near = {id(w) for c in cities for w in self.near[c]}
        return [
            w
            for w in self.words
            if id(w) in near or any(w.rect.inflate(10, 10).clipline(a, b) for a, b in lines)
        ]

    def boxes(self) -> list[tuple[str, pygame.Rect]]:
        """Every rectangle placed, named: `marker:Agra`, `city:Agra`, `province:Agra`,
        `land:Bengal`, `tag:Agra`, `tile:Agra`, `palaces:Agra`."""
        out = [(f"marker:{c}", r) for c, r in self.markers.items()]
        out += [(f"{w.kind}:{w.name}", w.rect) for w in self.words]
        out += [(f"tag:{c}", r) for c, r in self.tags.items()]
        out += [(f"tile:{p}", r) for p, r in self.tiles.items()]
        out += [(f"palaces:{c}", r) for c, r in self.rooms.items()]
        return out


class Beneath(dict[str, tuple[Word, ...]]):
    """Province -> the names its outline, when it is the visited one, runs under (worked out
    the first time it is asked)."""

    def __init__(self, provinces: dict[str, tuple[Point, ...]], words: tuple[Word, ...]):
        super().__init__()
        self.provinces, self.words = provinces, words

    def __missing__(self, province: str) -> tuple[Word, ...]:
        pts = self.provinces[province]
        outline = painted(lambda s: pygame.draw.polygon(s, (255, 255, 255), pts, OUTLINE))
        self[province] = found = tuple(w for w in self.words if hits(outline, w.rect))
        return found


# -- geometry -------------------------------------------------------------------------------
SIZE = (L.MAP_RECT.right + 1, L.MAP_RECT.bottom + 1)


@cache
def solid(size: tuple[int, int]) -> pygame.mask.Mask:
    return pygame.mask.Mask(size, fill=True)


@cache
def disc(radius: int) -> pygame.mask.Mask:
    """The pixels nearer than `radius` to a centre pixel (the mask's middle)."""
    mask = pygame.mask.Mask((2 * radius + 1, 2 * radius + 1))
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            if dx * dx + dy * dy < radius * radius:
                mask.set_at((dx + radius, dy + radius))
    return mask


def painted(paint: Callable[[pygame.Surface], object]) -> pygame.mask.Mask:
    """A mask of what `paint` draws in white on black."""
    surface = pygame.Surface(SIZE)
    surface.fill((0, 0, 0))
    surface.set_colorkey((0, 0, 0))
    paint(surface)
    return pygame.mask.from_surface(surface)


def clear_of(rect: pygame.Rect, centre: Point, radius: int) -> bool:
    """No pixel of the rectangle lies nearer than `radius` to the centre."""
    x, y = centre
    nx = min(max(x, rect.left), rect.right - 1)
    ny = min(max(y, rect.top), rect.bottom - 1)
    return (nx - x) ** 2 + (ny - y) ** 2 >= radius * radius


def away(rect: pygame.Rect, point: Point) -> float:
    """How far a rectangle's nearest pixel lies from a point."""
    x, y = point
    return math.hypot(min(max(x, rect.left), rect.right - 1) - x, min(max(y, rect.top), rect.bottom - 1) - y)


def hits(mask: pygame.mask.Mask, rect: pygame.Rect) -> bool:
    return mask.overlap(solid(rect.size), rect.topleft) is not None


class Field:
    """What is taken, as a bit mask of the map: beyond the bounds, round every city, and each
    thing placed with its gap (`taken`); `laid` the same but for the towns' round zones (a
    town's palaces stand partly in its own: pieces.options keeps them out of the others')."""

    def __init__(self, cities: dict[str, Point], provinces: dict[str, tuple[Point, ...]]):
        self.bare = solid(SIZE).copy()
        self.bare.erase(solid(BOUNDS.size), BOUNDS.topleft)
        self.bare.draw(solid(PLAQUE.size), PLAQUE.topleft)  # a lit chain's size is written there
        self.base = self.bare.copy()
        for x, y in cities.values():
            self.base.draw(disc(KEEP), (x - KEEP, y - KEEP))
        self.reset()
        self.band = painted(
            lambda s: [
                pygame.draw.polygon(s, (255, 255, 255), pts, 2 * BAND + 1) for pts in provinces.values()
            ]
        )
        self.outside: dict[str, pygame.mask.Mask] = {}
        for name, pts in provinces.items():

            def inside(s: pygame.Surface, pts: tuple[Point, ...] = pts) -> None:
                pygame.draw.polygon(s, (255, 255, 255), pts)

            mask = painted(inside)
            mask.invert()
            self.outside[name] = mask

    def reset(self) -> None:
        self.taken, self.laid = self.base.copy(), self.bare.copy()
        self.placed: dict[str, pygame.Rect] = {}

    def clear_spots(
        self, masks: Sequence[pygame.mask.Mask], size: tuple[int, int], centre: Point, reach: int
    ) -> Iterator[pygame.Rect]:
        """The spots of `spiral(centre, size, reach)` inside the bounds and clear of every
        mask, in the same order: the masks are cut to that neighbourhood and eroded by the
        rectangle once, so a crowded province costs a few mask operations, not a loop."""
        w, h = size
        region = pygame.Rect(centre[0] - reach - w, centre[1] - reach - h, 2 * (reach + w), 2 * (reach + h))
        near = pygame.mask.Mask(region.size, fill=True)
        near.erase(solid(BOUNDS.size), (BOUNDS.x - region.x, BOUNDS.y - region.y))
        for mask in masks:
            near.draw(mask, (-region.x, -region.y))
        grown = near.convolve(solid((w, 1))).convolve(solid((1, h)))  # a bit where a spot's corner hits
        clear = _grid(w, h, reach).copy()
        clear.erase(grown, (0, 0))
        order = _order(reach)
        # a bit at (i, j) is the spot with its top left at (i - w + 1, j - h + 1) of the region
        ox, oy = centre[0] - w // 2 + w - 1 - region.x, centre[1] - h // 2 + h - 1 - region.y
        ranked = [(order[(b.x - ox, b.y - oy)], b.x, b.y) for b in clear.get_bounding_rects()]
        heapq.heapify(ranked)  # taken in order while wanted: most searches stop after a few
        dx, dy = region.x - w + 1, region.y - h + 1
        while ranked:
            _, x, y = heapq.heappop(ranked)
            yield pygame.Rect(x + dx, y + dy, w, h)

    def free(self, rect: pygame.Rect, palaces: bool = False) -> bool:
        """Nothing placed there (nor a town's zone, unless it is for a town's `palaces`)."""
        return BOUNDS.contains(rect) and not hits(self.laid if palaces else self.taken, rect)

    def off_border(self, rect: pygame.Rect) -> bool:
        return not hits(self.band, rect)

    def within(self, province: str, rect: pygame.Rect) -> bool:
        return not hits(self.outside[province], rect)

    def take(self, what: str, rect: pygame.Rect) -> None:
        self.placed[what] = rect
        gap = ASIDE if what.startswith("province:") else GAP
        room = rect.inflate(2 * gap, 2 * gap)
        self.taken.draw(solid(room.size), room.topleft)
        self.laid.draw(solid(room.size), room.topleft)

    def drop(self, what: str) -> None:
        placed = self.placed
        del placed[what]
        self.reset()
        for other, rect in placed.items():
            self.take(other, rect)

    def cost(self, rect: pygame.Rect) -> int:
        """How many taken pixels a rectangle covers (for what finds no free spot)."""
        return self.taken.overlap_area(solid(rect.size), rect.topleft)


ROUND = 16  # spots a round in `around`


def around(centre: Point, size: tuple[int, int]) -> list[pygame.Rect]:
    """Spots for a name or a tag beside a city, best first: right, left, the four corners,
    above, below, above and below a little to the side, right and left a little up or down,
    then the same a little farther out (sixteen a round)."""
    x, y = centre
    w, h = size
    out = []
    for far in FAR:
        k, d = KEEP + far, math.ceil((KEEP + far) / math.sqrt(2))
        for anchor, at in (
            ("midleft", (x + k, y)),
            ("midright", (x - k + 1, y)),
            ("bottomleft", (x + d, y - d + 1)),
            ("topleft", (x + d, y + d)),
            ("bottomright", (x - d + 1, y - d + 1)),
            ("topright", (x - d + 1, y + d)),
            ("midbottom", (x, y - k + 1)),
            ("midtop", (x, y + k)),
            ("bottomleft", (x - w // 4, y - k + 1)),
            ("bottomright", (x + w // 4, y - k + 1)),
            ("topleft", (x - w // 4, y + k)),
            ("topright", (x + w // 4, y + k)),
            ("midleft", (x + k, y - h // 3)),
            ("midleft", (x + k, y + h // 3)),
            ("midright", (x - k + 1, y - h // 3)),
            ("midright", (x - k + 1, y + h // 3)),
        ):
            rect = pygame.Rect((0, 0), (w, h))
            setattr(rect, anchor, at)
            out.append(rect)
    return out


def closer(centre: Point, size: tuple[int, int]) -> list[pygame.Rect]:
    """Every spot for a name or a tag within KEEP to KEEP + the last of FAR of a town, one
    every STEP_NEAR pixels, nearest first: where `around`'s few leave a crowded town no spot plainly its
    own, one of these may."""
    x, y = centre
    w, h = size
    reach = KEEP + max(FAR)
    out = []
    for top in range(y - h - reach, y + reach + 1, STEP_NEAR):
        for left in range(x - w - reach, x + reach + 1, STEP_NEAR):
            rect = pygame.Rect(left, top, w, h)
            if KEEP <= (gap := away(rect, centre)) <= reach:
                out.append((gap, abs(rect.centery - y), left, top, rect))
    return [r for *_, r in sorted(out, key=lambda o: o[:4])]


def _away(dx: int, dy: int) -> tuple[float, int, int]:
    """How far a spot strays (sideways counts less), then a fixed order among equals."""
    return ((dx / 1.6) ** 2 + dy**2, dx, dy)


@cache
def _offsets(reach: int) -> tuple[Point, ...]:
    return tuple(
        sorted(
            ((dx, dy) for dx in range(-reach, reach + 1, 3) for dy in range(-reach, reach + 1, 3)),
            key=lambda o: _away(*o),
        )
    )


@cache
def _order(reach: int) -> dict[Point, int]:
    """Each offset of a spiral -> its place in it."""
    return {offset: k for k, offset in enumerate(_offsets(reach))}


@cache
def _lattice(reach: int) -> pygame.mask.Mask:
    """A bit at each offset of a spiral, the middle one at (reach, reach)."""
    lattice = pygame.mask.Mask((2 * reach + 1, 2 * reach + 1))
    for dx, dy in _offsets(reach):
        lattice.set_at((reach + dx, reach + dy))
    return lattice


@cache
def _grid(w: int, h: int, reach: int) -> pygame.mask.Mask:
    """A bit at the bottom right corner of each spot of a spiral, in its neighbourhood's
    eroded mask (see Field.clear_spots)."""
    grid = pygame.mask.Mask((2 * (reach + w) + w - 1, 2 * (reach + h) + h - 1))
    ox, oy = reach + w - w // 2 + w - 1, reach + h - h // 2 + h - 1
    grid.draw(_lattice(reach), (ox - reach, oy - reach))
    return grid


def spiral(centre: Point, size: tuple[int, int], reach: int) -> Iterator[pygame.Rect]:
    """Spots for a rectangle centred ever farther from a point."""
    w, h = size
    x0, y0 = centre[0] - w // 2, centre[1] - h // 2
    for dx, dy in _offsets(reach):
        yield pygame.Rect(x0 + dx, y0 + dy, w, h)


def next_to(name: pygame.Rect, size: tuple[int, int]) -> list[pygame.Rect]:
    """Where a province's tile may lie by its name: under it, over it, right, left."""
    out = []
    for anchor, at in (
        ("midtop", (name.centerx, name.bottom + GAP + 1)),
        ("midbottom", (name.centerx, name.top - GAP - 1)),
        ("midleft", (name.right + GAP + 4, name.centery)),
        ("midright", (name.left - GAP - 4, name.centery)),
    ):
        rect = pygame.Rect((0, 0), size)
        setattr(rect, anchor, at)
        out.append(rect)
    return out


# -- measuring ------------------------------------------------------------------------------
def ink(name: str, size: int, face: str, colour: art.Rgb, rim: bool = True) -> pygame.Rect:
    """The letters' rectangle, with their one-pixel pale rim (not the lands' and seas'),
    within the rendered text's surface."""
    letters = text.render(name, size, colour, face).get_bounding_rect()
    return letters.inflate(2, 2) if rim else letters


def word(
    kind: str,
    name: str,
    size: int,
    face: str,
    colour: art.Rgb,
    rect: pygame.Rect,
    leader: tuple[Point, Point] | None = None,
) -> Word:
    letters = ink(name, size, face, colour, kind != "land")
    return Word(kind, name, size, face, colour, rect, (rect.x - letters.x, rect.y - letters.y), leader)


def leader(centre: Point, rect: pygame.Rect) -> tuple[Point, Point]:
    """A line from a town's zone (KEEP + 1 from its centre) to the nearest pixel of its name's
    rectangle, that pixel left out."""
    x, y = centre
    nx, ny = min(max(x, rect.left), rect.right - 1), min(max(y, rect.top), rect.bottom - 1)
    length = math.hypot(nx - x, ny - y)
    ux, uy = (nx - x) / length, (ny - y) / length
    end = length - 2
    return (round(x + ux * (KEEP + 1)), round(y + uy * (KEEP + 1))), (
        round(x + ux * end),
        round(y + uy * end),
    )


def dots(line: tuple[Point, Point]) -> list[pygame.Rect]:
    """A leader line as 1 px rectangles every DOTS pixels along it (and at its end)."""
    (x0, y0), (x1, y1) = line
    n = max(1, math.ceil(math.dist(line[0], line[1]) / DOTS))
    return [
        pygame.Rect(round(x0 + (x1 - x0) * k / n), round(y0 + (y1 - y0) * k / n), 1, 1) for k in range(n + 1)
    ]


def tag_size(taj: bool) -> tuple[int, int]:
    """Room for the widest bonus tile a fortress may hold (the Taj's is always +4)."""
    sizes = [art.bonus_tile(k).get_size() for k in ((TAJ_BONUS,) if taj else sorted(set(BONUSES)))]
    return max(s[0] for s in sizes), max(s[1] for s in sizes)


def tile_size() -> tuple[int, int]:
    """Room for the widest province tile."""
    sizes = [art.province_tile(n, goods).get_size() for n, goods in TILE_GOODS.items()]
    return max(s[0] for s in sizes), max(s[1] for s in sizes)


def marker(centre: Point, taj: bool) -> pygame.Rect:
    """A town's dot (radius 5), a fortress's 11 px square, the Taj's ring (radius 8)."""
    x, y = centre
    r = 8 if taj else 5
    return pygame.Rect(x - r, y - r, 2 * r + 1, 2 * r + 1)


def standing(
    cities: dict[str, Point], sides: dict[str, pieces.Stand]
) -> tuple[dict[str, tuple[tuple[Point, ...], tuple[Point, ...]]], dict[str, pygame.Rect]]:
    """Where each town's palaces stand, one or two of them, on the side of its mark the placer
    chose, and the room they may cover."""
    board = load()
    stands, rooms = {}, {}
    for city, centre in cities.items():
        taj, side = board.cities[city].taj, sides[city]
        stands[city] = (tuple(pieces.spots(centre, 1, taj, side)), tuple(pieces.spots(centre, 2, taj, side)))
        rooms[city] = pieces.room(centre, taj, side)
    return stands, rooms


# -- the placer -----------------------------------------------------------------------------
class Towns:
    """The towns' names and the bonus tags still to place, each with its spots in order of
    preference and which of them are still free."""

    def __init__(self, items: dict[str, list[pygame.Rect]], fits: Callable[[str, pygame.Rect], bool]):
        self.items = items
        self.owner: list[str] = []
        self.spots: list[pygame.Rect] = []
        self.span: dict[str, tuple[int, int]] = {}
        for what, spots in items.items():
            self.span[what] = (len(self.spots), len(self.spots) + len(spots))
            self.owner += [what] * len(spots)
            self.spots += spots
        self.alive = [fits(what, r) for what, r in zip(self.owner, self.spots, strict=True)]
        self.count = {what: 0 for what in items}
        for what, alive in zip(self.owner, self.alive, strict=True):
            self.count[what] += alive

    def near(self, region: pygame.Rect) -> tuple[list[pygame.Rect], list[int]]:
        """The free spots in a region, to weigh what is placed there against them alone."""
        found = [k for k in region.collidelistall(self.spots) if self.alive[k]]
        return [self.spots[k] for k in found], found

    def damage(
        self, rects: Sequence[pygame.Rect], pool: tuple[list[pygame.Rect], list[int]]
    ) -> tuple[int, float]:
        """What placing these would cost the towns whose free spots are in `pool` (`near`):
        how many would lose their last free spot, and how much farther down its list of
        spots each other one's best would be (in rounds of `around`), summed."""
        spots, index = pool
        dead: set[int] = set()
        for rect in rects:
            dead.update(index[k] for k in rect.inflate(2 * GAP, 2 * GAP).collidelistall(spots))
        dead = {k for k in dead if self.alive[k]}
        killed, lost = 0, 0.0
        for what in sorted({self.owner[k] for k in dead}):  # summed in one order, run after run
            start, end = self.span[what]
            first = next(k for k in range(start, end) if self.alive[k])
            after = next((k for k in range(first, end) if self.alive[k] and k not in dead), None)
            if after is None:
                killed += 1
            else:
                lost += (after - first) / ROUND
        return killed, lost

    def done(self, what: str) -> None:
        """An item is being placed: its own spots no longer count."""
        start, end = self.span[what]
        for k in range(start, end):
            self.alive[k] = False
        self.count[what] = 0

    def taken(self, rect: pygame.Rect) -> None:
        for k in rect.inflate(2 * GAP, 2 * GAP).collidelistall(self.spots):
            if self.alive[k]:
                self.alive[k] = False
                self.count[self.owner[k]] -= 1


def place(
    language: str,
    cities: dict[str, Point],
    provinces: dict[str, tuple[Point, ...]],
    names: dict[str, Point],
    lands: Sequence[tuple[str, Point]],
) -> Placement:
    """Place everything in the current language (`language` names it; the fonts and the
    catalogue are the current ones): `cities` and `provinces` on screen, `names` where each
    province's name is meant to be written, `lands` the other names (seas, lands, deserts).

    The towns' names, tags and palaces and the provinces' names with their tiles are placed
    together (`Placer.search`); where that finds no way, the provinces' names first, then the
    towns' one by one, what finds no room lying where it covers least (a miss)."""
    placer = Placer(language, cities, provinces, names, lands)
    placed, misses = placer.run()
    return placer.result(placed, misses)


class Placer:
    """One language's placement (`run`)."""

    def __init__(
        self,
        language: str,
        cities: dict[str, Point],
        provinces: dict[str, tuple[Point, ...]],
        names: dict[str, Point],
        lands: Sequence[tuple[str, Point]],
    ):
        self.language, self.cities, self.provinces = language, cities, provinces
        self.names, self.lands = names, lands
        self.board = load()
        self.field = Field(cities, provinces)
        self.roads = painted(
            lambda s: [
                pygame.draw.line(s, (255, 255, 255), cities[a], cities[b], ROAD) for a, b in self.board.roads
            ]
        )
        self.city_size = CITY_SIZE[language]
        wanted: dict[str, tuple[str, tuple[int, int], bool]] = {}  # what -> its town, size, a name?
        for city in cities:
            if self.board.cities[city].fortress:
                wanted[f"tag:{city}"] = (city, tag_size(self.board.cities[city].taj), False)
            wanted[f"city:{city}"] = (city, ink(city, self.city_size, "bold", CITY_INK).size, True)
        self.items: dict[str, list[pygame.Rect]] = {
            what: self.ranked(city, around(cities[city], size), name)
            for what, (city, size, name) in wanted.items()
        }
        self.leaders = {
            what: self.leader_spots(city, size)
            for what, (city, size, name) in wanted.items()
            if name and len(self.items[what]) < FEW
        }
        taj = {c for c in cities if self.board.cities[c].taj}
        self.sides: dict[tuple[str, tuple[int, ...]], pieces.Stand] = {}  # (palaces:city, room)
        for city, centre in cities.items():
            others = [p for c, p in cities.items() if c != city]
            options = pieces.options(centre, city in taj, others, KEEP) or [
                (stand, pieces.room(centre, city in taj, stand)) for stand in pieces.STANDS
            ]  # none clear of the others' zones: the placement misses it
            self.items[f"palaces:{city}"] = [r for _, r in options]
            self.sides.update({(f"palaces:{city}", tuple(r)): side for side, r in options})
        self.sizes: dict[str, int] = {}
        self.shrunk: set[str] = set()
        self.lines: dict[str, tuple[Point, Point]] = {}  # a name away from its town -> its leader
        self.small: dict[str, list[pygame.Rect]] = {}  # a name's spots a size smaller

    def fits(self, what: str, rect: pygame.Rect) -> bool:
        """Whether a name, tag or town's palaces may go there now."""
        return self.field.free(rect, what.startswith("palaces:"))

    def ranked(self, city: str, spots: list[pygame.Rect], name: bool) -> list[pygame.Rect]:
        """A town's spots (those of `around`, then every other one near it: `closer`) that lie
        plainly nearer their own town than any other (PLAIN nearer; a tag: than any other
        fortress), else they would read as the neighbour's; best first: those nearer by far
        (SHARE times, and OWN pixels more) before the rest, then by how far out they lie (one
        of `closer` after the round of `around` as far out), and a name's spot on a border (the
        visited province's outline runs there: the name is written again over it) counts as
        one round and a half farther out."""
        x, y = centre = self.cities[city]
        others = [
            p
            for c, p in self.cities.items()
            if c != city and (name or self.board.cities[c].fortress) and abs(p[0] - x) + abs(p[1] - y) < 200
        ]

        forts = [
            marker(p, self.board.cities[c].taj)
            for c, p in self.cities.items()
            if c != city and self.board.cities[c].fortress and abs(p[0] - x) + abs(p[1] - y) < 200
        ]

        def plain(rect: pygame.Rect) -> bool:
            own = away(rect, centre)
            reach = rect.inflate(2 * (own + PLAIN), 2 * (own + PLAIN))  # those beyond are farther
            if not all(own + PLAIN <= away(rect, p) for p in others if reach.collidepoint(p)):
                return False
            if not name:
                return True
            row, column = rect.inflate(2 * SHADOW, 0), rect.inflate(0, 2 * SHADOW)
            if any(row.colliderect(m) or column.colliderect(m) for m in forts):
                return False  # it would read as that fortress's
            return not hits(self.roads, rect)  # a road through a name cuts it in two

        mine = [(float(k), r) for k, r in enumerate(spots) if plain(r)]
        kept = {tuple(r) for _, r in mine}
        for k, rect in enumerate(closer(centre, spots[0].size)):
            if tuple(rect) not in kept and plain(rect):
                far = bisect.bisect_left(FAR, away(rect, centre) - KEEP)
                mine.append((ROUND * far + ROUND - 1 + k / 10000, rect))

        def rank(spot: tuple[float, pygame.Rect]) -> tuple[bool, float]:
            place, rect = spot
            own = away(rect, centre)
            reach = rect.inflate(2 * (own * SHARE + OWN), 2 * (own * SHARE + OWN))
            owned = all(own * SHARE + OWN <= away(rect, p) for p in others if reach.collidepoint(p))
            return (not owned, place + (ROUND * 1.5 if name and not self.field.off_border(rect) else 0))

        return [r for _, r in sorted(mine, key=rank)]

    def run(self) -> tuple[dict[str, pygame.Rect], list[str]]:
        """Everything but the lands together (`search`), else the provinces' names and then
        the towns' names, tags and palaces one by one; then the lands."""
        self.field.reset()
        self.towns = Towns(self.items, self.fits)
        self.misses: list[str] = []
        self.shrunk, self.lines = set(), {}
        self.stuck: str | None = None  # what the search found no way for
        if not self.search():
            self.field.reset()
            self.towns = Towns(self.items, self.fits)
            self.place_provinces(list(self.names))
            self.place_towns(list(self.items))
        self.place_lands()
        return dict(self.field.placed), self.misses

    def settle(self, what: str, rect: pygame.Rect) -> None:
        self.field.take(what, rect)
        self.towns.taken(rect)

    def place_provinces(self, provinces: Sequence[str]) -> None:
        """Each of these provinces' names, inside it, off its border if it can be, with its
        tile by it; of the spots it may take, one that leaves the towns nearby their room."""
        field, towns = self.field, self.towns
        tile = tile_size()
        top = PROVINCE_SIZE[self.language]
        for province in provinces:
            anchor = self.names[province]
            best: tuple[tuple[int, float], int, pygame.Rect, pygame.Rect | None] | None = None
            pool = towns.near(
                pygame.Rect(anchor[0] - REACH - 240, anchor[1] - REACH - 90, 2 * REACH + 480, 2 * REACH + 180)
            )
            for stage, (steps, strict, paired) in enumerate(STAGES):
                for step in (k for k in steps if top - k >= PROVINCE_SMALLEST[self.language]):
                    size = top - step
                    letters = ink(province, size, "black", LABEL_INK)
                    masks = [field.taken, field.outside[province]] + ([field.band] if strict else [])
                    tried = 0
                    for rect in field.clear_spots(masks, letters.size, anchor, REACH):
                        room = rect.inflate(2 * GAP, 2 * GAP)
                        beside = next(
                            (
                                r
                                for r in next_to(rect, tile)
                                if not r.colliderect(room) and field.free(r) and field.within(province, r)
                            ),
                            None,
                        )
                        if paired and beside is None:
                            continue
                        killed, lost = towns.damage([rect] if beside is None else [rect, beside], pool)
                        away = math.dist(rect.center, anchor) / 8
                        score = (killed, lost * LOST + away + STEP * step + 12 * stage)
                        if best is None or score < best[0]:
                            best = (score, size, rect, beside)
                        tried += 1
                        if tried >= 60 or (killed == 0 and lost == 0):
                            break
                    if best is not None and best[0][0] == 0 and best[0][1] < 6:
                        break
                if best is not None and best[0][0] == 0:
                    break
            if best is None:
                self.misses.append(f"province:{province}")
                letters = ink(province, top, "black", LABEL_INK)
                rect = min(spiral(anchor, letters.size, 30), key=field.cost)
                best = ((1, 0.0), top, rect, None)
            _, self.sizes[province], rect, beside = best
            self.settle(f"province:{province}", rect)
            if beside is None:
                beside = next(
                    field.clear_spots([field.taken, field.outside[province]], tile, rect.center, 120), None
                )
                # else across its border (a tile lies over the outline), its middle in the province
                beside = beside or next(
                    (
                        r
                        for r in field.clear_spots([field.taken], tile, rect.center, 120)
                        if not field.outside[province].get_at(r.center)
                    ),
                    None,
                )
                if beside is None:
                    self.misses.append(f"tile:{province}")
                    beside = min(list(spiral(rect.center, tile, 120))[:400], key=field.cost)
            self.settle(f"tile:{province}", beside)

    def place_towns(self, order: Sequence[str]) -> None:
        """The bonus tags, the towns' names and palaces one by one, the most hemmed in first,
        each at its first free spot unless that takes a neighbour's last (or best) ones."""
        field, towns = self.field, self.towns
        left = list(order)
        while left:
            what = min(left, key=lambda w: (towns.count[w], left.index(w)))
            left.remove(what)
            start, _ = towns.span[what]
            spots = self.items[what]
            free = [(k, r) for k, r in enumerate(spots) if towns.alive[start + k] and self.fits(what, r)][:24]
            towns.done(what)
            rect = None
            if free:
                pool = towns.near(spots[0].unionall(spots).inflate(4 * GAP, 4 * GAP))
                scored = [(towns.damage([r], pool), k, r) for k, r in free]
                rect = min(scored, key=lambda s: (s[0][0], s[1] // ROUND + s[0][1]))[2]
            if rect is None and (shoved := self.shove(what, spots)) is not None:
                rect, moved = shoved
                for r in moved:
                    towns.taken(r)
            if rect is None and what.startswith("city:"):  # a size smaller
                spots = self.smaller(what)
                rect = next((r for r in spots if field.free(r)), None)
                if rect is None and (shoved := self.shove(what, spots)) is not None:
                    rect, moved = shoved
                    for r in moved:
                        towns.taken(r)
                if rect is not None:
                    self.shrunk.add(what)
            if rect is None:
                self.misses.append(what)
                rect = min(spots, key=field.cost)
            self.settle(what, rect)

    def search(self) -> bool:
        """The towns' names, tags and palaces and the provinces' names with their tiles, all
        at once, none within GAP of another (solve.py): a name may be written a size smaller
        (its spots after its own), a province's name a size or a few smaller. Placed, or False
        (nothing placed) when no way is found."""
        spots: dict[str, list[solve.Spot]] = {}
        where: dict[str, Point] = {}
        for what, rects in self.items.items():
            values = [solve.Spot((r,)) for r in rects if self.fits(what, r)]
            if what.startswith("tag:"):  # with a wider gap round it: no name reads as one with it
                values = [solve.Spot((v.rects[0].inflate(2 * APART, 2 * APART),), v.rects[0]) for v in values]
            if what.startswith("city:"):
                values += [solve.Spot((r,), "smaller") for r in self.smaller(what) if self.field.free(r)]
                values += [solve.Spot((r, *dots(line)), line) for r, line in self.leaders.get(what, [])]
            spots[what] = values
            where[what] = self.cities[what.split(":", 1)[1]]
        for province, anchor in self.names.items():  # ASIDE clear round the name, not GAP
            spots[f"province:{province}"] = [
                solve.Spot((v.rects[0].inflate(2 * (ASIDE - GAP), 2 * (ASIDE - GAP)), v.rects[1]), v.payload)
                for v in self.province_spots(province)
            ]
            where[f"province:{province}"] = anchor
        solver = solve.Solver(spots, where, GAP, REPAIR, SEARCH)
        found = solve.attempts(solver, TRIES)
        if found is None:
            self.stuck = solver.stuck
            return False
        for what, spot in found.items():
            if what.startswith("province:"):
                province = what.split(":", 1)[1]
                size = spot.payload
                assert isinstance(size, int)  # province_spots carries the name's size
                self.sizes[province] = size
                self.settle(what, spot.rects[0].inflate(-2 * (ASIDE - GAP), -2 * (ASIDE - GAP)))
                self.settle(f"tile:{province}", spot.rects[1])
                continue
            room = spot.payload if what.startswith("tag:") else spot.rects[0]
            assert isinstance(room, pygame.Rect)  # a tag's spot carries its room without the gap
            self.settle(what, room)
            if spot.payload == "smaller":
                self.shrunk.add(what)
            elif isinstance(spot.payload, tuple):  # a leader line to its town
                self.lines[what] = spot.payload
        return True

    def province_spots(self, province: str) -> list[solve.Spot]:
        """Where a province's name (its size the payload) and its tile may go, best first:
        inside it, near where the level writes it, off its border, the tile beside the name
        (under, over, right, left), the largest size; a few sizes smaller, on its border and
        the tile elsewhere in the province (or across its border, its middle inside) only
        after those. The spots tried lie apart: a few tens, not hundreds alike."""
        field = self.field
        tile = tile_size()
        top = PROVINCE_SIZE[self.language]
        anchor = self.names[province]
        outside = field.outside[province]

        def apart(found: Iterable[pygame.Rect], most: int) -> list[pygame.Rect]:
            cells: set[tuple[int, int]] = set()
            out = []
            for rect in found:
                cell = (rect.x // SPREAD[0], rect.y // SPREAD[1])
                if cell not in cells:
                    cells.add(cell)
                    out.append(rect)
                    if len(out) >= most:
                        break
            return out

        inside_tiles = apart(field.clear_spots([field.taken, outside], tile, anchor, TILE_REACH), 400)
        across_tiles = [
            r
            for r in apart(field.clear_spots([field.taken], tile, anchor, TILE_REACH), 400)
            if not outside.get_at(r.center) and outside.overlap(solid(r.size), r.topleft)
        ]
        scored: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[float, solve.Spot]] = {}
        for stage, (steps, strict, paired) in enumerate(STAGES):
            for step in (k for k in steps if top - k >= PROVINCE_SMALLEST[self.language]):
                size = top - step
                letters = ink(province, size, "black", LABEL_INK)
                masks = [field.taken, outside] + ([field.band] if strict else [])
                for rect in apart(field.clear_spots(masks, letters.size, anchor, REACH), EACH):
                    room = rect.inflate(2 * GAP, 2 * GAP)
                    besides = [
                        r
                        for r in next_to(rect, tile)
                        if not r.colliderect(room) and field.free(r) and field.within(province, r)
                    ]
                    if paired and not besides:
                        continue
                    if not besides:  # elsewhere in the province, then across its border
                        for tiles in (inside_tiles, across_tiles):
                            clear = [r for r in tiles if not r.colliderect(room)]
                            clear.sort(key=lambda r: math.dist(r.center, rect.center))
                            besides += clear[:TILES]
                    away = math.dist(rect.center, anchor) / 8
                    for k, beside in enumerate(besides):
                        score = away + STEP * step + 12 * stage + k
                        key = (tuple(rect), tuple(beside))
                        if key not in scored or score < scored[key][0]:
                            scored[key] = (score, solve.Spot((rect, beside), size))
        return [spot for _, spot in sorted(scored.values(), key=lambda s: (s[0], tuple(s[1].rects[0])))]

    def leader_spots(self, city: str, size: tuple[int, int]) -> list[tuple[pygame.Rect, tuple[Point, Point]]]:
        """Where a town's name hemmed in by its roads may go farther out (LEADER), a line
        drawn from its zone to it: clear of the roads, the other towns' zones and fortresses'
        rows and columns, KEEP + APART off any other town, the line by no other town and
        across a road at most, never along one; the shortest lines first."""
        centre, (w, h) = self.cities[city], size
        others = [p for c, p in self.cities.items() if c != city]
        forts = [
            marker(p, self.board.cities[c].taj)
            for c, p in self.cities.items()
            if c != city and self.board.cities[c].fortress
        ]
        out = []
        for far in range(*LEADER):
            for turn in range(0, 360, 10):
                dx, dy = math.cos(math.radians(turn)), math.sin(math.radians(turn))
                rect = pygame.Rect(0, 0, w, h)
                rect.center = (round(centre[0] + dx * (far + w / 2)), round(centre[1] + dy * (far + h / 2)))
                own = away(rect, centre)
                if not BOUNDS.contains(rect) or hits(self.field.base, rect) or hits(self.roads, rect):
                    continue
                if any(away(rect, p) < KEEP + APART for p in others):  # the line says whose it is:
                    continue  # enough that it lies plainly off the others
                if any(
                    rect.inflate(2 * SHADOW, 0).colliderect(m) or rect.inflate(0, 2 * SHADOW).colliderect(m)
                    for m in forts
                ):
                    continue
                line = leader(centre, rect)
                points = dots(line)
                if any(hits(self.field.base, d) for d in points):
                    continue
                if sum(hits(self.roads, d) for d in points) > CROSS:  # crossing a road, not along it
                    continue
                key = (round(own), turn)
                out.append((key, rect, line))
        seen: set[tuple[int, ...]] = set()
        found = []
        for _, rect, line in sorted(out, key=lambda o: o[0]):
            if tuple(rect) not in seen:
                seen.add(tuple(rect))
                found.append((rect, line))
        return found

    def smaller(self, what: str) -> list[pygame.Rect]:
        """A town's spots for its name a size smaller (where even a neighbour's moving leaves
        no room)."""
        if what not in self.small:
            city = what.split(":", 1)[1]
            size = ink(city, self.city_size - 1, "bold", CITY_INK).size
            self.small[what] = self.ranked(city, around(self.cities[city], size), True)
        return self.small[what]

    def elsewhere(self, what: str) -> Iterable[pygame.Rect]:
        """Where something already placed could go instead: a town's name or tag to its other
        spots, a province's tile anywhere else in it (nearest its name first)."""
        if what in self.items:
            return self.items[what]
        kind, name = what.split(":", 1)
        if kind == "tile":
            field, tile = self.field, tile_size()
            label = field.placed[f"province:{name}"]
            return field.clear_spots([field.taken, field.outside[name]], tile, label.center, 120)
        return []

    def shove(self, what: str, spots: Sequence[pygame.Rect]) -> tuple[pygame.Rect, list[pygame.Rect]] | None:
        """A spot for a town's name or tag that found none: one where the one or two things
        in the way (names, tags, a tile) can each move to another free spot of their own."""
        field = self.field
        for rect in spots:
            if not BOUNDS.contains(rect) or hits(
                field.bare if what.startswith("palaces:") else field.base, rect
            ):
                continue
            room = rect.inflate(2 * GAP, 2 * GAP)
            blockers = [w for w, r in field.placed.items() if r.colliderect(room)]
            if not 0 < len(blockers) <= 2 or any(b.startswith(("province:", "land:")) for b in blockers):
                continue
            old = {b: field.placed[b] for b in blockers}
            for b in blockers:
                field.drop(b)
            field.take(what, rect)
            moved = []
            for b in blockers:
                spot = next((r for r in self.elsewhere(b) if self.fits(b, r)), None)
                if spot is None:
                    break
                field.take(b, spot)
                moved.append(spot)
            field.drop(what)
            if len(moved) == len(blockers):
                return rect, moved
            for b in blockers:
                if b in field.placed:
                    field.drop(b)
            for b, r in old.items():
                field.take(b, r)
        return None

    def place_lands(self) -> None:
        """The lands, seas and deserts: near where the level writes them, off the borders if
        they can be."""
        field = self.field
        rooms = [r.inflate(2 * SHORE, 2 * SHORE) for w, r in field.placed.items() if w.startswith("city:")]
        towns = painted(lambda s: [s.fill((255, 255, 255), r) for r in rooms])  # SHORE clear of them
        for name, centre in self.lands:
            size = ink(name, LAND_SIZE, "bold", LAND_INK, False).size
            rect = next(field.clear_spots([field.taken, towns, field.band], size, centre, 60), None)
            rect = rect or next(field.clear_spots([field.taken, towns], size, centre, 60), None)
            if rect is None:
                self.misses.append(f"land:{name}")
                rect = min(list(spiral(centre, size, 60))[:400], key=field.cost)
            self.settle(f"land:{name}", rect)

    def result(self, placed: dict[str, pygame.Rect], misses: Sequence[str]) -> Placement:
        words: list[Word] = []
        tags: dict[str, pygame.Rect] = {}
        tiles: dict[str, pygame.Rect] = {}
        sides: dict[str, pieces.Stand] = {}
        for what, rect in placed.items():
            kind, name = what.split(":", 1)
            if kind == "tag":
                tags[name] = rect
            elif kind == "tile":
                tiles[name] = rect
            elif kind == "palaces":
                sides[name] = self.sides[(what, tuple(rect))]
            elif kind == "city":
                size = self.city_size - (what in self.shrunk)
                words.append(word(kind, name, size, "bold", CITY_INK, rect, self.lines.get(what)))
            elif kind == "province":
                words.append(word(kind, name, self.sizes[name], "black", LABEL_INK, rect))
            else:
                words.append(word(kind, name, LAND_SIZE, "bold", LAND_INK, rect))
        return assemble(self.language, self.cities, self.provinces, words, tags, tiles, misses, sides)


def assemble(
    language: str,
    cities: dict[str, Point],
    provinces: dict[str, tuple[Point, ...]],
    words: Sequence[Word],
    tags: dict[str, pygame.Rect],
    tiles: dict[str, pygame.Rect],
    misses: Sequence[str],
    sides: dict[str, pieces.Stand],
) -> Placement:
    """A placement from where its names, tags, tiles and palaces went (the rest follows)."""
    board = load()
    near = {c: tuple(w for w in words if away(w.rect, p) < KEEP + 2) for c, p in cities.items()}
    markers = {c: marker(p, board.cities[c].taj) for c, p in cities.items()}
    under = Beneath(provinces, tuple(words))
    return Placement(
        language,
        markers,
        dict(cities),
        tuple(words),
        tags,
        tiles,
        under,
        near,
        tuple(misses),
        dict(sides),
        *standing(cities, sides),
    )


# -- kept between runs -----------------------------------------------------------------------
def kept(
    language: str,
    cities: dict[str, Point],
    provinces: dict[str, tuple[Point, ...]],
    names: dict[str, Point],
    lands: Sequence[tuple[str, Point]],
) -> Placement:
    """`place`, kept in the cache folder under a fingerprint of all it depends on (the names
    as the catalogue writes them, the fonts, the tiles' sizes, the map, this module's code and
    settings): placing takes about 0.65 s of CPU in either language, which a table would
    otherwise spend the first time it is drawn in a run."""
    key = fingerprint(language, cities, provinces, names, lands)
    path = paths.cache_dir() / f"tajmahal-labels-{language}-{key}.json"
    with contextlib.suppress(OSError, ValueError, KeyError, TypeError, IndexError):
        return restore(json.loads(path.read_text(encoding="utf-8")), language, cities, provinces)
    placement = place(language, cities, provinces, names, lands)
    if not placement.misses:
        with contextlib.suppress(OSError):
            for old in path.parent.glob(f"tajmahal-labels-{language}-*.json"):
                old.unlink()
            write_atomic(path, json.dumps(keep(placement)))
    return placement


class Kept(TypedDict):
    """A placement as its cache file holds it (read back unchecked: `kept` takes any error
    in it for a file to place again)."""

    words: list[tuple[str, str, int, str, list[int], list[int], list[int], list[list[int]] | None]]
    tags: dict[str, list[int]]
    tiles: dict[str, list[int]]
    sides: Mapping[str, Sequence[str | int]]


def keep(placement: Placement) -> Kept:
    return {
        "words": [
            (
                w.kind,
                w.name,
                w.size,
                w.face,
                list(w.ink),
                list(w.rect),
                list(w.topleft),
                [list(p) for p in w.leader] if w.leader else None,
            )
            for w in placement.words
        ],
        "tags": {c: list(r) for c, r in placement.tags.items()},
        "tiles": {p: list(r) for p, r in placement.tiles.items()},
        "sides": placement.sides,
    }


def restore(
    data: Kept, language: str, cities: dict[str, Point], provinces: dict[str, tuple[Point, ...]]
) -> Placement:
    words = [
        Word(
            kind,
            name,
            size,
            face,
            (ink[0], ink[1], ink[2]),
            pygame.Rect(rect),
            (topleft[0], topleft[1]),
            ((line[0][0], line[0][1]), (line[1][0], line[1][1])) if line else None,
        )
        for kind, name, size, face, ink, rect, topleft, line in data["words"]
    ]
    tags = {c: pygame.Rect(r) for c, r in data["tags"].items()}
    tiles = {p: pygame.Rect(r) for p, r in data["tiles"].items()}
    sides = {c: (str(side), int(slide)) for c, (side, slide) in data["sides"].items()}
    written = {(w.kind, w.name) for w in words}
    if (
        set(tags) != {c for c in cities if load().cities[c].fortress}
        or set(tiles) != set(provinces)
        or set(sides) != set(cities)
        or not set(sides.values()) <= set(pieces.STANDS)
        or not written >= {("city", c) for c in cities} | {("province", p) for p in provinces}
    ):
        raise ValueError("a placement for another map")
    return assemble(language, cities, provinces, words, tags, tiles, (), sides)


def fingerprint(
    language: str,
    cities: dict[str, Point],
    provinces: dict[str, tuple[Point, ...]],
    names: dict[str, Point],
    lands: Sequence[tuple[str, Point]],
) -> str:
    fonts = []
    for face in sorted(set(text.FACES[language].values())):
        stat = resources.path("assets", "fonts", face).stat()
        fonts.append([face, stat.st_size, stat.st_mtime_ns])
    written = sorted({*cities, *provinces, *names, *(name for name, _ in lands)})
    settings = {
        k: v for k, v in globals().items() if k.isupper() and isinstance(v, int | float | tuple | dict)
    }
    facts = [
        language,
        [i18n.tr(w) for w in written],
        fonts,
        [tag_size(True), tag_size(False), tile_size()],
        [cities, provinces, names, list(lands), load().roads],
        settings,
        pygame.version.ver,
    ]
    digest = hashlib.sha256(json.dumps(facts, sort_keys=True, default=list).encode())
    # this module's code and the search's and the palaces' it uses: a change places again
    for module in (sys.modules[__name__], solve, pieces):
        try:
            digest.update(Path(module.__file__ or "").read_bytes())
        except OSError:  # no source beside it: its functions' bytecode
            for value in vars(module).values():
                if inspect.isfunction(value) and value.__module__ == module.__name__:
                    digest.update(value.__code__.co_code)
    return digest.hexdigest()[:16]
