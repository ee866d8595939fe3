"""One test per rule of Jaipur (seed jaipur-rules-ja.txt, facts/jaipur.md)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.core.frozen import replace
from game.rules.jaipur.face.cards import BONUS, TOKENS
from game.rules.jaipur.ruleset import RULESET
from tests.rules.jaipur.helpers import decide, fold, match, ok, reason, setup, types

D, G, S, C, SP, L, K = "diamond", "gold", "silver", "cloth", "spice", "leather", "camel"


def basic(**kw):
    return match(setup([D, D, G, C, L], [S, S, SP, SP, K], [L, G], **kw))


# -- components and setup (内容物 / ゲームの準備) --------------------------------------------------
def test_components_55_cards_38_goods_tokens_130_rupees_18_bonus():
    """内容物: 55 cards; 38 goods tokens worth 130; gold 6 6 5 5 5, leather 4 3 2 1 1 1 1 1 1."""
    m = basic()
    v = m.view(0)
    assert sum(len(p) for p in v["tokens"].values()) == 38
    assert sum(sum(p) for p in v["tokens"].values()) == 130
    assert v["tokens"]["gold"] == [6, 6, 5, 5, 5]
    assert v["tokens"]["leather"] == [4, 3, 2, 1, 1, 1, 1, 1, 1]
    assert v["bonus"] == {"3": 7, "4": 6, "5": 5}


def test_bonus_piles_are_the_fixed_multisets_shuffled():
    """Facts: bonus 3 = 3 3 2 2 2 1 1, 4 = 6 6 5 5 4 4, 5 = 10 10 9 8 8, shuffled each round."""
    orders = set()
    for seed in range(20):
        state = RULESET.empty(2, {})
        state = fold(state, RULESET.setup(state, None, random.Random(seed)))
        for k, size in enumerate((3, 4, 5)):
            assert sorted(state.bonus[k]) == sorted(BONUS[size])
        orders.add(state.bonus[2])
    assert len(orders) > 1  # shuffled, not fixed


def test_known_mistakes_bonus_values_and_the_gold_and_leather_piles():
    """Facts, known mistakes: 5-card bonus values 7-9 or 5-7; uniform random bonus values instead
    of the fixed multiset; wrong gold or leather piles. Every deal draws the fixed multisets."""
    for seed in range(40):
        state = RULESET.empty(2, {"variant": ("standard", "solo")[seed % 2]})
        (deal,) = RULESET.setup(state, None, random.Random(seed))
        assert sorted(deal["bonus"]["5"]) == [8, 8, 9, 10, 10]  # not 7-9, not 5-7
        assert sorted(deal["bonus"]["4"]) == [4, 4, 5, 5, 6, 6]
        assert sorted(deal["bonus"]["3"]) == [1, 1, 2, 2, 2, 3, 3]  # a multiset, not random draws
        dealt = fold(state, [deal])
        assert dealt.tokens[1] == (6, 6, 5, 5, 5) and dealt.tokens[5] == (4, 3, 2, 1, 1, 1, 1, 1, 1)
    assert TOKENS["gold"] == (6, 6, 5, 5, 5) and TOKENS["leather"] == (4, 3, 2, 1, 1, 1, 1, 1, 1)


def test_a_fixed_deal_with_other_bonus_values_is_refused():
    """Facts: the bonus piles are the fixed multisets, in a scenario setup too."""
    bad = setup(
        [D, D, G, C, L],
        [S, S, SP, SP, K],
        [L, G],
        bonus={"3": [3, 3, 2, 2, 2, 1, 1], "4": [6, 6, 5, 5, 4, 4], "5": [9, 9, 8, 8, 7]},
    )
    with pytest.raises(ValueError, match="bonus 5"):
        match(bad)


def test_setup_market_is_three_camels_and_two_cards_and_hands_are_dealt_in_order():
    """準備: 3 camels face up, 5 cards each (first player first), 2 more to the market."""
    m = match(setup([D, D, G, C, L], [S, S, SP, SP, C], [L, G], starter=1))
    assert m.view(1)["hand"] == [D, D, G, C, L]  # seat 1 starts, so it got the first five
    assert m.view(0)["hand"] == [S, S, C, SP, SP]
    assert m.view(0)["market"] == [K, K, K, L, G]
    assert m.view(0)["deck"] == 40
    assert m.to_act == {1}


def test_camels_dealt_into_a_hand_go_to_the_herd():
    """準備: each player puts the camels of the hand into the herd."""
    m = basic()
    assert m.view(1)["herd"] == 1 and len(m.view(1)["hand"]) == 4


def test_first_player_option_random_or_fixed():
    """Ours: the round 1 starter is chosen at setup (random by default)."""
    starts = set()
    for seed in range(12):
        state = RULESET.empty(2, {"first": "random"})
        starts.add(fold(state, RULESET.setup(state, None, random.Random(seed))).starter)
    assert starts == {0, 1}
    state = RULESET.empty(2, {"first": 1})
    assert fold(state, RULESET.setup(state, None, random.Random(0))).turn == 1


# -- taking (カードの獲得) ------------------------------------------------------------------------
def test_take_one_good_refills_from_the_deck():
    """B: one goods card to the hand, then the deck's top card to the market."""
    m = basic(top=[SP])
    events = ok(m, 0, {"move": "take", "good": G})
    assert types(events) == ["take", "refill"] and events[1]["cards"] == [SP]
    assert m.view(0)["market"] == [K, K, K, L, SP]
    assert m.view(0)["hand"].count(G) == 2
    assert m.view(0)["deck"] == 39
    assert m.to_act == {1}


