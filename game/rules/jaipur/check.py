"""Checking a command against what a seat sees: decide's own check, run on the view, so a
table can say why a selection is not a move while the person is still choosing (the hidden
parts of the state are blanks of the right size, which no check of one's own move reads)."""

from __future__ import annotations

from typing import Any

from game.core.ruleset import Rejected
from game.rules.jaipur import moves
from game.rules.jaipur.cards import BONUS_SIZES, GOODS, INDEX
from game.rules.jaipur.state import NO_GOODS, State


def state_from_view(view: dict[str, Any]) -> State:
    """A state with the seat's own side exact and the hidden parts as blanks of the right size."""
    seat = view["seat"]
    hand = [0] * len(GOODS)
    for card in view["hand"]:
        hand[INDEX[card]] += 1
    hands = [NO_GOODS, NO_GOODS]
    hands[seat] = tuple(hand)
    herds = [0, 0]
    herds[seat] = view["herd"]
    return State(
        solo=view["variant"] == "solo",
        phase=view["phase"],
        turn=seat,
        deck=("?",) * view["deck"],
        market=tuple(view["market"]),
        hands=(hands[0], hands[1]),
        herds=(herds[0], herds[1]),
        tokens=tuple(tuple(view["tokens"][g]) for g in GOODS),
        bonus=tuple((0,) * view["bonus"][str(size)] for size in BONUS_SIZES),
    )


def why_not(view: dict[str, Any], command: dict[str, Any]) -> Rejected | None:
    """Why the viewing seat may not play `command` now, or None when it may."""
    result = moves.move_events(state_from_view(view), view["seat"], command)
    return result if isinstance(result, Rejected) else None
