"""Writes tests/scenarios/jaipur/*.json (run: python -m tests.rules.jaipur.build_scenarios).

The deals are chosen by hand; the expectations are what the rules say should happen, written
here, not read back from the code. Only empty-deck.json plays a long scripted line, and its
expectations are still the rule's: no end while the market is full, the end on the first
refill that falls short.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.rules.jaipur.helpers import BONUS_TOP_FIRST, setup, solo_setup

OUT = Path(__file__).parents[2] / "scenarios" / "jaipur"
D, G, S, C, SP, L, K = "diamond", "gold", "silver", "cloth", "spice", "leather", "camel"


def cmd(seat, move, **kw):
    return {"seat": seat, "command": {"move": move, **kw}}


def write(name, rule, setup_, commands, expect, variant="standard"):
    data = {
        "game": "jaipur",
        "rule": rule,
        "seed": 1,
        "seats": ["Ann", "Bo"],
        "options": {"variant": variant},
        "setup": setup_,
        "commands": commands,
        "expect": expect,
    }
    (OUT / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def exchange_rejections():
    # Ann: D D G C L, herd 0; market K K K L G
    ex = lambda take, give: cmd(0, "exchange", take=take, give=give)  # noqa: E731
    write(
        "exchange-rejections",
        "Exchange (A): 2+ goods taken, as many given from hand/herd, no camel taken, no good both ways",
        setup([D, D, G, C, L], [S, S, SP, SP, K], [L, G]),
        [
            ex([K, G], [D, C]),
            ex([G], [D]),
            ex([G, L], [D]),
            ex([G, L], [L, D]),
            ex([G, L], [S, S]),
            ex([G, L], [K, K]),
            ex([G, G], [D, C]),
            ex([], []),
            cmd(1, "exchange", take=[G, L], give=[S, S]),
            ex([G, L], [D, C]),
        ],
        {
            "lines": {
                "0": "rejected: camels cannot be taken",
                "1": "rejected: 2 or more",
                "2": "rejected: give back exactly 2",
                "3": "rejected: cannot take and give back leather",
                "4": "rejected: only 0 silver",
                "5": "rejected: herd has only 0 camels",
                "6": "rejected: market has only 1 gold",
                "7": "rejected: 2 or more",
                "8": "rejected: not your turn",
                "9": "ok",
            },
            "events": {"9": ["exchange"]},
            "final": {
                "views.0.hand": [D, G, G, L, L],
                "views.0.market": [K, K, K, C, D],
                "views.0.deck": 40,
                "views.1.to_act": [1],
            },
        },
    )


def take_and_camels():
    write(
        "take-and-camels",
        "Take one good (B) or all camels (C); the deck's top cards refill the emptied slots",
        setup([D, D, G, C, L], [S, S, SP, SP, K], [L, G], top=[SP, K, D, L]),
        [
            cmd(0, "take", good=G),
            cmd(1, "take", good=K),
            cmd(1, "camels"),
            cmd(0, "camels"),
        ],
        {
            "lines": {"0": "ok", "1": "rejected: take all camels", "2": "ok", "3": "ok"},
            "events": {"0": ["take", "refill"], "2": ["camels", "refill"]},
            "final": {
                "views.1.herd": 4,
                "views.0.herd": 1,
                "views.0.hand": [D, D, G, G, C, L],
                "views.0.deck": 35,
                "views.1.opponent_hand": 6,
                "views.1.opponent_herd": None,
            },
        },
    )


def luxury_sale_of_one():
    write(
        "luxury-sale-of-one",
        "Selling diamonds, gold or silver needs 2 or more cards; other goods sell from 1",
        setup([D, D, G, S, L], [S, G, SP, SP, K], [L, G]),
        [
            cmd(0, "sell", good=G, count=1),
            cmd(0, "sell", good=S, count=1),
            cmd(0, "sell", good=D, count=1),
            cmd(0, "sell", good=L, count=1),
            cmd(1, "sell", good=G, count=1),
            cmd(1, "sell", good=SP, count=1),
            cmd(0, "sell", good=D, count=2),
        ],
        {
            "lines": {
                "0": "rejected: gold sells 2 or more",
                "1": "rejected: silver sells 2 or more",
                "2": "rejected: diamonds sell 2 or more",
                "3": "ok",
                "4": "rejected: gold sells 2 or more",
                "5": "ok",
                "6": "ok",
            },
            "final": {
                "views.0.earned.0.goods": [[L, 4], [D, 7], [D, 7]],
                "views.0.earned.1.goods": [[SP, 5]],
                "views.0.tokens.diamond": [5, 5, 5],
                "views.1.discard": [L, SP, D, D],
            },
        },
    )


def eighth_card():
    # Ann holds 5, takes 2 singles to reach 7, then the 8th is refused; camels still allowed,
    # and an exchange paid with camels may not push the hand past 7 either
    write(
        "eighth-card",
        "Hand limit: 7 cards at the end of a turn; camels never count",
        setup([D, G, S, C, L], [SP, SP, SP, SP, K], [L, C], top=[SP, L, D]),
        [
            cmd(0, "take", good=L),
            cmd(1, "sell", good=SP, count=1),
            cmd(0, "take", good=C),
            cmd(1, "sell", good=SP, count=1),
            cmd(0, "take", good=SP),
            cmd(0, "camels"),
            cmd(1, "sell", good=SP, count=1),
            cmd(0, "exchange", take=[D, D], give=[K, K]),
            cmd(0, "exchange", take=[D, SP], give=[K, G]),
            cmd(0, "exchange", take=[D, D], give=[C, C]),
        ],
        {
            "lines": {
                "0": "ok",
                "2": "ok",
                "4": "rejected: hand would hold 8",
                "5": "ok",
                "7": "rejected: hand would hold 9",
                "8": "rejected: hand would hold 8",
                "9": "ok",
            },
            "final": {
                "views.0.herd": 3,
                "views.0.hand": [D, D, D, G, S, L, L],
                "views.0.market": [C, C, D, SP, L],
            },
        },
    )


def third_empty_pile():
    # Ann sells 5 diamonds, Bo 5 gold (two piles empty); the silver pile of 5 empties when
    # Bo sells 2 after Ann sold 3: the round ends inside that command and is scored
    write(
        "third-empty-pile",
        "The round ends at once on the third empty goods pile; loser starts the next round",
        setup([D] * 5, [G] * 5, [S, S], top=[S, S, S, S, L]),
        [
            cmd(0, "sell", good=D, count=5),
            cmd(1, "sell", good=G, count=5),
            cmd(0, "take", good=S),
            cmd(1, "take", good=S),
            cmd(0, "take", good=S),
            cmd(1, "take", good=S),
            cmd(0, "take", good=S),
            cmd(1, "take", good=L),
            cmd(0, "sell", good=S, count=3),
            cmd(1, "sell", good=S, count=2),
        ],
        {
            "lines": {str(i): "ok" for i in range(10)},
            "events": {"1": ["sell"], "8": ["sell"], "9": ["sell", "round_end", "deal"]},
            "final": {
                "views.0.sheets.0.seats.0.total": 29 + 10 + 15 + 3,
                "views.0.sheets.0.seats.1.total": 27 + 10 + 10,
                "views.0.sheets.0.winner": 0,
                "views.0.sheets.0.tiebreak": "points",
                "views.0.sheets.0.camel_token": None,
                "views.0.seals": [1, 0],
                "views.0.round": 2,
                "views.0.starter": 1,
                "views.0.to_act": [1],
            },
        },
    )


def ties_on_seals():
    # 52 to 52 on points (Ann's camel token included); Bo has 2 bonus tokens to Ann's 1
    bonus = {**BONUS_TOP_FIRST, "5": [8, 8, 10, 10, 9], "3": [2, 3, 3, 2, 2, 1, 1]}
    write(
        "ties-on-seals",
        "Equal points: more bonus tokens win the seal (then more goods tokens; ours: else no seal)",
        setup([D] * 5, [G] * 5, [S, S], top=[S, S, S, S, L, L, L, L], bonus=bonus),
        [
            cmd(0, "sell", good=D, count=5),
            cmd(1, "sell", good=G, count=5),
            cmd(0, "camels"),
            cmd(1, "take", good=S),
            cmd(0, "exchange", take=[S, S], give=[K, K]),
            cmd(1, "take", good=S),
            cmd(0, "sell", good=S, count=2),
            cmd(1, "take", good=S),
            cmd(0, "take", good=L),
            cmd(1, "sell", good=S, count=3),
        ],
        {
            "lines": {str(i): "ok" for i in range(10)},
            "events": {"9": ["sell", "round_end", "deal"]},
            "final": {
                "views.0.sheets.0.seats.0.total": 52,
                "views.0.sheets.0.seats.1.total": 52,
                "views.0.sheets.0.seats.0.camel": 5,
                "views.0.sheets.0.seats.0.bonus_count": 1,
                "views.0.sheets.0.seats.1.bonus_count": 2,
                "views.0.sheets.0.winner": 1,
                "views.0.sheets.0.tiebreak": "bonus tokens",
                "views.0.seals": [0, 1],
                "views.0.starter": 0,
            },
        },
    )


def tie_on_goods_tokens():
    # 52 to 52 on points (Bo's camel token included), one bonus token each; Ann took the last
    # silver token with a sale of 2, so she holds 8 goods tokens to Bo's 7
    bonus = {**BONUS_TOP_FIRST, "5": [8, 10, 10, 9, 8]}
    write(
        "tie-on-goods-tokens",
        "Equal points and bonus tokens: more goods tokens win the seal; the loser starts the next round",
        setup([D] * 5, [G] * 5, [S, S], top=[S, S, S, S, L, L, L, L, L, L], bonus=bonus),
        [
            cmd(0, "sell", good=D, count=5),
            cmd(1, "sell", good=G, count=5),
            cmd(0, "take", good=S),
            cmd(1, "camels"),
            cmd(0, "take", good=S),
            cmd(1, "take", good=S),
            cmd(0, "sell", good=S, count=2),
            cmd(1, "take", good=S),
            cmd(0, "take", good=S),
            cmd(1, "sell", good=S, count=2),
            cmd(0, "take", good=S),
            cmd(1, "take", good=L),
            cmd(0, "sell", good=S, count=2),
        ],
        {
            "lines": {str(i): "ok" for i in range(13)},
            "events": {"12": ["sell", "round_end", "deal"]},
            "final": {
                "views.0.sheets.0.seats.0.total": 29 + 8 + 10 + 5,
                "views.0.sheets.0.seats.1.total": 27 + 10 + 10 + 5,
                "views.0.sheets.0.seats.1.camel": 5,
                "views.0.sheets.0.seats.0.bonus_count": 1,
                "views.0.sheets.0.seats.1.bonus_count": 1,
                "views.0.sheets.0.seats.0.goods_count": 8,
                "views.0.sheets.0.seats.1.goods_count": 7,
                "views.0.sheets.0.winner": 0,
                "views.0.sheets.0.tiebreak": "goods tokens",
                "views.0.seals": [1, 0],
                "views.0.starter": 1,
                "views.0.to_act": [1],
            },
        },
    )


def empty_deck():
    """Both players take one card a turn (selling one when full) until the deck runs dry."""
    from game.core.match import Match, Seat
    from game.rules.jaipur.face.cards import GOODS, LUXURY
    from game.rules.jaipur.ruleset import RULESET

    setup_ = setup([D, G, S, C, L], [SP, SP, C, L, K], [L, G])
    m = Match.new(RULESET, [Seat("Ann"), Seat("Bo")], {}, 1, setup_)
    commands = []
    emptied = None
    while m.state.round == 1:
        seat = m.state.turn
        v = m.view(seat)
        goods = [g for g in GOODS if g in v["market"]]
        if len(v["hand"]) == 7 or not goods and "camel" not in v["market"]:
            counts = {g: v["hand"].count(g) for g in GOODS}
            sellable = [g for g in GOODS if counts[g] >= (2 if g in LUXURY else 1)]
            good = max(sellable, key=lambda g: len(v["tokens"][g]))
            command = {"move": "sell", "good": good, "count": 2 if good in LUXURY else 1}
        elif goods:
            command = {"move": "take", "good": max(goods, key=lambda g: len(v["tokens"][g]))}
        else:
            command = {"move": "camels"}
        before = v["deck"]
        m.submit(seat, command)
        commands.append({"seat": seat, "command": command})
        if before and m.state.round == 1 and m.view(0)["deck"] == 0:
            emptied = len(commands) - 1
    last = len(commands) - 1
    assert emptied is not None and emptied < last
    write(
        "empty-deck",
        "The round ends when the deck cannot refill the market; an empty deck with a full market plays on",
        setup_,
        commands,
        {
            "lines": {str(emptied): "ok", str(last): "ok"},
            "events": {
                str(emptied): [commands[emptied]["command"]["move"], "refill"],
                str(last): [commands[last]["command"]["move"], "refill", "round_end", "deal"],
            },
            "final": {"views.0.round": 2, "views.0.sheets.0.round": 1, "views.0.deck": 40},
        },
    )


def solo_bot():
    # The seed's behaviours in one line of play; the 8th reveal repeats the 1st (exception 1)
    # and the diamond pile is empty, so it discards by preference (exception 2)
    top = [C, SP, S, S, S, L, L, L, K, L, G, K, K, C, C, SP]
    write(
        "solo-bot-exceptions",
        "Solo: basic 1-3, exception 1 (deck turned over unshuffled), exception 2 (no card, no token)",
        solo_setup([D] * 5, [S, L], top=top, bot_deck=[D, G, S, C, SP, L, K]),
        [
            cmd(0, "sell", good=D, count=5),
            cmd(0, "take", good=L),
            cmd(0, "camels"),
            cmd(0, "take", good=C),
            cmd(0, "take", good=SP),
            cmd(0, "camels"),
            cmd(0, "take", good=G),
            cmd(0, "take", good=C),
            cmd(1, "camels"),
        ],
        {
            "lines": {**{str(i): "ok" for i in range(8)}, "8": "rejected: rule bot plays by itself"},
            "events": {
                "0": ["sell", "bot_reveal", "bot_discard", "refill"],
                "1": ["take", "refill", "bot_reveal", "bot_token"],
                "2": ["camels", "refill", "bot_reveal", "bot_discard", "refill"],
                "3": ["take", "refill", "bot_reveal", "bot_token"],
                "4": ["take", "refill", "bot_reveal", "bot_token"],
                "5": ["camels", "refill", "bot_reveal", "bot_discard", "refill"],
                "6": ["take", "refill", "bot_reveal", "bot_camels", "refill", "bot_turned"],
                "7": ["take", "refill", "bot_reveal", "bot_discard", "refill"],
            },
            "final": {
                "views.0.bot_revealed": [D],
                "views.0.bot_order": [D, G, S, C, SP, L, K],
                "views.0.bot_deck": 6,
                "views.0.earned.1.goods": [[G, 6], [C, 5], [SP, 5]],
                "views.0.earned.1.bonus": [3, 4],
                "views.0.opponent_herd": 2,
                "views.0.discard": [D, D, D, D, D, S, S, S, S, L, L, L, L, G],
            },
        },
        variant="solo",
    )


def solo_next_round():
    """A greedy human wins round 1 against the rule bot; the bot then starts round 2."""
    from game.core.match import Match, Seat
    from game.rules.jaipur.face.cards import GOODS, LUXURY
    from game.rules.jaipur.ruleset import RULESET

    def human(v):
        hand = v["hand"]
        counts = {g: hand.count(g) for g in GOODS}
        ready = [g for g in GOODS if counts[g] >= (2 if g in LUXURY else 3) and v["tokens"][g]]
        if ready:
            good = max(ready, key=lambda g: sum(v["tokens"][g][: counts[g]]))
            return {"move": "sell", "good": good, "count": counts[good]}
        goods = [g for g in GOODS if g in v["market"] and v["tokens"][g]]
        if len(hand) < 7 and goods:
            return {"move": "take", "good": max(goods, key=lambda g: (v["tokens"][g][0], counts[g]))}
        if "camel" in v["market"] and len(hand) < 7:
            return {"move": "camels"}
        good = max((g for g in GOODS if counts[g] >= (2 if g in LUXURY else 1)), key=counts.get)
        return {"move": "sell", "good": good, "count": counts[good]}

    setup_ = solo_setup([D, D, D, G, G], [S, S], top=[D, G, G, G, S, S, S], bot_deck=[L, SP, C, K, S, G, D])
    m = Match.new(RULESET, [Seat("Ann"), Seat("Bo")], {"variant": "solo"}, 1, setup_)
    commands = []
    while m.state.round == 1:
        command = human(m.view(0))
        events = m.submit(0, command)
        commands.append({"seat": 0, "command": command})
    deal = next(e for e in events if e["type"] == "deal")
    five = deal["deck"][:5]  # the human is dealt first and alone: the bot has no hand
    assert m.state.sheets[0]["winner"] == 0, "the scripted human must win round 1"
    write(
        "solo-next-round",
        "Solo: the round winner plays second, so the bot opens round 2; only the human is dealt, "
        "the action deck is shuffled again",
        setup_,
        commands,
        {
            "lines": {str(i): "ok" for i in range(len(commands))},
            "final": {
                "views.0.sheets.0.winner": 0,
                "views.0.seals": [1, 0],
                "views.0.round": 2,
                "views.0.starter": 1,
                "views.0.to_act": [0],
                "views.0.hand_counts": [len(five) - five.count(K), 0],
                "views.0.herd": five.count(K),
                "views.0.opponent_hand": 0,
                "views.0.bot_deck": 6,
                "views.0.bot_revealed": deal["bot_deck"][:1],
                "views.0.bot_order": [],
            },
        },
        variant="solo",
    )


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    exchange_rejections()
    luxury_sale_of_one()
    eighth_card()
    take_and_camels()
    third_empty_pile()
    ties_on_seals()
    tie_on_goods_tokens()
    empty_deck()
    solo_bot()
    solo_next_round()


if __name__ == "__main__":
    main()
