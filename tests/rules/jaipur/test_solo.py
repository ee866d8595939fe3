"""The solo variant's rule bot (seed jaipur-solo-variant-ja.txt, facts/jaipur.md "Solo variant")."""

from __future__ import annotations

from game.core.frozen import replace
from game.rules.jaipur.face.cards import GOODS
from game.rules.jaipur.ruleset import RULESET
from tests.rules.jaipur.helpers import decide, fold, match, ok, reason, solo_setup, types

D, G, S, C, SP, L, K = "diamond", "gold", "silver", "cloth", "spice", "leather", "camel"
SELL = {"move": "sell", "good": L, "count": 1}  # the human's move that leaves the market alone


def solo(**kw):
    return match(solo_setup([L, L, L, C, C], [SP, SP], **kw), variant="solo")


def bot_events(state, command=SELL):
    events = decide(state, 0, command)
    start = types(events).index("bot_reveal")
    return events[start:]


def test_solo_setup_deals_only_the_human_and_keeps_the_action_deck_apart():
    """セットアップ: 7 action cards out of the 55, 5 cards to the player, 2 to the market."""
    m = solo()
    v = m.view(0)
    assert v["variant"] == "solo" and v["bot_deck"] == 7 and v["bot_revealed"] == []
    assert v["market"] == [K, K, K, SP, SP] and v["deck"] == 38 and v["opponent_hand"] == 0
    assert RULESET.seat_range({"variant": "solo"}) == (2, 2)


def test_the_human_starts_round_one_and_the_bot_never_waits_for_a_command():
    """1ラウンド目はプレイヤーの先攻; the bot's turns happen inside the human's decide."""
    m = solo()
    assert m.to_act == {0}
    assert reason(m, 1, {"move": "camels"}) == "The rule bot plays by itself"
    events = ok(m, 0, SELL)
    assert types(events)[:2] == ["sell", "bot_reveal"] and m.to_act == {0}


def test_basic_1_card_not_in_market_takes_the_top_token():
    """基本1: the revealed good is not in the market: the bot takes that pile's top token."""
    state = replace(solo().state, bot_deck=(G, D, S, C, SP, L, K))
    events = bot_events(state)
    assert types(events) == ["bot_reveal", "bot_token"] and events[1]["value"] == 6
    after = fold(state, decide(state, 0, SELL))
    assert after.won_goods[1] == ((G, 6),) and after.tokens[1] == (6, 5, 5, 5)


def test_basic_2_discards_every_matching_card_without_a_token():
    """基本2: every market card of the revealed good is discarded; no goods token."""
    state = replace(solo().state, bot_deck=(SP, D, S, C, G, L, K))
    events = bot_events(state)
    assert types(events) == ["bot_reveal", "bot_discard", "refill"]
    assert events[1]["cards"] == [SP, SP] and events[1]["bonus"] is None
    after = fold(state, decide(state, 0, SELL))
    assert after.discard[-2:] == (SP, SP) and after.won_goods[1] == ()


def test_basic_2_discarding_three_earns_a_face_down_bonus():
    """基本2: discarding 3/4/5 cards gives the bot that bonus token, face down."""
    state = solo().state
    state = replace(state, market=(SP, SP, SP, K, L), bot_deck=(SP, D, S, C, G, L, K))
    events = bot_events(state)
    assert events[1]["bonus"] == 3
    after = fold(state, decide(state, 0, SELL))
    assert len(after.won_bonus[1]) == 1 and RULESET.view(after, 0)["earned"][1]["bonus"] == [3]


def test_basic_3_camel_takes_every_market_camel_into_the_bot_herd():
    """基本3: a camel card: all market camels join the bot's herd."""
    state = replace(solo().state, bot_deck=(K, D, S, C, G, L, SP))
    events = bot_events(state)
    assert types(events) == ["bot_reveal", "bot_camels", "refill"] and events[1]["count"] == 3
    after = fold(state, decide(state, 0, SELL))
    assert after.herds[1] == 3 and RULESET.view(after, 0)["opponent_herd"] == 3


def test_basic_3_camel_without_market_camels_discards_the_preferred_good():
    """基本3: no camel in the market: discard the best good by preference (gold before cloth)."""
    state = replace(solo().state, market=(C, G, L, SP, C), bot_deck=(K, D, S, C, G, L, SP))
    events = bot_events(state)
    assert events[1] == {"type": "bot_discard", "cards": [G], "bonus": None, "rule": "camel"}


def test_exception_2_no_card_and_no_token_discards_by_preference():
    """例外2 (the seed's example): diamond revealed, none in the market, no diamond token left;
    the market is silver / leather / spice / spice / camel: the bot discards the silver."""
    state = solo().state
    state = replace(
        state, market=(S, L, SP, SP, K), tokens=((), *state.tokens[1:]), bot_deck=(D, G, S, C, SP, L, K)
    )
    events = bot_events(state)
    assert events[1]["cards"] == [S] and events[1]["rule"] == "no token"


