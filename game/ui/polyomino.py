"""Polyomino pieces on a puzzle board: the model and the input controller a puzzle table uses.

Scene-independent and game-agnostic: a scene owns a `PieceHandler`, passes it its events
(`handle`), its ticks (`advance`), draws it (`game.ui.polyomino_draw.draw`) and lists its
`targets()`. The game that builds it hands over its pieces (`Shapes`) and its fit checks (a
`Fit`, e.g. the game's own placement rules), so what the player lays is exactly what the
game's rules will check.

Shapes and the board's geometry are in `game.ui.polyomino_shapes`.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from game.core.i18n import msg
from game.ui.drag import THRESHOLD
from game.ui.polyomino_shapes import Board, Cell, Shape, Shapes, turned
from game.ui.targets import Target

MIN_CELL = 40  # a board cell at 1280x720 is never smaller (the promise)
MAX_CELL = 64
ANIM_TICKS = 8  # a quarter turn or a flip takes this long (ticks, 60 a second)
DOUBLE_TICKS = 24  # two clicks on one piece within this many ticks: a double-click
SLOT_CELLS = 4  # a tray slot holds any piece in any orientation (the longest is 4 cells)
GAP = 12


class Fit(Protocol):
    """A game's judgement of pieces on an area (a module with these two functions will do).

    `placements` is a list of (letter, cells) pairs or the form [{"piece", "cells"}, ...];
    the answer is the reason a person reads, or None."""

    def check_partial(self, area: Sequence[Cell], row: Sequence[str], placements: Any) -> str | None:
        """Why these pieces cannot all lie like this on the area, or None while they can."""
        ...

    def check(self, area: Sequence[Cell], row: Sequence[str], placements: Any) -> str | None:
        """Why these pieces do not solve the area, or None when they do."""
        ...


@dataclass
class Piece:
    letter: str
    slot: pygame.Rect  # its place in the tray
    base: Shape  # its cells in orientation (0, 0)
    flip: int = 0
    rot: int = 0
    at: Cell | None = None  # board cell of its local (0, 0) when laid, else in the tray

    def cells(self) -> list[Cell]:
        return list(turned(self.base, self.flip, self.rot % 4))

    def board_cells(self) -> list[Cell] | None:
        if self.at is None:
            return None
        return [(self.at[0] + x, self.at[1] + y) for x, y in self.cells()]


@dataclass
class Hold:
    """A piece in hand: by the mouse (follows `pointer`) or by the keys (over `key_cell`)."""

    letter: str
    pivot: int  # base index of the grabbed cell
    mouse: bool
    back: tuple[int, int, Cell | None]  # (flip, rot, at) to return to
    offset: tuple[int, int] = (0, 0)  # pointer minus the grabbed cell's centre (mouse)
    pointer: tuple[int, int] = (0, 0)
    start: tuple[int, int] = (0, 0)
    key_cell: Cell = (0, 0)  # board cell under the grabbed cell (keys)
    active: bool = False  # moved past the drag threshold
    turned: bool = False
    lifted: bool = False  # off the board by a turn it no longer fitted: a turn that fits lays it again


@dataclass
class Anim:
    kind: str  # "rot" or "flip"
    sign: int  # +1 clockwise, -1 counter-clockwise (rot)
    left: int = ANIM_TICKS


@dataclass
class _State:
    pieces: dict[str, Piece]
    hold: Hold | None = None
    selected: str | None = None
    anims: dict[str, Anim] = field(default_factory=dict)
    ticks: int = 0
    last_click: tuple[str, int] | None = None
    pointer: tuple[int, int] | None = None  # None: not over the window


def layout_cell(
    area: Iterable[Sequence[int]], board_rect: pygame.Rect, tray_rect: pygame.Rect, count: int
) -> int:
    """The largest cell (up to MAX_CELL) with which the area fits its rect and `count` slots the tray."""
    cells = [tuple(c) for c in area]
    cols = max(c[0] for c in cells) - min(c[0] for c in cells) + 1
    rows = max(c[1] for c in cells) - min(c[1] for c in cells) + 1
    size = min(MAX_CELL, board_rect.w // cols, board_rect.h // rows)
    while size > 8:
        per_row = max(1, (tray_rect.w + GAP) // (SLOT_CELLS * size + GAP))
        lines = -(-count // per_row)
        if lines * (SLOT_CELLS * size + GAP) - GAP <= tray_rect.h:
            break
        size -= 1
    return size


class PieceHandler:
    """The pieces of one puzzle, in the tray and on the board, driven by pygame events.

    `shapes` are the game's pieces (each of `letters` among them) and `fit` its rules for
    laying them."""

    def __init__(
        self,
        area: Iterable[Sequence[int]],
        letters: Sequence[str],
        rect: pygame.Rect,
        tray: pygame.Rect | None = None,
        *,
        shapes: Shapes,
        fit: Fit,
    ):
        area = [(int(c[0]), int(c[1])) for c in area]
        self.letters = tuple(letters)
        self.shapes = shapes
        self.fit = fit
        rect = pygame.Rect(rect)
        if tray is None:
            board_rect = pygame.Rect(rect.x, rect.y, rect.w // 2, rect.h)
            tray = pygame.Rect(rect.x + rect.w // 2 + GAP, rect.y, rect.w - rect.w // 2 - GAP, rect.h)
        else:
            board_rect = rect
        self.tray = pygame.Rect(tray)
        size = layout_cell(area, board_rect, self.tray, len(self.letters))
        self.board = Board(area, board_rect, size)
        self.cell = size
        slot = SLOT_CELLS * size
        per_row = max(1, (self.tray.w + GAP) // (slot + GAP))
        lines = -(-len(self.letters) // per_row)
        used_w = min(per_row, len(self.letters)) * (slot + GAP) - GAP
        used_h = lines * (slot + GAP) - GAP
        x0 = self.tray.x + (self.tray.w - used_w) // 2
        y0 = self.tray.y + (self.tray.h - used_h) // 2
        pieces = {}
        for i, letter in enumerate(self.letters):
            r, c = divmod(i, per_row)
            pieces[letter] = Piece(
                letter,
                pygame.Rect(x0 + c * (slot + GAP), y0 + r * (slot + GAP), slot, slot),
                shapes.base[letter],
            )
        self.s = _State(pieces)

    # -- reading ----------------------------------------------------------------------------
    @property
    def pieces(self) -> dict[str, Piece]:
        return self.s.pieces

    @property
    def hold(self) -> Hold | None:
        return self.s.hold

    @property
    def selected(self) -> str | None:
        return self.s.selected

    @property
    def animated(self) -> bool:
        return bool(self.s.anims)

    def anim(self, letter: str) -> Anim | None:
        return self.s.anims.get(letter)

    def origin(self, letter: str) -> tuple[int, int]:
        """Where the piece's local (0, 0) cell is drawn (top-left pixel)."""
        p = self.pieces[letter]
        s = self.cell
        hold = self.s.hold
        cells = p.cells()
        if hold is not None and hold.letter == letter:
            lx, ly = cells[hold.pivot]
            if hold.mouse:
                cx, cy = hold.pointer[0] - hold.offset[0], hold.pointer[1] - hold.offset[1]
                return (cx - s // 2 - lx * s, cy - s // 2 - ly * s)
            r = self.board.cell_rect((hold.key_cell[0] - lx, hold.key_cell[1] - ly))
            return r.topleft
        if p.at is not None:
            return self.board.cell_rect(p.at).topleft
        w = max(x for x, _ in cells) + 1
        h = max(y for _, y in cells) + 1
        return (p.slot.centerx - w * s // 2, p.slot.centery - h * s // 2)

    def cell_rects(self, letter: str) -> list[pygame.Rect]:
        ox, oy = self.origin(letter)
        s = self.cell
        return [pygame.Rect(ox + x * s, oy + y * s, s, s) for x, y in self.pieces[letter].cells()]

    def polygon(self, letter: str) -> tuple[tuple[int, int], ...]:
        ox, oy = self.origin(letter)
        s = self.cell
        p = self.pieces[letter]
        return tuple((ox + x * s, oy + y * s) for x, y in self.shapes.outline(letter, p.flip, p.rot))

    def draw_order(self) -> list[str]:
        """Tray pieces, then laid pieces, then the one in hand (last drawn, first hit)."""
        hold = self.s.hold.letter if self.s.hold else None
        tray = [p for p in self.letters if self.pieces[p].at is None and p != hold]
        laid = [p for p in self.letters if self.pieces[p].at is not None and p != hold]
        return tray + laid + ([hold] if hold else [])

    def piece_at(self, pos: Sequence[float]) -> tuple[str, int] | None:
        """The topmost piece under a pixel and the base index of the cell hit."""
        for letter in reversed(self.draw_order()):
            for i, r in enumerate(self.cell_rects(letter)):
                if r.collidepoint(pos):
                    return letter, i
        return None

    def pointed(self, pos: Sequence[float] | None) -> tuple[str, int] | None:
        """The piece a pointer at `pos` points at and the base index of the cell hit: the
        topmost piece under it, else the tray piece whose slot it is in (cell 0), so a piece
        turning in its slot stays pointed at."""
        if pos is None:
            return None
        hit = self.piece_at(pos)
        if hit is not None:
            return hit
        hold = self.s.hold.letter if self.s.hold else None
        for letter in self.letters:
            p = self.pieces[letter]
            if p.at is None and letter != hold and p.slot.collidepoint(pos):
                return letter, 0
        return None

    def misfit(self) -> str | None:
        """Why the piece in hand by the keys cannot be laid where it is (the game's words), or
        None when it can or none is in hand so."""
        hold = self.s.hold
        if hold is None or hold.mouse:
            return None
        ghost = self.ghost()
        return None if ghost is None or ghost[2] else self.reason(hold.letter, ghost[1])

    def laid(self, exclude: str | None = None) -> list[tuple[str, tuple[Cell, ...]]]:
        out = []
        for letter in self.letters:
            cells = self.pieces[letter].board_cells()
            if letter != exclude and cells is not None:
                out.append((letter, tuple(cells)))
        return out

    def reason(self, letter: str, cells: Sequence[Cell]) -> str | None:
        """Why `letter` cannot lie on these cells now (the game's own words), or None."""
        return self.fit.check_partial(
            self.board.cells, self.letters, [*self.laid(exclude=letter), (letter, tuple(cells))]
        )

    def ghost(self) -> tuple[str, list[Cell], bool] | None:
        """The piece in hand snapped to the grid: (letter, cells, fits), or None off the board."""
        hold = self.s.hold
        if hold is None or (hold.mouse and not (hold.active or hold.turned)):
            return None
        p = self.pieces[hold.letter]
        cells = p.cells()
        lx, ly = cells[hold.pivot]
        if hold.mouse:
            centre = (hold.pointer[0] - hold.offset[0], hold.pointer[1] - hold.offset[1])
            if not self.board.rect.inflate(self.cell, self.cell).collidepoint(centre):
                return None
            px, py = self.board.grid_at(centre)
        else:
            px, py = hold.key_cell
        placed = [(px + x - lx, py + y - ly) for x, y in cells]
        return hold.letter, placed, self.reason(hold.letter, placed) is None

    def placements(self) -> list[dict[str, Any]]:
        """The laid pieces in the solve command's form: [{"piece", "cells": [[x, y], ...]}]."""
        return [{"piece": p, "cells": [list(c) for c in cells]} for p, cells in self.laid()]

    def solved(self) -> bool:
        return self.fit.check(self.board.cells, self.letters, self.placements()) is None

    def targets(self) -> list[Target]:
        out = [
            Target(f"cell.{x}.{y}", f"Cell {x}, {y}", "cell", self.board.cell_rect((x, y)))
            for x, y in self.board.cells
        ]
        for letter in self.draw_order():
            where = (
                "in hand"
                if self.s.hold and self.s.hold.letter == letter
                else ("on the board" if self.pieces[letter].at is not None else "in the tray")
            )
            out.append(
                Target(f"piece.{letter}", f"Piece {letter} ({where})", "piece", polygon=self.polygon(letter))
            )
        return out

    # -- changing ---------------------------------------------------------------------------
    def lay(self, letter: str, cells: Sequence[Sequence[int]]) -> str | None:
        """Put a piece on these cells directly (a restored game); the reason when it cannot."""
        cells = [(int(c[0]), int(c[1])) for c in cells]
        found = self.shapes.orientation_for(letter, cells)
        if not found:
            return msg("Piece {letter} is not laid in one of its shapes", letter=letter)
        why = self.reason(letter, cells)
        if why:
            return why
        p = self.pieces[letter]
        p.flip, p.rot = found[0]
        p.at = (min(x for x, _ in cells), min(y for _, y in cells))
        return None

    def to_tray(self, letter: str) -> None:
        if self.s.hold and self.s.hold.letter == letter:
            self.s.hold = None
        self.pieces[letter].at = None

    def turn(self, letter: str, kind: str, sign: int = 1, pivot: int | None = None) -> None:
        """A quarter turn (kind "rot", sign +1 clockwise) or a flip of `letter`, around the
        grabbed cell when in hand, else around base cell `pivot` (default the first).

        A turned piece stays where it lies: in its tray slot; on the board when it still fits
        there, turned around the pivot cell. When it no longer fits it is lifted, in hand by
        the keys over that cell (`Hold.lifted`, `misfit` says why), and the next turn that
        fits lays it there again; a click elsewhere puts it back as it was."""
        p = self.pieces[letter]
        if self.s.hold is not None and self.s.hold.letter != letter:
            self._restore()  # one piece in hand at a time: the other goes back where it was
        hold = self.s.hold if self.s.hold and self.s.hold.letter == letter else None
        if hold is not None:
            pivot = hold.pivot
        pivot = pivot or 0
        before = p.board_cells()
        back = (p.flip, p.rot, p.at)
        if kind == "rot":
            p.rot = (p.rot + sign) % 4
        else:
            p.flip, p.rot = 1 - p.flip, (-p.rot) % 4
        if hold is not None:
            dx, dy = hold.offset
            if kind == "rot":
                hold.offset = (-dy, dx) if sign > 0 else (dy, -dx)
            else:
                hold.offset = (-dx, dy)
            hold.turned = True
            if hold.lifted:  # turned on until it fits where it lay: laid again
                ghost = self.ghost()
                if ghost is not None and ghost[2]:
                    p.at = (min(x for x, _ in ghost[1]), min(y for _, y in ghost[1]))
                    self.s.hold = None
        elif before is not None:  # laid: turn in place around the pivot cell
            px, py = before[pivot]
            lx, ly = p.cells()[pivot]
            p.at = (px - lx, py - ly)
            if self.reason(letter, p.board_cells() or []) is not None:  # no longer fits: lifted
                self.s.hold = Hold(letter, pivot, False, back, key_cell=(px, py), lifted=True)
                p.at = None
        self.s.anims[letter] = Anim(kind, sign)
        self.s.selected = letter

    def advance(self, ticks: int) -> None:
        self.s.ticks += ticks
        for letter in list(self.s.anims):
            a = self.s.anims[letter]
            a.left -= ticks
            if a.left <= 0:
                del self.s.anims[letter]

    def _restore(self) -> None:
        """The piece in hand goes back where it came from (a tray piece keeps its turns)."""
        hold = self.s.hold
        if hold is None:
            return
        p = self.pieces[hold.letter]
        flip, rot, at = hold.back
        if at is not None:
            p.flip, p.rot, p.at = flip, rot, at
        else:
            p.at = None
        self.s.hold = None

    def _drop(self) -> bool:
        """Lay the piece in hand where its ghost is, when it fits. True when laid."""
        hold = self.s.hold
        ghost = self.ghost()
        if hold is None:
            return False
        if ghost is not None and ghost[2]:
            p = self.pieces[hold.letter]
            cells = ghost[1]
            p.at = (min(x for x, _ in cells), min(y for _, y in cells))
            self.s.hold = None
            return True
        if not hold.mouse:  # Enter where it does not fit: it stays in hand to be moved on
            return False
        if ghost is None:  # let go away from the board: into the tray
            self.pieces[hold.letter].at = None
            self.s.hold = None
            return False
        self._restore()
        return False

    def _pick(self, letter: str, pivot: int, mouse: bool, pos: tuple[int, int] = (0, 0)) -> None:
        p = self.pieces[letter]
        hold = Hold(letter, pivot, mouse, (p.flip, p.rot, p.at), pointer=pos, start=pos)
        if mouse:
            r = self.cell_rects(letter)[pivot]
            hold.offset = (pos[0] - (r.x + self.cell // 2), pos[1] - (r.y + self.cell // 2))
        else:
            cells = p.board_cells()
            hold.key_cell = cells[pivot] if cells else self.board.cells[0]
        p.at = None
        self.s.hold = hold
        self.s.selected = letter

    # -- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """React to one event; True when it was used."""
        t = event.type
        if t == pygame.MOUSEMOTION:
            self.s.pointer = tuple(event.pos)
            hold = self.s.hold
            if hold is not None and hold.mouse:
                hold.pointer = tuple(event.pos)
                if max(abs(event.pos[0] - hold.start[0]), abs(event.pos[1] - hold.start[1])) >= THRESHOLD:
                    hold.active = True
                return True
            return False
        if t == pygame.MOUSEBUTTONDOWN:
            self.s.pointer = tuple(event.pos)
            return self._press(event.button, tuple(event.pos))
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(tuple(event.pos))
        if t == pygame.MOUSEWHEEL and event.y:
            sign = 1 if event.y < 0 else -1  # wheel towards you: clockwise
            return self._turn_here(self.s.pointer, "rot", sign)
        if t == pygame.WINDOWLEAVE:
            self.s.pointer = None
            return False
        if t == pygame.KEYDOWN:
            return self._key(event.key, bool(event.mod & pygame.KMOD_SHIFT))
        return False

    def _turn_here(self, pos: tuple[int, int] | None, kind: str, sign: int = 1) -> bool:
        """A turn by the mouse (right button, wheel, middle button): the piece in hand by the
        mouse, else the piece pointed at (one in hand by the keys elsewhere goes back), else
        the one in hand by the keys."""
        hold = self.s.hold
        if hold is not None and hold.mouse:
            self.turn(hold.letter, kind, sign)
            return True
        hit = self.pointed(pos)
        if hit is not None:
            self.turn(hit[0], kind, sign, pivot=hit[1])
            return True
        if hold is not None:
            self.turn(hold.letter, kind, sign)
            return True
        return False

    def _turn_by_key(self, kind: str, sign: int = 1) -> bool:
        """R or F: the piece in hand, else the piece under the pointer, else the one selected."""
        hold = self.s.hold
        if hold is not None:
            self.turn(hold.letter, kind, sign)
            return True
        hit = self.pointed(self.s.pointer)
        if hit is not None:
            self.turn(hit[0], kind, sign, pivot=hit[1])
            return True
        if self.s.selected is not None:
            self.turn(self.s.selected, kind, sign)
            return True
        return False

    def _press(self, button: int, pos: tuple[int, int]) -> bool:
        if button == 3:
            return self._turn_here(pos, "rot", 1)
        if button == 2:
            return self._turn_here(pos, "flip")
        if button != 1:
            return False
        if self.s.hold is not None and not self.s.hold.mouse:
            hit = self.piece_at(pos)
            if hit is None or hit[0] != self.s.hold.letter:
                self._restore()
        hit = self.piece_at(pos)
        if hit is None:
            self.s.selected = None
            return False
        if self.s.hold is not None and not self.s.hold.mouse:  # the key-held piece, now by mouse
            self.s.hold.mouse = True
            self.s.hold.lifted = False
        if self.s.hold is not None:
            hold = self.s.hold
            r = self.cell_rects(hold.letter)[hit[1]]
            hold.pivot, hold.pointer, hold.start = hit[1], pos, pos
            hold.offset = (pos[0] - (r.x + self.cell // 2), pos[1] - (r.y + self.cell // 2))
            return True
        self._pick(hit[0], hit[1], True, pos)
        return True

    def _release(self, pos: tuple[int, int]) -> bool:
        hold = self.s.hold
        if hold is None or not hold.mouse:
            return False
        hold.pointer = pos
        if not hold.active and not hold.turned:  # a click, not a drag
            self._restore()
            last = self.s.last_click
            if last and last[0] == hold.letter and self.s.ticks - last[1] <= DOUBLE_TICKS:
                self.to_tray(hold.letter)
                self.s.last_click = None
            else:
                self.s.last_click = (hold.letter, self.s.ticks)
            return True
        self.s.last_click = None
        self._drop()
        return True

    def _key(self, key: int, shift: bool) -> bool:
        hold = self.s.hold
        target = hold.letter if hold else self.s.selected
        if key == pygame.K_TAB:
            if hold is not None and hold.mouse:
                return True
            self._restore()
            order = list(self.letters)
            i = order.index(target) if target in order else (-1 if not shift else 0)
            nxt = order[(i + (-1 if shift else 1)) % len(order)]
            self._pick(nxt, 0, False)
            return True
        if key == pygame.K_r:
            return self._turn_by_key("rot", -1 if shift else 1)
        if key == pygame.K_f:
            return self._turn_by_key("flip")
        if key == pygame.K_ESCAPE:
            if hold is not None:
                self.to_tray(hold.letter)
                return True
            if target and self.pieces[target].at is not None:
                self.to_tray(target)
                return True
            return False
        if hold is None or hold.mouse:
            return False
        step = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if key in step:
            dx, dy = step[key]
            cell = (hold.key_cell[0] + dx, hold.key_cell[1] + dy)
            if self.board.in_grid(cell):
                hold.key_cell = cell
                hold.lifted = False  # moved on by the keys: Enter lays it
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._drop()
            return True
        return False

    # -- playing a solution by input -------------------------------------------------------
    def gestures(self, placements: Iterable[Any]) -> list[tuple]:
        """The clicks, keys and drags that lay these placements (the solve command's form or
        (piece, cells) pairs) from the present state: Esc for a piece in hand, then per piece
        a click to select it, R/F to turn it (the piece under the pointer), then a drag from
        its target to the point that puts it on its cells.
        Worked out on a copy of the handler, so the points are the ones the real one uses."""
        sim = copy.copy(self)
        sim.s = copy.deepcopy(self.s)
        wanted = {}
        for item in placements:
            letter, cells = (item["piece"], item["cells"]) if isinstance(item, dict) else item
            wanted[letter] = sorted((int(c[0]), int(c[1])) for c in cells)
        out: list[tuple] = []
        if sim.s.hold is not None:  # a piece in hand goes to the tray first: R and F then turn
            out.append(("key", "escape"))  # the piece clicked, which stays under the pointer
            sim.to_tray(sim.s.hold.letter)
        for letter in self.letters:  # laid pieces not where the solution has them: to the tray
            now = sim.pieces[letter].board_cells()
            if now is not None and sorted(now) != wanted.get(letter):
                out += [("click", f"piece.{letter}"), ("key", "escape")]
                sim.to_tray(letter)
        for letter, cells in wanted.items():
            p = sim.pieces[letter]
            if p.at is not None:  # already where it belongs
                continue
            out.append(("click", f"piece.{letter}"))
            sim.s.selected = letter
            want = self.shapes.orientation_for(letter, cells)
            if not want:
                raise ValueError(f"piece {letter} cannot cover {cells}")
            keys = min((_keys((p.flip, p.rot), w) for w in want), key=len)
            for k in keys:
                out.append(("key", k))
                if k == "f":
                    sim.turn(letter, "flip")
                else:
                    sim.turn(letter, "rot", -1 if k.startswith("shift") else 1)
            sim.s.anims.clear()
            grab = next(t for t in sim.targets() if t.id == f"piece.{letter}").centre
            hit = sim.piece_at(grab)
            assert hit is not None and hit[0] == letter
            r = sim.cell_rects(letter)[hit[1]]
            dx, dy = grab[0] - r.x, grab[1] - r.y
            local = p.cells()
            ax, ay = min(x for x, _ in cells), min(y for _, y in cells)
            gx, gy = local[hit[1]]
            dest = sim.board.cell_rect((ax + gx, ay + gy))
            out.append(("drag", f"piece.{letter}", (dest.x + dx, dest.y + dy)))
            p.at = (ax, ay)
            sim.s.last_click = None
        return out


def _keys(now: tuple[int, int], want: tuple[int, int]) -> list[str]:
    """Key names that take orientation `now` to `want` (F first when a flip is needed)."""
    flip, rot = now
    keys = []
    if flip != want[0]:
        keys.append("f")
        flip, rot = 1 - flip, (-rot) % 4
    turns = (want[1] - rot) % 4
    keys += ["r"] * turns if turns <= 2 else ["shift+r"]
    return keys
