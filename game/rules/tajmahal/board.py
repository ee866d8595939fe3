"""The Taj Mahal board, read from the Tiled map levels/tajmahal.tmx and validated.

The file is parsed with the standard library's XML reader, which reads the same Tiled format
as pytmx: importing pytmx imports pygame, and nothing under game/rules may do that. (The
tests cross-check this loader against `pytmx.TiledMap` on the shipped file.)
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from game import resources
from game.rules.tajmahal.data import AGRA

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
    points: tuple[tuple[float, float], ...]  # polygon, absolute map coordinates
    cities: tuple[str, ...]


@dataclass(frozen=True)
class Board:
    provinces: dict[str, Province]
    cities: dict[str, City]
    roads: tuple[tuple[str, str], ...]
    neighbours: dict[str, tuple[str, ...]]  # city -> cities one road away

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


def _props(node: ET.Element) -> dict[str, object]:
    out: dict[str, object] = {}
    for p in node.iterfind("properties/property"):
        value: object = p.get("value", p.text or "")
        if p.get("type") == "bool":
            value = str(value).lower() == "true"
        out[p.get("name", "")] = value
    return out


def _points(node: ET.Element, tag: str, x: float, y: float) -> list[tuple[float, float]]:
    shape = node.find(tag)
    if shape is None:
        return []
    pts = []
    for pair in shape.get("points", "").split():
        px, _, py = pair.partition(",")
        pts.append((x + float(px), y + float(py)))
    return pts


def parse(path: Path) -> Board:
    """Read and validate a board file; BoardError names what is wrong and where."""
    where = path.name
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as exc:
        raise BoardError(f"{where}: cannot read the map ({exc})") from None
    layers = {g.get("name"): g for g in root.iter("objectgroup")}
    for name in ("provinces", "cities", "roads"):
        if name not in layers:
            raise BoardError(f"{where}: the object layer {name!r} is missing")

    provinces: dict[str, list] = {}
    for obj in layers["provinces"].iter("object"):
        name = obj.get("name", "")
        pts = _points(obj, "polygon", float(obj.get("x", 0)), float(obj.get("y", 0)))
        if name not in PROVINCE_NAMES:
            raise BoardError(f"{where}: provinces object {obj.get('id')} has the unknown name {name!r}")
        if name in provinces:
            raise BoardError(f"{where}: province {name} appears twice")
        if len(pts) < 3:
            raise BoardError(f"{where}: province {name} is not a polygon")
        provinces[name] = pts
    missing = [p for p in PROVINCE_NAMES if p not in provinces]
    if missing:
        raise BoardError(f"{where}: provinces missing: {', '.join(missing)}")

    cities: dict[str, City] = {}
    for obj in layers["cities"].iter("object"):
        name, props = obj.get("name", ""), _props(obj)
        place = f"{where}: city {name or obj.get('id')}"
        if not name:
            raise BoardError(f"{where}: cities object {obj.get('id')} has no name")
        if name in cities:
            raise BoardError(f"{place} appears twice")
        if props.get("province") not in provinces:
            raise BoardError(f"{place} names the unknown province {props.get('province')!r}")
        for flag in ("fortress", "taj"):
            if not isinstance(props.get(flag), bool):
                raise BoardError(f"{place} needs a boolean {flag!r} property")
        if obj.find("point") is None:
            raise BoardError(f"{place} must be a point object")
        x, y = float(obj.get("x", 0)), float(obj.get("y", 0))
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

    roads: list[tuple[str, str]] = []
    for obj in layers["roads"].iter("object"):
        props = _props(obj)
        a, b = props.get("from"), props.get("to")
        if obj.find("polyline") is None:
            raise BoardError(f"{where}: road {obj.get('id')} must be a line (polyline) object")
        for end in (a, b):
            if end not in cities:
                raise BoardError(f"{where}: road {obj.get('id')} names the unknown city {end!r}")
        if a == b:
            raise BoardError(f"{where}: road {obj.get('id')} joins {a} to itself")
        assert isinstance(a, str) and isinstance(b, str)
        if (a, b) in roads or (b, a) in roads:
            raise BoardError(f"{where}: road {obj.get('id')} repeats the road {a}-{b}")
        pa, pb = cities[a].province, cities[b].province
        if pa != pb and not _borders(provinces[pa], provinces[pb]):
            raise BoardError(
                f"{where}: road {obj.get('id')} ({a}-{b}) joins {pa} and {pb}, which do not border"
            )
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
    )


def _borders(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    """Two province polygons border when they share an edge: two corners or more in common."""
    close = sum(any(abs(x - u) < 1 and abs(y - v) < 1 for u, v in b) for x, y in a)
    return close >= 2


def _inside(x: float, y: float, polygon: list[tuple[float, float]]) -> bool:
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
