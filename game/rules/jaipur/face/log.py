"""One line of the table's move log per event, as a message (English text that the screen says
in the chosen language)."""

from __future__ import annotations

from typing import Any

from game.core.i18n import Msg, msg, msg_n
from game.rules.jaipur.face.words import TIEBREAK, cards_text, count, name, person

__all__ = ["cards_text", "describe"]


def _bot(event: dict[str, Any], bot: Msg | str, again: bool) -> Msg | str:
    """A line of the solo rule bot's turn; `again`: its name was said on the line before
    ("Rule bot reveals spice; discards 2 spice")."""
    kind = event["type"]
    if kind == "bot_reveal":
        return msg("{bot} reveals {card}", bot=bot, card=name(event["card"]))
    if kind == "bot_token":
        good, value = name(event["good"]), event["value"]
        if again:
            return msg("takes a {good} token worth {value}", good=good, value=value)
        return msg("{bot} takes a {good} token worth {value}", bot=bot, good=good, value=value)
    if kind == "bot_discard":
        cards = cards_text(event["cards"])
        if again:
            if event["bonus"]:
                return msg("discards {cards} + bonus", cards=cards)
            return msg("discards {cards}", cards=cards)
        if event["bonus"]:
            return msg("{bot} discards {cards} + bonus", bot=bot, cards=cards)
        return msg("{bot} discards {cards}", bot=bot, cards=cards)
    if kind == "bot_camels":
        camels = count("camel", event["count"])
        if again:
            return msg("takes {camels}", camels=camels)
        return msg("{bot} takes {camels}", bot=bot, camels=camels)
    if kind == "bot_turned":
        if again:
            return msg("its action deck is turned over, same order")
        return msg("{bot}'s action deck is turned over, same order", bot=bot)
    return ""


def _round_end(event: dict[str, Any], names: list[str]) -> Msg:
    sheet = event["sheet"]
    a, b = (s["total"] for s in sheet["seats"])
    totals = msg("{a} to {b}", a=a, b=b)
    rnd = event["round"]
    if event["winner"] is None:
        return msg("Round {round} is tied ({totals}): no seal", round=rnd, totals=totals)
    who = person(names[event["winner"]])
    tiebreak = TIEBREAK.get(sheet["tiebreak"])
    match = event["match_winner"]
    if match is None:
        if tiebreak is None:
            return msg("{who} wins round {round} ({totals})", who=who, round=rnd, totals=totals)
        return msg(
            "{who} wins round {round} ({totals}) on {tiebreak}",
            who=who,
            round=rnd,
            totals=totals,
            tiebreak=tiebreak,
        )
    seals = event["seals"][match]
    if tiebreak is None:
        return msg_n(
            "{who} wins round {round} ({totals}) and the match, {n} seal",
            "{who} wins round {round} ({totals}) and the match, {n} seals",
            seals,
            who=who,
            round=rnd,
            totals=totals,
        )
    return msg_n(
        "{who} wins round {round} ({totals}) on {tiebreak} and the match, {n} seal",
        "{who} wins round {round} ({totals}) on {tiebreak} and the match, {n} seals",
        seals,
        who=who,
        round=rnd,
        totals=totals,
        tiebreak=tiebreak,
    )


def describe(event: dict[str, Any], names: list[str], again: bool = False) -> Msg | str:
    """The event in words ("" for one the log leaves out: a refill). `again`: the mover was
    named on the line before, so this line leaves the name out ("sells 1 leather for 4")."""
    kind = event.get("type")
    who = person(names[event["seat"]]) if "seat" in event and event["seat"] < len(names) else ""
    if kind == "deal":
        starter = person(names[event["first"]]) if event["first"] < len(names) else "?"
        return msg("Round {round} is dealt; {starter} starts", round=event["round"], starter=starter)
    if kind == "take":
        good = name(event["good"])
        if again:
            return msg("takes 1 {good}", good=good)
        return msg("{who} takes 1 {good}", who=who, good=good)
    if kind == "camels":
        camels = count("camel", event["count"])
        if again:
            return msg("takes {camels}", camels=camels)
        return msg("{who} takes {camels}", who=who, camels=camels)
    if kind == "exchange":
        took, gave = cards_text(event["take"]), cards_text(event["give"])
        if again:
            return msg("takes {took} for {gave}", took=took, gave=gave)
        return msg("{who} takes {took} for {gave}", who=who, took=took, gave=gave)
    if kind == "sell":
        goods, points = count(event["good"], event["count"]), sum(event["tokens"])
        if again and event["bonus"]:
            return msg("sells {goods} for {points} + bonus", goods=goods, points=points)
        if again:
            return msg("sells {goods} for {points}", goods=goods, points=points)
        if event["bonus"]:
            return msg("{who} sells {goods} for {points} + bonus", who=who, goods=goods, points=points)
        return msg("{who} sells {goods} for {points}", who=who, goods=goods, points=points)
    if kind == "round_end":
        return _round_end(event, names)
    if isinstance(kind, str) and kind.startswith("bot_"):
        bot = person(names[1]) if len(names) > 1 else msg("The bot")
        return _bot(event, bot, again)
    return ""
