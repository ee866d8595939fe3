"""A player's four moves: the events each causes, and the legal list. Whether a move may be
made is checks.py's, which decide asks first."""

from __future__ import annotations

import random
from functools import cache
from itertools import product
from typing import Any

from game.core.ruleset import Rejected
from game.rules.jaipur.face import checks
from game.rules.jaipur.face.cards import (
    BONUS_SIZES,
    CAMEL,
    EMPTY_PILES_TO_END,
    GOODS,
    HAND_LIMIT,
    INDEX,
    LUXURY,
    NAMES,
    bonus_for,
)
from game.rules.jaipur.state import HOLE, State, empty_piles, market_cards, names

Command = dict[str, Any]
Event = dict[str, Any]
LEAST_SALE: tuple[int, ...] = tuple(2 if g in LUXURY else 1 for g in GOODS)  # per GOODS index


def take(state: State, seat: int, command: Command) -> list[Event]:
    return [
        {"type": "take", "seat": seat, "good": command["good"]},
        {"type": "refill", "cards": list(state.deck[:1])},
    ]


def camels(state: State, seat: int, command: Command) -> list[Event]:
    n = state.market.count(CAMEL)
    return [{"type": "camels", "seat": seat, "count": n}, {"type": "refill", "cards": list(state.deck[:n])}]


def exchange(state: State, seat: int, command: Command) -> list[Event]:
    return [{"type": "exchange", "seat": seat, "take": list(command["take"]), "give": list(command["give"])}]


def sell(state: State, seat: int, command: Command) -> list[Event]:
    good, count = command["good"], command["count"]
    pile = state.tokens[INDEX[good]]
    size = bonus_for(count)
    if size is not None and not state.bonus[BONUS_SIZES.index(size)]:
        size = None  # an empty bonus pile gives nothing
    return [
        {
            "type": "sell",
            "seat": seat,
            "good": good,
            "count": count,
            "tokens": list(pile[:count]),
            "bonus": size,
        }
    ]


MOVES = {"take": take, "camels": camels, "exchange": exchange, "sell": sell}


def events(state: State, seat: int, command: Command) -> list[Event]:
    """The events of a move `checks.move` let through."""
    return MOVES[command["move"]](state, seat, command)


def move_events(state: State, seat: int, command: Command) -> list[Event] | Rejected:
    """A move's events, or why it is no move (the turn aside: see checks.check)."""
    refused = checks.move(state, seat, command)
    return refused if refused is not None else events(state, seat, command)


def may_end(state: State, events: list[Event]) -> bool:
    """Whether these move events could end the round (so scoring must be checked)."""
    last = events[-1]
    kind = last["type"]
    if kind == "refill":
        return len(last["cards"]) < events[0].get("count", 1)
    if kind == "sell":
        pile = state.tokens[INDEX[last["good"]]]
        emptied = bool(pile) and len(last["tokens"]) == len(pile)
        return empty_piles(state) + emptied >= EMPTY_PILES_TO_END
    return False


# -- the legal list -------------------------------------------------------------------------
@cache
def _vectors(limits: tuple[int, ...], total: int) -> tuple[tuple[int, ...], ...]:
    """Every count vector under `limits` summing to `total`, in order. Remembered: a game
    meets few hand shapes, and every legal list (each update, each bot) asks again."""
    if not limits:
        return ((),) if total == 0 else ()
    head, rest = limits[0], limits[1:]
    room = sum(rest)
    return tuple(
        (k, *tail)
        for k in range(max(0, total - room), min(head, total) + 1)
        for tail in _vectors(rest, total - k)
    )


@cache
def _gives(limits: tuple[int, ...], total: int) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Each way to give `total` cards under `limits` (goods by GOODS index, then camels): how
    many goods it gives, and the cards' names. Remembered as `_vectors`."""
    return tuple(
        (total - give[-1], tuple(NAMES[i] for i, k in enumerate(give) for _ in range(k)))
        for give in _vectors(limits, total)
    )


@cache
def _takes(offer: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], tuple[str, ...]], ...]:
    """Each way to take two or more goods from a market offering `offer` (counts by GOODS
    index): the counts, and the cards' names."""
    return tuple(
        (want, tuple(names(want))) for want in product(*(range(n + 1) for n in offer)) if sum(want) >= 2
    )


def exchanges(state: State, seat: int) -> list[Command]:
    market = market_cards(state)
    hand = state.hands[seat]
    herd = state.herds[seat]
    room = HAND_LIMIT - sum(hand)  # goods the hand can take in, net
    out: list[Command] = []
    for want, taken in _takes(tuple(market.count(g) for g in GOODS)):
        n = len(taken)
        took = list(taken)
        # no more than n of a kind is ever given: capped, few hand shapes are remembered
        limits = (*(0 if w else min(h, n) for w, h in zip(want, hand, strict=True)), min(herd, n))
        out += [
            {"move": "exchange", "take": took, "give": list(gave)}
            for goods_out, gave in _gives(limits, n)
            if n - goods_out <= room
        ]
    return out


def legal(state: State, seat: int) -> list[Command]:
    out: list[Command] = []
    market = market_cards(state)
    if sum(state.hands[seat]) < HAND_LIMIT:
        out += [{"move": "take", "good": g} for g in GOODS if g in market]
    if CAMEL in market:
        out.append({"move": "camels"})
    out += exchanges(state, seat)
    hand = state.hands[seat]
    for i, good in enumerate(GOODS):
        out += [{"move": "sell", "good": good, "count": n} for n in range(LEAST_SALE[i], hand[i] + 1)]
    return out


def _pick(items: list[str], k: int, rand: Any) -> list[str]:
    """k distinct random entries of `items` (which it shuffles in part): a short Fisher-Yates."""
    n = len(items)
    for j in range(k):
        r = j + int(rand() * (n - j))
        items[j], items[r] = items[r], items[j]
    return items[:k]


def sample(state: State, seat: int, rng: random.Random) -> Command:
    """One random legal command without listing every exchange (benchmarks, fuzzing).

    An exchange is tried 3 times in 10; otherwise one of the other moves (a take, all camels,
    a sale of a random legal size) is drawn evenly. `rng.random` alone keeps it fast.
    """
    hand = state.hands[seat]
    market = state.market
    rand = rng.random
    if rand() < 0.3:
        offer = [c for c in market if c != CAMEL and c != HOLE]
        if len(offer) >= 2:
            took = _pick(offer, 2 + int(rand() * (len(offer) - 1)), rand)
            pool = [g for i, g in enumerate(GOODS) if g not in took for _ in range(hand[i])]
            pool += [CAMEL] * state.herds[seat]
            if len(pool) >= len(took):
                gave = _pick(pool, len(took), rand)
                if sum(hand) + gave.count(CAMEL) <= HAND_LIMIT:
                    return {"move": "exchange", "take": took, "give": gave}
    takes = [g for g in GOODS if g in market] if sum(hand) < HAND_LIMIT else []
    camels = 1 if CAMEL in market else 0
    sells = [i for i in range(len(GOODS)) if hand[i] >= LEAST_SALE[i]]
    k = int(rand() * (len(takes) + camels + len(sells)))
    if k < len(takes):
        return {"move": "take", "good": takes[k]}
    if k < len(takes) + camels:
        return {"move": "camels"}
    i = sells[k - len(takes) - camels]
    low = LEAST_SALE[i]
    return {"move": "sell", "good": GOODS[i], "count": low + int(rand() * (hand[i] - low + 1))}
