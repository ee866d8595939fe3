"""Gin Rummy's determinization (Ruleset.resample): what a seat cannot see drawn afresh.

Hidden from `seat`: the stock's order, and the other hand's cards beyond those everyone saw
it take from the pile (a spectator: both hands so). After a knock the hands lie open and the
stock's order alone is hidden."""

from __future__ import annotations

import random
from dataclasses import replace

from game.rules.ginrummy.state import State
from game.rules.ginrummy.view import known_in_hand


def resample(state: State, seat: int | None, rng: random.Random) -> State:
    unknown = [] if state.knock is not None else [s for s in (0, 1) if s != seat]
    kept = {s: known_in_hand(state, s) for s in unknown}
    pool = list(state.stock)
    for s in unknown:
        pool += [c for c in state.hands[s] if c not in kept[s]]
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in unknown:
        n = len(state.hands[s]) - len(kept[s])
        hands[s], pool = (*kept[s], *pool[:n]), pool[n:]
    return replace(state, hands=(hands[0], hands[1]), stock=tuple(pool))
