"""The Taj Mahal bots: legal, deterministic, quick, and the hard one stronger."""

import random

import pytest

from game.core import sim
from game.core.ruleset import Budget
from game.rules.tajmahal.ruleset import RULESET
from tests.rules.tajmahal.helpers import leave, match, play


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_each_level_finishes_a_game_with_legal_moves(level):
    m = match(4, seed=21)
    bots = [RULESET.bot(level) for _ in range(4)]
    budget = Budget(iterations=2)  # a small search: this checks legality, not strength
    while not m.finished:
        seat = min(m.to_act)
        legal = m.legal(seat)
        command = bots[seat].choose(m.view(seat), legal, random.Random(len(m.events)), budget)
        assert command in legal
        assert m.submit(seat, command)
    assert bots[0].level == level


def test_bots_are_deterministic_given_the_rng():
    m = match(4, seed=8)
    view, legal = m.view(m.state.turn), m.legal(m.state.turn)
    budget = Budget(iterations=64)  # a fixed search size: a timed one differs on a loaded machine
    for level in ("easy", "medium", "hard"):
        a = RULESET.bot(level).choose(view, legal, random.Random(3), budget)
        b = RULESET.bot(level).choose(view, legal, random.Random(3), budget)
        assert a == b


def test_hard_still_answers_legally_when_its_time_is_already_up():
    """The search stops at a timed budget's seconds: with none at all it still plays a legal move
    (how long it takes at the table is a bench figure, tajmahal.hard_move_ms, not a test)."""
    m = match(5, seed=4)
    bot = RULESET.bot("hard")
    for _ in range(30):
        seat = min(m.to_act)
        view, legal = m.view(seat), m.legal(seat)
        command = bot.choose(view, legal, random.Random(1), Budget(seconds=0.0, timed=True))
        assert m.check(seat, command) is None
        m.submit(seat, command)


# bounded by its own count, never the clock: the same choice on a loaded machine
UNTIMED = Budget(seconds=3600.0, iterations=128)


def test_hard_builds_where_the_fortress_bonus_and_the_chain_pay():
    m = match(
        3,
        hands=[[6, 7], [27], [48]],
        bonus={"Agra": "taj", "Ghazni": "points2"},
        palaces=[["Baramulla", 0]],
    )
    m.submit(0, {"move": "play", "cards": [6]})
    for seat in (1, 2):
        m.submit(seat, {"move": "withdraw"})
        m.submit(seat, {"move": "pick", "cards": list(m.state.display[:2])})
    m.submit(0, {"move": "withdraw"})
    assert m.state.phase == "build"
    command = RULESET.bot("hard").choose(m.view(0), m.legal(0), random.Random(0), UNTIMED)
    assert command == {"move": "build", "city": "Ghazni"}  # +2 beats Peshawar's link to Kashmir
    m2 = match(3, hands=[[6, 7], [27], [48]], palaces=[["Baramulla", 0]])
    m2.submit(0, {"move": "play", "cards": [6]})
    for seat in (1, 2):
        m2.submit(seat, {"move": "withdraw"})
        m2.submit(seat, {"move": "pick", "cards": list(m2.state.display[:2])})
    m2.submit(0, {"move": "withdraw"})
    command = RULESET.bot("hard").choose(m2.view(0), m2.legal(0), random.Random(0), UNTIMED)
    assert command == {"move": "build", "city": "Peshawar"}  # the road to Baramulla joins Kashmir


@pytest.mark.slow
def test_hard_beats_three_easy_bots_at_least_half_the_time():
    report = sim.tournament("tajmahal", ["hard", "easy", "easy", "easy"], games=30, seed=2, processes=2)
    assert report["win_rate"][0] >= 0.5, report


def _choose(level: str, m, seat: int) -> dict:
    return RULESET.bot(level).choose(m.view(seat), m.legal(seat), random.Random(0), Budget(iterations=16))


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_withdraws_while_it_leads_two_persons_that_its_hand_cannot_add_to(level):
    # seat 0 shows vizier and general; the others showed elephants and may tie next turn,
    # and seat 0's last cards (two elephants) would only tie the elephant
    m = match(3, hands=[[0, 18, 19], [39, 40, 30, 31], [60, 61, 51, 52]])
    play(m, 0, 0)
    play(m, 1, 39)
    play(m, 2, 60)
    assert m.view(0)["would_win"] == ["vizier", "general"]
    assert _choose(level, m, 0) == {"move": "withdraw"}


def test_hard_as_the_last_player_in_plays_its_points_card_with_the_card_that_wins_more():
    m = match(3, hands=[[0, 18], [39, 40], [60, 61]], specials={"points": 0}, start=1)
    leave(m, 1, 2)
    assert m.state.turn == 0
    assert _choose("hard", m, 0) == {"move": "play", "cards": [0, 97]}  # +2 and two persons
