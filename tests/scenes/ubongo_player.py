"""Playing Ubongo at the real table through game.automation: solutions laid by dragging,
turning and flipping pieces, pawns moved by clicking rows."""

from __future__ import annotations

import random

import pygame

from game.automation import Session
from game.core.match import Match, Seat
from game.rules.ubongo.face.solver import tilings
from game.rules.ubongo.ruleset import RULESET


def solution(s: Session, seat: int, pick: int = 0) -> dict:
    """A solve command for the seat's puzzle (the `pick`-th of its first tilings)."""
    puzzle = s.view(seat)["puzzles"][seat]
    options = tilings([tuple(c) for c in puzzle["cells"]], puzzle["pieces"], limit=pick + 1)
    tiling = options[min(pick, len(options) - 1)]
    return {
        "move": "solve",
        "placements": [{"piece": p, "cells": [list(c) for c in cells]} for p, cells in tiling],
    }


def choose(s: Session, seat: int, rng: random.Random, give_up_odds: float = 0.0) -> dict:
    """What a person does now: solve (or now and then give up), or take a row in reach."""
    v = s.view(seat)
    if v["phase"] == "solve" and v["status"][seat] == "solving":
        if rng.random() < give_up_odds:
            return {"move": "give_up"}
        return solution(s, seat, rng.randrange(3))
    return rng.choice(s.legal(seat))


def play_to_standings(
    s: Session, rng: random.Random, give_up_odds: float = 0.0, think: int = 0, limit: int = 400
) -> int:
    """Whoever the table waits on acts until the match is over, then the last round's sheet is
    passed to the standings. `think`: up to that many ticks a person looks at a puzzle before
    laying it (the sand may run out meanwhile). Returns the commands the people made."""
    made = 0
    thought: set[tuple] = set()
    for _ in range(limit):
        s.idle()
        if s.outcome is not None:
            break
        waiting = s.waiting()
        if not waiting:  # a round's sheet stands: the next round's boards turn up once it is read
            asked = s.attention()
            assert asked, f"the table waits on nobody in phase {s.view(None)['phase']}"
            s.click(asked["target"])
            continue
        seat = waiting[0]
        v = s.view(seat)
        moment = (v["round"], v["hourglass"]["turn"], seat)
        solving = v["phase"] == "solve" and v["status"][seat] == "solving"
        if think and solving and moment not in thought and s.app.top is s.table:
            thought.add(moment)
            s.tick(rng.randrange(think))
            continue
        s.perform(seat, choose(s, seat, rng, give_up_odds))
        made += 1
    assert s.outcome is not None, "the match did not finish"
    s.idle()
    while s.scene == "ubongo-round":
        s.click("continue")
        s.idle()
    assert s.scene == "results", s.scene
    return made


def press(s: Session, pos: tuple[int, int]) -> None:
    s._post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    s._post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    s.app.step(0)


def move_to(s: Session, pos: tuple[int, int]) -> None:
    s._post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
    s.app.step(0)


def too_late(seed: int = 7) -> Session:
    """A person who solves 200 ticks before their sand runs out and does not move: the table
    at the tick the sand runs out (the round over, the person too late for gems)."""
    setup = {"pawns": [2, 2]}
    s = Session.open(
        "ubongo", ["human", "easy"], seed=seed, options={"first": 0, "side2": "hard"}, setup=setup
    )
    s.idle()
    s.tick(2700 - 200)
    s.perform(0, solution(s, 0))
    for _ in range(400):
        if any(e["type"] == "too_late" for e in s.log):
            break
        s.tick(1)
    return s


def empty_row_match() -> Match:
    """Asha (at the screen) against an easy bot, both pawns on row 1, which three rounds of
    both taking it have emptied; round 4's die has rolled, its boards still face down."""
    from tests.rules.ubongo.helpers import deal

    seats = [Seat("Asha"), Seat("Bilal", "bot", "easy")]
    match = Match.new(RULESET, seats, {"first": 0}, seed=5, setup=deal(2, [0, 0]))
    for _ in range(3):
        match.submit(None, match.clock)  # the boards turn up
        for seat, tick in ((0, 100), (1, 200)):
            puzzle = match.view(seat)["puzzles"][seat]
            tiling = tilings([tuple(c) for c in puzzle["cells"]], puzzle["pieces"], limit=1)[0]
            placements = [{"piece": p, "cells": [list(c) for c in cells]} for p, cells in tiling]
            assert isinstance(
                match.submit(seat, {"move": "solve", "tick": tick, "placements": placements}), list
            )
            assert isinstance(match.submit(seat, {"move": "pawn", "row": 0, "tick": tick + 10}), list)
    assert match.state.gems[0] == () and match.view(0)["phase"] == "roll"
    return match


def open_match(match: Match) -> Session:
    """The app with `match` on its table, as a local match is opened (the referee drives it)."""
    from game.scenes.ubongo.table import UbongoTable
    from tests.scenes.driver import open_table

    s = Session(Session._app(True))
    s.app.push(open_table(s.app, UbongoTable, match))
    s.app.step(0)
    return s
