"""The exact meld solver against the brute-force reference (tests/rules/ginrummy/reference.py)."""

from __future__ import annotations

import random

import pytest

from game.rules.ginrummy.face import melds as solver
from game.rules.ginrummy.face.cards import DECK
from game.rules.ginrummy.face.melds import best_layoffs
from tests.rules.ginrummy import reference


def random_hands(count: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [rng.sample(DECK, rng.choice((10, 11))) for _ in range(count)]


def rich_hands(count: int, seed: int) -> list[list[str]]:
    """Hands drawn from a few ranks and suits, so sets, runs and overlaps are common."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        lo = rng.randrange(0, 8)
        pool = [r + s for r in "A23456789TJQK"[lo : lo + 6] for s in "SHDC"]
        out.append(rng.sample(pool, rng.choice((10, 11))))
    return out


def compare(hands: list[list[str]], discards: int = 0) -> None:
    """Minimum deadwood and every optimal arrangement against the reference; for the first
    `discards` 11-card hands also the best discards."""
    for hand in hands:
        value, optimal = reference.solve(hand)
        assert solver.deadwood(hand) == value, hand
        assert {frozenset(frozenset(m) for m in a) for a in solver.arrangements(hand)} == optimal, hand
        if discards and len(hand) == 11:
            discards -= 1
            best, cards = solver.best_discards(hand)
            assert (best, set(cards)) == reference.best_discards(hand), hand


def test_examples_from_the_rules():
    """Melds: 3+ of a rank, or 3+ in a row of one suit; ace low; no K-A wrap; J/Q/K count 10."""
    assert solver.deadwood(["AS", "2S", "3S"]) == 0
    assert solver.deadwood(["QS", "KS", "AS"]) == 21  # no wrap from king to ace
    assert solver.deadwood(["7S", "7H", "7D"]) == 0
    assert solver.deadwood(["7S", "8H", "9D"]) == 24  # a run needs one suit
    assert solver.deadwood(["JS", "QH", "KD", "AC"]) == 31
    hand = ["AS", "2S", "3S", "4S", "4H", "4D", "4C", "KH", "KD", "QC"]
    assert solver.deadwood(hand) == 30  # A-4 spades and 4H 4D 4C, or A-3 and the four 4s
    assert len(solver.arrangements(hand)) == 2


def test_solver_matches_reference_on_random_hands():
    """Minimum deadwood and every optimal arrangement of random 10- and 11-card hands."""
    compare(random_hands(1500, seed=7), discards=100)


def test_solver_matches_reference_on_hands_of_any_size_up_to_eleven():
    rng = random.Random(10)
    compare([rng.sample(DECK, rng.randrange(0, 12)) for _ in range(400)])
    compare([[], ["KS"]])


def test_solver_matches_reference_on_crowded_hands():
    compare(rich_hands(1500, seed=8), discards=100)


@pytest.mark.slow
def test_solver_matches_reference_on_100000_hands():
    """100,000 random 10- and 11-card hands (deadwood and every optimal arrangement; best discards
    for 5,000 of the 11-card ones), then 20,000 crowded ones."""
    hands = random_hands(100_000, seed=11)
    assert {len(h) for h in hands} == {10, 11}
    compare(hands, discards=5_000)
    compare(rich_hands(20_000, seed=12), discards=2_000)


def test_best_discard_for_eleven_cards():
    for hand in rich_hands(200, seed=5) + random_hands(200, seed=6):
        hand = hand[:11] if len(hand) == 11 else hand + [c for c in DECK if c not in hand][:1]
        value, cards = solver.best_discards(hand)
        assert (value, set(cards)) == reference.best_discards(hand), hand


def test_best_layoffs_match_reference():
    """Layoffs: the defender's cards may extend the knocker's melds (runs at either end, sets to 4)."""
    rng = random.Random(9)
    checked = 0
    while checked < 150:
        lo = rng.randrange(0, 7)
        pool = [r + s for r in "A23456789TJQK"[lo : lo + 7] for s in "SHDC"]
        cards = rng.sample(pool, 20)
        knocker, defender = cards[:10], cards[10:]
        melds, _ = solver.best_melds(knocker)
        if not melds:
            continue
        value, lays = best_layoffs(defender, melds)
        assert value == reference.best_layoff_deadwood(defender, melds), (knocker, defender)
        # The layoffs can be played one by one and leave exactly that deadwood.
        grown = [list(m) for m in melds]
        for card, k in lays:
            grown[k].append(card)
            assert reference.valid_meld([reference.parse(c) for c in grown[k]])
        rest = [c for c in defender if c not in {c for c, _ in lays}]
        assert solver.deadwood(rest) == value
        checked += 1
