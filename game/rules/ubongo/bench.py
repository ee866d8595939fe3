"""Ubongo's figures for `make bench`: the solver over every shipped row, the generator, the
race for gems with a seat that never solves (every other solve should end with gems taken),
and the share of rounds each bot level solves within its sand on each side of the boards."""

from __future__ import annotations

import statistics
import time

from game.core import sim
from game.core.match import Match
from game.rules.ubongo.face import generate, levels, solver
from game.rules.ubongo.face.constants import TICKS_PER_SECOND

BOT_LEVELS = ("easy", "medium", "hard")
SAND = 45 * TICKS_PER_SECOND  # one hourglass, no handicap


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
    """One game on one clock, by `sim`'s driver (the referee every match has), of an idle seat
    against bots of these levels."""
    return sim.run("ubongo", [Idle(), *levels_], seed, {})


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


def solve_share(side: str, games: int = 48, seed: int = 200) -> dict[str, float]:
    """Per bot level, the share of rounds it solved within one hourglass (45 s, no handicap) on
    this side of the boards: whole games of the three levels racing on one clock, driven by
    the referee every match has (so the bots draw from the random streams a real game gives
    them), 9 rounds each (docs/ubongo.md, Bot levels)."""

    solved = dict.fromkeys(BOT_LEVELS, 0)
    rounds = 0
    options = {f"side{k + 1}": side for k in range(len(BOT_LEVELS))}
    for game in range(games):
        match = sim.run("ubongo", list(BOT_LEVELS), seed + game, options)
        for event in match.events:
            if event["type"] == "round_end":
                rounds += 1
                for seat, level in enumerate(BOT_LEVELS):
                    tick = event["ticks"][seat]
                    solved[level] += tick is not None and tick <= SAND
    return {level: solved[level] / max(1, rounds) for level in BOT_LEVELS}


def solve_shares(games: int = 48) -> dict[str, float]:
    """`ubongo.solve_share.LEVEL.SIDE` for every level and side: 432 rounds each by default."""
    out = {}
    for side in levels.SIDES:
        for level, share in solve_share(side, games).items():
            out[f"ubongo.solve_share.{level}.{side}"] = share
    return out


def figures(wanted=lambda key: True) -> dict[str, float]:
    """Only what `wanted` asks for (`--only ubongo.solve_share` skips the generator's half
    minute). The race is timed first, once the boards are read (`rows`), before the solver's
    and the generator's figures fill the caches and the heap: as every commit since a718c37
    times it, so its figure compares across them."""
    out: dict[str, float] = {}
    race_wanted = wanted("ubongo.idle_seat_gems_taken_pct") or wanted("ubongo.race_games_per_s")
    solver_wanted = wanted("ubongo.solve_us") or wanted("ubongo.count_all_ms")
    puzzles = rows() if race_wanted or solver_wanted else []  # reading the boards is no race
    if race_wanted:
        race = idle_seat_race()
        out["ubongo.idle_seat_gems_taken_pct"] = race["taken_pct"]
        out["ubongo.race_games_per_s"] = race["games_per_s"]
    if solver_wanted:
        out["ubongo.solve_us"] = solve_us(puzzles)
        out["ubongo.count_all_ms"] = count_all_ms(puzzles)
    if wanted("ubongo.generate_s"):
        out["ubongo.generate_s"] = generate_s()
    if wanted("ubongo.solve_share."):
        out.update(solve_shares())
    return out
