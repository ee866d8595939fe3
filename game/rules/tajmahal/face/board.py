"""The Taj Mahal board, read from the Tiled map levels/tajmahal.tmx with pytmx and validated.

pytmx is imported through game.rules.tiled, which keeps it from importing pygame (nothing
under game/rules may). Only the `provinces`, `cities` and `roads` layers matter to the rules;
`terrain`, `rivers` and `labels` are for drawing.
"""

from __future__ import annotations

import functools
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import resources
from game.rules import tiled
from game.rules.tajmahal.face.data import AGRA

PROVINCE_NAMES: tuple[str, ...] = (
    "Kabul",
    "Kashmir",
    "Lahore",
    "Multan",
    "Thatta",
    "Delhi",
    "Ajmer",
    "Agra",
    "Awadh",
    "Allahabad",
    "Gujarat",
    "Malwa",
)
FORTRESSES = 16
Point = tuple[float, float]


class BoardError(ValueError):
    """A map that is not a valid Taj Mahal board; the message names the file and the place."""


@dataclass(frozen=True)
class City:
    name: str
    province: str
    x: float
    y: float
    fortress: bool
    taj: bool


@dataclass(frozen=True)
class Province:
    name: str
    points: tuple[Point, ...]  # polygon, absolute map coordinates
    cities: tuple[str, ...]  # in the order of the file, which is the order of the ring road


@dataclass(frozen=True)
class Board:
    provinces: dict[str, Province]
    cities: dict[str, City]
    roads: tuple[tuple[str, str], ...]
    neighbours: dict[str, tuple[str, ...]]  # city -> cities one road away
    borders: dict[str, tuple[str, ...]]  # province -> provinces sharing an edge of its outline

    @property
    def fortresses(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.cities.values() if c.fortress)

    @property
    def taj(self) -> str:
        return next(c.name for c in self.cities.values() if c.taj)


def levels_dir() -> Path:
    """Where the level files live: checkout, wheel or bundle (game/resources.py knows)."""
    return resources.path("levels")


def board_path() -> Path:
    return levels_dir() / "tajmahal.tmx"


def _read(path: Path) -> dict[str, Any]:
    """The file's object layers by name (BoardError when pytmx cannot read it)."""
    pytmx = tiled.pytmx()
    try:
        tmx = pytmx.TiledMap(str(path))
    except FileNotFoundError:
        raise BoardError(f"{path.name}: the file is missing") from None
    except Exception as exc:  # a damaged file must be reported, not crash the table
        raise BoardError(f"{path.name}: cannot read the map ({exc})") from None
    return {layer.name: layer for layer in tmx.layers if isinstance(layer, pytmx.TiledObjectGroup)}


def _shape(obj: Any) -> str:
    """What kind of Tiled object this is, as far as pytmx tells: polygon, polyline or point."""
    if hasattr(obj, "points"):
        return "polygon" if obj.closed else "polyline"
    return "point" if not obj.width and not obj.height else "rectangle"


