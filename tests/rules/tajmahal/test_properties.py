"""Invariants over random games (hypothesis): conservation, rejection, replay, hidden hands."""

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import codec
from game.core.match import Match, verify
from game.core.ruleset import Budget, Rejected
from game.rules.tajmahal.ruleset import RULESET
from tests.rules.tajmahal.helpers import match

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(data, seats: int, steps: int) -> Match:
    m = match(seats, seed=data.draw(st.integers(0, 10_000)))
    for _ in range(steps):
        if m.finished:
            break
        seat = min(m.to_act)
        legal = RULESET.legal(m.state, seat)
        m.submit(seat, legal[data.draw(st.integers(0, len(legal) - 1))])
    return m


@SETTINGS
@given(st.data(), st.sampled_from([3, 4, 5]))
def test_the_100_cards_are_conserved_after_every_event(data, seats):
    m = match(seats, seed=data.draw(st.integers(0, 10_000)))
    state = RULESET.empty(seats, {})
    for event in m.events:
        state = RULESET.evolve(state, event)
    seen = 0
    while not m.finished and seen < 400:
        seat = min(m.to_act)
        legal = RULESET.legal(m.state, seat)
        events = m.submit(seat, legal[data.draw(st.integers(0, len(legal) - 1))])
        for event in events:
            state = RULESET.evolve(state, event)
            assert sorted(state.all_cards()) == list(range(100))
            assert all(0 <= n <= 6 for n in state.pool)
            held = sum(len(p.influence) for p in state.players)
            assert held + sum(state.pool) == 24
        seen += 1


COMMANDS = st.one_of(
    st.fixed_dictionaries({"move": st.just("play"), "cards": st.lists(st.integers(-2, 101), max_size=3)}),
    st.fixed_dictionaries({"move": st.just("pick"), "cards": st.lists(st.integers(-2, 101), max_size=3)}),
    st.fixed_dictionaries(
        {"move": st.just("build"), "city": st.sampled_from(["Kabul", "Agra", "Delhi", "x"])}
    ),
    st.fixed_dictionaries({"move": st.sampled_from(["withdraw", "dance", ""])}),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)


@SETTINGS
@given(st.data(), st.sampled_from([3, 4, 5]))
def test_rejected_commands_change_nothing(data, seats):
    m = random_game(data, seats, data.draw(st.integers(0, 150)))
    for _ in range(10):
        before, log = m.state, len(m.events)
        seat = data.draw(st.integers(0, seats - 1))
        result = m.submit(seat, data.draw(COMMANDS))
        if isinstance(result, Rejected):
            assert m.state == before and len(m.events) == log
            assert result.reason


@SETTINGS
@given(st.data(), st.sampled_from([3, 4, 5]))
def test_replay_equals_live(data, seats):
    m = random_game(data, seats, data.draw(st.integers(0, 400)))
    again = Match.from_json(codec.roundtrip(m.to_json()))
    assert again.state == m.state


@SETTINGS
@given(st.data(), st.sampled_from([3, 4, 5]))
def test_views_leak_no_hand(data, seats):
    """Swapping a card between another player's hand and the deck leaves a seat's view as it was."""
    m = random_game(data, seats, data.draw(st.integers(0, 300)))
    s = m.state
    me = data.draw(st.integers(0, seats - 1))
    other = (me + data.draw(st.integers(1, seats - 1))) % seats
    hand = s.players[other].hand
    if not hand or not s.deck:
        return
    i = data.draw(st.integers(0, len(hand) - 1))
    j = data.draw(st.integers(0, len(s.deck) - 1))
    swapped_hand = hand[:i] + (s.deck[j],) + hand[i + 1 :]
    swapped_deck = s.deck[:j] + (hand[i],) + s.deck[j + 1 :]
    if hand[i] >= 96:  # special cards are face up: who holds one is public
        return
    t = replace(s, deck=swapped_deck).with_player(other, hand=swapped_hand)
    assert RULESET.view(t, me) == RULESET.view(s, me)
    assert RULESET.view(t, None) == RULESET.view(s, None)
    assert codec.roundtrip(RULESET.view(s, me)) == RULESET.view(s, me)  # JSON-able


def test_a_whole_recorded_game_verifies_by_re_deciding_every_command():
    m = match(4, seed=77)
    bots = [RULESET.bot(level) for level in ("hard", "medium", "easy", "easy")]
    while not m.finished:
        seat = min(m.to_act)
        rng = m.rng()
        m.submit(seat, bots[seat].choose(m.view(seat), m.legal(seat), rng, Budget(iterations=2)))
    good, summary = verify(codec.roundtrip(m.to_json()))
    assert good, summary
