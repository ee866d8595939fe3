"""Median and maximum think time of a bot level (the bench, `make bench`, reports the median only).

    python -m tools.measure.think_time GAME [--level hard] [--positions 60] [--seconds 1.0]

Positions come from the level playing `easy` (seat 0 is timed), as in the games' own bench
figures (game/rules/<game>/bench.py); only decisions with more than one legal command count.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from game.core import registry
from game.core.match import Match, Seat
from game.core.ruleset import Budget


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=2)
    args = ap.parse_args()
    rules = registry.get(args.game)
    bot, easy = rules.bot(args.level), rules.bot("easy")
    times: list[float] = []
    seed = args.seed
    while len(times) < args.positions:
        match = Match.new(rules, [Seat("A"), Seat("B")], {}, seed)
        seed += 1
        while not match.finished and len(times) < args.positions:
            seat = min(match.to_act)
            view, legal = match.view(seat), match.legal(seat)
            rng = random.Random(len(match.events))
            player = bot if seat == 0 else easy
            start = time.perf_counter()
            command = player.choose(view, legal, rng, Budget(seconds=args.seconds, timed=True))
            if seat == 0 and len(legal) > 1:
                times.append(1000 * (time.perf_counter() - start))
            match.submit(seat, command)
    print(
        json.dumps(
            {
                "game": args.game,
                "level": args.level,
                "positions": len(times),
                "median_ms": round(statistics.median(times), 1),
                "p90_ms": round(sorted(times)[int(0.9 * len(times))], 1),
                "max_ms": round(max(times), 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
