"""Figures for `make bench`: whole games with random legal bots, and the hard bot's think time."""

from __future__ import annotations

import statistics
import time

from game.core import sim
from game.core.match import Match


def play_random(seed: int, seats: int = 4) -> Match:
    """A whole game of random legal players, by `sim`'s driver."""
    return sim.run("tajmahal", ["random"] * seats, seed, {})


def games_per_s(seconds: float = 4.0) -> float:
    start, games = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        play_random(games)
        games += 1
    return games / (time.perf_counter() - start)


def hard_move_ms(games: int = 2) -> tuple[float, float]:
    """Median and longest milliseconds of a hard-bot play-or-withdraw decision (the ones it
    searches; builds and picks take well under a millisecond), hard against three easy bots,
    in-app budget: every one in `games` games from seed 500, by `sim`'s driver."""

    def kept(seat: int, view: dict) -> bool:
        return seat == 0 and view["phase"] == "play"

    times = sim.think_ms("tajmahal", ["hard", "easy", "easy", "easy"], range(500, 500 + games), kept)
    return statistics.median(times), max(times)


def figures() -> dict[str, float]:
    median, worst = hard_move_ms()
    return {
        "tajmahal.games_per_s": games_per_s(),
        "tajmahal.hard_move_ms": round(median, 1),
        "tajmahal.hard_move_max_ms": round(worst, 1),
    }


if __name__ == "__main__":
    print(figures())
