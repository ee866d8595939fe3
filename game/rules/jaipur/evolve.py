"""evolve: fold one event into the state. No validation, no randomness (decide did both)."""

from __future__ import annotations

from typing import Any

from game.core.frozen import replace
from game.rules.jaipur.face.cards import (
    BONUS_SIZES,
    CAMEL,
    DEAL_HAND,
    GOODS,
    INDEX,
    START_CAMELS,
    TOKENS,
)
from game.rules.jaipur.state import HOLE, NO_GOODS, Counts, State

Event = dict[str, Any]


def _counts(cards: list[str]) -> tuple[Counts, int]:
    """Goods counts and camels of a dealt hand (camels go straight to the herd)."""
    counts = [0] * len(GOODS)
    camels = 0
    for card in cards:
        if card == CAMEL:
            camels += 1
        else:
            counts[INDEX[card]] += 1
    return tuple(counts), camels


def _add(counts: Counts, goods: list[str], sign: int) -> Counts:
    out = list(counts)
    for good in goods:
        out[INDEX[good]] += sign
    return tuple(out)


def _forget(known: Counts, goods: list[str]) -> Counts:
    """Goods left a hand: the watcher can no longer be sure the ones it saw are still there."""
    out = list(known)
    for good in goods:
        i = INDEX[good]
        if out[i]:
            out[i] -= 1
    return tuple(out)


def _pair(values: tuple, seat: int, value: Any) -> tuple:
    return (value, values[1]) if seat == 0 else (values[0], value)


def _fill(market: tuple[str, ...], cards: list[str]) -> tuple[str, ...]:
    out = list(market)
    it = iter(cards)
    for i, slot in enumerate(out):
        if slot == HOLE:
            card = next(it, None)
            if card is None:
                break
            out[i] = card
    return tuple(out)


def _holes(market: tuple[str, ...], cards: list[str]) -> tuple[str, ...]:
    """Open a hole at the first slot holding each card."""
    out = list(market)
    for card in cards:
        out[out.index(card)] = HOLE
    return tuple(out)


def deal(state: State, event: Event) -> State:
    deck = list(event["deck"])
    first = event["first"]
    market = [CAMEL] * START_CAMELS
    hands = [NO_GOODS, NO_GOODS]
    herds = [0, 0]
    # the first player is dealt first; in solo only the human is dealt (the bot has no hand),
    # whoever starts the round
    order = [0] if state.solo else [first, 1 - first]
    for seat in order:
        hands[seat], herds[seat] = _counts(deck[:DEAL_HAND])
        deck = deck[DEAL_HAND:]
    market += deck[:2]
    deck = deck[2:]
    return replace(
        state,
        phase="play",
        round=event["round"],
        starter=first,
        turn=first,
        deck=tuple(deck),
        market=tuple(market),
        hands=(hands[0], hands[1]),
        herds=(herds[0], herds[1]),
        known=(NO_GOODS, NO_GOODS),
        tokens=tuple(TOKENS[g] for g in GOODS),
        bonus=tuple(tuple(event["bonus"][str(size)]) for size in BONUS_SIZES),
        won_goods=((), ()),
        won_bonus=((), ()),
        discard=(),
        camel_token=None,
        bot_deck=tuple(event.get("bot_deck", ())),
        bot_revealed=(),
        bot_order=(),
    )


def take(state: State, event: Event) -> State:
    seat, good = event["seat"], event["good"]
    return replace(
        state,
        market=_holes(state.market, [good]),
        hands=_pair(state.hands, seat, _add(state.hands[seat], [good], 1)),
        known=_pair(state.known, seat, _add(state.known[seat], [good], 1)),
        turn=1 - seat,
    )


def camels(state: State, event: Event) -> State:
    seat, n = event["seat"], event["count"]
    return replace(
        state,
        market=_holes(state.market, [CAMEL] * n),
        herds=_pair(state.herds, seat, state.herds[seat] + n),
        turn=1 - seat,
    )


def exchange(state: State, event: Event) -> State:
    seat, took, gave = event["seat"], event["take"], event["give"]
    market = list(state.market)
    # the i-th given card takes the slot of the i-th taken one; the two sides never share a
    # kind (no camel is taken, no good goes both ways), so a given card is never re-taken
    for card, given in zip(took, gave, strict=True):
        market[market.index(card)] = given
    goods_given = [c for c in gave if c != CAMEL]
    hand = _add(_add(state.hands[seat], goods_given, -1), took, 1)
    known = _add(_forget(state.known[seat], goods_given), took, 1)
    return replace(
        state,
        market=tuple(market),
        hands=_pair(state.hands, seat, hand),
        herds=_pair(state.herds, seat, state.herds[seat] - (len(gave) - len(goods_given))),
        known=_pair(state.known, seat, known),
        turn=1 - seat,
    )


