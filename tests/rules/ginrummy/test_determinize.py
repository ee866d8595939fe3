"""Gin Rummy's one determinization (resample.determinize, issue 53): dealt from what a seat sees
alone, over random positions; and the hard bot's samples are drawn from it, not beside it."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.match import Match, Seat
from game.rules.ginrummy import resample
from game.rules.ginrummy.bots import HardBot
from game.rules.ginrummy.face.cards import BIT, DECK, mask_of
from game.rules.ginrummy.resample import Deal, determinize
from tests.rules.ginrummy.helpers import FIXED, RULES, both_pass, play, start


def random_match(seed: int, moves: int) -> Match:
    """A match after up to `moves` random legal moves (fewer when it ends)."""
    rng = random.Random(seed)
    match = Match.new(RULES, [Seat("A"), Seat("B")], {"target": 50}, seed=seed)
    for _ in range(moves):
        if match.finished:
            break
        seat = min(match.to_act)
        match.submit(seat, rng.choice(match.legal(seat)))
    return match


def check_deal(match: Match, viewer: int | None, deal: Deal) -> None:
    """The deal keeps all the viewer sees and deals the rest from the cards it cannot see."""
    state, view = match.state, RULES.view(match.state, viewer)
    opened = [s == viewer or view["reveal"] is not None for s in (0, 1)]
    assert deal.hidden == tuple(s for s in (0, 1) if not opened[s])
    visible = set(view["discard"]) | {c for s in (0, 1) for c in view["known"][s]}
    for s in (0, 1):
        if opened[s]:  # the viewer's own hand as it holds it, a hand laid down as it lies
            assert sorted(deal.hands[s]) == sorted(state.hands[s])
            visible |= set(state.hands[s])
    if viewer is not None:
        assert deal.hands[viewer] == tuple(view["hand"])
    dealt = set(deal.stock)
    for s in deal.hidden:
        known = tuple(view["known"][s])
        hand = deal.hands[s]
        assert hand[: len(known)] == known and len(hand) == len(state.hands[s])
        dealt |= set(hand[len(known) :])
    assert not dealt & visible  # nothing the viewer sees is dealt again
    assert len(deal.stock) == len(state.stock)
    truth = set(state.stock) | {c for s in deal.hidden for c in state.hands[s]} - visible
    assert dealt == truth  # exactly the cards out of sight, each once
    assert sum(map(len, deal.hands)) + len(deal.stock) == sum(map(len, state.hands)) + len(state.stock)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 120), draw=st.integers(0, 10_000))
def test_a_determinization_keeps_what_the_seat_sees_and_deals_the_rest(seed, moves, draw):
    match = random_match(seed, moves)
    for viewer in (0, 1, None):
        view = RULES.view(match.state, viewer)
        check_deal(match, viewer, determinize(view, random.Random(draw)))


def test_every_unseen_card_can_land_in_the_hidden_hand_and_in_the_stock():
    """The draw is over all the cards out of sight, not a part of them."""
    match = random_match(3, 9)
    view = RULES.view(match.state, 0)
    rng = random.Random(1)
    in_hand: set[str] = set()
    in_stock: set[str] = set()
    for _ in range(300):
        deal = determinize(view, rng)
        in_hand |= set(deal.hands[1]) - set(view["known"][1])
        in_stock |= set(deal.stock)
    assert in_hand == in_stock == set(resample.unseen(view))


def mask_of_bits(bits: list[int]) -> int:
    out = 0
    for bit in bits:
        out |= bit
    return out


def discard_position() -> tuple[Match, int]:
    """Seat 1 to discard after seat 0 threw a card, with one card it took from the pile known
    to seat 0: the opponent model has a turn of the opponent's to replay."""
    m = start("AS 2S 3S 4H 5H 6H 7C 7D 9S KD", "2C 3C 4C 5D 6D 8S TS JC QC KC", "7H")
    both_pass(m)
    play(m, (0, {"move": "draw", "source": "stock"}), (0, {"move": "discard", "card": "KD"}))
    play(m, (1, {"move": "draw", "source": "discard"}), (1, {"move": "discard", "card": "2C"}))
    play(m, (0, {"move": "draw", "source": "stock"}))
    return m, 0


def test_the_hard_bots_samples_are_the_determinizations_with_the_model_on_top(monkeypatch):
    """Every sample the hard bot plays out or weighs a knock on comes from the game's
    determinization of its view (counted), and stays consistent with that view: the known
    card kept, nothing it can see in the imagined hand or stock."""
    m, seat = discard_position()
    view, legal = m.view(seat), m.legal(seat)
    dealt: list[Deal] = []

    def counted(v, rng):
        dealt.append(determinize(v, rng))
        return dealt[-1]

    monkeypatch.setattr(resample, "determinize", counted)
    samples: list[tuple[int, list[int]]] = []

    class Watched(HardBot):
        def imagined(self, view, rng):
            samples.append(super().imagined(view, rng))
            return samples[-1]

    command = Watched().choose(view, legal, random.Random(4), FIXED)
    assert command in legal
    assert samples and len(dealt) >= len(samples)  # each sample one deal or more (the fit retries)
    opp = 1 - seat
    known = mask_of(view["known"][opp])
    seen = mask_of(view["hand"]) | mask_of(view["discard"]) | known
    assert known == BIT["KD"]
    for hand, stock in samples:
        assert hand & known == known and hand.bit_count() == view["hand_counts"][opp]
        assert not (hand & ~known) & seen
        assert len(stock) == view["stock"] == len(set(stock))
        assert not mask_of_bits(stock) & (seen | hand)


def test_before_the_opponent_has_thrown_a_card_a_sample_is_the_determinization_itself(monkeypatch):
    """With nothing for the model to replay, the bot imagines exactly what the determinization
    deals: swapped for one that deals the truth, it imagines the true hand and stock order."""
    m = start("AS 2S 3S 4H 5H 6H 7C 7D 9S KD", "2C 3C 4C 5D 6D 8S TS JC QC KC", "7H")
    both_pass(m)
    play(m, (0, {"move": "draw", "source": "stock"}))
    state = m.state
    truth = Deal(hands=state.hands, stock=state.stock, hidden=(1,))
    monkeypatch.setattr(resample, "determinize", lambda view, rng: truth)
    hand, stock = HardBot().imagined(m.view(0), random.Random(1))
    assert hand == mask_of(state.hands[1])
    assert [DECK[b.bit_length() - 1] for b in reversed(stock)] == list(state.stock)  # drawn from its end
