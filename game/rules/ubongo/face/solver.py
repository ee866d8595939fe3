"""Exact cover of an area by a multiset of pieces: one tiling, all tilings, counts, effort.

The area becomes one big integer bitmask on a grid whose rows are padded by five empty
columns, so a piece orientation is a single mask that is shifted onto a cell (padding makes
shifts that leave the area land on cells that are not in it, never wrap into it). The search
always fills the first free cell (lowest y, then x): only placements whose own first cell lands
there can cover it, so each node tries at most pieces x 8 shifted masks. That is the same
branching as dancing links choosing the item "this cell" with a fixed order, without the
linked lists, and fast enough in plain Python (see bench.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from game.rules.ubongo.face.pieces import SIZES, Cell, Shape, orientations

Placement = tuple[str, Shape]  # piece letter and the absolute cells it covers
PAD = 5  # wider than any piece, so shifted masks never wrap into the area


@lru_cache(maxsize=256)
def _masks(piece: str, stride: int) -> tuple[int, ...]:
    """Each orientation as a mask relative to its first cell, for rows `stride` wide."""
    out = []
    for shape in orientations(piece):
        x0, y0 = shape[0]
        out.append(sum(1 << ((y - y0) * stride + (x - x0)) for x, y in shape))
    return tuple(out)


class Grid:
    """An area compiled for the search."""

    __slots__ = ("cells", "ox", "oy", "stride", "full", "size")

    def __init__(self, area: Iterable[Cell]):
        cells = sorted({(int(x), int(y)) for x, y in area}, key=lambda c: (c[1], c[0]))
        self.cells = cells
        self.size = len(cells)
        if not cells:
            self.ox = self.oy = 0
            self.stride = PAD
            self.full = 0
            return
        self.ox = min(x for x, _ in cells)
        self.oy = min(y for _, y in cells)
        width = max(x for x, _ in cells) - self.ox + 1
        self.stride = width + PAD
        # cells sit at column x+2 of rows `stride` wide (two free columns left, three right,
        # one free row above): a piece reaching past any edge lands on bits outside the area
        self.full = sum(1 << self.index(c) for c in cells)

    def index(self, cell: Cell) -> int:
        return (cell[1] - self.oy + 1) * self.stride + (cell[0] - self.ox + 2)

    def cell(self, index: int) -> Cell:
        y, x = divmod(index, self.stride)
        return (x - 2 + self.ox, y - 1 + self.oy)

    def cells_of(self, mask: int) -> Shape:
        out = []
        while mask:
            low = mask & -mask
            out.append(self.cell(low.bit_length() - 1))
            mask ^= low
        return tuple(out)


@dataclass(frozen=True)
class Stats:
    """Search effort for one puzzle: nodes to the first tiling, nodes for all, tilings, and the
    nodes of the exhaustive search that lie on no way to a tiling (pieces laid in vain)."""

    nodes_first: int
    nodes_all: int
    solutions: int
    dead: int


class _Search:
    def __init__(self, area: Iterable[Cell], pieces: Iterable[str]):
        self.grid = Grid(area)
        self.counts = Counter(pieces)
        self.letters = sorted(self.counts)
        stride = self.grid.stride
        self.masks = {p: _masks(p, stride) for p in self.letters}
        self.feasible = sum(SIZES[p] * n for p, n in self.counts.items()) == self.grid.size
        self.nodes = 0
        self.dead = 0  # nodes on no way to a tiling (counted by `count`)

    def run(self, limit: int | None) -> Iterator[list[tuple[str, int]]]:
        """Yield tilings as lists of (letter, mask); stops after `limit` when given."""
        if not self.feasible or self.grid.size == 0:
            return
        counts = self.counts
        masks = self.masks
        letters = self.letters
        chosen: list[tuple[str, int]] = []
        found = 0

        def rec(free: int) -> Iterator[list[tuple[str, int]]]:
            nonlocal found
            self.nodes += 1
            if not free:
                found += 1
                yield list(chosen)
                return
            low = (free & -free).bit_length() - 1
            for p in letters:
                if not counts[p]:
                    continue
                counts[p] -= 1
                for m in masks[p]:
                    m <<= low
                    if m & free == m:
                        chosen.append((p, m))
                        yield from rec(free ^ m)
                        chosen.pop()
                        if limit is not None and found >= limit:
                            counts[p] += 1
                            return
                counts[p] += 1

        yield from rec(self.grid.full)

    def count(self) -> int:
        """How many tilings, without building them: the same search as `run` (same nodes),
        with each cell's fitting placements compiled up front since every one is visited."""
        if not self.feasible or self.grid.size == 0:
            return 0
        full = self.grid.full
        left = [self.counts[p] for p in self.letters]
        kinds = range(len(left))
        at: dict[int, list[tuple[int, ...]]] = {}
        for cell in self.grid.cells:
            bit = self.grid.index(cell)
            at[bit] = [
                tuple(m << bit for m in self.masks[p] if (m << bit) & full == m << bit) for p in self.letters
            ]
        nodes = dead = 0

        def rec(free: int) -> int:
            nonlocal nodes, dead
            nodes += 1
            if not free:
                return 1
            here = at[(free & -free).bit_length() - 1]
            found = 0
            for k in kinds:
                if left[k]:
                    left[k] -= 1
                    for m in here[k]:
                        if m & free == m:
                            found += rec(free ^ m)
                    left[k] += 1
            if not found:
                dead += 1
            return found

        found = rec(full)
        self.nodes += nodes
        self.dead += dead
        return found

    def placements(self, tiling: list[tuple[str, int]]) -> tuple[Placement, ...]:
        """Masks back to cells, each piece's cells in (y, x) order (bits are in that order)."""
        return tuple((p, self.grid.cells_of(m)) for p, m in tiling)


def solve(area: Iterable[Cell], pieces: Iterable[str]) -> tuple[Placement, ...] | None:
    """One tiling of `area` by exactly `pieces`, or None when there is none."""
    search = _Search(area, pieces)
    for tiling in search.run(1):
        return search.placements(tiling)
    return None


def tilings(
    area: Iterable[Cell], pieces: Iterable[str], limit: int | None = None
) -> list[tuple[Placement, ...]]:
    """Every tiling (up to `limit`). Identical pieces swapped count once."""
    search = _Search(area, pieces)
    return [search.placements(t) for t in search.run(limit)]


def count(area: Iterable[Cell], pieces: Iterable[str]) -> int:
    return _Search(area, pieces).count()


def stats(area: Iterable[Cell], pieces: Iterable[str]) -> Stats:
    area = list(area)
    pieces = list(pieces)
    first = _Search(area, pieces)
    for _ in first.run(1):
        break
    full = _Search(area, pieces)
    solutions = full.count()
    return Stats(first.nodes, full.nodes, solutions, full.dead)


def census(area: Iterable[Cell], pieces: Iterable[str]) -> tuple[int, int]:
    """(tilings, dead-end nodes) of the exhaustive search: `stats` without the first-tiling run."""
    search = _Search(area, pieces)
    return search.count(), search.dead
