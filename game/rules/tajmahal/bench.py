"""Figures for `make bench`: whole games with random legal bots, and the hard bot's think time."""

from __future__ import annotations

import statistics
import time

from game.core.bots import RandomBot
from game.core.match import Match, Seat
from game.core.rng import stream
from game.core.ruleset import Budget
from game.rules.tajmahal.bots import HardBot
from game.rules.tajmahal.ruleset import TajMahal


def play_random(seed: int, seats: int = 4) -> Match:
    rules = TajMahal()
    bot = RandomBot()
    match = Match.new(rules, [Seat(f"R{i}", "bot", "random") for i in range(seats)], {}, seed)
    while not match.finished:
        seat = min(match.to_act)
        rng = stream("bot", seed, seat, len(match.events))  # the bots' own stream
        match.submit(seat, bot.choose(match.view(seat), match.legal(seat), rng, Budget()))
    return match


def games_per_s(seconds: float = 4.0) -> float:
    start, games = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        play_random(games)
        games += 1
    return games / (time.perf_counter() - start)


def hard_move_ms(games: int = 2) -> tuple[float, float]:
    """Median and longest milliseconds of a hard-bot play-or-withdraw decision (the ones it
    searches; builds and picks take well under a millisecond), hard against three easy bots,
    in-app budget."""
    rules = TajMahal()
    times: list[float] = []
    for g in range(games):
        players = [HardBot(), *(rules.bot("easy") for _ in range(3))]
        match = Match.new(rules, [Seat(f"S{i}", "bot") for i in range(4)], {}, 500 + g)
        while not match.finished:
            seat = min(match.to_act)
            view, legal = match.view(seat), match.legal(seat)
            rng = stream("bot", g, seat, len(match.events))
            t0 = time.perf_counter()
            command = players[seat].choose(view, legal, rng, Budget())
            if seat == 0 and view["phase"] == "play":
                times.append((time.perf_counter() - t0) * 1000)
            match.submit(seat, command)
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
