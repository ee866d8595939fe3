"""Performance figures for `make bench`: the solver, whole hands, and the hard bot's think time."""

from __future__ import annotations

import random
import statistics
import time
from itertools import count

from game.core import sim
from game.rules.ginrummy.face.cards import DECK
from game.rules.ginrummy.face.melds import deadwood


def deadwood_us(count: int = 20_000) -> float:
    """Median microseconds of `deadwood(cards)` on random 10-card hands (codes in, int out)."""
    rng = random.Random(1)
    hands = [rng.sample(DECK, 10) for _ in range(count)]
    times = []
    clock = time.perf_counter_ns
    for hand in hands:
        start = clock()
        deadwood(hand)
        times.append(clock() - start)
    return statistics.median(times) / 1000


def hands_per_s(seconds: float = 3.0) -> float:
    """Random-bot hands played through decide + evolve (the ruleset, no Match bookkeeping)."""
    from game.rules.ginrummy.ruleset import RULESET as R

    rng = random.Random(2)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = R.empty(2, {})
        for event in R.setup(state, None, rng):
            state = R.evolve(state, event)
        while state.phase not in ("hand_over", "match_over"):
            seat = min(R.to_act(state))
            events = R.decide(state, seat, rng.choice(R.legal(state, seat)), rng)
            for event in events:
                state = R.evolve(state, event)
        hands += 1
    return hands / (time.perf_counter() - start)


def hard_move_ms(moves: int = 120) -> tuple[float, float]:
    """Median and worst milliseconds per hard-bot discard decision (the ones it searches; its
    draw decisions take well under a millisecond) in hard-vs-hard play, by `sim`'s driver."""
    discards = sim.think_ms(
        "ginrummy", ["hard", "hard"], count(), lambda seat, view: view["phase"] == "discard", moves
    )
    return statistics.median(discards), max(discards)


def figures() -> dict[str, float]:
    median, worst = hard_move_ms()
    return {
        "ginrummy.deadwood_us": round(deadwood_us(), 3),
        "ginrummy.hands_per_s": round(hands_per_s(), 1),
        "ginrummy.hard_move_ms": round(median, 2),
        "ginrummy.hard_move_max_ms": round(worst, 2),
    }


if __name__ == "__main__":
    print(figures())
