"""Where the Taj Mahal map's words and tags go, so that nothing written covers anything else
(issue 36).

A small greedy placer over a bit mask of the map. Every city keeps a round zone: its dot,
square or ringed Taj, the palaces built on it and the rings drawn round it while building,
hinting, pointing or lighting a chain all lie within `ZONE` of its centre, and no word or
tag comes nearer than `KEEP`. Each thing to place has candidate spots round its anchor in a
fixed order of preference and takes the first free one:

1. the provinces' names, inside their province and off its border (where the visited
   province's outline runs), each with its tile beside it; a name steps down a size or two
   where its province is crowded, and of the spots it may take it prefers those that leave
   the towns nearby their room;
2. the bonus tags beside their fortresses and the towns' names (right, left, the corners,
   above, below, then a little farther out; first where the name is plainly nearer its own
   town than any other), always the one with the fewest free spots left first, at its first
   free spot unless that takes a neighbour's last ones; one that finds none moves a
   neighbour (or a tile) that can go elsewhere, or is written a size smaller;
3. the lands, seas and deserts.

A town's name or tag still without room goes before the provinces' names in a next
attempt.

Every size is measured with the real font of the language (the letters' own ink with their
pale rim), so the placement is made once per language and cached (`map_art.placement`, and
in the cache folder between runs: `kept`):
`paint_map` writes the names from it, `Render.draw_map` lays the tags and tiles in it, and
the tests read the same rectangles.
"""

from __future__ import annotations

import contextlib
import hashlib
import heapq
import inspect
import json
import marshal
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

import pygame

from game import resources
from game.core import i18n, paths
from game.core.files import write_atomic
from game.rules.tajmahal.board import load
from game.rules.tajmahal.data import BONUSES, TAJ_BONUS, TILE_GOODS
from game.scenes.tajmahal import art
from game.scenes.tajmahal import layout as L
from game.ui import text

Point = tuple[int, int]

ZONE = 11  # render.draw_map draws a city's palaces and rings within this radius of it
KEEP = 12  # no word or tag nearer a city's centre (a lit chain's ring reaches 13: the names
# near it are written again over it)
GAP = 2  # between any two things placed
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

CITY_SIZE = {"en": 12, "ja": 11}  # katakana names run longer than the English
PROVINCE_SIZE = {"en": 19, "ja": 17}
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
        `land:Bengal`, `tag:Agra`, `tile:Agra`."""
        out = [(f"marker:{c}", r) for c, r in self.markers.items()]
        out += [(f"{w.kind}:{w.name}", w.rect) for w in self.words]
        out += [(f"tag:{c}", r) for c, r in self.tags.items()]
        out += [(f"tile:{p}", r) for p, r in self.tiles.items()]
        return out


class Beneath(dict):
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


def painted(paint: Callable[[pygame.Surface], None]) -> pygame.mask.Mask:
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
    thing placed with its gap."""

    def __init__(self, cities: dict[str, Point], provinces: dict[str, tuple[Point, ...]]):
        self.base = solid(SIZE).copy()
        self.base.erase(solid(BOUNDS.size), BOUNDS.topleft)
        for x, y in cities.values():
            self.base.draw(disc(KEEP), (x - KEEP, y - KEEP))
        self.base.draw(solid(PLAQUE.size), PLAQUE.topleft)  # a lit chain's size is written there
        self.reset()
        self.band = painted(
            lambda s: [
                pygame.draw.polygon(s, (255, 255, 255), pts, 2 * BAND + 1) for pts in provinces.values()
            ]
        )
        self.outside = {}
        for name, pts in provinces.items():
            mask = painted(lambda s, pts=pts: pygame.draw.polygon(s, (255, 255, 255), pts))
            mask.invert()
            self.outside[name] = mask

    def reset(self) -> None:
        self.taken = self.base.copy()
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

    def free(self, rect: pygame.Rect) -> bool:
        return BOUNDS.contains(rect) and not hits(self.taken, rect)

    def off_border(self, rect: pygame.Rect) -> bool:
        return not hits(self.band, rect)

    def within(self, province: str, rect: pygame.Rect) -> bool:
        return not hits(self.outside[province], rect)

    def take(self, what: str, rect: pygame.Rect) -> None:
        self.placed[what] = rect
        room = rect.inflate(2 * GAP, 2 * GAP)
        self.taken.draw(solid(room.size), room.topleft)

    def drop(self, what: str) -> None:
        del self.placed[what]
        self.taken = self.base.copy()
        for rect in self.placed.values():
            room = rect.inflate(2 * GAP, 2 * GAP)
            self.taken.draw(solid(room.size), room.topleft)

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
def ink(name: str, size: int, face: str, colour, rim: bool = True) -> pygame.Rect:
    """The letters' rectangle, with their one-pixel pale rim (not the lands' and seas'),
    within the rendered text's surface."""
    letters = text.render(name, size, colour, face).get_bounding_rect()
    return letters.inflate(2, 2) if rim else letters


