"""The hard bot's discard arithmetic and the deal-by-deal measurement of it (issue 23)."""

from __future__ import annotations

import random

from game.rules.ginrummy.bots import _bits, after_one_draw
from game.rules.ginrummy.melds import deadwood_mask


def brute_one_draw(hand: int, pool: list[int]) -> float:
    """The definition: every draw, then every discard of the eleven cards."""
    total = 0
    for new in pool:
        held = hand | new
        total += min(deadwood_mask(held ^ bit) for bit in _bits(held))
    return total / len(pool)


def random_hands(seed: int, count: int) -> list[tuple[int, list[int]]]:
    rng = random.Random(seed)
    bits = [1 << i for i in range(52)]
    out = []
    for _ in range(count):
        cards = rng.sample(bits, 40)
        out.append((sum(cards[:10]), cards[10:]))
    return out


def test_the_next_draw_is_weighed_as_its_definition():
    """Skipping discards that cannot beat the best one found never changes the expectation."""
    for hand, pool in random_hands(5, 300):
        assert after_one_draw(hand, pool) == brute_one_draw(hand, pool)


def test_deal_by_deal_measurement_repeats_itself():
    """bench.gin_hands compares two versions of a bot deal by deal: that only works if the same
    deal, seat and players give the same hand every run."""
    from bench.gin_hands import first_hand

    runs = [first_hand(("medium", "gin-greedy", 7, 1)) for _ in range(2)]
    assert runs[0] == runs[1]
    assert runs[0][:2] == (7, 1)