def parse(path: Path) -> Board:
    """Read and validate a board file; BoardError names what is wrong and where."""
    where = path.name
    layers = _read(path)
    for name in ("provinces", "cities", "roads"):
        if name not in layers:
            raise BoardError(f"{where}: the object layer {name!r} is missing")

    provinces: dict[str, list[Point]] = {}
    for obj in layers["provinces"]:
        name = obj.name or ""
        if name not in PROVINCE_NAMES:
            raise BoardError(f"{where}: provinces object {obj.id} has the unknown name {name!r}")
        if name in provinces:
            raise BoardError(f"{where}: province {name} appears twice")
        if _shape(obj) != "polygon" or len(obj.points) < 3:
            raise BoardError(f"{where}: province {name} is not a polygon")
        provinces[name] = [(p.x, p.y) for p in obj.points]
    missing = [p for p in PROVINCE_NAMES if p not in provinces]
    if missing:
        raise BoardError(f"{where}: provinces missing: {', '.join(missing)}")

    cities: dict[str, City] = {}
    for obj in layers["cities"]:
        name, props = obj.name or "", obj.properties
        place = f"{where}: city {name or obj.id}"
        if not name:
            raise BoardError(f"{where}: cities object {obj.id} has no name")
        if name in cities:
            raise BoardError(f"{place} appears twice")
        if props.get("province") not in provinces:
            raise BoardError(f"{place} names the unknown province {props.get('province')!r}")
        for flag in ("fortress", "taj"):
            if not isinstance(props.get(flag), bool):
                raise BoardError(f"{place} needs a boolean {flag!r} property")
        if _shape(obj) != "point":
            raise BoardError(f"{place} must be a point object, not a {_shape(obj)}")
        x, y = float(obj.x), float(obj.y)
        if not _inside(x, y, provinces[str(props["province"])]):
            raise BoardError(f"{place} at ({x:g}, {y:g}) lies outside its province {props['province']}")
        cities[name] = City(name, str(props["province"]), x, y, bool(props["fortress"]), bool(props["taj"]))
    for p in PROVINCE_NAMES:
        count = sum(c.province == p for c in cities.values())
        want = 5 if p == AGRA else 4
        if count != want:
            raise BoardError(f"{where}: province {p} has {count} cities, not {want}")
    tajs = [c for c in cities.values() if c.taj]
    if len(tajs) != 1 or not tajs[0].fortress or tajs[0].province != AGRA:
        raise BoardError(f"{where}: exactly one city must be the Taj Mahal, a fortress in {AGRA}")
    forts = sum(c.fortress for c in cities.values())
    if forts != FORTRESSES:
        raise BoardError(f"{where}: {forts} fortresses, not {FORTRESSES}")

    borders = {
        p: tuple(q for q in PROVINCE_NAMES if q != p and _borders(provinces[p], provinces[q]))
        for p in PROVINCE_NAMES
    }
    roads: list[tuple[str, str]] = []
    for obj in layers["roads"]:
        a, b = obj.properties.get("from"), obj.properties.get("to")
        if _shape(obj) != "polyline":
            raise BoardError(f"{where}: road {obj.id} must be a line (polyline) object")
        for end in (a, b):
            if end not in cities:
                raise BoardError(f"{where}: road {obj.id} names the unknown city {end!r}")
        if a == b:
            raise BoardError(f"{where}: road {obj.id} joins {a} to itself")
        assert isinstance(a, str) and isinstance(b, str)
        if (a, b) in roads or (b, a) in roads:
            raise BoardError(f"{where}: road {obj.id} repeats the road {a}-{b}")
        pa, pb = cities[a].province, cities[b].province
        if pa != pb and pb not in borders[pa]:
            raise BoardError(f"{where}: road {obj.id} ({a}-{b}) joins {pa} and {pb}, which do not border")
        roads.append((a, b))
    near: dict[str, set[str]] = {c: set() for c in cities}
    for a, b in roads:
        near[a].add(b)
        near[b].add(a)
    by_province = {p: tuple(n for n, c in cities.items() if c.province == p) for p in PROVINCE_NAMES}
    for p, names in by_province.items():  # each province's cities form a ring of roads
        if not _is_ring(names, near):
            raise BoardError(f"{where}: the cities of {p} do not form a ring of roads")
    seen = _reach(next(iter(cities)), near)
    if len(seen) != len(cities):
        cut = sorted(set(cities) - seen)
        raise BoardError(f"{where}: cities not reachable by road: {', '.join(cut)}")
    return Board(
        {p: Province(p, tuple(provinces[p]), by_province[p]) for p in PROVINCE_NAMES},
        cities,
        tuple(roads),
        {c: tuple(sorted(n)) for c, n in near.items()},
        borders,
    )


def _edges(polygon: list[Point]) -> set[frozenset[Point]]:
    return {frozenset(e) for e in zip(polygon, polygon[1:] + polygon[:1], strict=True)}


def _borders(a: list[Point], b: list[Point]) -> bool:
    """Two provinces border when their outlines share an edge: the same two points, one after
    the other, in both polygons (a border is drawn once and used by both sides)."""
    return not _edges(a).isdisjoint(_edges(b))


def _inside(x: float, y: float, polygon: list[Point]) -> bool:
    """Even-odd rule: does a horizontal ray from the point cross the outline an odd number of times?"""
    inside = False
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _is_ring(names: tuple[str, ...], near: dict[str, set[str]]) -> bool:
    inside = set(names)
    if any(len(near[n] & inside) != 2 for n in names):
        return False
    return _reach(names[0], {n: near[n] & inside for n in names}) == inside


def _reach(start: str, near: dict[str, set[str]]) -> set[str]:
    seen, todo = {start}, deque([start])
    while todo:
        for nxt in near[todo.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


@functools.cache
def load() -> Board:
    """The shipped board (read once per process; Board is never mutated)."""
    return parse(board_path())
