"""The shapes of polyomino pieces on a puzzle board: orientations, outlines, and the board's
geometry (cells laid out centred, pixels to cells and back).

Game-agnostic: a game hands its pieces over as a `Shapes` (letter -> base cells); what is a
legal placement is the game's to say (see `game.ui.polyomino.Fit`).

A piece's orientation is (flip, rot), as game/core/polyomino.py turns it (the geometry the
rules share): cells keep the base order through every turn, so the cell the pointer grabbed is
followed through turns and flips.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache

import pygame

from game.core.polyomino import Cell, Shape, normalise, turned


class Shapes:
    """A game's pieces: each letter's base cells, and the piece in any orientation.

    Compared and hashed by identity (a game makes one), so drawings of its pieces can be cached."""

    def __init__(self, pieces: Mapping[str, Iterable[Sequence[int]]]):
        self.base: dict[str, Shape] = {
            letter: tuple((int(c[0]), int(c[1])) for c in cells) for letter, cells in pieces.items()
        }

    def oriented(self, letter: str, flip: int, rot: int) -> list[Cell]:
        """The piece's cells in orientation (flip, rot), in base order, shifted to the origin."""
        return list(turned(self.base[letter], flip, rot % 4))

    def outline(self, letter: str, flip: int, rot: int) -> Shape:
        """The outline of a piece in one orientation (drawn and hit-tested every frame: cached)."""
        return _piece_outline(self.base[letter], flip, rot % 4)

    def orientation_for(self, letter: str, cells: Iterable[Cell]) -> list[tuple[int, int]]:
        """Every (flip, rot) in which the piece covers these cells' shape."""
        shape = normalise(cells)
        base = self.base[letter]
        return [(flip, rot) for flip in (0, 1) for rot in range(4) if _normal(base, flip, rot) == shape]


@cache
def _normal(base: Shape, flip: int, rot: int) -> Shape:
    return normalise(turned(base, flip, rot))


@cache
def _piece_outline(base: Shape, flip: int, rot: int) -> Shape:
    return tuple(outline(turned(base, flip, rot)))


def outline(cells: Iterable[Cell]) -> list[Cell]:
    """The border of a hole-free union of unit squares, as corner points going clockwise."""
    edges: dict[Cell, Cell] = {}
    cell_set = set(cells)
    for x, y in cell_set:
        for a, b, n in (
            ((x, y), (x + 1, y), (x, y - 1)),
            ((x + 1, y), (x + 1, y + 1), (x + 1, y)),
            ((x + 1, y + 1), (x, y + 1), (x, y + 1)),
            ((x, y + 1), (x, y), (x - 1, y)),
        ):
            if n not in cell_set:
                edges[a] = b
    if not edges:
        return []
    start = min(edges)
    points = [start]
    cur = edges[start]
    while cur != start:
        points.append(cur)
        cur = edges[cur]
    # keep only corners
    out = []
    n = len(points)
    for i, p in enumerate(points):
        a, c = points[i - 1], points[(i + 1) % n]
        if (p[0] - a[0], p[1] - a[1]) != (c[0] - p[0], c[1] - p[1]):
            out.append(p)
    return out


class Board:
    """The puzzle area's cells laid out centred in `rect` with square cells of `cell` px."""

    def __init__(self, cells: Iterable[Sequence[int]], rect: pygame.Rect, cell: int):
        self.cells: tuple[Cell, ...] = tuple(
            sorted({(int(c[0]), int(c[1])) for c in cells}, key=lambda c: (c[1], c[0]))
        )
        self.area = set(self.cells)
        self.x0 = min(x for x, _ in self.cells)
        self.y0 = min(y for _, y in self.cells)
        self.cols = max(x for x, _ in self.cells) - self.x0 + 1
        self.rows = max(y for _, y in self.cells) - self.y0 + 1
        self.cell = cell
        self.rect = pygame.Rect(0, 0, self.cols * cell, self.rows * cell)
        self.rect.center = pygame.Rect(rect).center

    def cell_rect(self, c: Cell) -> pygame.Rect:
        s = self.cell
        return pygame.Rect(self.rect.x + (c[0] - self.x0) * s, self.rect.y + (c[1] - self.y0) * s, s, s)

    def centre(self, c: Cell) -> tuple[int, int]:
        r = self.cell_rect(c)
        return (r.x + self.cell // 2, r.y + self.cell // 2)

    def grid_at(self, pos: Sequence[float]) -> Cell:
        """The grid cell under a pixel (whether or not it belongs to the area)."""
        return (
            int((pos[0] - self.rect.x) // self.cell) + self.x0,
            int((pos[1] - self.rect.y) // self.cell) + self.y0,
        )

    def cell_at(self, pos: Sequence[float]) -> Cell | None:
        c = self.grid_at(pos)
        return c if c in self.area else None

    def in_grid(self, c: Cell) -> bool:
        return self.x0 <= c[0] < self.x0 + self.cols and self.y0 <= c[1] < self.y0 + self.rows
