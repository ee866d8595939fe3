"""Ubongo's face: why_not on a seat's view says what decide says on the state, for the tick
the command carries."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from game.core import registry
from game.core.match import Match, Seat
from game.core.ruleset import Rejected
from game.rules.ubongo.face import FACE
from game.rules.ubongo.face.constants import GEM_ROWS
from game.rules.ubongo.face.solver import solve
from game.rules.ubongo.ruleset import RULESET
from game.rules.ubongo.state import State
from tests.rules.faces import Agreement


@cache
def tiling(cells: tuple[tuple[int, int], ...], pieces: tuple[str, ...]) -> tuple:
    found = solve(list(cells), list(pieces))
    assert found is not None
    return tuple(found)


def solution(state: State, seat: int) -> list[dict[str, Any]]:
    puzzle = state.puzzles[seat]
    found = tiling(puzzle.cells, puzzle.pieces)
    return [{"piece": p, "cells": [list(c) for c in cells]} for p, cells in found]


def overlapping(area: tuple, first: dict[str, Any], second: dict[str, Any]) -> list[list[int]]:
    """The second piece moved (in its shape, inside the area) onto a cell of the first."""
    inside = set(map(tuple, area))
    taken = set(map(tuple, first["cells"]))
    for dx in range(-4, 5):
        for dy in range(-4, 5):
            moved = [(x + dx, y + dy) for x, y in second["cells"]]
            if set(moved) <= inside and taken & set(moved):
                return [list(c) for c in moved]
    return first["cells"]


def near_misses(state: State, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """Commands a person could nearly send: a solve at the wrong moment or with pieces that do
    not fit, a pawn too far or too early, rows and ticks of the wrong kind, the clock's move,
    unknown moves."""
    out: list[dict[str, Any]] = [
        {},
        {"move": "dance"},
        {"move": "expire", "tick": 10**6},
        {"move": "give_up"},
        {"move": "give_up", "tick": True},
        {"move": "give_up", "tick": "now"},
        {"move": "pawn"},
        {"move": "pawn", "row": GEM_ROWS},
        {"move": "pawn", "row": -1},
        {"move": "pawn", "row": True},
        {"move": "pawn", "row": rng.randrange(GEM_ROWS)},
        {"move": "solve", "tick": 0, "placements": "all"},
        {"move": "time", "tick": 0},  # the clock's alone
        {"move": "hint", "tick": 0},  # the solo game's alone
    ]
    if state.phase != "solve":
        return out
    now, start, end = state.now[seat], state.start(seat), state.end(seat)
    ticks = [now - 1, now, start - 1, start, end, end + 1, rng.randint(start, end), -5, None]
    placed = solution(state, seat)
    cells = [c for p in placed for c in p["cells"]]
    shifted = [{**p, "cells": [[x + 20, y] for x, y in p["cells"]]} for p in placed]
    moved = overlapping(state.puzzles[seat].cells, placed[0], placed[1])
    overlap = [placed[0], {**placed[1], "cells": moved}]
    for tick in ticks:
        out.append({"move": "solve", "tick": tick, "placements": placed})
        out.append({"move": "give_up", "tick": tick})
        here = state.pawns[seat] or 0
        for row in (here, here + 1, here - 3, here + 3):
            out.append({"move": "pawn", "row": row, "tick": tick})
    tick = max(now, start)
    for wrong in (
        [],
        placed[:-1],  # a piece not placed
        shifted,  # sticking out
        overlap,
        [*placed, placed[0]],  # a piece twice
        [{"piece": "Z9", "cells": cells[:3]}],
        [{"piece": placed[0]["piece"]}],
        [{"piece": placed[0]["piece"], "cells": [[0, "a"]]}],
        ["piece"],
    ):
        out.append({"move": "solve", "tick": tick, "placements": wrong})
    return out


def step(m: Match, rng: random.Random) -> None:
    """One random thing that may happen: a pawn to its start field, a seat solving, giving up
    or moving its pawn at some tick within its sand, the clock writing how far a seat's sand has
    run (time in the log), or the sand running out."""
    state = m.state
    acting = sorted(m.to_act)
    if state.phase == "solve" and acting and rng.random() < 0.15:
        seat = rng.choice(acting)
        tick = rng.randint(state.now[seat], max(state.now[seat], state.end(seat) - 1))
        entry = (
            {"move": "time", "tick": tick}
            if state.clock == "shared"
            else {"move": "time", "seat": seat, "tick": tick}
        )
        if not isinstance(m.submit(None, entry), Rejected):
            return
    if state.phase == "start":
        m.submit(rng.choice(acting), {"move": "pawn", "row": rng.randrange(GEM_ROWS)})
        return
    seat = rng.choice(acting) if acting else None
    earliest = max(RULESET.time(state, seat), state.start(seat)) if seat is not None else 0
    if seat is not None and earliest <= state.end(seat) and rng.random() < 0.85:
        tick = rng.randint(earliest, min(state.end(seat), earliest + 900))
        if state.status[seat] == "solving":
            if rng.random() < 0.8:
                command = {"move": "solve", "tick": tick, "placements": solution(state, seat)}
            else:
                command = {"move": "give_up", "tick": tick}
        else:
            command = rng.choice(RULESET.legal(state, seat))
            command = {**command, "tick": max(command["tick"], tick)}
        if not isinstance(m.submit(seat, command), Rejected):
            return
    due = RULESET.clock(state)
    if due is not None:
        m.submit(None, due)
    elif acting:  # nothing due and the random tick was refused: the seat's earliest move
        seat = acting[0]
        m.submit(seat, RULESET.legal(state, seat)[0])


@pytest.mark.parametrize(("seats", "clock"), [(2, "shared"), (3, "turns"), (4, "shared"), (1, "shared")])
def test_why_not_on_the_view_says_what_decide_says_on_the_state(seats, clock):
    """Ubongo's round (pawns onto start fields; solve the puzzle with its row's pieces, every
    cell covered, before the sand runs out; give up; a solver moves its pawn by its finishing
    order, 3, 2, 1 or 0 rows, before its sand runs out; a seat's clock runs only forward; only
    the table's clock runs the sand out): for every seat, on random reachable states, the
    face's why_not on the seat's view agrees with decide on the state for the tick each command
    carries, refusals word for word."""
    agree = Agreement(RULESET, FACE)
    options = {"clock": clock, "mode": "solo" if seats == 1 else "race", "side2": "hard", "extra3": 10}
    for seed in range(2):
        rng = random.Random(seed)
        m = Match.new(RULESET, [Seat(f"S{i}") for i in range(seats)], options, seed)
        for _ in range(120):
            if m.finished:
                break
            for seat in range(seats):
                for command in [*RULESET.legal(m.state, seat), *near_misses(m.state, seat, rng)]:
                    agree.check(m.state, seat, command)
            step(m, rng)
        assert m.finished
        for seat in range(seats):  # and once the ninth round is over
            for command in near_misses(m.state, seat, rng):
                assert not agree.check(m.state, seat, command)
    assert agree.seen["accepted"] > 100 and agree.seen["refused"] > 2000
    expected = {
        "Only the table's clock runs out the sand",
        "The command needs its tick (a whole number, 0 or more)",
        "A give-up's tick must be a whole number",
        "Choose a row from 0 to 5",
        "A solve needs a list of placements",
        "Unknown move None",
        "The game is over",
    }
    assert expected <= agree.reasons(), expected - agree.reasons()
    for start in (
        "Too late: your sand ran out",
        "sticks out of the area",
        "overlap",
        "is placed twice",
        "The area still has",
        "You have already",
    ):
        assert any(start in r for r in agree.reasons()), start
    if seats > 1:  # alone, nobody's move moves the clock on before one's own
        assert any(r.startswith("That moment has passed") for r in agree.reasons())
        assert any(r.startswith("Your pawn may move up to") for r in agree.reasons())


def test_the_face_is_the_rulesets_public_part():
    assert registry.face("ubongo") is FACE and registry.get("ubongo") is RULESET
    assert isinstance(RULESET, type(FACE)) and FACE.moments == ("round_end",) and FACE.timed
    for attr in ("name", "title", "min_seats", "max_seats", "bot_levels", "options", "hidden_hands"):
        assert getattr(FACE, attr) == getattr(RULESET, attr)
    assert FACE.seat_range({"mode": "solo"}) == (1, 1)
    assert FACE.seated_options(["human", "human"]) == {"clock": "turns"}
