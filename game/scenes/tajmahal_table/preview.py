"""What a choice at the Taj Mahal table would do, in words, read from the view alone: the
categories a play would lead, what withdrawing wins, what a hint or a move says."""

from __future__ import annotations

from typing import Any

from game.rules.tajmahal.data import CARDS, CATEGORIES, COLOURS, PERSONS
from game.scenes.tajmahal_table.art import SPECIAL_SHORT, SYMBOL_SHORT

COLOUR_ORDER = {c: k for k, c in enumerate((*COLOURS, "white", "special"))}


def sort_key(card: dict[str, Any]) -> tuple[int, int]:
    return (COLOUR_ORDER[card["colour"]], card["id"])


def card_words(card_id: int) -> str:
    card = CARDS[card_id]
    if card.colour == "special":
        return f"special {card.special} ({SPECIAL_SHORT[card.special]})"
    return f"{card.colour} {'/'.join(SYMBOL_SHORT[s] for s in card.symbols)}"


def cards_words(ids: list[int]) -> str:
    return " + ".join(card_words(c) for c in ids)


def standing(v: dict[str, Any], seat: int, extra: list[int] = ()) -> tuple[list[str], list[str]]:
    """(categories `seat` would lead, categories it would tie) with `extra` cards played on
    top of what it showed, against everyone still in the visit; categories taken are out."""
    mine = dict(v["players"][seat]["shown"])
    for cid in extra:
        for s in CARDS[cid].symbols:
            mine[s] = mine.get(s, 0) + 1
    others = [p["shown"] for p in v["players"] if p["in_visit"] and p["seat"] != seat]
    lead, tie = [], []
    for c in CATEGORIES:
        if c in v["won"] or not mine.get(c):
            continue
        best = max((o.get(c, 0) for o in others), default=0)
        if mine[c] > best:
            lead.append(c)
        elif mine[c] == best:
            tie.append(c)
    return lead, tie


def gains(v: dict[str, Any], seat: int, cats: list[str]) -> str:
    """What winning these categories gives, in short: palaces, influence, the tile."""
    if not cats:
        return "nothing"
    parts = []
    persons = [c for c in cats if c in PERSONS]
    if persons:
        n = len(persons)
        parts.append(f"{n} palace{'s' if n > 1 else ''} and {', '.join(persons)} influence")
    if "mogul" in cats:
        parts.append("the mogul's palace")
    if "elephant" in cats:
        goods = v["tile_goods"].get(str(v["visit"]), [])
        parts.append(f"tile {v['visit']} ({', '.join(goods)})")
    return "; ".join(parts)


def withdraw_words(v: dict[str, Any], seat: int) -> str:
    """What withdrawing now gives, in a line."""
    won = v.get("would_win") or []
    free = "" if v["players"][seat]["played"] else "; you draw a free card (you played none)"
    if not won:
        return f"Withdrawing now wins nothing{free}; then you take display cards."
    return f"Withdrawing now wins {', '.join(won)}: {gains(v, seat, won)}{free}."


def play_words(v: dict[str, Any], seat: int, ids: list[int]) -> str:
    lead, tie = standing(v, seat, ids)
    line = f"You would lead {', '.join(lead)}" if lead else "You would lead nothing"
    if tie:
        line += f" (tied in {', '.join(tie)})"
    return line + "; withdrawing then wins what you lead."


def command_words(command: dict[str, Any]) -> str:
    move = command.get("move")
    if move == "play":
        return f"play {cards_words(command['cards'])}"
    if move == "withdraw":
        return "withdraw"
    if move == "build":
        return f"build in {command['city']}"
    if move == "pick":
        return f"take {cards_words(command['cards'])}"
    return str(move)
