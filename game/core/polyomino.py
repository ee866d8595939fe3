"""Polyomino geometry, the same for the rules and the table: cells, shapes kept normalised, and
a piece's eight orientations.

Cells are (x, y) with y growing downwards. A shape is normalised when shifted so its smallest x
and y are 0 and its cells sorted by (y, x). An orientation is (flip, rot): the cells mirrored
(x -> -x) when flip, then turned `rot` quarter turns clockwise on screen ((x, y) -> (-y, x)), so
the eight come in the order flip 0 rot 0..3, flip 1 rot 0..3.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

Cell = tuple[int, int]
Shape = tuple[Cell, ...]


def normalise(cells: Iterable[Cell]) -> Shape:
    """Shift cells to the origin and sort them by (y, x)."""
    cells = [(int(x), int(y)) for x, y in cells]
    if not cells:
        return ()
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple(sorted(((x - mx, y - my) for x, y in cells), key=lambda c: (c[1], c[0])))


@cache
def turned(base: Shape, flip: int, rot: int) -> Shape:
    """`base` in orientation (flip, rot), its cells in base order (so a cell held by the pointer
    is followed through turns and flips), shifted to the origin."""
    cells = [(-x, y) if flip else (x, y) for x, y in base]
    for _ in range(rot % 4):
        cells = [(-y, x) for x, y in cells]
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple((x - mx, y - my) for x, y in cells)


def symmetries(cells: Iterable[Cell]) -> list[Shape]:
    """The shape in all 8 orientations, in orientation order, normalised (duplicates kept)."""
    base = tuple((int(x), int(y)) for x, y in cells)
    return [normalise(turned(base, flip, rot)) for flip in (0, 1) for rot in range(4)]
