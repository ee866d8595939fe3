"""The polyomino toolkit (game/ui/polyomino.py) hosted by a tiny scene and driven by real posted
events through game.automation's Session: drags, turns and flips mid-drag, refusals, pick-up,
return to the tray, keyboard-only laying, and a whole shipped puzzle laid by gestures."""

from __future__ import annotations

import pygame
import pytest

from game.automation import Session
from game.rules.ubongo.face import levels, solver
from game.rules.ubongo.face import placement as rules_placement
from game.rules.ubongo.face.pieces import LETTERS, PIECES, orientation_of, symmetries
from game.scenes.base import Scene
from game.scenes.ubongo.handling import SHAPES, puzzle_handler
from game.ui import polyomino_draw, theme
from game.ui.polyomino import MIN_CELL, PieceHandler
from game.ui.polyomino_shapes import Shapes, outline

RECT = pygame.Rect(40, 110, 1200, 570)  # what a table leaves for the puzzle at 1280x720
BOARD = levels.board(1)
AREA = BOARD.easy.cells
ROW = BOARD.easy.rows[0]  # A, F, H


class PuzzleScene(Scene):
    name = "puzzle"

    def __init__(self, app, area=AREA, row=ROW):
        super().__init__(app)
        self.handler = puzzle_handler(area, row, RECT)

    @property
    def animated(self) -> bool:  # type: ignore[override]
        return self.handler.animated

    def handle(self, event):
        return self.handler.handle(event)

    def update(self, ticks):
        self.handler.advance(ticks)

    def draw(self, surface):
        surface.fill(theme.BG)
        polyomino_draw.draw(surface, self.handler)

    def targets(self):
        return self.handler.targets()


def open_scene(area=AREA, row=ROW) -> tuple[Session, PieceHandler]:
    s = Session(Session._app(fast=True))
    scene = PuzzleScene(s.app, area, row)
    s.app.push(scene)
    s.app.step(0)
    return s, scene.handler


def post(s: Session, kind: int, ticks: int = 1, **attrs) -> None:
    s._post(kind, **attrs)
    s.app.step(ticks)


