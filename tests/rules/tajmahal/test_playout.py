"""The look-ahead's fast visit (playout.Visit) plays by the same rules as rules.step."""

import random

from game.rules.tajmahal import rules
from game.rules.tajmahal.face.board import load
from game.rules.tajmahal.face.data import PERSONS
from game.rules.tajmahal.playout import Visit, best_city, best_picks
from tests.rules.tajmahal.helpers import match


def _lockstep(state, rng_seed: int):
    """Play the visit out with the rollout policy in a Visit, and the same choices through
    rules.step; return both ends."""
    board = load()
    visit = Visit(state, board, random.Random(rng_seed))
    builds, picks = [], []

    def build(v, seat, mogul, cities):
        city = best_city(v, seat, mogul, cities)
        builds.append(city)
        return city

    def pick(v, seat, count):
        cards = best_picks(v, seat, count)
        picks.append(cards)
        return cards

    rng = random.Random(0)
    while not visit.over:
        seat = visit.turn
        assert state.turn == seat and state.phase == "play"
        cards = visit.greedy(seat)
        if cards is None:
            visit.withdraw(seat, build, pick)
            state = rules.step(state, seat, {"move": "withdraw"}, rng)
            while state.phase == "build":
                state = rules.step(state, seat, {"move": "build", "city": builds.pop(0)}, rng)
            if state.phase == "pick":
                state = rules.step(state, seat, {"move": "pick", "cards": picks.pop(0)}, rng)
        else:
            visit.play(seat, cards)
            state = rules.step(state, seat, {"move": "play", "cards": cards}, rng)
        assert not isinstance(state, rules.Rejected), state
    return visit, state


def test_a_visit_played_fast_ends_as_the_rules_end_it():
    checked = 0
    for g in range(12):
        m = match(3 + g % 3, seed=40 + g)
        rng = random.Random(g)
        while not m.finished and m.state.visit < 6:  # early visits: the deck needs no reshuffle
            seat = min(m.to_act)
            if m.state.phase == "play" and len(m.events) % 5 == 0:
                visit, state = _lockstep(m.state, g)
                assert state.visit == m.state.visit + 1  # the rules have ended the visit
                for i, p in enumerate(state.players):
                    assert visit.score[i] == p.score
                    assert sorted(visit.hand[i]) == sorted(p.hand)
                    assert visit.influence[i] == [p.influence.count(x) for x in PERSONS]
                    assert visit.goods[i] == list(p.goods)
                    mine = {c for c, s in (*state.palaces, *state.moguls) if s == i}
                    assert visit.mine[i] == mine
                assert visit.palaces == dict(state.palaces)
                assert visit.bonus == dict(state.bonus)
                checked += 1
            m.submit(seat, rng.choice(m.legal(seat)))
    assert checked > 30
