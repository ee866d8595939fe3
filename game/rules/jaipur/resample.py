"""Jaipur's determinization (Ruleset.resample): what a seat cannot see drawn afresh.

Hidden from `seat`: the deck's order and what it holds, the other hand's cards beyond those
seen going into it (`known`), the bonus tokens' values (every seat sees sizes only, its own
too), and the solo bot's action cards until a whole cycle was seen. The herds' sizes stay:
a seat's own is its own, the other's follows from the cards in sight (a spectator's split of
the two is the one thing kept that it could not know, and no window shows it)."""

from __future__ import annotations

import random

from game.rules.jaipur.cards import BONUS_SIZES, CAMEL, GOODS
from game.rules.jaipur.state import State, with_


def resample(state: State, seat: int | None, rng: random.Random) -> State:
    if state.phase == "setup":
        return state
    unknown = [s for s in (0, 1) if s != seat and not (state.solo and s == 1)]
    extra = {s: [h - k for h, k in zip(state.hands[s], state.known[s], strict=True)] for s in unknown}
    goods = [i for i, _ in enumerate(GOODS) for s in unknown for _ in range(extra[s][i])]
    goods += [GOODS.index(c) for c in state.deck if c != CAMEL]
    rng.shuffle(goods)
    hands = list(state.hands)
    for s in unknown:
        drawn, goods = goods[: sum(extra[s])], goods[sum(extra[s]) :]
        hands[s] = tuple(k + drawn.count(i) for i, k in enumerate(state.known[s]))
    deck = [GOODS[i] for i in goods] + [c for c in state.deck if c == CAMEL]
    rng.shuffle(deck)
    # the bonus values of this round, in the piles and taken: sizes are known, values are not
    piles, won = list(state.bonus), [list(w) for w in state.won_bonus]
    for k, size in enumerate(BONUS_SIZES):
        taken = [(s, j) for s in (0, 1) for j, (sz, _) in enumerate(won[s]) if sz == size]
        values = [*piles[k], *(won[s][j][1] for s, j in taken)]
        rng.shuffle(values)
        piles[k] = tuple(values[: len(piles[k])])
        for (s, j), v in zip(taken, values[len(piles[k]) :], strict=True):
            won[s][j] = (size, v)
    bot_deck = list(state.bot_deck)
    if state.solo and not state.bot_order:  # a cycle seen whole repeats: its order is known
        rng.shuffle(bot_deck)
    return with_(
        state,
        hands=(hands[0], hands[1]),
        deck=tuple(deck),
        bonus=tuple(piles),
        won_bonus=(tuple(won[0]), tuple(won[1])),
        bot_deck=tuple(bot_deck),
    )
