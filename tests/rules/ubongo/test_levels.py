"""The shipped boards (levels/ubongo) and the loader's checks (facts page: boards and rounds)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections import Counter

import pytest

from game.rules.ubongo.face import difficulty, generate, levels, pieces, placement, solver

from .helpers import shipped_seconds

BOARDS = levels.boards()


def test_thirty_six_boards_ship():
    assert len(BOARDS) == 36
    assert [b.number for b in BOARDS] == list(range(1, 37))


@pytest.mark.parametrize("side", levels.SIDES)
def test_every_shipped_row_tiles_its_area(side):
    """Each of the 432 puzzles: the solver's tiling passes the rules' own placement check."""
    for b in BOARDS:
        s = b.side(side)
        assert len(s.rows) == 6
        assert len({tuple(sorted(r)) for r in s.rows}) == 6, f"board {b.number} {side}: repeated piece set"
        for row in s.rows:
            assert len(row) == levels.PIECES_PER_ROW[side]
            found = solver.solve(s.cells, row)
            assert found is not None, f"board {b.number} {side} {row}"
            raw = [{"piece": p, "cells": [list(c) for c in cells]} for p, cells in found]
            assert placement.check(s.cells, row, raw) is None


def test_area_sizes_stay_in_range():
    for b in BOARDS:
        assert 8 <= len(b.easy.cells) <= 15
        assert 12 <= len(b.hard.cells) <= 20


def test_all_72_areas_are_different_shapes_even_turned_or_flipped():
    shapes = [pieces.canonical(b.side(s).cells) for b in BOARDS for s in levels.SIDES]
    assert len(shapes) == 72 == len(set(shapes))


@pytest.mark.parametrize("side", levels.SIDES)
def test_each_side_spreads_over_difficulty(side):
    """Issue 7: a spread of difficulty within each side, over the set and on every board."""
    seconds = shipped_seconds(side)
    labels = Counter(difficulty.label(s) for rows in seconds.values() for s in rows)
    two = labels.most_common(2)
    assert len(two) == 2 and two[1][1] >= 20, labels  # at least two labels, each on 20+ rows
    spans = sorted(max(rows) - min(rows) for rows in seconds.values())
    assert spans[len(spans) // 2] >= 5.0, spans  # a median board's six rows span 5 s or more


def test_hard_side_is_harder_on_average():
    def mean(side):
        values = [s for rows in shipped_seconds(side).values() for s in rows]
        return sum(values) / len(values)

    assert mean("hard") > mean("easy") + 3


@pytest.mark.parametrize("number", range(1, 37))
def test_each_file_is_a_tiled_map_whose_tileset_image_is_found(number):
    """The files open in Tiled: map header as Tiled writes it, the tileset's image next to the
    file with the size the tileset declares, every layer's CSV complete and within the tileset."""
    import struct
    import xml.etree.ElementTree as ET

    path = levels.board_path(number)
    root = ET.parse(path).getroot()
    assert root.tag == "map" and root.get("orientation") == "orthogonal" and root.get("infinite") == "0"
    width, height = int(root.get("width")), int(root.get("height"))
    assert int(root.get("nextlayerid")) > max(int(layer.get("id")) for layer in root.iter("layer"))
    tileset = root.find("tileset")
    image = tileset.find("image")
    png = (path.parent / image.get("source")).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (int(image.get("width")), int(image.get("height")))
    columns, tile = int(tileset.get("columns")), int(tileset.get("tilewidth"))
    assert columns * tile == int(image.get("width")) and int(tileset.get("tilecount")) == columns
    last_gid = int(tileset.get("firstgid")) + int(tileset.get("tilecount")) - 1
    names = []
    for layer in root.iter("layer"):
        names.append(layer.get("name"))
        data = layer.find("data")
        assert data.get("encoding") == "csv"
        gids = [int(v) for v in data.text.replace("\n", "").split(",")]
        assert len(gids) == width * height and all(0 <= g <= last_gid for g in gids)
        props = {p.get("name"): p for p in layer.find("properties")}
        assert sorted(props) == [f"row{i}" for i in range(1, 7)]
        assert all(p.get("type", "string") == "string" for p in props.values())
    assert names == ["easy", "hard"]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="Tiled's tmxrasterizer is not installed")
