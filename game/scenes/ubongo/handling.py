"""The pieces at an Ubongo board, for the table and the practice screen alike: the polyomino
toolkit given Ubongo's pieces and placement rules, one piece laid where a solution has it (the
hint), and the sound a change of the pieces makes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

from game.core.polyomino import Cell
from game.rules.ubongo.face import placement
from game.rules.ubongo.face.pieces import PIECES
from game.rules.ubongo.face.solver import tilings
from game.ui.polyomino import PieceHandler
from game.ui.polyomino_shapes import Shapes

# The twelve pieces as the toolkit turns them (the rules' orientations, in the same order)
SHAPES = Shapes({letter: cells for letter, (_name, cells) in PIECES.items()})

# The piece in hand, where each piece lies and how each is turned (flip, rot)
Signature = tuple[str | None, tuple[Cell | None, ...], tuple[tuple[int, int], ...]]


def puzzle_handler(
    area: Iterable[Sequence[int]], letters: Sequence[str], rect: pygame.Rect, tray: pygame.Rect | None = None
) -> PieceHandler:
    """The pieces of one Ubongo puzzle: what fits is what the rules' placement check says."""
    return PieceHandler(area, letters, rect, tray, shapes=SHAPES, fit=placement)


def signature(handler: PieceHandler) -> Signature:
    """What a sound reacts to: the piece in hand, where pieces lie, how they are turned."""
    pieces = handler.pieces
    return (
        handler.hold.letter if handler.hold else None,
        tuple(pieces[p].at for p in handler.letters),
        tuple((pieces[p].flip, pieces[p].rot) for p in handler.letters),
    )


def lay_one(handler: PieceHandler) -> str | None:
    """Lay one piece where a tiling has it, choosing the tiling that keeps most of the pieces
    already laid; pieces in its way go back to the tray. The letter laid, or None."""
    laid = {p: sorted(c) for p, c in handler.laid()}
    options = tilings(handler.board.cells, handler.letters, limit=200)
    if not options:
        return None
    best = max(options, key=lambda t: sum(laid.get(p) == sorted(c) for p, c in t))
    for letter, cells in best:
        if laid.get(letter) == sorted(cells):
            continue
        if handler.hold is not None:
            handler.to_tray(handler.hold.letter)
        wanted = set(cells)
        for other, other_cells in handler.laid():
            if other == letter or wanted & set(other_cells):
                handler.to_tray(other)
        handler.lay(letter, cells)
        return letter
    return None


def sound_of(before: Signature, after: Signature) -> str | None:
    """The sound for a change between two signatures: picked up, laid on the board, turned."""
    if before == after:
        return None
    if after[0] and not before[0]:
        return "pickup"
    if before[0] and not after[0] and after[1] != before[1]:
        return "snap"  # laid on the board
    if after[2] != before[2]:
        return "turn"  # turned or flipped
    return None
