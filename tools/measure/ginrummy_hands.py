"""Gin Rummy deal by deal: one player against another over the first hand of many deals.

    python -m tools.measure.ginrummy_hands A B [--deals N] [--first S] [--processes P]
                                               [--save F] [--against G]

Deal S, S+1, ... is played with A in each seat, its first hand only, and A's points are kept
per (deal, seat). The deal, an outside player's moves and the bots' random numbers are the same
from run to run, so two versions of A (before and after a change to its code) can be compared
deal by deal: `--save` one run, then run the other with `--against` that file. They differ only
where A plays differently, so the paired difference has a far smaller standard error than two
match runs of `tools.measure.duel` (issue 23: ±0.23 a hand over 4000 hands, where two 400-match duels
give about ±0.6). A and B are specs as in `tools.measure.duel` (`hard`, `gin-simple`, ...).
"""

from __future__ import annotations

import argparse
import json
import statistics
from concurrent.futures import ProcessPoolExecutor

from game.core import registry
from game.core.match import Match, Seat
from game.core.ruleset import Budget
from tools.measure.duel import player, turn


def first_hand(job: tuple[str, str, int, int]) -> tuple[int, int, int]:
    """(deal, A's seat, A's points in the first hand)."""
    a, b, seed, a_seat = job
    specs = [a, b] if a_seat == 0 else [b, a]
    players = [player("ginrummy", s) for s in specs]
    match = Match.new(registry.get("ginrummy"), [Seat(s, "bot", s) for s in specs], {}, seed)
    budget = Budget(seconds=1.0)
    while not match.state.history:
        turn(match, players, specs, seed, budget)
    hand = match.state.history[0]
    points = 0 if hand.winner is None else hand.points if hand.winner == a_seat else -hand.points
    return seed, a_seat, points


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--first", type=int, default=1000)
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--save", help="write A's points per deal and seat to this JSON file")
    ap.add_argument("--against", help="a file saved by an earlier run, for the paired difference")
    args = ap.parse_args()
    jobs = [(args.a, args.b, s, seat) for s in range(args.first, args.first + args.deals) for seat in (0, 1)]
    with ProcessPoolExecutor(args.processes) as pool:
        rows = list(pool.map(first_hand, jobs, chunksize=20))
    if args.save:
        with open(args.save, "w") as f:
            json.dump(rows, f)
    points = [p for _, _, p in rows]
    mean = round(statistics.fmean(points), 2)
    report: dict = {"a": args.a, "b": args.b, "hands": len(points), "points_per_hand": mean}
    if args.against:
        with open(args.against) as f:
            before = {(d, s): p for d, s, p in json.load(f)}
        diffs = [p - before[(d, s)] for d, s, p in rows if (d, s) in before]
        if len(diffs) > 1:
            report.update(
                paired=len(diffs),
                difference=round(statistics.fmean(diffs), 3),
                difference_se=round(statistics.stdev(diffs) / len(diffs) ** 0.5, 3),
                hands_that_differ=round(sum(1 for d in diffs if d) / len(diffs), 3),
            )
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
