"""Where the palaces built on a town stand on the map: beside its mark, clear of it, side by
side when a town holds two (a palace and a mogul's palace: one of each at most), so every piece
and the town's own dot, fortress square or ringed Taj stay in sight.

They stand on top of the mark, under it, or to its right or left (one over the other), in the
middle or slid half a piece along it (a stand: the side and the slide). The placer (labels.py)
chooses the stand with the names and tags, out of the other towns' zones, and keeps its room
free as it keeps the town's round zone; Render.draw_map draws the pieces there and Motion lands
them there.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from game.scenes.tajmahal.art import SEAT_SHAPES, shape_points

if TYPE_CHECKING:
    from game.core.face import View

Point = tuple[int, int]

R = 4  # a piece's size (art.palace's r)
SIDE = 5  # two pieces side by side: each this far from the middle
LIFT = 1  # between the town's mark and the pieces' nearest point
SIDES = ("up", "down", "right", "left")
Stand = tuple[str, int]  # a side of the mark and how far the pieces slide along it


def _extent(r: float) -> tuple[int, int]:
    """The half width and half height (whole pixels) that hold every seat's shape at size r."""
    pts = [p for shape in SEAT_SHAPES for p in shape_points(shape, (0, 0), r)]
    return math.ceil(max(abs(x) for x, _ in pts)), math.ceil(max(abs(y) for _, y in pts))


HALF_W, HALF_H = _extent(R)
# in order of preference: in the middle of a side, then slid along it
STANDS: tuple[Stand, ...] = tuple(
    (side, slide)
    for slides in ((0,), (-1, 1))
    for side in SIDES
    for slide in (s * (SIDE if side in ("up", "down") else HALF_H) for s in slides)
)


def palaces_at(v: View) -> dict[str, list[tuple[int, str]]]:
    """City -> the palaces on it as (seat, "palace" | "mogul"), the palace first: a city holds
    a palace and a mogul's palace at most (a mogul one a province)."""
    held: dict[str, list[tuple[int, str]]] = {}
    for city, seat in v["palaces"]:
        held.setdefault(city, []).append((seat, "palace"))
    for city, seat in v["moguls"]:
        held.setdefault(city, []).append((seat, "mogul"))
    return held


def mark_half(taj: bool) -> int:
    """Half the size of a town's mark: a dot's radius 5, a fortress's 11 px square, the Taj's
    ring of radius 8 (labels.marker)."""
    return 8 if taj else 5


def spots(centre: Point, n: int, taj: bool, stand: Stand = ("up", 0)) -> list[Point]:
    """The centres of n pieces (1 or 2) on a town at a stand: above or under its mark side by
    side, right or left of it one over the other."""
    side, slide = stand
    x, y = centre
    off = mark_half(taj) + LIFT + 1
    if side in ("up", "down"):
        cy = y - off - HALF_H if side == "up" else y + off + HALF_H
        x += slide
        return [(x, cy)] if n <= 1 else [(x - SIDE, cy), (x + SIDE, cy)]
    cx = x + off + HALF_W if side == "right" else x - off - HALF_W
    y += slide
    return [(cx, y)] if n <= 1 else [(cx, y - HALF_H), (cx, y + HALF_H)]


def box(at: Point) -> pygame.Rect:
    """What a piece standing at this centre may cover (any seat's shape)."""
    rect = pygame.Rect(0, 0, 2 * HALF_W + 1, 2 * HALF_H + 1)
    rect.center = at
    return rect


def room(centre: Point, taj: bool, stand: Stand) -> pygame.Rect:
    """All a town's pieces may cover at a stand, one or two of them."""
    one = box(spots(centre, 1, taj, stand)[0])
    return one.unionall([box(p) for p in spots(centre, 2, taj, stand)])


def _clear(rect: pygame.Rect, centre: Point, radius: int) -> bool:
    x, y = centre
    nx, ny = min(max(x, rect.left), rect.right - 1), min(max(y, rect.top), rect.bottom - 1)
    return (nx - x) ** 2 + (ny - y) ** 2 >= radius * radius


def options(centre: Point, taj: bool, others: Iterable[Point], keep: int) -> list[tuple[Stand, pygame.Rect]]:
    """The stands a town's pieces may take, in order of preference (STANDS), with the room
    they would cover: those keeping `keep` away from every other town's centre (its mark and
    its rings)."""
    others = list(others)
    rooms = [(stand, room(centre, taj, stand)) for stand in STANDS]
    return [(stand, r) for stand, r in rooms if all(_clear(r, p, keep) for p in others)]
