"""Taj Mahal's face: why_not on a seat's view says what decide says on the state."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.core import registry
from game.core.match import Match, Seat
from game.rules.tajmahal.face import FACE
from game.rules.tajmahal.face.board import load
from game.rules.tajmahal.face.data import CARDS, COLOURS
from game.rules.tajmahal.ruleset import RULESET
from game.rules.tajmahal.state import State
from tests.rules.faces import Agreement


def near_misses(state: State, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """Commands a person could nearly send: the other seats' cards, two coloured cards or one
    of the wrong colour, too many cards, a city taken or elsewhere, display cards that are not
    there, moves of another phase, malformed fields."""
    mine = list(state.players[seat].hand)
    others = [c for i, p in enumerate(state.players) if i != seat for c in p.hand]
    coloured = [c for c in mine if CARDS[c].colour in COLOURS]
    extras = [c for c in mine if CARDS[c].colour in ("white", "special")]
    cities = sorted(load().cities)
    out: list[dict[str, Any]] = [
        {},
        {"move": "fly"},
        {"move": "withdraw"},
        {"move": "play"},
        {"move": "play", "cards": []},
        {"move": "play", "cards": "3"},
        {"move": "play", "cards": [True]},
        {"move": "play", "cards": [str(c) for c in mine[:1]]},
        {"move": "play", "cards": mine[:3]},
        {"move": "play", "cards": [*mine[:1], *mine[:1]]},
        {"move": "play", "cards": extras[:2]},
        {"move": "build"},
        {"move": "build", "city": rng.choice(cities)},
        {"move": "build", "city": "Atlantis"},
        {"move": "pick", "cards": list(state.display[: state.picks + 1])},
        {"move": "pick", "cards": list(state.display[:1]) * 2},
        {"move": "pick", "cards": [str(c) for c in state.display[: state.picks]]},
        {"move": "pick", "cards": rng.sample(range(100), max(state.picks, 1))},
        {"move": "pick", "cards": list(state.display[: state.picks])},
    ]
    out += [{"move": "play", "cards": [c]} for c in rng.sample(others, min(3, len(others)))]
    out += [{"move": "play", "cards": [c]} for c in coloured]  # the colour this visit binds, or not
    out += [{"move": "play", "cards": [c, x]} for c in coloured[:2] for x in extras]
    out.append({"move": "play", "cards": coloured[:2]})
    if state.province:
        out += [{"move": "build", "city": c} for c in load().provinces[state.province].cities]
    return out


def play(seed: int, seats: int, agree: Agreement, steps: int) -> None:
    """A game of random legal moves (withdrawing a third of the time, so builds and picks come
    often); before each move every seat's legal and near-miss commands are checked."""
    rng = random.Random(seed)
    m = Match.new(RULESET, [Seat(f"S{i}") for i in range(seats)], {}, seed)
    for _ in range(steps):
        if m.finished:
            return
        acting = min(m.to_act)
        legal = RULESET.legal(m.state, acting)
        for seat in range(seats):
            for command in [*rng.sample(legal, min(12, len(legal))), *near_misses(m.state, seat, rng)]:
                agree.check(m.state, seat, command)
        plays = [c for c in legal if c["move"] != "withdraw"]
        m.submit(acting, {"move": "withdraw"} if not plays or rng.random() < 0.33 else rng.choice(plays))


@pytest.mark.parametrize("seats", [3, 5])
def test_why_not_on_the_view_says_what_decide_says_on_the_state(seats):
    """Taj Mahal's turn (play one coloured card with at most one white or special card, the
    visit's colour bound by the first, the colour change card frees it; or withdraw), a
    withdrawal's palaces in an empty city of the province (the mogul's in any), and the display
    cards taken after it: for every seat, on random reachable states, the face's why_not on the
    seat's view agrees with decide on the state, refusals word for word."""
    agree = Agreement(RULESET, FACE)
    for seed in range(2):
        play(seed, seats, agree, 150)
    assert agree.seen["accepted"] > 300 and agree.seen["refused"] > 3000
    expected = {
        "It is not your turn",
        "Play cards or withdraw",
        "Name the cards to play by their ids",
        "Play one or two cards",
        "You can only play cards from your hand",
        "Play exactly one coloured card, plus at most one white or special card",
        "Choose a city for your palace",
        "Take cards from the display",
    }
    assert expected <= agree.reasons(), expected - agree.reasons()
    for start in ("This visit your coloured cards must be", "Build in one of", "different card"):
        assert any(start in r for r in agree.reasons()), start


def test_why_not_after_the_game_is_over():
    agree = Agreement(RULESET, FACE)
    rng = random.Random(2)
    m = Match.new(RULESET, [Seat(f"S{i}") for i in range(3)], {}, 2)
    while not m.finished:
        seat = min(m.to_act)
        m.submit(seat, rng.choice(RULESET.legal(m.state, seat)))
    for seat in range(3):
        for command in near_misses(m.state, seat, rng):
            assert not agree.check(m.state, seat, command)
    assert agree.reasons() == {"The game is over"}


def test_the_face_is_the_rulesets_public_part():
    assert registry.face("tajmahal") is FACE and registry.get("tajmahal") is RULESET
    assert isinstance(RULESET, type(FACE)) and FACE.moments == (
        "visit_end",
    )  # the table shows the visit as it ended under its summary
    for attr in ("name", "title", "min_seats", "max_seats", "bot_levels", "options"):
        assert getattr(FACE, attr) == getattr(RULESET, attr)
