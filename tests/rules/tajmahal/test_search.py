"""The hard bot's look-ahead: samples agree with the view, and the search stays legal."""

import random

from game.core.ruleset import Budget
from game.rules.tajmahal import search
from game.rules.tajmahal.ruleset import RULESET
from tests.rules.tajmahal.helpers import match


def test_a_sampled_state_looks_exactly_like_the_view_it_came_from():
    checked = 0
    for g in range(6):
        m = match(3 + g % 3, seed=g)
        rng = random.Random(g)
        while not m.finished:
            seat = min(m.to_act)
            if m.state.phase == "play" and len(m.events) % 3 == 0:
                view = m.view(seat)
                sample = search.determinize(view, rng)
                assert RULESET.view(sample, seat) == view
                assert sorted(sample.all_cards()) == list(range(100))
                checked += 1
            m.submit(seat, rng.choice(m.legal(seat)))
    assert checked > 50


def test_samples_differ_in_what_is_hidden():
    m = match(4, seed=3)
    view = m.view(0)
    a = search.determinize(view, random.Random(1))
    b = search.determinize(view, random.Random(2))
    assert a.players[0].hand == b.players[0].hand == m.state.players[0].hand
    assert a.players[1].hand != b.players[1].hand


def test_the_search_returns_one_of_its_candidates_within_its_iterations():
    m = match(4, seed=6)
    seat = m.state.turn
    view, legal = m.view(seat), m.legal(seat)
    candidates = [legal[0], {"move": "withdraw"}]
    one = search.best_move(view, candidates, random.Random(4), 3, Budget())
    two = search.best_move(view, candidates, random.Random(4), 3, Budget())
    assert one in candidates and one == two
