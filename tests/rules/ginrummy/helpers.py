"""Fixed deals for the Gin Rummy tests."""

from __future__ import annotations

from game.core import registry
from game.core.match import Match, Seat
from game.core.ruleset import Budget
from game.rules.ginrummy.face.cards import DECK

RULES = registry.get("ginrummy")
# The hard bot's full search, never cut short by the clock (a loaded machine gives the same move)
FIXED = Budget(seconds=600.0, iterations=40)


def deck_for(hand0: str, hand1: str, upcard: str, stock: str = "", dealer: int = 0) -> list[str]:
    """A 52-card deck (top first) that deals these hands: 10 to the non-dealer, 10 to the dealer."""
    hands = [hand0.split(), hand1.split()]
    assert all(len(h) == 10 for h in hands)
    top = hands[1 - dealer] + hands[dealer] + [upcard] + stock.split()
    assert len(set(top)) == len(top), "a card is dealt twice"
    return top + [c for c in DECK if c not in top]


def start(hand0: str, hand1: str, upcard: str, stock: str = "", dealer: int = 0, **options) -> Match:
    deck = deck_for(hand0, hand1, upcard, stock, dealer)
    return Match.new(
        RULES, [Seat("Ann"), Seat("Bo")], options, seed=3, setup={"deck": deck, "dealer": dealer}
    )


def play(match: Match, *steps: tuple[int, dict]) -> list:
    """Submit commands that must all be accepted; return the events of the last one."""
    events: list = []
    for seat, command in steps:
        events = match.submit(seat, command)
        assert not hasattr(events, "reason"), f"{command} rejected: {events.reason}"
    return events


def both_pass(match: Match) -> None:
    dealer = match.state.dealer
    play(match, (dealer, {"move": "pass"}), (1 - dealer, {"move": "pass"}))
