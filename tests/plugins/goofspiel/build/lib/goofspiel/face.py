"""Goofspiel's face: its words, its moves and the check a table runs on its own view."""

from __future__ import annotations

from game.core.face import Command, Event, Face, Rejected, View
from game.core.shapes import ANY

CARDS = 6  # each hand holds 1..CARDS, and the prizes are worth the same


def refusal(acting: bool, hand: list[int], command: Command) -> Rejected | None:
    """decide's checks, which why_not runs on a view: whose bid, which card."""
    if command.get("move") != "bid":
        return Rejected(f"unknown move {command.get('move')!r}")
    if not acting:
        return Rejected("you have bid for this prize already")
    card = command.get("card")
    if type(card) is not int or card not in hand:
        return Rejected("bid a card of your hand")
    return None


class Goofspiel(Face):
    name = "goofspiel"
    title = "Goofspiel"
    min_seats = max_seats = 2
    hidden_hands = True  # a bid is laid face down: pass-and-play hands the screen over
    commands = {"bid": {"move": ANY, "card": ANY}}

    def why_not(self, view: View, seat: int, command: Command) -> Rejected | None:
        hand = view["hands"][seat] if view.get("hands") else []
        return refusal(seat in view["to_act"], hand, command)

    def describe(self, event: Event, names: list[str]) -> str:
        kind = event["type"]
        if kind == "turn_up":
            return f"Prize {event['card']} is turned up"
        if kind == "bid":
            return f"{names[event['seat']]} bids face down"
        if kind == "reveal":
            bids = " and ".join(f"{names[s]} {b}" for s, b in enumerate(event["bids"]))
            won = "nobody" if event["winner"] is None else names[event["winner"]]
            return f"Bids shown: {bids}; {won} takes {event['prize']}"
        return ""


FACE = Goofspiel()
