"""Invariants over random play: cards conserved, rejections change nothing, replay equals live,
views leak nothing hidden."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import codec
from game.core.match import Match, Seat, verify
from game.core.ruleset import Budget, Rejected
from game.rules.ginrummy.face.cards import DECK, VALUE, cards_of, mask_of
from game.rules.ginrummy.face.melds import MELDS
from game.rules.ginrummy.face.phases import DEALING
from tests.rules.ginrummy.helpers import RULES

JUNK = [
    {"move": "draw", "source": "stock"},
    {"move": "draw", "source": "discard"},
    {"move": "draw", "source": "hand"},
    {"move": "discard", "card": "ZZ"},
    {"move": "discard", "card": "AS"},
    {"move": "knock", "card": "KD"},
    {"move": "knock", "card": "5H"},
    {"move": "discard", "card": "TC"},
    {"move": "layoff", "card": "AS", "meld": 0},
    {"move": "take_upcard"},
    {"move": "pass"},
    {"move": "layoff", "card": "7S", "meld": 9},
    {"move": "layoff", "card": "7S", "meld": True},
    {"move": "arrange", "melds": [["AS", "2S"]]},
    {"move": "arrange", "melds": "AS"},
    {"move": "done"},
    {"move": "next_hand"},
    {"move": "fly"},
    {},
]


def strings(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(k) | strings(v) for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def check_conserved(state) -> None:
    if state.phase == DEALING:
        return
    cards = list(state.hands[0]) + list(state.hands[1]) + list(state.stock) + list(state.pile)
    assert sorted(cards) == sorted(DECK)


def check_views(state) -> None:
    revealed = state.knock is not None and state.phase in ("layoff", "hand_over", "match_over")
    for seat in (0, 1, None):
        view = RULES.view(state, seat)
        assert codec.roundtrip(view) == view  # JSON-able
        seen = strings(view)
        hidden = set(state.stock)
        if not revealed:
            for other in (0, 1):
                if other != seat:
                    hidden |= set(state.hands[other]) - set(view["known"][other])
        assert not seen & hidden, f"seat {seat} sees {seen & hidden}"


def run(seed: int, picks: list[int], junk: list[int]) -> Match:
    m = Match.new(RULES, [Seat("A"), Seat("B")], {}, seed=seed)
    for step, pick in enumerate(picks):
        if m.finished:
            break
        seat = min(m.to_act)
        before = m.state
        bad = JUNK[junk[step % len(junk)]] if junk else None
        if bad is not None and bad.get("move") != "arrange":
            for who in (0, 1):
                if bad in m.legal(who):
                    continue
                # legal() is complete: anything outside it is rejected, and changes nothing.
                count = len(m.events)
                result = m.submit(who, bad)
                assert isinstance(result, Rejected) and result.reason, (who, bad, m.state.phase)
                assert m.state is before and len(m.events) == count
        legal = m.legal(seat)
        assert legal, f"no legal move in {m.state.phase}"
        m.submit(seat, legal[pick % len(legal)])
        check_conserved(m.state)
    return m


SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(
    st.integers(0, 10**6),
    st.lists(st.integers(0, 50), min_size=20, max_size=250),
    st.lists(st.integers(0, len(JUNK) - 1), max_size=5),
)
def test_random_play_keeps_invariants(seed, picks, junk):
    """52 cards conserved after every command, rejected commands change nothing, and replay
    equals live: refolding the saved events and re-deciding the saved commands from the seed
    both give the live state."""
    m = run(seed, picks, junk)
    check_views(m.state)
    saved = codec.roundtrip(m.to_json())
    assert Match.from_json(saved).state == m.state
    ok, why = verify(saved)
    assert ok, why
    again = Match.new(RULES, m.seats, m.options, m.seed, m.setup)
    for entry in m.commands:
        assert not isinstance(again.submit(entry.seat, entry.command), Rejected)
    assert again.state == m.state and again.events == m.events


@SETTINGS
@given(st.integers(0, 10**6), st.lists(st.integers(0, 50), min_size=10, max_size=120))
def test_views_leak_nothing_at_any_step(seed, picks):
    m = Match.new(RULES, [Seat("A"), Seat("B")], {}, seed=seed)
    for pick in picks:
        if m.finished:
            break
        check_views(m.state)
        seat = min(m.to_act)
        legal = m.legal(seat)
        m.submit(seat, legal[pick % len(legal)])


def test_whole_random_matches_finish_and_verify():
    for seed in range(3):
        m = Match.new(RULES, [Seat("A"), Seat("B")], {"target": 50}, seed=seed)
        rng = random.Random(seed)
        while not m.finished:
            seat = min(m.to_act)
            m.submit(seat, rng.choice(m.legal(seat)))
        ok, why = verify(codec.roundtrip(m.to_json()))
        assert ok, why


def reach_layoff(seed: int) -> Match | None:
    """Medium bots play until someone knocks without gin; None if the hand ends otherwise."""
    m = Match.new(RULES, [Seat("A"), Seat("B")], {}, seed=seed)
    bots = [RULES.bot("medium"), RULES.bot("medium")]
    rng = random.Random(seed)
    while m.state.phase not in ("layoff", "hand_over", "match_over"):
        seat = min(m.to_act)
        m.submit(seat, bots[seat].choose(m.view(seat), m.legal(seat), rng, Budget()))
    return m if m.state.phase == "layoff" else None


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.integers(0, 10**6), max_size=8), st.lists(st.integers(0, 99)))
def test_defender_default_is_never_beaten_by_rearranging(seed, meld_picks, layoff_picks):
    """Facts (ours): the defender's default melds and layoffs leave the least deadwood; any other
    arrangement and layoffs the defender makes score no better, and the hand still adds up."""
    m = reach_layoff(seed)
    if m is None:
        return
    defender = min(m.to_act)
    default = m.view(defender)["reveal"]["defender_deadwood"]
    hand = mask_of(m.state.hands[defender])
    options = [x for x in MELDS if x & hand == x]
    chosen, used = [], 0
    for pick in meld_picks:
        if options:
            meld = options[pick % len(options)]
            if not meld & used:
                chosen.append(cards_of(meld))
                used |= meld
    assert not isinstance(m.submit(defender, {"move": "arrange", "melds": chosen}), Rejected)
    for pick in layoff_picks:
        legal = [c for c in m.legal(defender) if c["move"] == "layoff"]
        if not legal:
            break
        assert not isinstance(m.submit(defender, legal[pick % len(legal)]), Rejected)
    reveal = m.view(defender)["reveal"]
    events = m.submit(defender, {"move": "done"})
    scored = events[-1]
    assert scored["deadwood"][defender] == reveal["defender_deadwood"] >= default
    leftover = set(m.state.hands[defender]) - {c for meld in chosen for c in meld}
    leftover -= {x["card"] for x in reveal["layoffs"]}
    assert scored["deadwood"][defender] == sum(VALUE[c] for c in leftover)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6))
def test_knocker_default_is_least_deadwood_then_least_to_lay_off(seed):
    """Facts (ours): the knocker's melds have the least deadwood and, among equal ones, leave the
    defender the least to lay off."""
    from game.rules.ginrummy.face.melds import arrangements, best_layoffs, deadwood

    m = reach_layoff(seed)
    if m is None:
        return
    reveal = m.view(0)["reveal"]
    knocker = reveal["knocker"]
    own, other = list(m.state.hands[knocker]), list(m.state.hands[1 - knocker])
    assert reveal["knocker_deadwood"] == deadwood(own)
    mine = best_layoffs(other, reveal["melds"])[0]
    assert mine == reveal["defender_deadwood"]
    assert all(best_layoffs(other, arrangement)[0] <= mine for arrangement in arrangements(own))
