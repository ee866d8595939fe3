"""Jaipur's determinization for Ruleset.resample: what a seat may not know, drawn afresh from
what its view shows by the bots' own draw (sim.draw), the bonus values on top.

Hidden from a seat: the deck's order and what it holds, the other hand beyond the cards seen
going into it, the other herd's size (implied by the cards in sight, so drawn as it is), the
solo bot's action cards until a whole cycle was seen, and the bonus tokens' values (every seat
sees sizes only, its own too). A spectator knows less than either seat: its state is drawn
for one seat, then that one for the other."""

from __future__ import annotations

import random
from typing import Any

from game.core.frozen import replace
from game.rules.jaipur.face.cards import BONUS, BONUS_SIZES, NAMES
from game.rules.jaipur.sim import View, draw
from game.rules.jaipur.state import State


def resample(state: State, seat: int, seen: View, rng: random.Random) -> State:
    """`state` with what `seat`, whose view is `seen`, may not know drawn afresh."""
    if state.phase != "play":
        return state
    other = 1 - seat
    drawn = draw(seen, rng)
    hand = list(state.known[other])
    for g in drawn.extra:
        hand[g] += 1
    hands = list(state.hands)
    hands[other] = tuple(hand)
    herds = list(state.herds)
    herds[other] = drawn.herd
    return replace(
        state,
        hands=(hands[0], hands[1]),
        herds=(herds[0], herds[1]),
        deck=tuple(NAMES[i] for i in drawn.deck),
        bot_deck=tuple(NAMES[i] for i in drawn.bot_deck),  # the bot's cards are BOT_DECK, NAMES' order
        **_bonus(state, rng),
    )


def _bonus(state: State, rng: random.Random) -> dict[str, Any]:
    """This round's bonus values drawn again: each size's tokens, in its pile and taken, are
    the box's, and nobody sees their values until the round's score sheet."""
    piles, won = list(state.bonus), [list(w) for w in state.won_bonus]
    for k, size in enumerate(BONUS_SIZES):
        taken = [(s, j) for s in (0, 1) for j, (sz, _) in enumerate(won[s]) if sz == size]
        values = list(BONUS[size])
        rng.shuffle(values)
        piles[k] = tuple(values[: len(piles[k])])
        for (s, j), v in zip(taken, values[len(piles[k]) :], strict=True):
            won[s][j] = (size, v)
    return {"bonus": tuple(piles), "won_bonus": (tuple(won[0]), tuple(won[1]))}
