"""The hard bot's search: sequential halving over candidate moves with common random numbers.

Every sample deals the hidden cards once (a determinization of the view) and draws one seed
for the rollouts; each candidate still in the race is then played on that same deal and
rolled out to the end of the round with the same seed. Comparing moves on the same deals
removes most of the luck of the deal from their difference, so far fewer samples separate a
good move from a slightly worse one than with independent samples. After each stage the worse
half of the candidates drops out and the samples left go to the better half (sequential
halving: Karnin, Koren and Somekh, 2013), so the last few candidates get most of the budget.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from game.rules.jaipur.sim import Sim, determinize

Move = tuple

WIN_WEIGHT = 0.8  # a round's result counts most; the point margin breaks near-ties
MARGIN_SCALE = 40.0


def reward(sim: Sim, seat: int) -> float:
    result, margin = sim.margin(seat)
    return WIN_WEIGHT * result + (1 - WIN_WEIGHT) * (0.5 + max(-0.5, min(0.5, margin / MARGIN_SCALE)))


def halving(
    view: dict[str, Any],
    moves: list[Move],
    rng: random.Random,
    rollouts: int,
    over: Callable[[], bool],
    eps: float,
    playout: Callable[[Sim, random.Random], None] | None = None,
) -> tuple[int, list[float], list[int]]:
    """Index of the best move in `moves`, with every move's reward sum and sample count.

    `rollouts` bounds the work (deterministic for a given rng); `over()` stops it early (a
    timed budget's clock on a slow machine, or the job dropped). Moves dropped in earlier stages keep the
    counts they had. `playout(sim, rng)` plays a sample out to the end of the round, every
    candidate with the same rng seed; without it the rollouts use `Sim.policy` with randomness
    `eps`.
    """
    n = len(moves)
    seat = view["seat"]
    sums = [0.0] * n
    counts = [0] * n
    alive = list(range(n))
    stages = max(1, math.ceil(math.log2(n))) if n > 1 else 1
    left = rollouts
    out_of_time = False
    for stage in range(stages):
        if len(alive) == 1 or out_of_time:
            break
        per = max(1, left // ((stages - stage) * len(alive)))
        for _ in range(per):
            if over():
                out_of_time = True
                break
            base = determinize(view, rng)
            seed = rng.getrandbits(32)
            for k in alive:
                sim = base.copy()
                sim.apply(moves[k])
                if playout is None:
                    sim.rollout(random.Random(seed), eps)
                else:
                    playout(sim, random.Random(seed))
                sums[k] += reward(sim, seat)
                counts[k] += 1
            left -= len(alive)
        alive.sort(key=lambda k: (-sums[k] / max(counts[k], 1), k))
        if not out_of_time:
            alive = alive[: max(1, (len(alive) + 1) // 2)]
    best = min(alive, key=lambda k: (-sums[k] / max(counts[k], 1), k))
    return best, sums, counts
