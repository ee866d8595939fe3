"""The twelve Ubongo pieces, their orientations, and placing them on a grid.

Cells are (x, y) with y growing downwards, as on the facts page; shapes are kept normalised
(game/core/polyomino.py, the geometry the table shares).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from game.core.polyomino import Cell, Shape, normalise, symmetries

# id -> (name, cells), exactly as the facts page lists them.
PIECES: dict[str, tuple[str, Shape]] = {
    "A": ("domino", ((0, 0), (0, 1))),
    "B": ("I3", ((0, 0), (0, 1), (0, 2))),
    "C": ("V3", ((0, 0), (0, 1), (1, 1))),
    "D": ("T4", ((1, 0), (0, 1), (1, 1), (1, 2))),
    "E": ("L4", ((0, 0), (1, 0), (1, 1), (1, 2))),
    "F": ("I4", ((0, 0), (0, 1), (0, 2), (0, 3))),
    "G": ("S4", ((0, 0), (0, 1), (1, 1), (1, 2))),
    "H": ("O4", ((0, 0), (1, 0), (0, 1), (1, 1))),
    "I": ("Y5", ((1, 0), (0, 1), (1, 1), (1, 2), (1, 3))),
    "J": ("L5", ((1, 0), (1, 1), (1, 2), (0, 3), (1, 3))),
    "K": ("P5", ((0, 0), (1, 0), (0, 1), (1, 1), (1, 2))),
    "L": ("Z5", ((0, 0), (1, 0), (1, 1), (1, 2), (2, 2))),
}
LETTERS: tuple[str, ...] = tuple(PIECES)
SIZES: dict[str, int] = {k: len(cells) for k, (_, cells) in PIECES.items()}


@cache
def orientations(piece: str) -> tuple[Shape, ...]:
    """Every distinct way `piece` can lie: rotations and reflections, normalised."""
    seen: list[Shape] = []
    for shape in symmetries(PIECES[piece][1]):
        if shape not in seen:
            seen.append(shape)
    return tuple(seen)


def canonical(cells: Iterable[Cell]) -> Shape:
    """One representative of a shape under rotation and reflection (to compare areas)."""
    return min(symmetries(cells))


def place(shape: Iterable[Cell], at: Cell) -> Shape:
    """The cells of `shape` with its first cell (lowest y, then x) put on `at`."""
    norm = normalise(shape)
    ax, ay = norm[0]
    return tuple((x - ax + at[0], y - ay + at[1]) for x, y in norm)


def orientation_of(piece: str, cells: Iterable[Cell]) -> int | None:
    """Which orientation of `piece` these cells are (index into orientations), or None."""
    shape = normalise(cells)
    try:
        return orientations(piece).index(shape)
    except ValueError:
        return None


def parse_row(text: str) -> tuple[str, ...]:
    """'A, C,K' -> ('A', 'C', 'K'); unknown letters are kept so the caller can name them."""
    return tuple(p.strip().upper() for p in text.split(",") if p.strip())