def word(kind: str, name: str, size: int, face: str, colour, rect: pygame.Rect) -> Word:
    letters = ink(name, size, face, colour, kind != "land")
    return Word(kind, name, size, face, colour, rect, (rect.x - letters.x, rect.y - letters.y))


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


# -- the placer -----------------------------------------------------------------------------
class Towns:
    """The towns' names and the bonus tags still to place, each with its spots in order of
    preference and which of them are still free."""

    def __init__(self, field: Field, items: dict[str, list[pygame.Rect]]):
        self.items = items
        self.owner: list[str] = []
        self.spots: list[pygame.Rect] = []
        self.span: dict[str, tuple[int, int]] = {}
        for what, spots in items.items():
            self.span[what] = (len(self.spots), len(self.spots) + len(spots))
            self.owner += [what] * len(spots)
            self.spots += spots
        self.alive = [field.free(r) for r in self.spots]
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
        dead = set()
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

    A town's name or tag that finds no room once the provinces' names are down goes before
    them in the next attempt; the attempt with the fewest misses wins (the first with none)."""
    placer = Placer(language, cities, provinces, names, lands)
    first: list[str] = []
    best: tuple[dict[str, pygame.Rect], list[str], dict[str, int], set[str]] | None = None
    for _attempt in range(4):
        placed, misses = placer.run(first)
        if best is None or len(misses) < len(best[1]):
            best = (placed, misses, dict(placer.sizes), set(placer.shrunk))
        late = [m for m in misses if m in placer.items and m not in first]
        if not misses or not late:
            break
        first += late
    assert best is not None
    placed, misses, placer.sizes, placer.shrunk = best
    return placer.result(placed, misses)


class Placer:
    """One language's placement, tried in a few orders (`run`)."""

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
        self.city_size = CITY_SIZE[language]
        self.items: dict[str, list[pygame.Rect]] = {}
        for city, centre in cities.items():
            if self.board.cities[city].fortress:
                spots = around(centre, tag_size(self.board.cities[city].taj))
                self.items[f"tag:{city}"] = self.ranked(city, spots, False)
            spots = around(centre, ink(city, self.city_size, "bold", CITY_INK).size)
            self.items[f"city:{city}"] = self.ranked(city, spots, True)
        self.sizes: dict[str, int] = {}
        self.shrunk: set[str] = set()

    def ranked(self, city: str, spots: list[pygame.Rect], name: bool) -> list[pygame.Rect]:
        """A town's spots, best first: those nearer their own town than any other (a tag:
        than any other fortress), else they read as the neighbour's, before the rest; and a
        name's spot on a border (the visited province's outline runs there: the name is
        written again over it) counts as one round of `around` and a half farther out."""
        x, y = centre = self.cities[city]
        others = [
            p
            for c, p in self.cities.items()
            if c != city and (name or self.board.cities[c].fortress) and abs(p[0] - x) + abs(p[1] - y) < 200
        ]

        def rank(k: int) -> tuple[bool, float]:
            rect = spots[k]
            own = away(rect, centre)
            reach = rect.inflate(2 * (own * SHARE + OWN), 2 * (own * SHARE + OWN))
            owned = all(own * SHARE + OWN <= away(rect, p) for p in others if reach.collidepoint(p))
            return (not owned, k + (ROUND * 1.5 if name and not self.field.off_border(rect) else 0))

        return [spots[k] for k in sorted(range(len(spots)), key=rank)]

    def run(self, first: Sequence[str]) -> tuple[dict[str, pygame.Rect], list[str]]:
        """One attempt: `first` (towns' names or tags) before the provinces' names."""
        self.field.reset()
        self.towns = Towns(self.field, self.items)
        self.misses: list[str] = []
        self.shrunk = set()
        self.place_towns([w for w in self.items if w in first])
        self.place_provinces()
        self.place_towns([w for w in self.items if w not in first])
        self.place_lands()
        return dict(self.field.placed), self.misses

    def settle(self, what: str, rect: pygame.Rect) -> None:
        self.field.take(what, rect)
        self.towns.taken(rect)

    def place_provinces(self) -> None:
        """Each province's name, inside it, off its border if it can be, with its tile by it;
        of the spots it may take, one that leaves the towns nearby their room."""
        field, towns = self.field, self.towns
        tile = tile_size()
        top = PROVINCE_SIZE[self.language]
        for province, anchor in self.names.items():
            best: tuple | None = None
            pool = towns.near(
                pygame.Rect(anchor[0] - REACH - 240, anchor[1] - REACH - 90, 2 * REACH + 480, 2 * REACH + 180)
            )
            for stage, (steps, strict, paired) in enumerate(
                (
                    ((0, 1, 2), True, True),
                    ((0, 1, 2), False, True),
                    ((0, 1, 2, 3, 4), True, False),
                    ((0, 1, 2, 3, 4), False, False),
                )
            ):
                for step in steps:
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
        """The bonus tags and the towns' names, the most hemmed in first, each at its first
        free spot unless that takes a neighbour's last (or best) ones."""
        field, towns = self.field, self.towns
        left = list(order)
        while left:
            what = min(left, key=lambda w: (towns.count[w], left.index(w)))
            left.remove(what)
            start, _ = towns.span[what]
            spots = self.items[what]
            free = [(k, r) for k, r in enumerate(spots) if towns.alive[start + k] and field.free(r)][:24]
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

    def smaller(self, what: str) -> list[pygame.Rect]:
        """A town's spots for its name a size smaller (where even a neighbour's moving leaves
        no room)."""
        city = what.split(":", 1)[1]
        size = ink(city, self.city_size - 1, "bold", CITY_INK).size
        return self.ranked(city, around(self.cities[city], size), True)

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
            if not BOUNDS.contains(rect) or hits(field.base, rect):
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
                spot = next((r for r in self.elsewhere(b) if field.free(r)), None)
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
        for name, centre in self.lands:
            size = ink(name, LAND_SIZE, "bold", LAND_INK, False).size
            rect = next(field.clear_spots([field.taken, field.band], size, centre, 60), None)
            rect = rect or next(field.clear_spots([field.taken], size, centre, 60), None)
            if rect is None:
                self.misses.append(f"land:{name}")
                rect = min(list(spiral(centre, size, 60))[:400], key=field.cost)
            self.settle(f"land:{name}", rect)

    def result(self, placed: dict[str, pygame.Rect], misses: Sequence[str]) -> Placement:
        words: list[Word] = []
        tags: dict[str, pygame.Rect] = {}
        tiles: dict[str, pygame.Rect] = {}
        for what, rect in placed.items():
            kind, name = what.split(":", 1)
            if kind == "tag":
                tags[name] = rect
            elif kind == "tile":
                tiles[name] = rect
            elif kind == "city":
                size = self.city_size - (what in self.shrunk)
                words.append(word(kind, name, size, "bold", CITY_INK, rect))
            elif kind == "province":
                words.append(word(kind, name, self.sizes[name], "black", LABEL_INK, rect))
            else:
                words.append(word(kind, name, LAND_SIZE, "bold", LAND_INK, rect))
        return assemble(self.language, self.cities, self.provinces, words, tags, tiles, misses)


