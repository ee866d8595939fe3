"""The match kernel: submit -> decide -> append -> evolve, replay and verify."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import codec, registry
from game.core.match import Match, Seat, verify
from game.core.ruleset import Rejected
from tests.core.tinygame import RULESET

registry.register(RULESET)
SEATS = [Seat("Ann"), Seat("Bo")]


def play(seed: int, moves: list[bool]) -> Match:
    match = Match.new(RULESET, SEATS, seed=seed)
    for draw in moves:
        if match.finished:
            break
        seat = next(iter(match.to_act))
        match.submit(seat, {"move": "draw" if draw else "pass"})
    return match


def test_setup_deals_from_the_seed_reproducibly():
    assert Match.new(RULESET, SEATS, seed=7).state == Match.new(RULESET, SEATS, seed=7).state
    assert Match.new(RULESET, SEATS, seed=7).state != Match.new(RULESET, SEATS, seed=8).state


def test_a_fixed_setup_overrides_the_seed():
    match = Match.new(RULESET, SEATS, seed=1, setup={"deck": [9, 8, 7, 6, 5, 4, 3, 2, 1]})
    assert match.state.deck[0] == 9


def test_rejected_command_leaves_state_and_log_unchanged():
    match = Match.new(RULESET, SEATS, seed=3)
    before = (match.state, list(match.events), list(match.commands))
    result = match.submit(1, {"move": "draw"})
    assert isinstance(result, Rejected) and "not your turn" in result.reason
    assert not result
    assert (match.state, match.events, match.commands) == before
    assert isinstance(match.submit(0, {"move": "fly"}), Rejected)
    assert isinstance(match.submit(0, "draw"), Rejected)
    assert (match.state, match.events, match.commands) == before


def test_wrong_seat_count_is_refused():
    import pytest

    with pytest.raises(ValueError, match="2-2 seats"):
        Match.new(RULESET, [Seat("solo")])


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.booleans(), max_size=30))
def test_replay_gives_the_same_state(seed, moves):
    live = play(seed, moves)
    data = codec.roundtrip(live.to_json())
    replayed = Match.from_json(data, RULESET)
    assert replayed.state == live.state
    assert replayed.events == live.events


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.booleans(), max_size=30))
def test_every_event_survives_a_json_round_trip(seed, moves):
    live = play(seed, moves)
    for event in live.events:
        assert json.loads(codec.dumps(event)) == event


def test_verify_accepts_a_real_log_and_names_a_forged_event():
    live = play(5, [True, False, True, True])
    ok, why = verify(live.to_json())
    assert ok, why
    forged = codec.roundtrip(live.to_json())
    forged["events"][2]["card"] = 99
    ok, why = verify(forged)
    assert not ok and why.startswith("event 2 ")


def test_verify_names_an_extra_event():
    forged = codec.roundtrip(play(5, [True]).to_json())
    forged["events"].append({"type": "pass", "seat": 1})
    ok, why = verify(forged)
    assert not ok and "caused by no command" in why


def test_listeners_see_each_command_with_its_events():
    seen = []
    match = Match.new(RULESET, SEATS, seed=2)
    match.listeners.append(lambda m, entry, events: seen.append((entry.command, len(events))))
    match.submit(0, {"move": "draw"})
    assert seen == [({"move": "draw"}, 1)]


def test_check_gives_the_reason_without_submitting():
    match = Match.new(RULESET, SEATS, seed=3)
    before = (match.state, list(match.events), list(match.commands))
    assert match.check(0, {"move": "draw"}) is None
    refused = match.check(1, {"move": "draw"})
    assert isinstance(refused, Rejected) and "not your turn" in refused.reason
    assert isinstance(match.check(0, "draw"), Rejected)
    assert (match.state, match.events, match.commands) == before


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.booleans(), max_size=12))
def test_view_at_is_the_view_folded_to_that_point(seed, moves):
    match = play(seed, moves)
    for count in range(len(match.events) + 1):
        partial = Match.new(RULESET, SEATS, seed=seed)
        partial.events.clear()
        partial.state = RULESET.empty(2, partial.options)
        for event in match.events[:count]:
            partial.state = RULESET.evolve(partial.state, event)
        for seat in (0, 1, None):
            assert match.view_at(count, seat) == RULESET.view(partial.state, seat)
    assert match.view_at(len(match.events), 0) == match.view(0)
