"""Ubongo: real-time polyomino puzzles and a race for gems of one colour.

Public API: RULESET; the pieces (`PIECES`, `orientations`, `normalise`, `place`); the solver
(`solve`, `tilings`, `count`, `stats`); checking placements (`check_placement`,
`check_partial`); the boards (`boards`, `board`, `read_board`, `LevelError`); difficulty
(`estimate`, `label`).
"""

from game.rules.ubongo.difficulty import estimate, label
from game.rules.ubongo.levels import LevelError, board, boards, levels_dir, read_board
from game.rules.ubongo.pieces import (
    LETTERS,
    PIECES,
    canonical,
    normalise,
    orientation_of,
    orientations,
    place,
)
from game.rules.ubongo.placement import check as check_placement
from game.rules.ubongo.placement import check_partial
from game.rules.ubongo.ruleset import RULESET, Ubongo
from game.rules.ubongo.solver import count, solve, stats, tilings

__all__ = [
    "LETTERS",
    "PIECES",
    "RULESET",
    "LevelError",
    "Ubongo",
    "board",
    "boards",
    "canonical",
    "check_partial",
    "check_placement",
    "count",
    "estimate",
    "label",
    "levels_dir",
    "normalise",
    "orientation_of",
    "orientations",
    "place",
    "read_board",
    "solve",
    "stats",
    "tilings",
]
