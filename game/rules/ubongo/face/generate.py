"""Generating the 36 boards: areas built from pieces, rows proved by the solver.

Pure data out (no files): `levels/ubongo/generate.py` writes them as Tiled maps. Deterministic
for a seed. Each area is grown by laying a random piece set compactly (so at least that set
tiles it), then every piece set of the side's size is tried; an area is kept when at least six
sets tile it, and its six rows are picked across that area's range of difficulty.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

import game.rules.ubongo.face.solver as solver
from game.rules.ubongo.face.difficulty import estimate
from game.rules.ubongo.face.pieces import LETTERS, SIZES, Cell, Shape, canonical, normalise, orientations

SEED = 2026
BOARDS = 36
ROWS = 6
# side -> (pieces per row, smallest area, largest area, widest box, tallest box)
SIDES: dict[str, tuple[int, int, int, int, int]] = {
    "easy": (3, 8, 15, 5, 4),
    "hard": (4, 12, 20, 6, 5),
}
# Area sizes dealt round-robin over the boards. 8 and 15 cells (easy) and 20 (hard) admit
# fewer than six different piece sets, so they cannot carry a full side.
SIZE_CYCLE: dict[str, tuple[int, ...]] = {
    "easy": (10, 11, 12, 13, 14, 9, 11, 12, 13, 14, 12, 13),
    "hard": (14, 15, 16, 17, 18, 19, 13, 15, 16, 17, 18, 16),
}


@dataclass(frozen=True)
class Side:
    cells: Shape
    rows: tuple[tuple[str, ...], ...]
    seconds: tuple[float, ...]  # estimated seconds per row


@dataclass(frozen=True)
class BoardData:
    number: int
    easy: Side
    hard: Side


def piece_sets(count: int, size: int) -> list[tuple[str, ...]]:
    return [c for c in combinations(LETTERS, count) if sum(SIZES[p] for p in c) == size]


def _has_hole(cells: set[Cell]) -> bool:
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    seen = {(x0, y0)}
    todo = [(x0, y0)]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n not in seen and n not in cells and x0 <= n[0] <= x1 and y0 <= n[1] <= y1:
                seen.add(n)
                todo.append(n)
    outside = (x1 - x0 + 1) * (y1 - y0 + 1) - len(cells)
    return len(seen) != outside


def _box(cells: set[Cell]) -> tuple[int, int]:
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def grow(pieces: tuple[str, ...], rng: random.Random, wide: int, tall: int) -> Shape | None:
    """Lay the pieces one by one, each touching the others, keeping the box small."""
    order = list(pieces)
    rng.shuffle(order)
    cells: set[Cell] = set(rng.choice(orientations(order[0])))
    for piece in order[1:]:
        options = []
        border = {(x + dx, y + dy) for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - cells
        for shape in orientations(piece):
            for bx, by in border:
                for sx, sy in shape:
                    placed = {(x - sx + bx, y - sy + by) for x, y in shape}
                    if placed & cells:
                        continue
                    union = cells | placed
                    w, h = _box(union)
                    if max(w, h) > wide or min(w, h) > tall:
                        continue
                    contact = sum(
                        (x + dx, y + dy) in cells
                        for x, y in placed
                        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    )
                    options.append((w * h - 2 * contact + rng.random() * 3, frozenset(placed)))
        if not options:
            return None
        options.sort(key=lambda o: o[0])
        cells |= rng.choice(options[:4])[1]
    if _has_hole(cells):
        return None
    shape = normalise(cells)
    w, h = _box(set(shape))
    if h > w:  # lie landscape, as the printed boards do
        shape = normalise((y, x) for x, y in shape)
    return shape


def pick_rows(cells: Shape, sets: list[tuple[str, ...]], count: int) -> Side | None:
    """Six tiling sets spread over this area's range of estimated difficulty."""
    rated = [(estimate(cells, s), s) for s in sets if solver.solve(cells, s) is not None]
    if len(rated) < ROWS:
        return None
    rated.sort()
    n = len(rated)
    picks = [rated[round(i * (n - 1) / (ROWS - 1))] for i in range(ROWS)]
    return Side(cells, tuple(p[1] for p in picks), tuple(round(p[0], 2) for p in picks))


def make_side(side: str, size: int, rng: random.Random, taken: set[Shape]) -> Side:
    count, _, _, wide, tall = SIDES[side]
    sets = piece_sets(count, size)
    for _ in range(10_000):
        cells = grow(rng.choice(sets), rng, wide, tall)
        if cells is None or canonical(cells) in taken:
            continue
        made = pick_rows(cells, sets, count)
        if made is not None:
            taken.add(canonical(cells))
            return made
    raise RuntimeError(f"no {side} area of {size} cells found")


def generate(seed: int = SEED, boards: int = BOARDS) -> list[BoardData]:
    rng = random.Random(seed)
    taken: set[Shape] = set()
    out = []
    for i in range(boards):
        easy = make_side("easy", SIZE_CYCLE["easy"][i % len(SIZE_CYCLE["easy"])], rng, taken)
        hard = make_side("hard", SIZE_CYCLE["hard"][i % len(SIZE_CYCLE["hard"])], rng, taken)
        out.append(BoardData(i + 1, easy, hard))
    return out


def fresh(side: str, rng: random.Random) -> tuple[Shape, tuple[str, ...]]:
    """A new puzzle for practice: an area grown from a piece set of this side, so it tiles."""
    count, _, _, wide, tall = SIDES[side]
    while True:
        size = rng.choice(SIZE_CYCLE[side])
        pieces = rng.choice(piece_sets(count, size))
        cells = grow(pieces, rng, wide, tall)
        if cells is not None:
            return cells, tuple(sorted(pieces))
