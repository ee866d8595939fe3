"""Ubongo's figures for `make bench`: the solver over every shipped row, the generator, and the
race for gems with a seat that never solves (every other solve should end with gems taken)."""

from __future__ import annotations

import statistics
import time

from game.core.authority import Authority
from game.core.match import Match, Seat
from game.core.referee import Referee
from game.rules.ubongo import generate, levels, solver
from game.rules.ubongo.ruleset import RULESET


def rows() -> list[tuple[tuple, tuple[str, ...]]]:
    """All 432 shipped puzzles: (area, pieces)."""
    return [
        (b.side(side).cells, row)
        for b in levels.boards()
        for side in levels.SIDES
        for row in b.side(side).rows
    ]


def solve_us(puzzles) -> float:
    """Median microseconds to the first tiling (compiling the area included)."""
    times = []
    for cells, row in puzzles:
        best = float("inf")
        for _ in range(3):  # best of three hides a stray scheduler hiccup
            start = time.perf_counter()
            solver.solve(cells, row)
            best = min(best, time.perf_counter() - start)
        times.append(best * 1e6)
    return statistics.median(times)


def count_all_ms(puzzles) -> float:
    start = time.perf_counter()
    for cells, row in puzzles:
        solver.count(cells, row)
    return (time.perf_counter() - start) * 1000


def generate_s() -> float:
    start = time.perf_counter()
    generate.generate()
    return time.perf_counter() - start


class Idle:
    """A seat that never solves: its pawn on the first row, then it gives up as its sand runs
    out (as a person who does nothing times out)."""

    level = "idle"

    def choose(self, view, legal, rng, budget) -> dict:
        if view["phase"] == "start":
            return {"move": "pawn", "row": 0}
        return {"move": "give_up", "tick": view["hourglass"]["end"][view["seat"]]}


def idle_seat_game(seed: int, levels_: tuple[str, ...]) -> Match:
    """One game on one clock, driven by the referee every match has, of an idle seat against
    bots of these levels."""
    seats = [Seat("idle", "bot", "idle"), *(Seat(level, "bot", level) for level in levels_)]
    match = Match.new(RULESET, seats, {}, seed)
    players = {0: Idle(), **{i + 1: RULESET.bot(level) for i, level in enumerate(levels_)}}
    referee = Referee(Authority(match), players)
    while not match.finished:
        referee.advance(referee.quiet())
    referee.close()
    return match


def idle_seat_race(games: int = 100, levels_: tuple[str, ...] = ("medium", "hard"), seed: int = 100) -> dict:
    """How many solves the bots made beside an idle seat, and how many ended with the solver's
    gems taken (a `gems` event for it in that round)."""
    solves = taken = 0
    start = time.perf_counter()
    for game in range(games):
        events = idle_seat_game(seed + game, levels_).events
        solves += sum(e["type"] == "solve" for e in events)
        taken += sum(e["type"] == "gems" for e in events)
    return {
        "games": games,
        "solves": solves,
        "taken": taken,
        "taken_pct": 100.0 * taken / max(1, solves),
        "games_per_s": games / (time.perf_counter() - start),
    }


def figures() -> dict[str, float]:
    puzzles = rows()
    race = idle_seat_race()
    return {
        "ubongo.solve_us": solve_us(puzzles),
        "ubongo.count_all_ms": count_all_ms(puzzles),
        "ubongo.generate_s": generate_s(),
        "ubongo.idle_seat_gems_taken_pct": race["taken_pct"],
        "ubongo.race_games_per_s": race["games_per_s"],
    }
