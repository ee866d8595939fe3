"""Playing Ubongo at the real table through game.automation: solutions laid by dragging,
turning and flipping pieces, pawns moved by clicking rows."""

from __future__ import annotations

import random

import pygame

from game.automation import Session
from game.rules.ubongo.solver import tilings


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
