"""What one seat may see of each event: its own hand at setup and its own draws; never another
hand, the deck's order or a reshuffle's. Played, picked and discarded cards lie face up."""

from __future__ import annotations

from game.core.ruleset import Event, hidden


def redact(event: Event, seat: int | None) -> Event:
    kind = event.get("type")
    if kind == "setup":
        hands = [list(h) if i == seat else hidden(h) for i, h in enumerate(event["hands"])]
        return {**event, "hands": hands, "deck": hidden(event["deck"])}
    if kind == "draw" and event.get("seat") != seat:
        return {**event, "cards": hidden(event["cards"])}
    if kind == "reshuffle":
        return {**event, "order": hidden(event["order"])}
    return event
