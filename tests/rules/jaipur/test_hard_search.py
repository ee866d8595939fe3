"""The hard bot's search (search.py): sequential halving over moves on shared sampled deals."""

from __future__ import annotations

import random

from game.core.match import Match, Seat
from game.core.ruleset import Budget
from game.rules.jaipur.ruleset import RULESET
from game.rules.jaipur.search import halving
from game.rules.jaipur.sim import to_move


def last_turn_view():
    """Seat 0 to move with an empty deck (any take or camels ends the round at once), 4
    diamonds in hand, 26 rupees behind: only selling all 4 (24 + a 4-card bonus) wins."""
    m = Match.new(RULESET, [Seat("A"), Seat("B")], {"first": 0}, 11)
    view = dict(m.view(0))
    view.update(
        hand=["diamond"] * 4 + ["leather"],
        deck=0,
        earned=[
            {"goods": [], "bonus": []},
            {"goods": [["gold", 6], ["gold", 6], ["cloth", 5], ["silver", 5], ["spice", 4]], "bonus": []},
        ],
    )
    legal = [{"move": "sell", "good": "diamond", "count": n} for n in (2, 3, 4)]
    legal += [{"move": "sell", "good": "leather", "count": 1}]
    legal += [{"move": "take", "good": g} for g in sorted(set(view["market"])) if g != "camel"]
    return view, legal


def test_hard_takes_the_sale_that_wins_the_round():
    view, legal = last_turn_view()
    command = RULESET.bot("hard").choose(view, legal, random.Random(3), Budget(iterations=200))
    assert command == {"move": "sell", "good": "diamond", "count": 4}


def test_halving_gives_the_most_samples_to_the_best_move_and_stays_deterministic():
    view, legal = last_turn_view()
    moves = [to_move(c) for c in legal]
    best, sums, counts = halving(view, moves, random.Random(5), 300, lambda: False, 0.15)
    assert legal[best] == {"move": "sell", "good": "diamond", "count": 4}
    assert counts[best] == max(counts)
    again = halving(view, moves, random.Random(5), 300, lambda: False, 0.15)
    assert again == (best, sums, counts)
