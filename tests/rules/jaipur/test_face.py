"""Jaipur's face: why_not on a seat's view says what decide says on the state, and the face
module loads none of the machinery."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.core import registry
from game.core.match import Match, Seat
from game.rules.jaipur import moves
from game.rules.jaipur.face import FACE
from game.rules.jaipur.face.cards import CAMEL, GOODS, INDEX, LUXURY
from game.rules.jaipur.ruleset import RULESET
from game.rules.jaipur.state import State, market_cards
from game.rules.jaipur.view import names
from tests.rules.faces import Agreement


def near_misses(state: State, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """Commands a person could nearly send: wrong cards, wrong counts, the other seat's cards,
    malformed fields, unknown moves."""
    mine = names(state.hands[seat])
    theirs = names(state.hands[1 - seat])
    market = market_cards(state)
    goods = [g for g in market if g != CAMEL]
    out: list[dict[str, Any]] = [
        {},
        {"move": "dance"},
        {"move": 3},
        {"move": "camels"},
        {"move": "take", "good": CAMEL},
        {"move": "take", "good": "ruby"},
        {"move": "take", "good": None},
        {"move": "take", "good": rng.choice(GOODS)},
        {"move": "sell", "good": CAMEL, "count": 2},
        {"move": "sell", "good": rng.choice(GOODS), "count": 0},
        {"move": "sell", "good": "gold", "count": True},
        {"move": "sell", "good": "spice", "count": "2"},
        {"move": "exchange", "take": "gold", "give": ["spice"]},
        {"move": "exchange", "take": goods[:2], "give": [1, 2]},
        {"move": "exchange", "take": goods[:2], "give": ["ruby", "ruby"]},
        {"move": "exchange", "take": [CAMEL, *goods[:1]], "give": mine[:2]},
        {"move": "exchange", "take": goods[:1], "give": mine[:1]},
    ]
    for good in set(mine):
        have = mine.count(good)
        out.append({"move": "sell", "good": good, "count": have + 1})  # one too many
        if good in LUXURY:
            out.append({"move": "sell", "good": good, "count": 1})
    for good in set(theirs) - set(mine):  # the other seat's cards, unseen by this one
        out.append({"move": "sell", "good": good, "count": 2 if good in LUXURY else 1})
    if len(goods) >= 2:
        take = rng.sample(goods, 2)
        out += [
            {"move": "exchange", "take": take, "give": theirs[:2]},
            {"move": "exchange", "take": take, "give": mine[:1]},
            {"move": "exchange", "take": take, "give": [take[0], *mine[:1]]},
            {"move": "exchange", "take": take, "give": [CAMEL] * (state.herds[seat] + 2)},
            {"move": "exchange", "take": [*take, take[0], take[0], take[0]], "give": mine[:5]},
            {"move": "exchange", "take": take, "give": rng.sample(mine, min(2, len(mine)))},
        ]
    return out


def commands(state: State, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    acting = state.turn
    legal = RULESET.legal(state, acting) if state.phase == "play" else []
    chosen = rng.sample(legal, min(25, len(legal)))  # exchanges run to the hundreds
    return chosen + near_misses(state, seat, rng)


@pytest.mark.parametrize("variant", ["standard", "solo"])
def test_why_not_on_the_view_says_what_decide_says_on_the_state(variant):
    """Jaipur's four moves (take one good or all camels, exchange 2 or more, sell one kind;
    at most 7 cards in hand at the end of a turn; diamonds, gold and silver sell 2 or more),
    whose turn it is, and in the solo variant the rule bot's seat: for every seat, on random
    reachable states, the face's why_not on the seat's view agrees with decide on the state."""
    agree = Agreement(RULESET, FACE)
    for seed in range(4):
        rng = random.Random(seed)
        m = Match.new(RULESET, [Seat("A"), Seat("B")], {"variant": variant}, seed)
        for _ in range(150):
            if m.finished:
                break
            for seat in (0, 1):
                for command in commands(m.state, seat, rng):
                    agree.check(m.state, seat, command)
            seat = min(m.to_act)
            m.submit(seat, moves.sample(m.state, seat, rng))
    assert agree.seen["accepted"] > 500 and agree.seen["refused"] > 2000
    expected = {
        "The rule bot plays by itself" if variant == "solo" else "It is not your turn",
        "Hand would hold 8 cards",
        "Camels cannot be sold",
        "Choose take, camels, exchange or sell",
        "An exchange takes 2 or more cards",
        "Camels cannot be taken in an exchange: take all camels",
    }
    assert expected <= agree.reasons(), expected - agree.reasons()
    assert any(r.startswith("Your hand has only") for r in agree.reasons())
    assert any(r.startswith("Your herd has only") for r in agree.reasons())


def test_why_not_after_the_match_is_over():
    """A finished match takes no move: the face says so from the view, as decide does."""
    agree = Agreement(RULESET, FACE)
    rng = random.Random(9)
    m = Match.new(RULESET, [Seat("A"), Seat("B")], {}, 9)
    while not m.finished:
        seat = min(m.to_act)
        m.submit(seat, moves.sample(m.state, seat, rng))
    for seat in (0, 1):
        for command in near_misses(m.state, seat, rng):
            assert not agree.check(m.state, seat, command)
    assert agree.reasons() == {"The match is over"}


def test_a_seat_is_checked_on_its_own_view():
    m = Match.new(RULESET, [Seat("A"), Seat("B")], {}, 1)
    with pytest.raises(ValueError):
        FACE.why_not(m.view(1), 0, {"move": "camels"})


def test_the_face_is_the_rulesets_public_part():
    assert registry.face("jaipur") is FACE and registry.get("jaipur") is RULESET
    assert isinstance(RULESET, type(FACE))
    for attr in ("name", "title", "min_seats", "max_seats", "bot_levels", "options", "moments"):
        assert getattr(FACE, attr) == getattr(RULESET, attr)
    assert FACE.moments == ("round_end", "bot_reveal")
    assert INDEX  # the cards' table is the face's vocabulary, shared with the machinery
