"""The hard bot's discard arithmetic and the deal-by-deal measurement of it (issue 23)."""

from __future__ import annotations

import random

from game.rules.ginrummy.bots import HardBot, _bits, after_one_draw
from game.rules.ginrummy.face.cards import BIT, mask_of
from game.rules.ginrummy.face.melds import deadwood_mask


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
    """tools.measure.ginrummy_hands compares two versions of a bot deal by deal: that only works
    if the same deal, seat and players give the same hand every run."""
    from tools.measure.ginrummy_hands import first_hand

    runs = [first_hand(("medium", "gin-greedy", 7, 1)) for _ in range(2)]
    assert runs[0] == runs[1]
    assert runs[0][:2] == (7, 1)


def test_played_out_it_keeps_the_card_that_would_give_the_opponent_gin():
    """The opponent's hand is known (it took all ten from the pile): three melds and 3H. Throwing
    4H leaves us less deadwood after the next draw (2.5 against 3.2), but the opponent takes it
    and goes gin. Throwing 3C instead, the opponent knocks with 3 and our 4H lays off on its
    hearts: we undercut. Played out, 3C is thrown."""
    ours = ["3D", "4D", "5D", "9S", "TS", "JS", "6C", "6D", "6S", "4H", "3C"]
    theirs = ["5H", "6H", "7H", "8C", "9C", "TC", "2S", "2D", "2C", "3H"]
    view = {
        "seat": 0,
        "hand": ours,
        "discard": ["KD"],
        "stock": 20,
        "opponent_hand": 10,
        "hand_counts": [11, 10],
        "known": [[], theirs],
        "reveal": None,
        "passed": [[], []],
        "public": [],
        "undercut_bonus": 25,
        "gin_bonus": 25,
    }
    bot = HardBot()
    pool = _bits(bot.unseen(view))
    hand = mask_of(ours)
    assert after_one_draw(hand & ~BIT["4H"], pool) < after_one_draw(hand & ~BIT["3C"], pool)
    assert bot.played_out(view, hand, ["4H", "3C"], random.Random(1), lambda: False, 60) == "3C"