def test_take_one_cannot_take_a_camel_or_a_missing_good():
    """注意書き: camels are taken all at once; a good must be in the market."""
    m = basic()
    assert "all camels" in reason(m, 0, {"move": "take", "good": K})
    assert "no silver" in reason(m, 0, {"move": "take", "good": S})


def test_take_all_camels_takes_every_camel_and_refills():
    """C: all camels in the market join the herd; the deck refills those slots."""
    m = basic(top=[C, SP, D])
    events = ok(m, 0, {"move": "camels"})
    assert events[0]["count"] == 3 and events[1]["cards"] == [C, SP, D]
    assert m.view(0)["herd"] == 3 and m.view(0)["market"] == [C, SP, D, L, G]


def test_not_your_turn_is_rejected():
    m = basic()
    assert reason(m, 1, {"move": "camels"}) == "It is not your turn"


# -- exchange (A) -----------------------------------------------------------------------------
def test_exchange_swaps_cards_and_draws_nothing():
    """A: take 2+ goods, give back as many from hand and/or herd; no draw from the deck."""
    m = match(setup([D, D, C, C, L], [S, S, SP, SP, K], [L, G]))
    ok(m, 0, {"move": "take", "good": G})  # Ann: D D C C L G
    ok(m, 1, {"move": "camels"})  # Bo takes 3 camels
    market = m.view(0)["market"]
    events = ok(m, 0, {"move": "exchange", "take": [L, market[0]], "give": [C, C]})
    assert types(events) == ["exchange"]
    assert m.view(0)["deck"] == 36
    assert Counter(m.view(0)["market"]) == Counter([*market[1:], C, C]) - Counter([L]) + Counter()


@pytest.mark.parametrize(
    "command, why",
    [
        ({"take": [K, G], "give": [D, C]}, "camels cannot be taken"),
        ({"take": [G], "give": [D]}, "2 or more"),
        ({"take": [G, L], "give": [D]}, "give back exactly 2"),
        ({"take": [G, L], "give": [D, C, L]}, "give back exactly 2"),
        ({"take": [G, L], "give": [L, D]}, "cannot take and give back leather"),
        ({"take": [G, L], "give": [S, S]}, "hand has only 0 silver"),
        ({"take": [G, L], "give": [K, K]}, "herd has only 0 camels"),
        ({"take": [G, G], "give": [D, C]}, "market has only 1 gold"),
        ({"take": [G, "ruby"], "give": [D, C]}, "no card called"),
    ],
)
def test_exchange_rejects_every_wrong_shape(command, why):
    """A and 注意書き: no camels taken, at least 2, equal counts, no good on both sides, own cards."""
    m = basic()
    before = m.state
    assert why in reason(m, 0, {"move": "exchange", **command}).lower()
    assert m.state == before


def test_exchange_giving_camels_cannot_push_the_hand_to_eight():
    """Hand limit: an exchange paid with camels grows the hand; 8 is refused."""
    m = match(setup([D, D, G, C, L], [S, S, SP, SP, K], [L, C], top=[SP, SP, D]))
    ok(m, 0, {"move": "camels"})  # Ann: herd 3; market SP SP D L C
    ok(m, 1, {"move": "take", "good": SP})
    ok(m, 0, {"move": "take", "good": C})  # Ann holds 6
    ok(m, 1, {"move": "take", "good": SP})
    assert m.view(0)["market"] == [D, D, D, L, D]
    assert "hand would hold 8" in reason(m, 0, {"move": "exchange", "take": [L, D], "give": [K, K]}).lower()
    ok(m, 0, {"move": "exchange", "take": [L, D], "give": [K, G]})
    assert len(m.view(0)["hand"]) == 7 and m.view(0)["herd"] == 2


