"""One line of the table's move log per event, as a message (English text that the screen says
in the chosen language). It reads redacted events too: a stock draw names no card."""

from __future__ import annotations

import game.rules.ginrummy.face.scoring as scoring
from game.core.face import Event
from game.core.i18n import msg


def describe(event: Event, names: list[str]) -> str:
    kind = event.get("type")
    who = names[event["seat"]] if "seat" in event and event["seat"] in (0, 1) else ""
    card = event.get("card")
    if kind == "deal":
        return msg("{who} deals hand {number}", who=names[event["dealer"]], number=event["number"])
    if kind == "upcard_taken":
        return msg("{who} takes the upcard {card}", who=who, card=card)
    if kind == "upcard_passed":
        return msg("{who} passes the upcard", who=who)
    if kind == "drew":
        if event["source"] == "stock":
            return msg("{who} draws from the stock", who=who)
        return msg("{who} takes {card} from the discard pile", who=who, card=card)
    if kind == "discarded":
        return msg("{who} discards {card}", who=who, card=card)
    if kind == "knocked":
        if event["gin"]:
            return msg("{who} discards {card} and goes gin", who=who, card=card)
        return msg("{who} discards {card} and knocks with {n}", who=who, card=card, n=event["deadwood"])
    if kind == "laid_off":
        return msg("{who} lays off {card}", who=who, card=card)
    if kind == "arranged":
        return msg("{who} rearranges their melds", who=who)
    if kind in ("hand_scored", "hand_dead"):
        return scoring.explain(event, names)
    return ""