def press(s: Session, pos, button: int = 1) -> None:
    post(s, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(s, pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def move(s: Session, pos) -> None:
    post(s, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


def release(s: Session, pos) -> None:
    post(s, pygame.MOUSEBUTTONUP, pos=pos, button=1)


def fitting_spot(h: PieceHandler, letter: str, local, pivot: int):
    """A board cell for the grabbed cell where the piece, so turned, fits."""
    gx, gy = local[pivot]
    for tx, ty in h.board.cells:
        cells = [(tx + x - gx, ty + y - gy) for x, y in local]
        if h.reason(letter, cells) is None:
            return (tx, ty), sorted(cells)
    raise AssertionError(f"{letter} fits nowhere")


def test_orientations_are_the_rules_symmetries():
    """The toolkit turns Ubongo's pieces itself; what it lays is what the rules recognise."""
    for letter in LETTERS:
        shapes = symmetries(PIECES[letter][1])
        for flip in (0, 1):
            for rot in range(4):
                cells = SHAPES.oriented(letter, flip, rot)
                assert tuple(sorted(cells, key=lambda c: (c[1], c[0]))) == shapes[4 * flip + rot]
                assert orientation_of(letter, cells) is not None
                assert SHAPES.orientation_for(letter, cells) == [
                    (k // 4, k % 4) for k, s in enumerate(shapes) if s == shapes[4 * flip + rot]
                ]


class OnlyTheTopRow:
    """A made-up game's fit: a piece may lie only on row 0, solved when all are laid."""

    def check_partial(self, area, row, placements):
        for letter, cells in placements:
            if any(y for _, y in cells):
                return f"{letter} only on the top row"
        return None

    def check(self, area, row, placements):
        return None if len(placements) == len(row) else "not yet"


def test_the_toolkit_plays_any_game_it_is_given():
    """No game is built in: the pieces and the verdicts are the ones handed over."""
    shapes = Shapes({"a": [(0, 0), (1, 0)], "b": [(0, 0)]})
    h = PieceHandler(
        [(x, y) for x in range(3) for y in range(2)], "ab", RECT, shapes=shapes, fit=OnlyTheTopRow()
    )
    assert h.lay("a", [(0, 1), (1, 1)]) == "a only on the top row"
    assert h.lay("a", [(0, 0), (0, 1)]) == "a only on the top row"  # turned upright
    assert h.lay("b", [(0, 0), (1, 0)]) == "Piece b is not laid in one of its shapes"
    assert h.lay("a", [(1, 0), (2, 0)]) is None and not h.solved()
    assert h.lay("b", [(0, 0)]) is None and h.solved()
    assert h.placements() == [{"piece": "a", "cells": [[1, 0], [2, 0]]}, {"piece": "b", "cells": [[0, 0]]}]


def test_a_board_cell_is_at_least_40_px_on_every_shipped_puzzle():
    for board in levels.boards():
        for side in levels.SIDES:
            data = board.side(side)
            h = puzzle_handler(data.cells, data.rows[0], RECT)
            assert h.cell >= MIN_CELL, (board.number, side, h.cell)
            assert RECT.contains(h.board.rect) and all(RECT.contains(p.slot) for p in h.pieces.values())


def test_drag_rotate_and_flip_mid_drag_lands_on_the_turned_cells():
    row = BOARD.easy.rows[2]
    assert row == ("A", "C", "L")
    s, h = open_scene(AREA, row)
    letter = "L"  # the Z5: turned twice and flipped it lies as an S
    pivot = len(PIECES[letter][1]) - 1  # grabbed by its last cell, a corner
    start = h.cell_rects(letter)[pivot].center
    press(s, start)
    move(s, (start[0] - 40, start[1] - 20))
    move(s, (start[0] - 120, start[1] - 30))
    assert h.hold is not None and h.hold.active
    here = (start[0] - 120, start[1] - 30)
    s.key("r")  # clockwise
    s._post(pygame.MOUSEBUTTONDOWN, pos=here, button=3)  # clockwise again
    s._post(pygame.MOUSEBUTTONUP, pos=here, button=3)
    s.app.step(1)
    s.key("f")
    assert (h.pieces[letter].flip, h.pieces[letter].rot) == (1, 2)
    for _ in range(3):  # mid-animation and after it, the grabbed cell stays under the pointer
        assert h.cell_rects(letter)[pivot].collidepoint(here)
        s.tick(4)
    local = SHAPES.oriented(letter, 1, 2)
    spot, expected = fitting_spot(h, letter, local, pivot)
    dest = h.board.centre(spot)
    move(s, dest)
    assert h.ghost() is not None and h.ghost()[2]
    assert h.cell_rects(letter)[pivot].collidepoint(dest)
    release(s, dest)
    assert h.hold is None
    laid = h.placements()
    assert [p["piece"] for p in laid] == [letter]
    assert sorted(map(tuple, laid[0]["cells"])) == expected
    assert rules_placement.check_partial(AREA, row, laid) is None


def test_a_piece_that_does_not_fit_goes_back_and_one_let_go_off_the_board_goes_to_the_tray():
    s, h = open_scene()
    letter = "F"  # the I4 standing: four rows tall, the area is three
    top = h.board.cell_rect((1, 0))
    s.drag("piece.F", (top.centerx, top.y + 5))
    assert h.pieces[letter].at is None and not h.placements()
    # laid, then dragged off the board: back in the tray
    assert h.lay("H", [(1, 0), (2, 0), (1, 1), (2, 1)]) is None
    s.drag("piece.H", (RECT.right - 10, RECT.bottom - 10))
    assert h.pieces["H"].at is None


def test_overlap_is_refused_and_a_laid_piece_can_be_picked_up_again():
    s, h = open_scene()
    assert h.lay("H", [(1, 0), (2, 0), (1, 1), (2, 1)]) is None
    a = h.cell_rects("A")[0].center
    s.drag(a, h.board.centre((2, 1)))  # A standing on (2,1),(2,2): (2,1) is H's
    assert h.pieces["A"].at is None
    assert h.reason("A", [(2, 1), (2, 2)]) == "Pieces H and A overlap"
    # pick H up again by its corner cell and move it one cell right
    s.drag(h.board.centre((1, 0)), h.board.centre((2, 0)))
    assert sorted(h.pieces["H"].board_cells()) == [(2, 0), (2, 1), (3, 0), (3, 1)]
    # and a refused move leaves it where it was
    s.drag(h.board.centre((2, 0)), h.board.centre((0, 0)))
    assert sorted(h.pieces["H"].board_cells()) == [(2, 0), (2, 1), (3, 0), (3, 1)]


def test_escape_and_double_click_send_a_laid_piece_back_to_the_tray():
    s, h = open_scene()
    assert h.lay("H", [(1, 0), (2, 0), (1, 1), (2, 1)]) is None
    assert h.lay("A", [(3, 0), (3, 1)]) is None
    s.click("piece.H")
    s.key("escape")
    assert h.pieces["H"].at is None
    s.click("piece.A")
    s.click("piece.A")
    assert h.pieces["A"].at is None
    # two clicks far apart in time are two clicks, not a double-click
    assert h.lay("A", [(3, 0), (3, 1)]) is None
    s.click("piece.A")
    s.tick(60)
    s.click("piece.A")
    assert h.pieces["A"].at == (3, 0)
    s.key("escape")  # the selected laid piece goes back
    assert h.pieces["A"].at is None
    # Esc with nothing in hand and nothing laid selected is left to the scene
    assert not h.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))


def test_keyboard_only_lays_a_whole_puzzle():
    s, h = open_scene()
    s.key("tab")  # A, in hand over the board's first cell, (1, 0)
    assert h.hold is not None and h.hold.letter == "A" and not h.hold.mouse
    s.key("tab")  # F
    s.key("shift+tab")  # back to A; F went back to the tray
    assert h.hold.letter == "A" and h.pieces["F"].at is None
    s.key("right")
    s.key("right")
    s.key("return")
    assert sorted(h.pieces["A"].board_cells()) == [(3, 0), (3, 1)]
    s.key("tab")  # F, turned to lie flat: its first cell is now its right end
    s.key("r")
    s.key("return")  # over (1, 0) it would stick out: refused, still in hand
    assert h.hold is not None and h.hold.letter == "F" and h.pieces["F"].at is None
    for k in ("down", "down", "right", "right"):
        s.key(k)
    s.key("return")
    assert sorted(h.pieces["F"].board_cells()) == [(0, 2), (1, 2), (2, 2), (3, 2)]
    s.key("tab")  # H
    s.key("escape")  # Esc returns it
    assert h.hold is None and h.pieces["H"].at is None
    s.key("tab")  # A again (H was the last): lifted, and Tab puts it back
    s.key("tab")
    assert sorted(h.pieces["A"].board_cells()) == [(3, 0), (3, 1)]
    s.key("tab")  # H
    s.key("return")
    assert h.solved()
    assert rules_placement.check(AREA, ROW, h.placements()) is None


def test_the_wheel_and_the_middle_button_turn_and_flip_the_piece_under_the_pointer():
    s, h = open_scene()
    c = h.cell_rects("A")[0].center
    s.move(c)
    post(s, pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    assert h.pieces["A"].rot == 1
    c = h.cell_rects("H")[0].center
    s.click(c, button=2)
    assert h.pieces["H"].flip == 1


@pytest.mark.parametrize("number,side,row", [(1, "easy", 0), (1, "hard", 0), (7, "hard", 3)])
def test_a_shipped_puzzle_laid_entirely_by_gestures(number, side, row):
    data = levels.board(number).side(side)
    pieces = data.rows[row]
    s, h = open_scene(data.cells, pieces)
    solution = solver.solve(data.cells, pieces)
    assert solution is not None
    commands = [{"piece": p, "cells": [list(c) for c in cells]} for p, cells in solution]
    gestures = h.gestures(commands)
    if (number, side) == (1, "hard"):  # this one needs a flip and turns both ways
        assert {("key", "f"), ("key", "r"), ("key", "shift+r")} <= set(gestures)
    for gesture in gestures:
        s.gesture(gesture)
    s.idle()
    assert h.solved()
    assert rules_placement.check(data.cells, pieces, h.placements()) is None
    assert sorted((p["piece"], sorted(map(tuple, p["cells"]))) for p in h.placements()) == sorted(
        (p, sorted(cells)) for p, cells in solution
    )


def test_targets_name_every_piece_and_cell():
    s, h = open_scene()
    ids = [t["id"] for t in s.targets()]
    assert [i for i in ids if i.startswith("piece.")] == [f"piece.{p}" for p in ROW]
    assert sorted(i for i in ids if i.startswith("cell.")) == sorted(f"cell.{x}.{y}" for x, y in AREA)
    for p in ROW:
        assert h.piece_at(s.target(f"piece.{p}").centre)[0] == p
    assert len(outline([(0, 0), (1, 0), (1, 1)])) == 6


def test_gestures_first_clear_pieces_laid_elsewhere():
    s, h = open_scene()
    assert h.lay("A", [(0, 2), (1, 2)]) is None  # where F belongs in the solution below
    solution = [
        ("H", [(1, 0), (2, 0), (1, 1), (2, 1)]),
        ("A", [(3, 0), (3, 1)]),
        ("F", [(0, 2), (1, 2), (2, 2), (3, 2)]),
    ]
    gestures = h.gestures(solution)
    assert gestures[:2] == [("click", "piece.A"), ("key", "escape")]
    assert ("key", "r") in gestures or ("key", "shift+r") in gestures  # F lies flat
    for g in gestures:
        s.gesture(g)
    assert h.solved()


def test_escape_mid_drag_and_a_turn_that_no_longer_fits():
    s, h = open_scene()
    start = h.cell_rects("H")[0].center
    press(s, start)
    move(s, h.board.centre((1, 0)))
    s.key("escape")
    release(s, h.board.centre((1, 0)))
    assert h.hold is None and h.pieces["H"].at is None
    assert h.lay("F", [(0, 2), (1, 2), (2, 2), (3, 2)]) is None
    s.click(h.board.centre((0, 2)), button=3)  # standing up around its left end: sticks out
    assert h.hold is not None and h.hold.letter == "F" and not h.hold.mouse
    ghost = h.ghost()
    assert ghost is not None and not ghost[2]
    s.key("shift+r")  # back flat: fits again
    s.key("return")
    assert sorted(h.pieces["F"].board_cells()) == [(0, 2), (1, 2), (2, 2), (3, 2)]


# -- turning the piece pointed at (issue 36): R, F, the wheel and the right button act on the
# piece under the pointer as well as on the piece in hand


def wheel(s: Session, y: int = -1) -> None:
    post(s, pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))


def orientation(h: PieceHandler, letter: str) -> tuple[int, int]:
    return h.pieces[letter].flip, h.pieces[letter].rot


@pytest.mark.parametrize("how", ["r", "shift+r", "f", "wheel", "wheel back", "right button", "middle button"])
def test_a_tray_piece_pointed_at_not_held_turns_where_it_lies(how):
    s, h = open_scene()
    for letter in ("A", "F", "H"):
        if h.pieces[letter].at is not None:
            continue
        before = orientation(h, letter)
        slot = h.pieces[letter].slot
        s.move(h.cell_rects(letter)[0].center)  # pointed at, nothing clicked or held
        assert h.hold is None and h.selected is None
        if how in ("r", "shift+r", "f"):
            s.key(how)
        elif how.startswith("wheel"):
            wheel(s, -1 if how == "wheel" else 1)
        else:
            s.click(h.cell_rects(letter)[0].center, button=3 if how == "right button" else 2)
        assert h.hold is None and h.pieces[letter].at is None  # still in the tray, not in hand
        want = {
            "r": (before[0], (before[1] + 1) % 4),
            "shift+r": (before[0], (before[1] - 1) % 4),
            "wheel": (before[0], (before[1] + 1) % 4),
            "wheel back": (before[0], (before[1] - 1) % 4),
            "right button": (before[0], (before[1] + 1) % 4),
            "f": (1 - before[0], (-before[1]) % 4),
            "middle button": (1 - before[0], (-before[1]) % 4),
        }[how]
        assert orientation(h, letter) == want, (letter, how)
        s.tick(20)
        assert all(slot.contains(r) for r in h.cell_rects(letter)), "it left its slot"
        h.s.selected = None  # the next piece is pointed at afresh, not selected


def test_the_wheel_turns_a_long_piece_again_and_again_in_its_slot():
    """After a quarter turn the pointer may be off the piece's cells, still inside its slot:
    the next turn is still its."""
    s, h = open_scene()
    top = h.cell_rects("F")[0].center  # the I4's top cell: off it once it lies flat
    s.move(top)
    for k in range(1, 5):
        wheel(s)
        assert h.pieces["F"].rot == k % 4
    s.key("r")
    s.key("f")
    assert orientation(h, "F") == (1, 3)


def test_r_turns_the_piece_pointed_at_rather_than_the_one_selected():
    s, h = open_scene()
    s.click("piece.A")  # selected (a click, not a drag)
    assert h.selected == "A" and h.hold is None
    s.move(h.cell_rects("H")[0].center)
    s.key("f")
    assert orientation(h, "H") == (1, 0) and orientation(h, "A") == (0, 0)
    post(s, pygame.WINDOWLEAVE)  # the pointer gone: R turns the piece selected
    s.key("r")
    assert h.selected == "H" and orientation(h, "H") == (1, 1)


def test_a_laid_piece_pointed_at_turns_in_place_around_the_cell_under_the_pointer():
    s, h = open_scene()
    assert h.lay("A", [(2, 0), (2, 1)]) is None  # standing in the middle
    seen = []
    for key in ("r", "wheel", "f", "shift+r"):  # around (2, 1) it fits every way it turns
        before = orientation(h, "A")
        s.move(h.board.centre((2, 1)))
        if key == "wheel":
            wheel(s)
        else:
            s.key(key)
        cells = h.pieces["A"].board_cells()
        assert h.hold is None and cells is not None and (2, 1) in cells, key
        assert orientation(h, "A") != before and h.reason("A", cells) is None
        seen.append(sorted(cells))
        s.tick(20)
    assert any(c[0][1] == c[1][1] for c in seen)  # it lay flat at some point


def test_a_laid_piece_that_no_longer_fits_is_lifted_and_a_turn_that_fits_lays_it_again():
    s, h = open_scene()
    flat = [(0, 2), (1, 2), (2, 2), (3, 2)]
    assert h.lay("F", flat) is None
    s.move(h.board.centre((0, 2)))
    s.key("r")  # standing up around its left end: three rows are too few
    assert h.hold is not None and h.hold.letter == "F" and h.hold.lifted
    assert h.misfit() is not None and "sticks out" in str(h.misfit())
    for _ in range(3):  # turned on, by the key or the wheel, until it fits where it was
        if h.hold is None:
            break
        wheel(s)
    assert h.hold is None and sorted(h.pieces["F"].board_cells()) == flat
    # lifted again, then a click elsewhere puts it back as it lay; Esc sends it to the tray
    s.move(h.board.centre((0, 2)))
    s.key("f")
    s.key("r")
    assert h.hold is not None and h.hold.lifted
    s.click(h.cell_rects("H")[0].center)
    assert h.hold is None and sorted(h.pieces["F"].board_cells()) == flat
    s.move(h.board.centre((0, 2)))
    s.key("r")
    s.key("escape")
    assert h.hold is None and h.pieces["F"].at is None


def test_a_mouse_turn_over_another_piece_puts_the_one_in_hand_by_the_keys_back():
    s, h = open_scene()
    s.key("tab")  # A in hand over the board by the keys
    assert h.hold is not None and h.hold.letter == "A" and not h.hold.mouse
    s.click(h.cell_rects("H")[0].center, button=3)
    assert h.hold is None and h.pieces["A"].at is None and orientation(h, "H") == (0, 1)
    s.key("tab")  # in hand again: R turns it wherever the pointer is
    s.key("r")
    assert h.hold is not None and h.hold.letter in ("A", "F") and orientation(h, h.hold.letter)[1] == 1