# -- hand limit -------------------------------------------------------------------------------
def test_eighth_card_is_refused_but_camels_never_count():
    """Hand limit 7 at the end of the turn; camels do not count."""
    state = basic().state
    state = replace(state, hands=((2, 1, 1, 1, 1, 1), state.hands[1]))
    assert "Hand would hold 8" in decide(state, 0, {"move": "take", "good": G}).reason
    assert types(decide(state, 0, {"move": "camels"}))[0] == "camels"


# -- selling (カードの売却) -----------------------------------------------------------------------
def test_sale_takes_tokens_from_the_top_and_discards_the_cards():
    """Sell: the cards go to the discard pile; tokens come from the top of the pile."""
    m = match(setup([C, C, C, L, L], [S, S, SP, SP, K], [L, G]))
    events = ok(m, 0, {"move": "sell", "good": C, "count": 2})
    assert events[0]["tokens"] == [5, 3] and events[0]["bonus"] is None
    v = m.view(1)
    assert v["tokens"]["cloth"] == [3, 2, 2, 1, 1]
    assert v["discard"] == [C, C]
    assert v["earned"][0] == {"goods": [[C, 5], [C, 3]], "bonus": []}


@pytest.mark.parametrize("count, size", [(3, 3), (4, 4), (5, 5)])
def test_sales_of_3_4_5_earn_a_bonus_token_of_that_pile(count, size):
    """Sell step 3: 3 cards -> a 3 bonus token, 4 -> 4, 5 or more -> 5."""
    m = match(setup([L] * 5, [S, S, SP, SP, K], [L, G]))
    events = ok(m, 0, {"move": "sell", "good": L, "count": count})
    assert events[0]["bonus"] == size
    assert m.view(1)["bonus"][str(size)] == len(BONUS[size]) - 1
    assert m.view(1)["earned"][0]["bonus"] == [size]


@pytest.mark.parametrize(
    "good, said",
    [(D, "Diamonds sell 2 or more"), (G, "Gold sells 2 or more"), (S, "Silver sells 2 or more")],
)
def test_luxury_goods_sell_two_or_more(good, said):
    """売却の縛り: diamonds, gold and silver need 2 or more cards (said in good English)."""
    m = match(setup([good, good, C, C, L], [SP, SP, SP, SP, K], [L, C]))
    assert reason(m, 0, {"move": "sell", "good": good, "count": 1}) == said
    ok(m, 0, {"move": "sell", "good": good, "count": 2})


def test_luxury_needs_two_even_with_one_token_left():
    """売却の縛り: the rule holds even when one token is left."""
    state = match(setup([D, D, C, C, L], [SP, SP, SP, SP, K], [L, C])).state
    state = replace(state, tokens=((5,), *state.tokens[1:]))
    assert decide(state, 0, {"move": "sell", "good": D, "count": 1}).reason == "Diamonds sell 2 or more"
    events = decide(state, 0, {"move": "sell", "good": D, "count": 2})
    assert events[0]["tokens"] == [5]


def test_fewer_tokens_than_cards_still_earn_the_bonus():
    """注意書き: take the tokens that are left; the bonus still applies."""
    state = match(setup([L] * 5, [SP, SP, SP, SP, K], [L, C])).state
    state = replace(state, tokens=(*state.tokens[:5], (1, 1)))
    events = decide(state, 0, {"move": "sell", "good": L, "count": 4})
    assert events[0]["tokens"] == [1, 1] and events[0]["bonus"] == 4


def test_empty_bonus_pile_gives_nothing():
    """Facts: an empty bonus pile gives nothing."""
    state = match(setup([L] * 5, [SP, SP, SP, SP, K], [L, C])).state
    state = replace(state, bonus=(state.bonus[0], state.bonus[1], ()))
    assert decide(state, 0, {"move": "sell", "good": L, "count": 5})[0]["bonus"] is None


def test_cannot_sell_camels_or_cards_not_held():
    m = basic()
    assert reason(m, 0, {"move": "sell", "good": K, "count": 1}) == "Camels cannot be sold"
    assert "only 0 silver" in reason(m, 0, {"move": "sell", "good": S, "count": 2})
    assert "at least 1" in reason(m, 0, {"move": "sell", "good": L, "count": 0})


