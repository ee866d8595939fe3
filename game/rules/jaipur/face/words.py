"""Jaipur's words for people: the cards' names and counted cards, as messages (game.core.i18n)
that the screen says in the chosen language. The rules' data keeps its plain ids."""

from __future__ import annotations

from collections import Counter

from game.core.i18n import Msg, msg, msg_n

# a good's name inside a sentence ("takes 1 spice") and on its own (a card's face)
NAME: dict[str, Msg] = {
    "diamond": msg("diamond"),
    "gold": msg("gold"),
    "silver": msg("silver"),
    "cloth": msg("cloth"),
    "spice": msg("spice"),
    "leather": msg("leather"),
    "camel": msg("camel"),
}
TITLE: dict[str, Msg] = {
    "diamond": msg("Diamond"),
    "gold": msg("Gold"),
    "silver": msg("Silver"),
    "cloth": msg("Cloth"),
    "spice": msg("Spice"),
    "leather": msg("Leather"),
    "camel": msg("Camel"),
}
# the tie-breaks of the score sheet (its data says "points", "bonus tokens", "goods tokens")
TIEBREAK: dict[str, Msg] = {"bonus tokens": msg("bonus tokens"), "goods tokens": msg("goods tokens")}


# where several are meant ("the market has no diamonds"): English counts diamonds and camels;
# the other goods are the same word for one card or many ("2 spice", "no gold")
MANY: dict[str, Msg] = {"diamond": msg("diamonds"), "camel": msg("camels")}


def name(card: str) -> Msg | str:
    return NAME.get(card, card)


def many(card: str) -> Msg | str:
    """The good's name for several cards of it: "diamonds", "spice"."""
    return MANY.get(card) or name(card)


def count(card: str, n: int) -> Msg:
    """`n` cards of one kind: "2 spice", "1 diamond", "2 diamonds", "1 camel", "3 camels"."""
    if card == "camel":
        return msg_n("{n} camel", "{n} camels", n)
    if card == "diamond":
        return msg_n("{n} diamond", "{n} diamonds", n)
    return msg("{n} {good}", n=n, good=name(card))


def listing(items: list[Msg]) -> Msg:
    """Items in a list: "2 spice, 1 camel"."""
    out = items[0]
    for item in items[1:]:
        out = msg("{items}, {item}", items=out, item=item)
    return out


def cards_text(cards: list[str]) -> Msg:
    """Cards counted by kind, in the order first met: "2 spice, 1 camel", or "nothing"."""
    counts = Counter(cards)
    if not counts:
        return msg("nothing")
    return listing([count(card, n) for card, n in counts.items()])


def person(name: str) -> Msg:
    """A seat's name inside a sentence, shown as the screen shows it elsewhere: a name the
    catalogue holds (the solo "Rule bot", a tutorial's "You") in the chosen language, any other
    as it is."""
    return Msg(name, {})
