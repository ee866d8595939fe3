"""Gin Rummy's phases and what lies on the table, as a seat's view names them: the face's words
for a table and for the checks (the state that holds them is the machinery's, state.py)."""

from __future__ import annotations

from dataclasses import dataclass

# Phases, as the view names them.
FIRST_UPCARD = "first_upcard"
DRAW = "draw"
DISCARD = "discard"
LAYOFF = "layoff"
HAND_OVER = "hand_over"
MATCH_OVER = "match_over"
DEALING = "dealing"  # before the first deal only; never seen by a player

# Public actions a seat's opponent can see, kept per hand for the bots and the table.
TOOK = "took"  # took a card from the discard pile (the first upcard included)
PASSED = "passed"  # declined the top of the pile (passed the upcard, or drew from the stock)
DISCARDED = "discarded"


@dataclass(frozen=True)
class Knock:
    """What is on the table after a knock."""

    knocker: int
    card: str  # the knocking discard
    gin: bool
    melds: tuple[tuple[str, ...], ...]  # the knocker's melds
    defender_melds: tuple[tuple[str, ...], ...]
    layoffs: tuple[tuple[str, int], ...]  # (card, index of the knocker's meld)
