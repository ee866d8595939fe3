"""Taj Mahal's determinization (Ruleset.resample): what a seat cannot see drawn afresh.

Hidden from `seat`: the deck's order and what it holds, and the other hands but for their
special cards, which lie face up (a spectator: every hand so). The discards were thrown face
up and stay."""

from __future__ import annotations

import random
from dataclasses import replace

from game.rules.tajmahal.data import SPECIAL_ID
from game.rules.tajmahal.state import State

SPECIALS = frozenset(SPECIAL_ID.values())


def resample(state: State, seat: int | None, rng: random.Random) -> State:
    unknown = [s for s in range(len(state.players)) if s != seat]
    pool = list(state.deck)
    for s in unknown:
        pool += [c for c in state.players[s].hand if c not in SPECIALS]
    rng.shuffle(pool)
    players = list(state.players)
    for s in unknown:
        hand = players[s].hand
        n = sum(c not in SPECIALS for c in hand)
        players[s] = replace(players[s], hand=(*pool[:n], *(c for c in hand if c in SPECIALS)))
        pool = pool[n:]
    return replace(state, players=tuple(players), deck=tuple(pool))
