"""One line of the table's move log per event."""

from __future__ import annotations

from collections import Counter
from typing import Any


def cards_text(cards: list[str]) -> str:
    counts = Counter(cards)
    parts = []
    for name, n in counts.items():
        parts.append(f"{n} {name}{'s' if name == 'camel' and n != 1 else ''}")
    return ", ".join(parts) if parts else "nothing"


def describe(event: dict[str, Any], names: list[str]) -> str:
    kind = event.get("type")
    who = names[event["seat"]] if "seat" in event and event["seat"] < len(names) else ""
    bot = names[1] if len(names) > 1 else "The bot"
    if kind == "deal":
        starter = names[event["first"]] if event["first"] < len(names) else "?"
        return f"Round {event['round']} is dealt; {starter} starts"
    if kind == "take":
        return f"{who} takes 1 {event['good']}"
    if kind == "camels":
        return f"{who} takes {cards_text(['camel'] * event['count'])}"
    if kind == "exchange":
        return f"{who} takes {cards_text(event['take'])} for {cards_text(event['give'])}"
    if kind == "sell":
        text = f"{who} sells {event['count']} {event['good']} for {sum(event['tokens'])}"
        return text + (" + bonus" if event["bonus"] else "")
    if kind == "bot_reveal":
        return f"{bot} reveals {event['card']}"
    if kind == "bot_token":
        return f"{bot} takes a {event['good']} token worth {event['value']}"
    if kind == "bot_discard":
        text = f"{bot} discards {cards_text(event['cards'])}"
        return text + (" + bonus" if event["bonus"] else "")
    if kind == "bot_camels":
        return f"{bot} takes {cards_text(['camel'] * event['count'])}"
    if kind == "bot_turned":
        return f"{bot}'s action deck is turned over, same order"
    if kind == "round_end":
        sheet = event["sheet"]
        totals = " to ".join(str(s["total"]) for s in sheet["seats"])
        if event["winner"] is None:
            return f"Round {event['round']} is tied ({totals}): no seal"
        text = f"{names[event['winner']]} wins round {event['round']} ({totals})"
        if sheet["tiebreak"] != "points":
            text += f" on {sheet['tiebreak']}"
        if event["match_winner"] is not None:
            text += f" and the match, {event['seals'][event['match_winner']]} seals"
        return text
    return ""
