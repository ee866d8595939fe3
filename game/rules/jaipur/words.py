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
RULE_BOT = "Rule bot"  # the name core.seats gives the solo variant's seat


def name(card: str) -> Msg | str:
    return NAME.get(card, card)


def count(card: str, n: int) -> Msg:
    """`n` cards of one kind: "2 spice", "1 camel", "3 camels"."""
    if card == "camel":
        return msg_n("{n} camel", "{n} camels", n)
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


def person(name: str) -> Msg | str:
    """A seat's name as shown: the solo rule bot's is the program's own, so it is translated."""
    return msg("Rule bot") if name == RULE_BOT else name
