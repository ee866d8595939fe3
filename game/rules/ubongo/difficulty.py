"""How hard a puzzle feels to a person, from the solver's effort.

A person, like the search, tries pieces at a corner and backs out of dead ends, so the work the
exhaustive search does per tiling found (`nodes_all / solutions`) says how narrow the way is;
each piece adds handling time however narrow. The model gives an estimate in seconds for an
average adult who knows the pieces, calibrated by hand on the generated set: "easy" under 21 s (most
three-piece rows), "medium" 21-28 s, "hard" above (most four-piece rows that leave one narrow
way). Both sides span at least two labels. Bots draw their solve time around this estimate.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from game.rules.ubongo.pieces import Cell
from game.rules.ubongo.solver import Stats, stats

SECONDS_PER_PIECE = 3.5
SECONDS_PER_DOUBLING = 2.6  # each doubling of dead-end work per tiling
BASE_SECONDS = 1.0
LABELS: tuple[tuple[str, float], ...] = (("easy", 21.0), ("medium", 28.0), ("hard", math.inf))


def seconds_for(st: Stats, pieces: int) -> float:
    narrow = st.nodes_all / max(st.solutions, 1)
    return BASE_SECONDS + SECONDS_PER_PIECE * pieces + SECONDS_PER_DOUBLING * math.log2(1 + narrow)


def estimate(area: Iterable[Cell], pieces: Iterable[str]) -> float:
    """Estimated seconds a person needs for this puzzle."""
    pieces = list(pieces)
    return seconds_for(stats(area, pieces), len(pieces))


def label(seconds: float) -> str:
    for name, upper in LABELS:
        if seconds < upper:
            return name
    return LABELS[-1][0]
