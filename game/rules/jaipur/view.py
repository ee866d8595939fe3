"""What one seat may know: `view(state, seat)`. The deck order, the other hand, bonus values
(until scoring) and, in the two-player game, the other herd's size stay hidden."""

from __future__ import annotations

from typing import Any

from game.core.parts import Parts
from game.rules.jaipur.face.cards import BONUS_SIZES, GOODS
from game.rules.jaipur.state import State, market_cards, names

# Parts made from unchanged state fields are handed out again (game/core/parts.py), so the
# secrets filter walks the token piles and the tokens earned once a change, not once a view (a
# server filters a view per seat per update)
_parts = Parts()


def _tokens(tokens: tuple[tuple[int, ...], ...]) -> dict[str, list[int]]:
    return {g: list(pile) for g, pile in zip(GOODS, tokens, strict=True)}


def _bonus(bonus: tuple[tuple[int, ...], ...]) -> dict[str, int]:
    return {str(size): len(pile) for size, pile in zip(BONUS_SIZES, bonus, strict=True)}


def _earned(won_goods: tuple[Any, ...], won_bonus: tuple[Any, ...]) -> list[dict[str, list[Any]]]:
    return [
        {"goods": [[g, v] for g, v in won_goods[s]], "bonus": [size for size, _ in won_bonus[s]]}
        for s in (0, 1)
    ]


def to_act(state: State) -> frozenset[int]:
    if state.phase != "play":
        return frozenset()
    return frozenset({state.turn})


def view(state: State, seat: int | None) -> dict[str, Any]:
    other = None if seat is None else 1 - seat
    v: dict[str, Any] = {
        "game": "jaipur",
        "variant": "solo" if state.solo else "standard",
        "seat": seat,
        "to_act": sorted(to_act(state)),
        "phase": state.phase,
        "round": state.round,
        "starter": state.starter,
        "market": market_cards(state),
        "deck": len(state.deck),
        "discard": list(state.discard),
        "tokens": _parts("tokens", (state.tokens,), lambda: _tokens(state.tokens)),
        "bonus": _parts("bonus", (state.bonus,), lambda: _bonus(state.bonus)),
        "hand_counts": [sum(h) for h in state.hands],
        # tokens earned this round: goods values are public, bonus values stay face down
        "earned": _parts(
            "earned", (state.won_goods, state.won_bonus), lambda: _earned(state.won_goods, state.won_bonus)
        ),
        # a herd lies face up: whether it holds a camel is seen, how many may not be asked
        "herd_empty": [state.herds[s] == 0 for s in (0, 1)],
        "camel_token": state.camel_token,
        "seals": list(state.seals),
        "sheets": list(state.sheets),
        "winner": state.winner,
    }
    if seat is None:
        v.update(hand=[], herd=None, opponent_hand=None, opponent_herd=None, opponent_known=[])
    else:
        v.update(
            hand=names(state.hands[seat]),
            herd=state.herds[seat],
            opponent_hand=sum(state.hands[other]),
            # the solo bot's herd lies open; a person's herd size may not be asked
            opponent_herd=state.herds[other] if state.solo else None,
            opponent_known=names(state.known[other]),
        )
    if state.solo:
        v.update(
            bot_deck=len(state.bot_deck),
            bot_revealed=list(state.bot_revealed),
            bot_order=list(state.bot_order),
            bot_herd=state.herds[1],
        )
    return v
