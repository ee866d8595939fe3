"""Fixed deals for the Jaipur tests: name the cards that matter, the rest follows in box order."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.match import Match, Seat
from game.rules.jaipur.face.cards import BONUS, full_deck
from game.rules.jaipur.ruleset import RULESET
from game.rules.jaipur.state import State

BONUS_TOP_FIRST = {str(size): list(values) for size, values in BONUS.items()}


def deck(
    first: list[str], second: list[str], market: list[str], top: list[str] = (), solo: bool = False
) -> list[str]:
    """A setup deck: first player's 5, other's 5 (not in solo), 2 market cards, then `top`."""
    head = [*first, *second, *market, *top]
    rest = Counter(full_deck(solo))
    rest.subtract(head)
    assert min(rest.values()) >= 0, f"too many of {[k for k, v in rest.items() if v < 0]}"
    tail = []
    for card in full_deck(solo):
        if rest[card] > 0:
            tail.append(card)
            rest[card] -= 1
    return head + tail


def setup(
    first: list[str],
    second: list[str],
    market: list[str],
    top: list[str] = (),
    starter: int = 0,
    bonus: dict[str, list[int]] | None = None,
) -> dict[str, Any]:
    return {"deck": deck(first, second, market, top), "bonus": bonus or BONUS_TOP_FIRST, "first": starter}


def solo_setup(
    hand: list[str], market: list[str], top: list[str] = (), bot_deck: list[str] = ()
) -> dict[str, Any]:
    return {
        "deck": deck(hand, [], market, top, solo=True),
        "bonus": BONUS_TOP_FIRST,
        "bot_deck": list(bot_deck) or ["diamond", "gold", "silver", "cloth", "spice", "leather", "camel"],
    }


def match(setup_: dict[str, Any], variant: str = "standard", seed: int = 0) -> Match:
    return Match.new(RULESET, [Seat("Ann"), Seat("Bo")], {"variant": variant}, seed, setup_)


def ok(m: Match, seat: int, command: dict[str, Any]) -> list[dict[str, Any]]:
    result = m.submit(seat, command)
    assert not hasattr(result, "reason"), f"{command} was rejected: {getattr(result, 'reason', '')}"
    return result


def reason(m: Match, seat: int, command: dict[str, Any]) -> str:
    result = m.submit(seat, command)
    assert hasattr(result, "reason"), f"{command} was accepted"
    return result.reason


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def decide(state: State, seat: int, command: dict[str, Any]):
    import random

    return RULESET.decide(state, seat, command, random.Random(0))


def fold(state: State, events) -> State:
    for event in events:
        state = RULESET.evolve(state, event)
    return state
