"""The bots' fast copy of a round (game/rules/jaipur/sim.py) follows the real rules."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.core.match import Match, Seat
from game.rules.jaipur import moves
from game.rules.jaipur.face.cards import INDEX, NAMES
from game.rules.jaipur.ruleset import RULESET
from game.rules.jaipur.sim import TOK, determinize, to_move


def exact(state, seat, rng):
    """A determinization with the true hidden cards put back."""
    sim = determinize(RULESET.view(state, seat), rng)
    sim.deck = [INDEX[c] for c in reversed(state.deck)]
    sim.hands = [list(state.hands[0]), list(state.hands[1])]
    sim.herds = list(state.herds)
    if state.solo:
        sim.bot_deck = [INDEX[c] for c in state.bot_deck]
        sim.bot_rev = [INDEX[c] for c in state.bot_revealed]
    return sim


@pytest.mark.parametrize("variant", ["standard", "solo"])
def test_sim_plays_moves_exactly_like_decide_and_evolve(variant):
    rng = random.Random(11)
    for seed in range(6):
        m = Match.new(RULESET, [Seat("A"), Seat("B")], {"variant": variant}, seed)
        while m.state.round == 1:
            seat = m.state.turn
            sim = exact(m.state, seat, rng)
            command = moves.sample(m.state, seat, rng)
            sim.apply(to_move(command))
            m.submit(seat, command)
            if m.state.round != 1:
                assert sim.over
                break
            assert not sim.over
            state = m.state
            assert Counter(NAMES[c] for c in sim.market) == Counter(state.market)
            assert [tuple(h) for h in sim.hands] == list(state.hands)
            assert sim.herds == list(state.herds)
            assert [len(p) for p in state.tokens] == [
                len(t) - p for t, p in zip(TOK, sim.tokpos, strict=True)
            ]
            assert sim.nbonus == [len(b) for b in state.won_bonus]
            assert sim.ngoods == [len(g) for g in state.won_goods]
            assert sim.turn == state.turn