def test_preference_order_is_diamond_gold_silver_cloth_spice_leather_camel():
    """Ours: diamond > gold > silver > cloth > spice > leather > camel."""
    from game.rules.jaipur.round import preferred

    assert preferred([L, SP, C, K]) == C
    assert preferred([L, SP, K]) == SP
    assert preferred([K, L]) == L
    assert preferred([K, K]) == K


def test_exception_1_the_action_deck_turns_over_without_shuffling():
    """例外1: the empty action deck is turned over in the same order; it repeats."""
    m = solo()
    order = list(m.state.bot_deck)
    seen, turned = [], []
    for _ in range(9):
        events = ok(m, 0, m.legal(0)[0])
        seen += [e["card"] for e in events if e["type"] == "bot_reveal"]
        turned += [e for e in events if e["type"] == "bot_turned"]
        if len(seen) == 7:
            assert m.view(0)["bot_deck"] == 7 and m.view(0)["bot_revealed"] == []
            assert m.view(0)["bot_order"] == order
    assert m.state.round == 1
    assert seen == order + order[:2]
    assert len(turned) == 1 and turned[0]["order"] == order
    assert m.view(0)["bot_revealed"] == order[:2]


def test_bot_scores_its_tokens_plus_every_goods_token_the_human_did_not_take():
    """得点計算: the bot receives the goods tokens the human left (not bonus tokens) and the
    camel token when its herd is larger."""
    state = solo().state
    state = replace(
        state,
        tokens=((), (), (), (1,), (1, 1), (1,)),
        won_goods=(((D, 7), (D, 7), (G, 6)), ((G, 6),)),
        won_bonus=((), ((3, 2),)),
        herds=(0, 4),
        deck=(),
    )
    events = decide(state, 0, {"move": "take", "good": SP})
    end = next(e for e in events if e["type"] == "round_end")
    bot = end["sheet"]["seats"][1]
    assert bot["leftover"] == [[C, 1], [SP, 1], [SP, 1], [L, 1]]
    assert bot["total"] == 6 + 2 + 4 + 5 and end["camel_token"] == 1
    assert end["sheet"]["seats"][0]["total"] == 20 and end["winner"] == 0


def test_round_winner_goes_second_so_the_bot_opens_round_two_inside_the_same_decide():
    """次ラウンド: the round winner plays second; the action deck is reshuffled."""
    state = solo().state
    state = replace(state, won_goods=(((D, 7),), ()), deck=(), tokens=((), (), (), (1,), (1,), (1,)))
    events = decide(state, 0, {"move": "take", "good": SP})
    kinds = types(events)
    end = kinds.index("round_end")
    assert kinds[end + 1] == "deal" and events[end + 1]["first"] == 1
    assert kinds[end + 2] == "bot_reveal"  # the bot opens round 2
    assert sorted(events[end + 1]["bot_deck"]) == sorted([*GOODS, K])
    after = fold(state, events)
    assert after.round == 2 and RULESET.to_act(after) == {0}


def test_the_bot_has_no_hand_even_when_it_starts_the_round():
    """ボットは手札を持ちません: when the bot opens a round, the 5 cards still go to the human."""
    state = solo().state
    state = replace(state, won_goods=(((D, 7),), ()), deck=(), tokens=((), (), (), (1,), (1,), (1,)))
    events = decide(state, 0, {"move": "take", "good": SP})
    deal = next(e for e in events if e["type"] == "deal")
    assert deal["first"] == 1
    dealt = fold(RULESET.empty(2, {"variant": "solo"}), [deal])
    assert dealt.hands[1] == (0,) * 6 and dealt.herds[1] == 0
    assert sum(dealt.hands[0]) + dealt.herds[0] == 5
    assert len(dealt.deck) == 45 - 5 - 2 and RULESET.view(dealt, 0)["opponent_hand"] == 0
    assert len(RULESET.view(dealt, 0)["hand"]) + RULESET.view(dealt, 0)["herd"] == 5


def test_exception_2_with_only_camels_in_the_market_discards_a_camel():
    """例外2 with no goods card to discard: camel is last in the preference, so a camel goes."""
    state = solo().state
    state = replace(state, market=(K,) * 5, tokens=((), *state.tokens[1:]), bot_deck=(D, G, S, C, SP, L, K))
    events = bot_events(state, {"move": "sell", "good": L, "count": 1})
    assert events[1] == {"type": "bot_discard", "cards": [K], "bonus": None, "rule": "no token"}
    after = fold(state, decide(state, 0, SELL))
    assert after.discard[-1] == K and after.market == (state.deck[0], K, K, K, K)


def test_the_first_player_option_does_not_apply_to_solo_the_human_starts_round_one():
    """ソロ: 第1ラウンドはプレイヤーの先攻, whatever the two-player first-player option says."""
    import random

    for seed in range(6):
        state = RULESET.empty(2, {"variant": "solo", "first": 1})
        state = fold(state, RULESET.setup(state, None, random.Random(seed)))
        assert state.starter == 0 and RULESET.to_act(state) == {0}
        assert sum(state.hands[1]) == 0 and sum(state.hands[0]) + state.herds[0] == 5
