"""What follows a turn without anyone choosing: the solo bot's turn, scoring, the next deal."""

from __future__ import annotations

import random
from typing import Any

from game.rules.jaipur.evolve import evolve
from game.rules.jaipur.face.cards import (
    BONUS,
    BONUS_SIZES,
    BOT_DECK,
    CAMEL,
    CAMEL_TOKEN,
    GOODS,
    INDEX,
    PREFERENCE,
    SEALS_TO_WIN,
    bonus_for,
    full_deck,
)
from game.rules.jaipur.state import HOLE, State, market_cards, round_over

Event = dict[str, Any]


def deal_event(state: State, rnd: int, first: int, rng: random.Random) -> Event:
    """A fresh round: the shuffle and the bonus piles are drawn here, carried in the event."""
    deck = full_deck(state.solo)
    rng.shuffle(deck)
    bonus = {}
    for size in BONUS_SIZES:
        pile = list(BONUS[size])
        rng.shuffle(pile)
        bonus[str(size)] = pile
    event: Event = {"type": "deal", "round": rnd, "first": first, "deck": deck, "bonus": bonus}
    if state.solo:
        order = list(BOT_DECK)
        rng.shuffle(order)
        event["bot_deck"] = order
    return event


def refill_event(state: State, holes: int) -> Event:
    return {"type": "refill", "cards": list(state.deck[:holes])}


# -- the solo variant's rule bot ---------------------------------------------------------------
def preferred(market: list[str]) -> str | None:
    """The card the bot discards by preference (diamond first ... camel last)."""
    for name in PREFERENCE:
        if name in market:
            return name
    return None


def bot_turn(state: State) -> list[Event]:
    """The rule bot reveals its top action card and does what it says."""
    card = state.bot_deck[0]
    events: list[Event] = [{"type": "bot_reveal", "card": card}]
    market = market_cards(state)
    if card == CAMEL:
        n = market.count(CAMEL)
        if n:  # basic 3: every camel in the market joins its herd
            events.append({"type": "bot_camels", "count": n})
        else:  # basic 3: no camel there, discard the preferred goods card
            events.append(
                {"type": "bot_discard", "cards": [preferred(market)], "bonus": None, "rule": "camel"}
            )
    elif card in market:  # basic 2: discard every matching card, bonus for 3+
        n = market.count(card)
        size = bonus_for(n)
        if size is not None and not state.bonus[BONUS_SIZES.index(size)]:
            size = None
        events.append({"type": "bot_discard", "cards": [card] * n, "bonus": size, "rule": "match"})
    elif state.tokens[INDEX[card]]:  # basic 1: the top token of that good
        events.append({"type": "bot_token", "good": card, "value": state.tokens[INDEX[card]][0]})
    else:  # exception 2: no card, no token: discard the preferred card in the market
        events.append(
            {"type": "bot_discard", "cards": [preferred(market)], "bonus": None, "rule": "no token"}
        )
    after = state
    for event in events:
        after = evolve(after, event)
    holes = after.market.count(HOLE)
    if holes:
        events.append(refill_event(after, holes))
    if len(state.bot_deck) == 1:  # exception 1: turned over, not shuffled
        events.append({"type": "bot_turned", "order": [*state.bot_revealed, card]})
    return events


# -- scoring ---------------------------------------------------------------------------------
def score_sheet(state: State) -> dict[str, Any]:
    """Every token of the round, face up, with totals, the seal and the tie-break used."""
    herds = state.herds
    camel = None if herds[0] == herds[1] else (0 if herds[0] > herds[1] else 1)
    seats = []
    for seat in (0, 1):
        goods = [[g, v] for g, v in state.won_goods[seat]]
        leftover = []
        if state.solo and seat == 1:
            leftover = [[g, v] for g, pile in zip(GOODS, state.tokens, strict=True) for v in pile]
        bonus = [[size, v] for size, v in state.won_bonus[seat]]
        camel_points = CAMEL_TOKEN if camel == seat else 0
        total = (
            sum(v for _, v in goods) + sum(v for _, v in leftover) + sum(v for _, v in bonus) + camel_points
        )
        seats.append(
            {
                "goods": goods,
                "leftover": leftover,
                "bonus": bonus,
                "camel": camel_points,
                "herd": herds[seat],
                "total": total,
                "bonus_count": len(bonus),
                "goods_count": len(goods) + len(leftover),
            }
        )
    winner, tiebreak = None, "tie"
    for key, label in (("total", "points"), ("bonus_count", "bonus tokens"), ("goods_count", "goods tokens")):
        a, b = seats[0][key], seats[1][key]
        if a != b:
            winner, tiebreak = (0 if a > b else 1), label
            break
    return {
        "round": state.round,
        "seats": seats,
        "winner": winner,
        "tiebreak": tiebreak,
        "camel_token": camel,
    }


def round_end_event(state: State) -> Event:
    sheet = score_sheet(state)
    seals = list(state.seals)
    if sheet["winner"] is not None:
        seals[sheet["winner"]] += 1
    match_winner = next((s for s in (0, 1) if seals[s] >= SEALS_TO_WIN), None)
    return {
        "type": "round_end",
        "round": state.round,
        "sheet": sheet,
        "winner": sheet["winner"],
        "seals": seals,
        "camel_token": sheet["camel_token"],
        "match_winner": match_winner,
    }


def next_starter(state: State, winner: int | None) -> int:
    """The loser starts the next round; ours: after a tie, the seat that did not start."""
    if winner is None:
        return 1 - state.starter
    return 1 - winner


def settle(state: State, rng: random.Random) -> tuple[State, list[Event]]:
    """Everything that happens before a person must choose again."""
    out: list[Event] = []
    while state.phase == "play":
        if round_over(state):
            end = round_end_event(state)
            batch = [end]
            if end["match_winner"] is None:
                after = evolve(state, end)
                batch.append(deal_event(after, state.round + 1, next_starter(state, end["winner"]), rng))
        elif state.solo and state.turn == 1:
            batch = bot_turn(state)
        else:
            break
        for event in batch:
            state = evolve(state, event)
        out += batch
    return state, out
