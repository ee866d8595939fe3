"""classify(): what a selection of cards means on the table, or why it is no move."""

from __future__ import annotations

import random

from game.core import i18n
from game.core.frozen import replace
from game.core.ruleset import Rejected
from game.rules.jaipur import moves
from game.rules.jaipur.face.log import describe
from game.rules.jaipur.ruleset import RULESET
from game.scenes.jaipur.render import consequence, describe_command
from game.scenes.jaipur.selection import classify
from tests.rules.jaipur.helpers import match, ok, reason, setup

D, G, S, C, SP, L, K = "diamond", "gold", "silver", "cloth", "spice", "leather", "camel"


def table():
    m = match(setup([S, S, L, L, L], [D, SP, SP, K, C], [G, C], top=[K, D, L]))
    return m


def test_single_market_good_is_take():
    v = table().view(0)
    assert classify(v, [G], [], 0) == ({"move": "take", "good": G}, "Take gold", "")


def test_any_market_camel_means_take_all_camels():
    v = table().view(0)
    assert classify(v, [K], [], 0) == ({"move": "camels"}, "Take 3 camels", "")
    assert classify(v, [K, G], [], 0)[2] == "Take camels or goods, not both"


def test_hand_cards_of_one_kind_are_a_sale_with_bonus_label():
    v = table().view(0)
    assert classify(v, [], [L, L, L], 0) == (
        {"move": "sell", "good": L, "count": 3},
        "Sell 3 leather + bonus",
        "",
    )
    assert classify(v, [], [L], 0)[1] == "Sell 1 leather"
    assert classify(v, [], [S], 0) == (None, "Sell 1 silver", "Silver sells 2 or more")
    assert classify(v, [], [S, L], 0)[2] == "Sell one kind of good at a time"


def test_market_and_hand_cards_are_an_exchange():
    v = table().view(0)
    assert classify(v, [G, C], [L, L], 0) == (
        {"move": "exchange", "take": [G, C], "give": [L, L]},
        "Exchange 2 for 2",
        "",
    )
    assert classify(v, [G, C], [L], 0)[2] == "Give back exactly 2 cards for 2"
    assert classify(v, [G, C], [], 2)[2] == "Your herd has only 0 camels"
    assert classify(v, [G, C], [], 0)[2] == "Give back 2 cards from your hand or herd for 2"
    two_for_one = "Give back as many as you take: select 2 market cards for your 2"
    assert classify(v, [G], [L, L], 0) == (None, "Exchange 2 for 1", two_for_one)
    assert classify(v, [G], [L], 0)[2] == "One card for one is no exchange: take 2 or more, give as many"


def test_eighth_card_is_explained():
    m = table()
    state = replace(m.state, hands=((0, 0, 2, 2, 0, 3), m.state.hands[1]))
    v = RULESET.view(state, 0)
    assert classify(v, [G], [], 0) == (None, "Take gold", "Hand would hold 8 cards")


def test_not_your_turn_and_nothing_selected():
    m = table()
    assert classify(m.view(1), [G], [], 0)[2] == "It is not your turn"
    assert classify(m.view(0), [], [], 0)[0] is None


def test_classify_agrees_with_decide_on_random_selections():
    """Whatever the table selects, classify accepts exactly what decide accepts."""
    rng = random.Random(4)
    m = table()
    for _ in range(300):
        if m.finished:
            break
        seat = min(m.to_act)
        v = m.view(seat)
        market_sel = rng.sample(v["market"], rng.randint(0, 3))
        hand_sel = rng.sample(v["hand"], rng.randint(0, min(3, len(v["hand"]))))
        herd_sel = rng.randint(0, min(2, v["herd"]))
        command, label, why = classify(v, market_sel, hand_sel, herd_sel)
        if command is not None:
            result = RULESET.decide(m.state, seat, command, rng)
            assert not isinstance(result, Rejected), (command, label, result)
            assert command["move"] in label.lower() or command["move"] == "camels"
        else:
            assert why
        ok(m, seat, moves.sample(m.state, seat, rng))


def test_counted_goods_read_in_good_english_and_japanese():
    """Diamonds are counted in English ("2 diamonds"; the other goods are one word for one card
    or many): the Confirm label, the hint's words, the move log and the rules' reasons say so,
    and Japanese counts every good in 枚."""
    m = match(setup([D, D, D, L, L], [SP, SP, SP, K, C], [G, D], top=[K, S, L]))
    v = m.view(0)
    sale = {"move": "sell", "good": D, "count": 2}
    assert classify(v, [], [D, D], 0) == (sale, "Sell 2 diamonds", "")
    assert classify(v, [], [D, D, D], 0)[1] == "Sell 3 diamonds + bonus"
    assert classify(v, [], [D], 0) == (None, "Sell 1 diamond", "Diamonds sell 2 or more")
    assert describe_command(sale) == "sell 2 diamonds"
    assert reason(m, 0, {"move": "sell", "good": D, "count": 4}) == "Your hand has only 3 diamonds"
    leather = reason(m, 0, {"move": "sell", "good": L, "count": 3})
    assert leather == "Your hand has only 2 leather"
    took_two = {"move": "exchange", "take": [D, D], "give": [L, L]}
    assert reason(m, 0, took_two) == "The market has only 1 diamond"
    both = {"move": "exchange", "take": [G, D], "give": [D, L]}
    assert reason(m, 0, both) == "You cannot take and give back diamonds"
    events = ok(m, 0, sale)
    line = describe(events[0], ["Ann", "Bo"])
    assert line == "Ann sells 2 diamonds for 14"
    assert describe(events[0], ["Ann", "Bo"], again=True) == "sells 2 diamonds for 14"
    try:
        i18n.set_language("ja")
        assert i18n.tr(classify(v, [], [D, D], 0)[1]) == "ダイヤモンド2枚を売る"
        assert i18n.tr(classify(v, [], [D], 0)[2]) == "ダイヤモンドは2枚以上で売ります"
        assert i18n.tr(describe_command(sale)) == "ダイヤモンド2枚を売る"
        assert i18n.tr(line) == "Annがダイヤモンド2枚を売る（14ルピー）"
        assert i18n.tr(leather) == "手札には革2枚しかありません"
    finally:
        i18n.set_language("en")


def test_a_sale_beyond_the_tokens_left_says_so():
    m = match(setup([L, L, L, C, C], [SP, SP, SP, K, C], [G, C], top=[K, S, L]))
    state = replace(m.state, tokens=(*m.state.tokens[:5], (1,)))  # one leather token left
    v = RULESET.view(state, 0)
    three = {"move": "sell", "good": L, "count": 3}
    assert consequence(v, three) == "Earns 1 and a bonus token. Only 1 token is left for 3 cards."
    assert consequence(v, {"move": "sell", "good": L, "count": 1}) == "Earns 1."
    try:
        i18n.set_language("ja")
        said = "1ルピー＋ボーナストークン。3枚に対してトークンは残り1枚だけです。"
        assert i18n.tr(consequence(v, three)) == said
    finally:
        i18n.set_language("en")
