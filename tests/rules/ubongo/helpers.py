"""Shared set-ups for the Ubongo tests: fixed deals and solutions read from the views."""

from __future__ import annotations

from functools import cache

from game.core.match import Match, Seat
from game.rules.ubongo.face import levels
from game.rules.ubongo.face.constants import COLOURS
from game.rules.ubongo.face.solver import solve
from game.rules.ubongo.ruleset import RULESET, puzzle_of

# Row r holds colour r at its head pair, then the colours cycle: easy to predict the takes.
GEMS = [[COLOURS[(r + i // 2) % 6] for i in range(12)] for r in range(6)]


def deal(seats: int = 2, pawns=None, dice=None, boards=None) -> dict:
    return {
        "gems": GEMS,
        "boards": boards or list(range(1, 9 * seats + 1)),
        "dice": dice or [0, 1, 2, 3, 4, 5, 0, 1, 2],
        "first": 0,
        **({"pawns": pawns} if pawns is not None else {}),
    }


def new(seats: int = 2, options=None, pawns=(0, 0, 0, 0), **kw) -> Match:
    """A match of people with a fixed deal, on one shared clock unless the options say turns
    (people at one screen would take turns by default)."""
    pawns = None if pawns is None else list(pawns[:seats])
    match = Match.new(
        RULESET,
        [Seat(f"P{i + 1}") for i in range(seats)],
        {"clock": "shared", **(options or {})},
        seed=7,
        setup=deal(seats, pawns, **kw),
    )
    reveal(match)
    return match


def reveal(match: Match) -> list[dict]:
    """The table's clock turns the hourglass of a round whose boards are still face down (as
    the referee does when the sand starts): the reveal's events, or none."""
    due = match.clock
    if due is None or due["move"] != "reveal":
        return []
    events = match.submit(None, due)
    assert isinstance(events, list), events
    return events


def solution(match: Match, seat: int) -> list[dict]:
    reveal(match)  # a new round's boards turn up before anyone can solve them
    puzzle = match.view(seat)["puzzles"][seat]
    tiling = solve([tuple(c) for c in puzzle["cells"]], puzzle["pieces"])
    assert tiling is not None
    return [{"piece": p, "cells": [list(c) for c in cells]} for p, cells in tiling]


def solve_cmd(match: Match, seat: int, tick: int) -> dict:
    return {"move": "solve", "tick": tick, "placements": solution(match, seat)}


@cache
def shipped_seconds(side: str) -> dict[int, list[float]]:
    """Estimated seconds of every shipped row of one side, per board number (the rules' own cache)."""
    return {b.number: [puzzle_of(b.number, side, face).seconds for face in range(6)] for b in levels.boards()}
