"""How hard a puzzle feels to a person: estimated seconds, and a label tied to the hourglass.

The effort comes from the exhaustive search: the pieces it lays in vain (search nodes on no way
to a tiling) per tiling found, averaged over the eight ways the area can be turned or flipped,
because a person's trouble does not depend on how the board lies while the search's scan order
does. A person prunes most of those tries by eye, so time grows with the logarithm of that
work, not linearly: every doubling of wrong tries per tiling costs about as long as handling a
piece. The scale rests on two stated assumptions, not on timings of people (none were at hand):
a piece that goes straight in costs an adult who knows the pieces 3 s (pick up, turn, lay), and
each doubling of wrong tries per tiling costs 3 s. See docs/ubongo.md.

The labels say how likely an average player is to run out of sand. A person's time on a puzzle
is spread log-normally around the estimate (sigma `SPREAD`; the `medium` bot is exactly that
player): "easy" misses the 45 s hourglass less than 1 time in 100, "hard" more than 1 in 10,
"medium" between. The thresholds in seconds follow from those odds.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from statistics import NormalDist

from game.rules.ubongo.face.constants import HOURGLASS, TICKS_PER_SECOND
from game.rules.ubongo.face.pieces import Cell, symmetries
from game.rules.ubongo.face.solver import census

SECONDS_PER_PIECE = 3.0  # a piece that goes straight in: pick it up, turn it, lay it
SECONDS_PER_DOUBLING = 3.0  # each doubling of the wrong tries per tiling
SPREAD = 0.35  # sigma of ln(time) of one average player around the estimate
MISS_EASY = 0.01  # "easy": the sand runs out on an average player less often than this
MISS_HARD = 0.10  # "hard": more often than this


def _limit(miss: float) -> float:
    """The estimate at which an average player's time exceeds the hourglass with odds `miss`."""
    sand = HOURGLASS / TICKS_PER_SECOND
    return sand / math.exp(NormalDist().inv_cdf(1 - miss) * SPREAD)


LABELS: tuple[tuple[str, float], ...] = (
    ("easy", _limit(MISS_EASY)),  # about 19.9 s
    ("medium", _limit(MISS_HARD)),  # about 28.7 s
    ("hard", math.inf),
)


def wrong_tries(area: Iterable[Cell], pieces: Iterable[str]) -> float:
    """Pieces laid in vain per tiling by the exhaustive search, mean over the 8 lies of the area
    (0 when the puzzle has no tiling)."""
    pieces = list(pieces)
    dead = tilings = 0
    shapes = symmetries(list(area))
    for shape in shapes:
        tilings, wasted = census(shape, pieces)
        if not tilings:
            return 0.0
        dead += wasted
    return dead / len(shapes) / tilings


def seconds_for(tries: float, pieces: int) -> float:
    return SECONDS_PER_PIECE * pieces + SECONDS_PER_DOUBLING * math.log2(1 + tries)


def estimate(area: Iterable[Cell], pieces: Iterable[str]) -> float:
    """Estimated seconds an average player needs for this puzzle."""
    pieces = list(pieces)
    return seconds_for(wrong_tries(area, pieces), len(pieces))


def miss_chance(seconds: float) -> float:
    """The odds that an average player's sand runs out on a puzzle estimated at `seconds`."""
    sand = HOURGLASS / TICKS_PER_SECOND
    return 1 - NormalDist().cdf(math.log(sand / seconds) / SPREAD)


def label(seconds: float) -> str:
    for name, upper in LABELS:
        if seconds < upper:
            return name
    return LABELS[-1][0]
