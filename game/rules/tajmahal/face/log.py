"""One line of the table's move log per event, as a message (English text that the screen says
in the chosen language). It reads redacted events too: a draw by another seat names no card."""

from __future__ import annotations

from game.core.face import Event
from game.core.i18n import N_, Msg, msg, msg_n
from game.rules.tajmahal.face.data import CARDS
from game.rules.tajmahal.face.words import BONUS, CATEGORY, SPECIAL, listing, place


def _card(cid: int) -> Msg:
    """A card as the log names it: its symbols ("vizier/general"), or a special card's name."""
    card = CARDS[cid]
    if card.colour == "special":
        return SPECIAL[card.special]
    names = [CATEGORY[s] for s in card.symbols]
    return names[0] if len(names) == 1 else msg("{first}/{second}", first=names[0], second=names[1])


def _cards(ids: list[int]) -> Msg:
    out = _card(ids[-1])
    for cid in reversed(ids[:-1]):
        out = msg("{first} + {second}", first=_card(cid), second=out)
    return out


SCORE_LINES = {
    "special": N_("{who} scores {points} (special)"),
    "taj": N_("{who} scores {points} (taj)"),
    "points2": N_("{who} scores {points} (points2)"),
    "palaces": N_("{who} scores {points} (palaces)"),
    "hand": N_("{who} scores {points} (hand)"),
    "bonus": N_("{who} scores {points} (bonus)"),
    "province": N_("{who} scores {points} (province)"),
}


def describe(event: Event, names: list[str]) -> str:
    kind = event["type"]
    who = names[event["seat"]] if "seat" in event and event["seat"] is not None else ""
    if kind == "setup":
        return msg(
            "The visits begin in {province}; {name} starts",
            province=place(event["order"][0]),
            name=names[event["start"]],
        )
    if kind == "play":
        return msg("{who} plays {cards}", who=who, cards=_cards(event["cards"]))
    if kind == "withdraw":
        if not event["won"]:
            return msg("{who} withdraws and wins nothing", who=who)
        won = listing([CATEGORY[c] for c in event["won"]])
        return msg("{who} withdraws and wins {won}", who=who, won=won)
    if kind == "build":
        city = place(event["city"])
        bonus = event.get("bonus")
        if event["kind"] == "mogul":
            return msg("{who} builds the mogul's palace in {city}", who=who, city=city)
        if bonus:
            return msg(
                "{who} builds a palace in {city} and takes the {bonus} bonus",
                who=who,
                city=city,
                bonus=BONUS[bonus],
            )
        return msg("{who} builds a palace in {city}", who=who, city=city)
    if kind == "score":
        line = SCORE_LINES.get(event["reason"])
        if line is None:
            return msg(
                "{who} scores {points} ({reason})", who=who, points=event["points"], reason=event["reason"]
            )
        return Msg(line, {"who": who, "points": event["points"]})
    if kind == "draw":
        n = len(event["cards"])
        if event["reason"] == "free":
            return msg_n("{who} draws {n} card (free)", "{who} draws {n} cards (free)", n, who=who)
        return msg_n("{who} draws {n} card (bonus)", "{who} draws {n} cards (bonus)", n, who=who)
    if kind == "pick":
        n = len(event["cards"])
        return msg_n(
            "{who} takes {n} card from the display", "{who} takes {n} cards from the display", n, who=who
        )
    if kind == "special":
        return msg(
            "{who} trades two {person} tiles for a special card", who=who, person=CATEGORY[event["person"]]
        )
    if kind == "reshuffle":
        return msg("The discards are shuffled into a new deck")
    if kind == "clear":
        n = len(event["discard"])
        if event["back"]:
            return msg_n(
                "{who} discards {n} played card (special cards back to hand)",
                "{who} discards {n} played cards (special cards back to hand)",
                n,
                who=who,
            )
        return msg_n("{who} discards {n} played card", "{who} discards {n} played cards", n, who=who)
    if kind == "display":
        return msg_n(
            "A new display of {n} card is laid out",
            "A new display of {n} cards is laid out",
            len(event["cards"]),
        )
    if kind == "visit_end":
        return msg("The visit ends")
    if kind == "game_over":
        return msg("The game is over")
    return ""
