"""The puzzle boards: Tiled files in levels/ubongo/, read with pytmx and checked on load.

A board file has two tile layers, `easy` and `hard`; a non-zero tile is a cell of that side's
area. Each layer carries string properties `row1`..`row6`: the comma-separated piece letters of
that die face. Loading proves every row with the solver and names file, layer and row when
one is wrong, so a board edited in Tiled can never reach a table broken.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import game.rules.ubongo.face.solver as solver
from game import resources
from game.rules import tiled
from game.rules.ubongo.face.pieces import LETTERS, SIZES, Shape, canonical, normalise, parse_row

SIDES = ("easy", "hard")
ROWS = 6
PIECES_PER_ROW = {"easy": 3, "hard": 4}
AREA_RANGE = {"easy": (8, 15), "hard": (12, 20)}
BOARD_COUNT = 36
TILE = 32
MAP_W, MAP_H = 15, 7  # room for a 6-wide easy and a 6-wide hard area side by side


class LevelError(ValueError):
    """A board file that cannot be played, with the file and place named."""


def levels_dir() -> Path:
    """Where the shipped levels live: checkout, wheel or bundle (game/resources.py knows)."""
    return resources.path("levels")


def board_path(number: int) -> Path:
    return levels_dir() / "ubongo" / f"board-{number:02d}.tmx"


@dataclass(frozen=True)
class Side:
    cells: Shape  # normalised area
    rows: tuple[tuple[str, ...], ...]  # six rows of piece letters, die face order


@dataclass(frozen=True)
class Board:
    number: int
    easy: Side
    hard: Side

    def side(self, name: str) -> Side:
        return self.easy if name == "easy" else self.hard


def check_side(where: str, side: str, cells: Shape, rows: list[tuple[str, ...]]) -> Side:
    """Raise LevelError naming `where` unless this side is playable."""
    low, high = AREA_RANGE[side]
    if not low <= len(cells) <= high:
        raise LevelError(f"{where}: layer {side}: the area has {len(cells)} cells, not {low}-{high}")
    want = PIECES_PER_ROW[side]
    seen: dict[tuple[str, ...], int] = {}
    for i, row in enumerate(rows, 1):
        place = f"{where}: layer {side} row{i}"
        bad = [p for p in row if p not in LETTERS]
        if bad:
            raise LevelError(f"{place}: unknown piece {bad[0]!r} (pieces are A-L)")
        if len(row) != want:
            raise LevelError(f"{place}: {len(row)} pieces, the {side} side uses {want}")
        if len(set(row)) != len(row):
            raise LevelError(f"{place}: a piece appears twice (each player has one of each)")
        area = sum(SIZES[p] for p in row)
        if area != len(cells):
            raise LevelError(f"{place}: pieces {','.join(row)} cover {area} cells, the area has {len(cells)}")
        key = tuple(sorted(row))
        if key in seen:
            raise LevelError(f"{place}: the same pieces as row{seen[key]}")
        seen[key] = i
        if solver.solve(cells, row) is None:
            raise LevelError(f"{place}: pieces {','.join(row)} do not tile the area")
    return Side(cells, tuple(rows))


def read_board(path: Path, number: int = 0) -> Board:
    """Load and check one board file (LevelError on any problem)."""
    name = path.name
    pytmx = tiled.pytmx()
    try:
        tmx = pytmx.TiledMap(str(path))
    except FileNotFoundError:
        raise LevelError(f"{name}: the file is missing") from None
    except Exception as exc:  # a damaged file must be reported, not crash the table
        raise LevelError(f"{name}: not a readable Tiled map ({exc})") from None
    sides = {}
    for side in SIDES:
        layer = next(
            (lay for lay in tmx.layers if lay.name == side and isinstance(lay, pytmx.TiledTileLayer)), None
        )
        if layer is None:
            raise LevelError(f"{name}: no tile layer named {side!r}")
        cells = normalise((x, y) for x, y, gid in layer.iter_data() if gid)
        props = layer.properties or {}
        rows = []
        for i in range(1, ROWS + 1):
            text = props.get(f"row{i}")
            if not isinstance(text, str) or not text.strip():
                raise LevelError(f"{name}: layer {side} has no property row{i}")
            rows.append(parse_row(text))
        sides[side] = check_side(name, side, cells, rows)
    return Board(number, sides["easy"], sides["hard"])


@cache
def boards() -> tuple[Board, ...]:
    """All 36 shipped boards, checked (LevelError names the first bad one)."""
    out = tuple(read_board(board_path(n), n) for n in range(1, BOARD_COUNT + 1))
    shapes: dict[Shape, str] = {}
    for b in out:
        for side in SIDES:
            key = canonical(b.side(side).cells)
            here = f"{board_path(b.number).name} layer {side}"
            if key in shapes:
                raise LevelError(f"{here}: the same area as {shapes[key]}")
            shapes[key] = here
    return out


def board(number: int) -> Board:
    return boards()[number - 1]


# -- writing (the generator) ------------------------------------------------------------------
def tmx_text(number: int, easy: Side, hard: Side, image: str = "cells.png") -> str:
    """A Tiled 1.x map: embedded two-tile tileset, one CSV tile layer per side."""
    # only the generator writes maps; saxutils pulls in urllib and ssl (20 ms of every start)
    from xml.sax.saxutils import quoteattr

    grid = [[0] * MAP_W for _ in range(MAP_H)]
    layers = []
    x_at = 1
    for layer_id, (side, data, gid) in enumerate((("easy", easy, 1), ("hard", hard, 2)), 1):
        grid = [[0] * MAP_W for _ in range(MAP_H)]
        for x, y in data.cells:
            grid[y + 1][x + x_at] = gid
        x_at += max(x for x, _ in data.cells) + 2
        props = "\n".join(
            f'   <property name="row{i}" value={quoteattr(",".join(row))}/>'
            for i, row in enumerate(data.rows, 1)
        )
        csv = ",\n".join(",".join(str(v) for v in line) for line in grid)
        layers.append(
            f' <layer id="{layer_id}" name="{side}" width="{MAP_W}" height="{MAP_H}">\n'
            f"  <properties>\n{props}\n  </properties>\n"
            f'  <data encoding="csv">\n{csv}\n</data>\n </layer>'
        )
    body = "\n".join(layers)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{MAP_W}" height="{MAP_H}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        'nextlayerid="3" nextobjectid="1">\n'
        " <properties>\n"
        f'  <property name="board" type="int" value="{number}"/>\n'
        " </properties>\n"
        f' <tileset firstgid="1" name="ubongo-cells" tilewidth="{TILE}" tileheight="{TILE}" '
        f'tilecount="2" columns="2">\n'
        f'  <image source="{image}" width="{2 * TILE}" height="{TILE}"/>\n'
        " </tileset>\n"
        f"{body}\n"
        "</map>\n"
    )
