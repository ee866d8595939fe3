"""Taj Mahal's cards in words, as the table's targets and tooltips say them: a card's symbols
in full ("elephant and monk"), its name ("green card (elephant and monk)"), its tip, and what a
special card does."""

from __future__ import annotations

from game.core.i18n import Msg, msg
from game.rules.tajmahal.face.data import CARDS
from game.rules.tajmahal.face.words import CATEGORY, COLOUR, SPECIAL

# What a special card does, whole (its face shows a symbol and its name).
SPECIAL_DOES = {
    "elephant": msg("counts as one elephant"),
    "points": msg("scores 2 points at once"),
    "mogul": msg("counts as one mogul"),
    "change": msg("the coloured card played with it may be of any colour"),
}


def symbols_words(card_id: int) -> Msg:
    """A card's symbols in full words: "elephant and monk", "elephant ×2", "vizier"."""
    card = CARDS[card_id]
    names = [CATEGORY[s] for s in card.symbols]
    if len(names) == 1:
        return names[0]
    if card.symbols[0] == card.symbols[1]:
        return msg("{symbol} ×2", symbol=names[0])
    return msg("{first} and {second}", first=names[0], second=names[1])


def card_name(card_id: int) -> Msg:
    """A card in full words, as its target's label says it: "green card (elephant and monk)",
    "white card (vizier)", "special card Elephant +1"."""
    card = CARDS[card_id]
    if card.colour == "special":
        return msg("special card {name}", name=SPECIAL[card.special])
    return msg("{colour} card ({symbols})", colour=COLOUR[card.colour], symbols=symbols_words(card_id))


def card_tip(card_id: int) -> Msg:
    """What the tooltip says of a card: its colour and its symbols in full words ("A green
    card: elephant and monk"), and of a special card what it does and how it is played."""
    card = CARDS[card_id]
    if card.colour != "special":
        return msg("A {colour} card: {symbols}", colour=COLOUR[card.colour], symbols=symbols_words(card_id))
    return msg(
        "The special card {name}: {does}.\nPlay it with a coloured card, in place of a white "
        "card; it comes back to your hand when you withdraw.",
        name=SPECIAL[card.special],
        does=SPECIAL_DOES[card.special],
    )


def with_reason(tip: Msg, why: str) -> Msg:
    """A card's tip and, when it cannot be chosen now, why (on a line of its own)."""
    return msg("{card}\n{why}", card=tip, why=why) if why else tip
