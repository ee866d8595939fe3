"""Who leads which category in a visit: for decide (what a withdrawal wins), the view (each
player's leads and ties), the bots, and a table's preview of a play (`play_standing`, from a
view alone). Played cards lie face up, so all of it is public."""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping
from typing import Any

from game.rules.tajmahal.face.data import CARDS, CATEGORIES

View = dict[str, Any]


def standing(
    mine: Mapping[str, int], others: Iterable[Mapping[str, int]], taken: Container[str]
) -> tuple[list[str], list[str]]:
    """(categories `mine` leads, categories it ties) against the counts of `others`: open
    categories (not in `taken`) it showed at least once, with strictly more than each of the
    others (a lead, won on withdrawing) or as many as the best of them (a tie, won by nobody)."""
    lead: list[str] = []
    tie: list[str] = []
    if not mine:
        return lead, tie
    others = list(others)
    for c in CATEGORIES:
        m = mine.get(c, 0)
        if not m or c in taken:
            continue
        best = 0  # a plain loop: every view asks this for each player still in
        for o in others:
            x = o.get(c, 0)
            if x > best:
                best = x
        if m > best:
            lead.append(c)
        elif m == best:
            tie.append(c)
    return lead, tie


def play_standing(v: View, seat: int, cards: Iterable[int] = ()) -> tuple[list[str], list[str]]:
    """(categories `seat` would lead, categories it would tie) with `cards` played on top of
    what it showed, against everyone else still in the visit; categories taken are out. Reads
    only public parts of the view (shown counts, who is in, what was won), so any seat's view
    answers it; with no cards it is that player's `leads` and `ties`."""
    mine = dict(v["players"][seat]["shown"])
    for cid in cards:
        for s in CARDS[cid].symbols:
            mine[s] = mine.get(s, 0) + 1
    others = [p["shown"] for p in v["players"] if p["in_visit"] and p["seat"] != seat]
    return standing(mine, others, v["won"])