def _take_bonus(state: State, seat: int, size: int | None) -> tuple[tuple, tuple]:
    """(bonus piles, seat's bonus tokens) after taking the top of pile `size`."""
    if size is None:
        return state.bonus, state.won_bonus[seat]
    k = BONUS_SIZES.index(size)
    pile = state.bonus[k]
    piles = state.bonus[:k] + (pile[1:],) + state.bonus[k + 1 :]
    return piles, state.won_bonus[seat] + ((size, pile[0]),)


def sell(state: State, event: Event) -> State:
    seat, good, n = event["seat"], event["good"], event["count"]
    i = INDEX[good]
    got = len(event["tokens"])
    tokens = state.tokens[:i] + (state.tokens[i][got:],) + state.tokens[i + 1 :]
    piles, won = _take_bonus(state, seat, event["bonus"])
    return replace(
        state,
        hands=_pair(state.hands, seat, _add(state.hands[seat], [good] * n, -1)),
        known=_pair(state.known, seat, _forget(state.known[seat], [good] * n)),
        tokens=tokens,
        bonus=piles,
        won_goods=_pair(
            state.won_goods, seat, state.won_goods[seat] + tuple((good, v) for v in state.tokens[i][:got])
        ),
        won_bonus=_pair(state.won_bonus, seat, won),
        discard=state.discard + (good,) * n,
        turn=1 - seat,
    )


def refill(state: State, event: Event) -> State:
    cards = event["cards"]
    return replace(state, market=_fill(state.market, cards), deck=state.deck[len(cards) :])


def bot_reveal(state: State, event: Event) -> State:
    return replace(state, bot_deck=state.bot_deck[1:], bot_revealed=state.bot_revealed + (event["card"],))


def bot_token(state: State, event: Event) -> State:
    i = INDEX[event["good"]]
    value = state.tokens[i][0]
    return replace(
        state,
        tokens=state.tokens[:i] + (state.tokens[i][1:],) + state.tokens[i + 1 :],
        won_goods=(state.won_goods[0], state.won_goods[1] + ((event["good"], value),)),
        turn=0,
    )


def bot_discard(state: State, event: Event) -> State:
    piles, won = _take_bonus(state, 1, event["bonus"])
    return replace(
        state,
        market=_holes(state.market, event["cards"]),
        discard=state.discard + tuple(event["cards"]),
        bonus=piles,
        won_bonus=(state.won_bonus[0], won),
        turn=0,
    )


def bot_camels(state: State, event: Event) -> State:
    n = event["count"]
    return replace(
        state,
        market=_holes(state.market, [CAMEL] * n),
        herds=(state.herds[0], state.herds[1] + n),
        turn=0,
    )


def bot_turned(state: State, event: Event) -> State:
    order = tuple(event["order"])
    return replace(state, bot_deck=order, bot_revealed=(), bot_order=order)


def round_end(state: State, event: Event) -> State:
    won_goods = state.won_goods
    tokens = state.tokens
    if state.solo:  # the rule bot receives every goods token the human did not take
        leftover = tuple((g, v) for g, pile in zip(GOODS, state.tokens, strict=True) for v in pile)
        won_goods = (won_goods[0], won_goods[1] + leftover)
        tokens = tuple(() for _ in GOODS)
    match_winner = event["match_winner"]
    return replace(
        state,
        phase="over" if match_winner is not None else "scored",
        seals=tuple(event["seals"]),
        camel_token=event["camel_token"],
        tokens=tokens,
        won_goods=won_goods,
        sheets=state.sheets + (event["sheet"],),
        winner=match_winner,
    )


FOLDS = {
    "deal": deal,
    "take": take,
    "camels": camels,
    "exchange": exchange,
    "sell": sell,
    "refill": refill,
    "bot_reveal": bot_reveal,
    "bot_token": bot_token,
    "bot_discard": bot_discard,
    "bot_camels": bot_camels,
    "bot_turned": bot_turned,
    "round_end": round_end,
}


def evolve(state: State, event: Event) -> State:
    return FOLDS[event["type"]](state, event)