# -- round end (ラウンドの終了) -------------------------------------------------------------------
def test_round_ends_at_once_on_the_third_empty_pile():
    """ラウンドの終了: three goods piles empty ends the round immediately."""
    state = match(setup([C, C, C, L, L], [S, S, SP, SP, K], [L, G])).state
    state = replace(state, tokens=((), (), *state.tokens[2:]))
    events = decide(state, 0, {"move": "sell", "good": C, "count": 2})
    assert types(events) == ["sell"]  # cloth still has tokens: two empty piles
    state = replace(state, tokens=((), (), *state.tokens[2:3], (1,), *state.tokens[4:]))
    events = decide(state, 0, {"move": "sell", "good": C, "count": 2})
    assert types(events) == ["sell", "round_end", "deal"]


def test_two_empty_piles_do_not_end_the_round():
    state = match(setup([C, C, C, L, L], [S, S, SP, SP, K], [L, G])).state
    state = replace(state, tokens=((), *state.tokens[1:]))
    assert types(decide(state, 0, {"move": "sell", "good": C, "count": 3})) == ["sell"]


def test_round_ends_when_the_deck_cannot_refill_the_market():
    """ラウンドの終了: the deck cannot refill the market; what can be placed is placed first."""
    state = match(setup([C, C, C, L, L], [S, S, SP, SP, K], [L, G])).state
    state = replace(state, deck=(SP, D))
    events = decide(state, 0, {"move": "camels"})
    assert types(events) == ["camels", "refill", "round_end", "deal"]
    assert events[1]["cards"] == [SP, D]


def test_an_empty_deck_with_a_full_market_plays_on():
    """Facts: the round ends when the deck *cannot refill* the market, not when it is empty."""
    state = match(setup([C, C, C, L, L], [S, S, SP, SP, K], [L, G])).state
    state = replace(state, deck=(SP,))
    events = decide(state, 0, {"move": "take", "good": G})
    assert types(events) == ["take", "refill"]
    state = fold(state, events)
    assert state.deck == () and types(decide(state, 1, {"move": "sell", "good": S, "count": 2})) == ["sell"]
    assert types(decide(state, 1, {"move": "take", "good": L}))[-2:] == ["round_end", "deal"]


# -- scoring (得点計算) ---------------------------------------------------------------------------
def _scored(won0, won1, bonus0=(), bonus1=(), herds=(0, 0), starter=0):
    state = match(setup([C, C, C, L, L], [S, S, SP, SP, K], [L, G])).state
    state = replace(
        state,
        won_goods=(tuple(won0), tuple(won1)),
        won_bonus=(tuple(bonus0), tuple(bonus1)),
        herds=herds,
        starter=starter,
        deck=(),
    )
    events = decide(state, 0, {"move": "take", "good": G})  # no refill: the round ends
    return next(e for e in events if e["type"] == "round_end"), events


def test_camel_token_goes_to_the_larger_herd_and_nobody_on_a_tie():
    """得点計算 / 注意書き: 5 rupees to the larger herd; nobody when the herds are equal."""
    end, _ = _scored([(L, 4)], [(L, 3)], herds=(2, 3))
    assert end["camel_token"] == 1 and end["sheet"]["seats"][1]["camel"] == 5
    assert end["sheet"]["seats"][1]["total"] == 8 and end["winner"] == 1
    end, _ = _scored([(L, 4)], [(L, 3)], herds=(3, 3))
    assert end["camel_token"] is None and end["winner"] == 0


def test_bonus_values_are_revealed_on_the_score_sheet():
    end, _ = _scored([(L, 4)], [(L, 3)], bonus0=[(5, 10)])
    assert end["sheet"]["seats"][0]["bonus"] == [[5, 10]] and end["sheet"]["seats"][0]["total"] == 14


def test_tie_on_points_goes_to_more_bonus_tokens():
    """得点計算: equal points -> more bonus tokens wins."""
    end, _ = _scored([(L, 4)], [(L, 1)], bonus1=[(3, 3)])
    assert end["winner"] == 1 and end["sheet"]["tiebreak"] == "bonus tokens"


def test_then_more_goods_tokens():
    """得点計算: equal points and bonus tokens -> more goods tokens wins."""
    end, _ = _scored([(L, 4)], [(L, 2), (L, 2)])
    assert end["winner"] == 1 and end["sheet"]["tiebreak"] == "goods tokens"


def test_still_tied_gives_no_seal_and_the_other_seat_starts():
    """Ours: a full tie gives no seal; the seat that did not start the tied round starts."""
    end, events = _scored([(L, 4)], [(L, 4)], starter=0)
    assert end["winner"] is None and end["seals"] == [0, 0] and end["sheet"]["tiebreak"] == "tie"
    assert events[-1]["type"] == "deal" and events[-1]["first"] == 1


