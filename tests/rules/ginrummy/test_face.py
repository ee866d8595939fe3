"""Gin Rummy's face: why_not on a seat's view says what decide says on the state."""

from __future__ import annotations

import random
from typing import Any

from game.core import registry
from game.core.match import Match, Seat
from game.rules.ginrummy.face import FACE
from game.rules.ginrummy.face.cards import DECK
from game.rules.ginrummy.face.melds import best_melds
from game.rules.ginrummy.face.phases import DISCARD, LAYOFF
from game.rules.ginrummy.ruleset import RULESET
from game.rules.ginrummy.state import State
from tests.rules.faces import Agreement


def near_misses(state: State, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """Commands a person could nearly send: cards not in the hand (the other seat's among
    them), the card just taken, melds that are no melds or leave too much, layoffs that do not
    fit, moves of another phase, malformed fields."""
    mine = list(state.hands[seat])
    theirs = list(state.hands[1 - seat])
    out: list[dict[str, Any]] = [
        {},
        {"move": "fly"},
        {"move": None},
        {"move": "take_upcard"},
        {"move": "pass"},
        {"move": "done"},
        {"move": "next_hand"},
        {"move": "draw", "source": "hand"},
        {"move": "draw"},
        {"move": "draw", "source": "discard"},
        {"move": "discard", "card": "ZZ"},
        {"move": "discard", "card": 7},
        {"move": "knock"},
        {"move": "arrange", "melds": "AS"},
        {"move": "arrange", "melds": [["AS", "AS", "AS"]]},
        {"move": "layoff", "card": rng.choice(DECK), "meld": True},
        {"move": "layoff", "card": rng.choice(DECK), "meld": 9},
    ]
    for card in rng.sample(theirs, min(2, len(theirs))):  # the other seat's cards
        out += [{"move": "discard", "card": card}, {"move": "knock", "card": card}]
        out.append({"move": "layoff", "card": card, "meld": 0})
    if state.taken:
        out += [{"move": "discard", "card": state.taken}, {"move": "knock", "card": state.taken}]
    for card in rng.sample(mine, min(4, len(mine))):
        out += [{"move": "discard", "card": card}, {"move": "knock", "card": card}]
        rest = [c for c in mine if c != card]
        melds, dead = best_melds(rest)
        out.append({"move": "knock", "card": card, "melds": melds})  # the best melds, named
        out.append({"move": "knock", "card": card, "melds": melds[:-1]})  # one meld left out
        out.append({"move": "knock", "card": card, "melds": [rest[:3]]})  # three cards, any
        out.append({"move": "knock", "card": card, "melds": [*melds, melds[0]] if melds else [[card]]})
        out.append({"move": "knock", "card": card, "melds": [theirs[:3]]})
        if state.knock is not None:
            for k in range(len(state.knock.melds) + 1):
                out.append({"move": "layoff", "card": card, "meld": k})
    out.append({"move": "arrange", "melds": best_melds(mine)[0] if mine else []})
    out.append({"move": "arrange", "melds": [mine[:3]]})
    if state.knock is not None:  # a laid-off card, or one in the defender's own melds
        for card, _ in state.knock.layoffs:
            out.append({"move": "layoff", "card": card, "meld": 0})
        for meld in state.knock.defender_melds:
            out.append({"move": "layoff", "card": meld[0], "meld": 0})
    return out


def play(seed: int, agree: Agreement, steps: int) -> None:
    """A match of random legal moves that knocks whenever it may half the time (so layoffs come
    often); before each move every seat's legal and near-miss commands are checked."""
    rng = random.Random(seed)
    m = Match.new(RULESET, [Seat("A"), Seat("B")], {"target": 50}, seed)
    for _ in range(steps):
        if m.finished:
            return
        acting = min(m.to_act)
        legal = RULESET.legal(m.state, acting)
        for seat in (0, 1):
            for command in [*legal, *near_misses(m.state, seat, rng)]:
                agree.check(m.state, seat, command)
        knocks = [c for c in legal if c["move"] == "knock"]
        layoffs = [c for c in legal if c["move"] == "layoff"]
        command = rng.choice(knocks if knocks and rng.random() < 0.5 else layoffs or legal)
        m.submit(acting, command)


def test_why_not_on_the_view_says_what_decide_says_on_the_state():
    """Gin Rummy's turn (the upcard offered to each seat, draw from the stock or the pile,
    discard, knock with 10 deadwood or less, gin must knock, a card taken from the pile is not
    thrown back at once, layoffs onto the knocker's melds after a knock, no layoffs onto gin):
    for both seats, on random reachable states, the face's why_not on the seat's view agrees
    with decide on the state, refusals word for word."""
    agree = Agreement(RULESET, FACE)
    for seed in range(3):
        play(seed, agree, 250)
    assert agree.seen["accepted"] > 500 and agree.seen["refused"] > 5000
    expected = {
        "It is not your turn",
        "Take the upcard or pass",
        "Draw a card first",
        "Discard a card (or knock)",
        "Lay off, arrange your melds, or confirm with done",
        "The hand is over: start the next hand",
        'Draw from "stock" or "discard"',
        "Name a card to discard, like 7S",
        "Each meld must be a list of card codes",
        "Melds must be a list of card lists",
        "A card can be in one meld only",
        "Lay off a card from your hand",
    }
    assert expected <= agree.reasons(), expected - agree.reasons()
    for start in (
        "Deadwood would be",
        "Those melds leave",
        "You just took",
        "Choose one of the knocker's",
        "does not fit that meld",
        "is not in your hand",
    ):
        assert any(start in r for r in agree.reasons()), start


def test_why_not_in_the_phases_a_random_match_seldom_reaches():
    """The layoff phase and gin, reached by steering: every knock that may be made is made, and
    the defender's layoffs are all checked both ways."""
    agree = Agreement(RULESET, FACE)
    phases: set[str] = set()
    for seed in range(3, 6):
        rng = random.Random(seed)
        m = Match.new(RULESET, [Seat("A"), Seat("B")], {"target": 50}, seed)
        for _ in range(120):
            if m.finished:
                break
            phases.add(m.state.phase)
            acting = min(m.to_act)
            legal = RULESET.legal(m.state, acting)
            if m.state.phase in (DISCARD, LAYOFF):
                for command in [*legal, *near_misses(m.state, acting, rng)]:
                    agree.check(m.state, acting, command)
            knocks = [c for c in legal if c["move"] == "knock"]
            m.submit(acting, (knocks or legal)[0] if m.state.phase != LAYOFF else rng.choice(legal))
    assert LAYOFF in phases
    assert any("is laid off already" in r or "rearrange first" in r for r in agree.reasons())


def test_the_face_is_the_rulesets_public_part():
    assert registry.face("ginrummy") is FACE and registry.get("ginrummy") is RULESET
    assert isinstance(RULESET, type(FACE)) and FACE.moments == ()
    for attr in ("name", "title", "min_seats", "max_seats", "bot_levels", "options"):
        assert getattr(FACE, attr) == getattr(RULESET, attr)
