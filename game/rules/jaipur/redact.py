"""What one seat may see of each event: the deal shows a seat its own hand and the market,
never the deck's order, the bonus tokens' values or the solo bot's action cards. Everything
else a Jaipur event carries is played in the open (the market refills face up, a sale's
bonus is named by its size only)."""

from __future__ import annotations

from game.core.ruleset import Event, hidden
from game.rules.jaipur.cards import DEAL_HAND


def redact(event: Event, seat: int | None) -> Event:
    if event.get("type") != "deal":
        return event
    deck, first = event["deck"], event["first"]
    # dealt in turn from the top (evolve.deal): the first player's hand, the other's (none for
    # the solo bot), then two cards to the market
    order = [0] if "bot_deck" in event else [first, 1 - first]
    shown: list[str | None] = [None] * len(deck)
    for k, who in enumerate(order):
        if who == seat:
            shown[k * DEAL_HAND : (k + 1) * DEAL_HAND] = deck[k * DEAL_HAND : (k + 1) * DEAL_HAND]
    market = len(order) * DEAL_HAND
    shown[market : market + 2] = deck[market : market + 2]
    out = {**event, "deck": shown, "bonus": {size: hidden(pile) for size, pile in event["bonus"].items()}}
    if "bot_deck" in event:
        out["bot_deck"] = hidden(event["bot_deck"])
    return out
