"""What one seat may see of each event: the deal shows a seat its own ten cards and the
upcard, a draw from the stock shows the card to the drawer only. Knocks and scores show the
hands: by then they are laid down for both."""

from __future__ import annotations

from game.core.ruleset import Event

HAND = 10  # cards dealt to each player; the deck's next card is the upcard


def redact(event: Event, seat: int | None) -> Event:
    kind = event.get("type")
    if kind == "deal":
        deck, dealer = event["deck"], event["dealer"]
        # the non-dealer is dealt deck[:10], the dealer deck[10:20] (rules.evolve)
        own = {1 - dealer: range(0, HAND), dealer: range(HAND, 2 * HAND)}.get(seat, range(0))
        shown = [c if i in own or i == 2 * HAND else None for i, c in enumerate(deck)]
        return {**event, "deck": shown}
    if kind == "drew" and event.get("source") == "stock" and event.get("seat") != seat:
        return {**event, "card": None}
    return event
