"""Ubongo bots: solve times drawn from the puzzle's difficulty, pawns played for one colour.

Every level finds a real tiling with the solver (so a bot never sends a wrong placement); what
differs is the time it takes. A bot's solve time is the puzzle's estimated seconds for a
person times the level's pace, spread log-normally; `easy` also fumbles now and then (a piece
tried the wrong way round costs it half again or more), which with the harder rows makes it
miss the hourglass. When the drawn time is past its sand, the bot gives up for that hourglass
(with the tick the sand runs out), so the clock moves the round on.

After solving, a bot reaches for the gems at a moment of its own, drawn from its solve tick
(the order of taking gems is not the order of solving: a quick bot that solved second may take
a shared row's head before a slow one that solved first). The moment is the first number it
draws, so asked again with the same random source at that moment (as a table does when the
gems changed meanwhile), it chooses its row from the gems actually left. In pass-and-play it
also counts the gems that moves not yet settled, made with an earlier tick, will take.
"""

from __future__ import annotations

import math
import random

from game.core.ruleset import Budget, Command, View
from game.rules.ubongo.face import solver
from game.rules.ubongo.face.difficulty import SPREAD

# `medium` is the average player of difficulty.py (its labels' odds of missing the sand hold for
# it); `easy` is slower and fumbles, `hard` quick.
PACE = {"easy": 1.25, "medium": 1.0, "hard": 0.65}
FUMBLE = {"easy": 0.25, "medium": 0.0, "hard": 0.0}
REACH = {"easy": (2.0, 4.0), "medium": (1.2, 2.5), "hard": (0.6, 1.5)}  # seconds to move and take gems
VARIANTS = 6  # a bot lays one of the first few tilings, so its boards do not always look alike


class UbongoBot:
    def __init__(self, level: str):
        self.level = level

    def choose(self, view: View, legal: list[Command], rng: random.Random, budget: Budget) -> Command:
        phase = view.get("phase")
        seat = view.get("seat")
        if phase == "solve" and seat is not None and view["status"][seat] == "solving":
            return self.solve(view, seat, rng)
        if phase in ("start", "solve") and legal and legal[0]["move"] == "pawn":
            return self.pawn(view, seat, legal, rng)
        return legal[0] if legal else {"move": "give_up"}

    # -- solving ---------------------------------------------------------------------------
    def solve_ticks(self, seconds: float, rng: random.Random, per_second: int) -> int:
        t = seconds * PACE[self.level] * math.exp(rng.gauss(0.0, SPREAD))
        if rng.random() < FUMBLE[self.level]:
            t *= 1.5 + rng.random()
        return max(1, round(t * per_second))

    def solve(self, view: View, seat: int, rng: random.Random) -> Command:
        puzzle = view["puzzles"][seat]
        glass = view["hourglass"]
        start, end = glass["start"][seat], glass["end"][seat]
        tick = start + self.solve_ticks(puzzle["seconds"], rng, glass["ticks_per_second"])
        if tick > end:
            return {"move": "give_up", "tick": end}
        tick = max(tick, _now(view, seat))  # a game picked up again later: it solves at once
        cells = [tuple(c) for c in puzzle["cells"]]
        found = solver.tilings(cells, puzzle["pieces"], limit=VARIANTS)
        if not found:
            return {"move": "give_up", "tick": end}
        tiling = rng.choice(found)
        return {
            "move": "solve",
            "tick": tick,
            "placements": [{"piece": p, "cells": [list(c) for c in cells]} for p, cells in tiling],
        }

    # -- pawns -----------------------------------------------------------------------------
    def pawn(self, view: View, seat: int, legal: list[Command], rng: random.Random) -> Command:
        window = view.get("pawn_window")
        tick = None
        if window:
            # gems must be taken before the sand runs out: a bot reaches for them soon after
            # solving, at its own pace (never before the clock), and at the latest when its
            # sand runs out
            low, high = REACH[self.level]
            ticks = round(rng.uniform(low, high) * view["hourglass"]["ticks_per_second"])
            tick = min(max(window[0] + ticks, _now(view, seat)), window[1])
        if self.level == "easy" and rng.random() < 0.5:
            choice = rng.choice(legal)
        else:
            gems = self.left_for(view, tick)
            scored = [
                (self.row_value(view, seat, cmd["row"], gems) + rng.random() * 1e-3, i)
                for i, cmd in enumerate(legal)
            ]
            choice = legal[max(scored)[1]]
        return choice if tick is None else {**choice, "tick": tick}

    @staticmethod
    def left_for(view: View, tick: int | None) -> list[list[str]]:
        """The gem rows as a move at `tick` finds them: moves made with an earlier tick whose
        gems are still to be taken (pass-and-play) take theirs first."""
        gems = [list(row) for row in view["gems"]]
        for move in view.get("moves", []):
            if tick is not None and move.get("gems") is None and move["tick"] < tick:
                gems[move["to"]] = gems[move["to"]][2:]
        return gems

    def row_value(self, view: View, seat: int, row: int, rows: list[list[str]] | None = None) -> float:
        """Gems in reach, each worth more the more of its colour this seat holds: the win goes to
        the most gems of one colour. `hard` also counts the gems behind them (its pawn stays
        there) and taking a leading rival's colour away."""
        colours = view["colours"]
        mine = view["held"][seat] if seat is not None else dict.fromkeys(colours, 0)
        gems = (rows or view["gems"])[row]
        take, behind = gems[:2], gems[2:4]
        if view.get("phase") == "start":  # nothing held yet: look for a colour that repeats
            head = gems[:4]
            return max((head.count(c) for c in colours), default=0) + 0.1 * len(head)
        value = sum(1.0 + mine[c] for c in take)
        if self.level == "hard":
            value += 0.3 * sum(1.0 + mine[c] for c in behind)
            for other, held in enumerate(view["held"]):
                if other == seat:
                    continue
                lead = max(held.values())
                if lead:
                    value += 0.4 * sum(1 for c in take if held[c] == lead)
        return value


def _now(view: View, seat: int) -> int:
    """The tick the seat's clock has reached, as far as the rules know."""
    now = view.get("now") or []
    return now[seat] if seat < len(now) else 0
