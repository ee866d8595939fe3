"""Small builders for Taj Mahal tests: a match from a fixed setup, and commands."""

from __future__ import annotations

from game.core.match import Match, Seat
from game.rules.tajmahal.ruleset import RULESET

ORDER = [
    "Kabul",
    "Kashmir",
    "Lahore",
    "Multan",
    "Thatta",
    "Delhi",
    "Ajmer",
    "Awadh",
    "Allahabad",
    "Gujarat",
    "Malwa",
    "Agra",
]
GREEN = [10, 11, 13, 14, 16, 17]
PURPLE = [30, 31, 32, 33, 34, 35]
RED = [51, 52, 53, 56, 57, 58]
DISPLAY = [89, 90, 91, 92, 93]


def match(seats: int = 3, seed: int = 1, **setup) -> Match:
    if setup:
        base = {"order": ORDER, "bonus": {"Agra": "taj"}, "start": 0, "display": DISPLAY}
        base.update(setup)
        setup = base
    names = [Seat(f"P{i}") for i in range(seats)]
    return Match.new(RULESET, names, {}, seed, setup or None)


def play(m: Match, seat: int, *cards: int):
    return m.submit(seat, {"move": "play", "cards": list(cards)})


def withdraw(m: Match, seat: int):
    return m.submit(seat, {"move": "withdraw"})


def leave(m: Match, *seats: int) -> None:
    """These seats withdraw in turn, each taking the first two display cards."""
    for seat in seats:
        ok(withdraw(m, seat))
        ok(m.submit(seat, {"move": "pick", "cards": list(m.state.display[:2])}))


def ok(result) -> list:
    assert isinstance(result, list), f"rejected: {getattr(result, 'reason', result)}"
    return result


def types(events: list) -> list[str]:
    return [e["type"] for e in events]
