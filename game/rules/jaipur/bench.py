"""Performance figures for `make bench`: random legal moves per second, hard's think time."""

from __future__ import annotations

import itertools
import random
import statistics
import time

from game.core import sim
from game.rules.jaipur import moves
from game.rules.jaipur.ruleset import Jaipur
from game.rules.jaipur.state import State


def _fresh(rules: Jaipur, rng: random.Random) -> State:
    state = rules.empty(2, {"variant": "standard"})
    for event in rules.setup(state, None, rng):
        state = rules.evolve(state, event)
    return state


def moves_per_s(seconds: float = 3.0, seed: int = 1) -> float:
    """Random legal moves (moves.sample) pushed through decide and evolve, matches back to back."""
    rules = Jaipur()
    rng = random.Random(seed)
    state = _fresh(rules, rng)
    count = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        for _ in range(256):
            seat = state.turn
            events = rules.decide(state, seat, moves.sample(state, seat, rng), rng)
            for event in events:  # a Rejected here would raise: the sampler must be legal
                state = rules.evolve(state, event)
            count += 1
            if state.phase == "over":
                state = _fresh(rules, rng)
        if time.perf_counter() > end:
            break
    return count / (time.perf_counter() - start)


def hard_move_ms(positions: int = 40, seed: int = 2) -> tuple[float, float]:
    """Median and longest think time of `hard` (its level's own search work) against `easy`,
    over its first `positions` moves in matches from `seed` on, played by `sim`'s driver."""
    times = sim.think_ms(
        "jaipur", ["hard", "easy"], itertools.count(seed), lambda seat, view: seat == 0, positions
    )
    return statistics.median(times), max(times)


def figures() -> dict[str, float]:
    median, worst = hard_move_ms()
    return {
        "jaipur.moves_per_s": round(moves_per_s(), 1),
        "jaipur.hard_move_ms": round(median, 1),
        "jaipur.hard_move_max_ms": round(worst, 1),
    }