def assemble(
    language: str,
    cities: dict[str, Point],
    provinces: dict[str, tuple[Point, ...]],
    words: Sequence[Word],
    tags: dict[str, pygame.Rect],
    tiles: dict[str, pygame.Rect],
    misses: Sequence[str],
) -> Placement:
    """A placement from where its names, tags and tiles went (the rest follows)."""
    board = load()
    near = {c: tuple(w for w in words if away(w.rect, p) < KEEP + 2) for c, p in cities.items()}
    markers = {c: marker(p, board.cities[c].taj) for c, p in cities.items()}
    under = Beneath(provinces, tuple(words))
    return Placement(language, markers, dict(cities), tuple(words), tags, tiles, under, near, tuple(misses))


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
    settings): placing takes a tenth of a second in English and a fifth in Japanese, which a
    table would otherwise spend the first time it is drawn in a run."""
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


def keep(placement: Placement) -> dict:
    return {
        "words": [
            [w.kind, w.name, w.size, w.face, list(w.ink), list(w.rect), list(w.topleft)]
            for w in placement.words
        ],
        "tags": {c: list(r) for c, r in placement.tags.items()},
        "tiles": {p: list(r) for p, r in placement.tiles.items()},
    }


def restore(
    data: dict, language: str, cities: dict[str, Point], provinces: dict[str, tuple[Point, ...]]
) -> Placement:
    words = [
        Word(kind, name, size, face, tuple(ink), pygame.Rect(rect), (topleft[0], topleft[1]))
        for kind, name, size, face, ink, rect, topleft in data["words"]
    ]
    tags = {c: pygame.Rect(r) for c, r in data["tags"].items()}
    tiles = {p: pygame.Rect(r) for p, r in data["tiles"].items()}
    written = {(w.kind, w.name) for w in words}
    if (
        set(tags) != {c for c in cities if load().cities[c].fortress}
        or set(tiles) != set(provinces)
        or not written >= {("city", c) for c in cities} | {("province", p) for p in provinces}
    ):
        raise ValueError("a placement for another map")
    return assemble(language, cities, provinces, words, tags, tiles, ())


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
        [cities, provinces, names, list(lands)],
        settings,
        pygame.version.ver,
    ]
    digest = hashlib.sha256(json.dumps(facts, sort_keys=True, default=list).encode())
    for value in list(globals().values()):  # this module's code: a change places again
        value = getattr(value, "__wrapped__", value)
        if getattr(value, "__module__", None) != __name__:
            continue
        if inspect.isfunction(value):
            digest.update(marshal.dumps(value.__code__))
        elif inspect.isclass(value):
            for member in vars(value).values():
                if inspect.isfunction(member):
                    digest.update(marshal.dumps(member.__code__))
    return digest.hexdigest()[:16]