def test_loser_starts_the_next_round_and_seals_add_up():
    """次のラウンド: the loser of a round starts the next."""
    end, events = _scored([(L, 4)], [(L, 1)], starter=0)
    assert end["seals"] == [1, 0] and events[-1]["first"] == 1 and events[-1]["round"] == 2


def test_two_seals_win_the_match():
    """ゲームの終了: the first player with 2 seals wins at once."""
    state = match(setup([C, C, C, L, L], [S, S, SP, SP, K], [L, G])).state
    state = replace(state, seals=(0, 1), won_goods=((), ((L, 4),)), deck=())
    events = decide(state, 0, {"move": "take", "good": G})
    assert types(events) == ["take", "refill", "round_end"]
    final = fold(state, events)
    outcome = RULESET.outcome(final)
    assert outcome.winners == (1,) and outcome.scores == (0.0, 2.0)
    assert RULESET.to_act(final) == frozenset()
    assert decide(final, 0, {"move": "camels"}).reason == "The match is over"


def test_rejected_command_changes_nothing():
    m = basic()
    before, n = m.state, len(m.events)
    reason(m, 0, {"move": "fly"})
    assert m.state == before and len(m.events) == n


def test_describe_writes_a_log_line():
    assert (
        RULESET.describe(
            {"type": "sell", "seat": 0, "good": L, "count": 3, "tokens": [4, 3, 2], "bonus": 3}, ["Ann", "Bo"]
        )
        == "Ann sells 3 leather for 9 + bonus"
    )


def test_token_table_matches_the_facts():
    assert TOKENS["diamond"] == (7, 7, 5, 5, 5) and sum(map(len, TOKENS.values())) == 38


def test_the_rules_text_states_every_decision_of_the_facts_page():
    """seeds/jaipur.md (the Rules screen) says each number and decision in our own words."""
    from pathlib import Path

    text = (Path(__file__).parents[3] / "seeds" / "jaipur.md").read_text(encoding="utf-8")
    for phrase in (
        "6 diamond, 6 gold, 6 silver, 8 cloth, 8 spice, 10 leather and 11 camels",
        "Gold: 6 6 5 5 5",
        "Leather: 4 3 2 1 1 1 1 1 1",
        "3 3 2 2 2 1 1",
        "6 6 5 5 4 4",
        "10 10 9 8 8",
        "hidden from everyone until the round is scored",
        "1 camel token worth 5 rupees",
        "nobody takes it",
        "cannot take and give back the same kind",
        "Camels never count",
        "even when only one token of that good is left",
        "still earn the bonus",
        "bonus pile you earned from is empty, you get no bonus",
        "the cards that can be placed are placed",
        "nobody gets a seal and another round is played",
        "random unless you pick a seat",
        "the loser of a round starts the next one",
        "herd without a number",
        "one card of each good and one camel (7 cards)",
        "diamond, then gold, silver, cloth, spice, leather, and camel last",
        "without shuffling",
        "shuffled again",
        "plus every goods token you did not take",
        "You start round 1",
        "The round's winner plays second",
    ):
        assert phrase in text, phrase


def test_redact_the_deal_shows_a_seat_its_hand_and_the_market_never_the_deck_or_bonus_values():
    """Hidden information: the deck's order, the other hand, bonus token values and, solo, the
    bot's action cards. The first player is dealt deck[:5], the other deck[5:10], the market
    deck[10:12]."""
    from game.rules.jaipur.ruleset import RULESET

    deck = [f"g{i}" for i in range(40)]
    deal = {"type": "deal", "round": 1, "first": 1, "deck": deck, "bonus": {"3": [1, 2], "4": [5]}}
    seat1 = RULESET.redact(deal, 1)
    assert [c for c in seat1["deck"] if c] == deck[:5] + deck[10:12]
    seat0 = RULESET.redact(deal, 0)
    assert [c for c in seat0["deck"] if c] == deck[5:12]
    assert seat0["bonus"] == {"3": [None, None], "4": [None]}
    solo = {**deal, "first": 0, "bot_deck": [1, 2, 3]}
    assert RULESET.redact(solo, 0)["bot_deck"] == [None] * 3
    assert [c for c in RULESET.redact(solo, 0)["deck"] if c] == deck[:5] + deck[5:7]
    sell = {"type": "sell", "seat": 0, "good": "silk", "count": 3, "tokens": [5, 3, 3], "bonus": 3}
    assert RULESET.redact(sell, 1) == sell  # played in the open
