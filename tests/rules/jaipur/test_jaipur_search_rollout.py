"""The hard bot's rollout player (rollout.py): legal, quick to finish a round, and sensible."""

from __future__ import annotations

import random

from game.core.match import Match, Seat
from game.core.ruleset import Budget
from game.rules.jaipur.rollout import best_move, rollout
from game.rules.jaipur.ruleset import RULESET
from game.rules.jaipur.sim import CAMEL_I, determinize, to_move
from tests.rules.jaipur.test_bots import positions


def test_best_move_is_always_legal_and_rollouts_end_the_round():
    for variant in ("standard", "solo"):
        for m, seat in positions(5, 60, variant):
            view = m.view(seat)
            sim = determinize(view, random.Random(1))
            assert best_move(sim) in {to_move(c) for c in m.legal(seat)}
            rollout(sim, random.Random(3))
            assert sim.over


def test_best_move_sells_a_big_set_and_takes_a_pair_for_its_set():
    m = Match.new(RULESET, [Seat("A"), Seat("B")], {"first": 0}, 11)
    sim = determinize(m.view(0), random.Random(2))
    sim.hands[0] = [0, 0, 0, 5, 0, 0]  # five cloth: 16 rupees and a 5-card bonus
    assert best_move(sim) == (3, 3, 5)
    sim.hands[0] = [0, 2, 0, 0, 0, 0]  # two gold, a gold on offer, no camels to take
    sim.market = [1, 5, 5, 4, 4]
    assert best_move(sim) == (0, 1)
    assert CAMEL_I not in sim.market


def test_hard_search_with_the_rollout_player_is_deterministic():
    bot = RULESET.bot("hard")
    budget = Budget(seconds=30.0, iterations=120)
    for m, seat in positions(6, 8):
        view, legal = m.view(seat), m.legal(seat)
        a = bot.choose(view, legal, random.Random(4), budget)
        assert a == bot.choose(view, legal, random.Random(4), budget)
        assert a in legal