def test_tiled_itself_renders_every_board(tmp_path):
    """Tiled's own map reader (its tmxrasterizer tool) opens every board and draws its cells."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    for number in range(1, 37):
        out = tmp_path / f"{number}.png"
        run = subprocess.run(
            ["tmxrasterizer", str(levels.board_path(number)), str(out)],
            env=env,
            capture_output=True,
            text=True,
        )
        assert run.returncode == 0 and out.stat().st_size > 100, (number, run.stderr)


def edited(tmp_path, old: str, new: str):
    text = levels.board_path(5).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "board-05.tmx"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_loader_names_file_and_row_of_a_row_that_does_not_tile(tmp_path):
    b = levels.board(5)
    row = ",".join(b.easy.rows[2])
    # swap in a set with the same cell count that cannot tile this area
    size = len(b.easy.cells)
    bad = next(
        c
        for c in generate.piece_sets(3, size)
        if solver.solve(b.easy.cells, c) is None
        and tuple(sorted(c)) not in {tuple(sorted(r)) for r in b.easy.rows}
    )
    path = edited(tmp_path, f'name="row3" value="{row}"', f'name="row3" value="{",".join(bad)}"')
    with pytest.raises(levels.LevelError, match=r"board-05\.tmx: layer easy row3: .* do not tile"):
        levels.read_board(path)


@pytest.mark.parametrize(
    "old,new,message",
    [
        ('name="hard"', 'name="harder"', "no tile layer named 'hard'"),
        ('name="row6"', 'name="row7"', "layer easy has no property row6"),
    ],
)
def test_loader_reports_broken_files(tmp_path, old, new, message):
    with pytest.raises(levels.LevelError, match=message):
        levels.read_board(edited(tmp_path, old, new))


def test_loader_reports_wrong_piece_count_and_letters(tmp_path):
    row = ",".join(levels.board(5).hard.rows[0])
    path = edited(tmp_path, f'name="row1" value="{row}"', 'name="row1" value="A,B,Z,C"')
    with pytest.raises(levels.LevelError, match="layer hard row1: unknown piece 'Z'"):
        levels.read_board(path)


def test_loader_reports_a_missing_file(tmp_path):
    with pytest.raises(levels.LevelError, match="board-99.tmx: the file is missing"):
        levels.read_board(tmp_path / "board-99.tmx")


def test_loading_boards_does_not_import_pygame():
    code = (
        "import sys; from game.rules.ubongo import ruleset; from game.rules.ubongo.face import levels; "
        "levels.boards(); print('pygame' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    assert "cannot import" not in out.stderr


def test_the_generator_makes_the_shipped_boards():
    """The committed generator is deterministic and sequential: its first boards are the shipped
    first boards, written as the shipped text (the full run is the slow test below)."""
    for made in generate.generate(boards=3):
        easy = levels.Side(made.easy.cells, made.easy.rows)
        hard = levels.Side(made.hard.cells, made.hard.rows)
        assert levels.tmx_text(made.number, easy, hard) == levels.board_path(made.number).read_text()


@pytest.mark.slow
def test_generator_script_writes_exactly_the_shipped_files(tmp_path):
    """`python levels/ubongo/generate.py` reproduces levels/ubongo byte for byte."""
    script = levels.levels_dir() / "ubongo" / "generate.py"
    subprocess.run([sys.executable, str(script), "--out", str(tmp_path)], check=True, capture_output=True)
    for n in range(1, 37):
        name = f"board-{n:02d}.tmx"
        assert (tmp_path / name).read_text() == levels.board_path(n).read_text(), name
    assert (tmp_path / "cells.png").read_bytes() == (
        levels.levels_dir() / "ubongo" / "cells.png"
    ).read_bytes()
