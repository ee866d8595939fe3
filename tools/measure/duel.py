"""Matches between one of our bot levels and an outside player, both seat orders.

    python -m tools.measure.duel GAME A B [--games N] [--seed S] [--seconds T] [--processes P]

A and B are our levels (`easy`, `medium`, `hard`) or an outside player: `jaipur-mc` (the
determinized Monte-Carlo player of tools/opponents/jaipur_mc.py, 300 ms a move), `gin-greedy` or
`gin-simple` (tools/opponents/ginrummy_heuristic.py). They are hosted in-process but see only
the seat's view and the legal list, like a protocol program. Half the games A sits first, half
second. Prints A's match wins per seat order, for Gin Rummy A's average points a hand (± one
standard error; a hand scores its points for the winner, minus for the loser, 0 when dead) with
where they come from (`hand_kinds`: per kind of hand ending and who knocked, its share of hands,
its mean points for A and what it adds to A's average), and A's think time per move (median and
maximum).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from game.core import registry
from game.core.match import Match, Seat
from game.core.rng import stream
from game.core.ruleset import Budget


def player(game: str, spec: str):
    if spec == "jaipur-mc":
        from tools.opponents.jaipur_mc import Player

        return Player(0.3)
    if spec.startswith("gin-"):
        from tools.opponents.ginrummy_heuristic import Player

        return Player(spec[4:])
    return registry.get(game).bot(spec)


def turn(match: Match, players: list, specs: list[str], seed: int, budget: Budget) -> tuple[int, int, float]:
    """Let the next seat to act choose from its view and play it: (seat, its number of legal
    commands, seconds it thought). The random numbers depend only on the seed and the move, so
    a deal replays the same for the same players."""
    seat = min(match.to_act)
    view, legal = match.view(seat), match.legal(seat)
    rng = stream("bot", seed, seat, len(match.events))
    start = time.perf_counter()
    command = players[seat].choose(view, legal, rng, budget)
    spent = time.perf_counter() - start
    result = match.submit(seat, command)
    if hasattr(result, "reason"):
        raise RuntimeError(f"{specs[seat]} played {command}: {result.reason}")
    return seat, len(legal), spent


def one(job: tuple) -> dict:
    game, a, b, seed, a_seat, seconds, options = job
    ruleset = registry.get(game)
    specs = [a, b] if a_seat == 0 else [b, a]
    players = [player(game, s) for s in specs]
    match = Match.new(ruleset, [Seat(s, "bot", s) for s in specs], options, seed)
    times: list[float] = []
    budget = Budget(seconds=seconds)
    while not match.finished:
        seat, choices, spent = turn(match, players, specs, seed, budget)
        if seat == a_seat and choices > 1:
            times.append(spent)
    outcome = match.outcome
    hands = []  # (kind, who knocked, A's points)
    if game == "ginrummy":
        for h in match.state.history:
            points = 0 if h.winner is None else h.points if h.winner == a_seat else -h.points
            knocker = "-" if h.knocker is None else "A" if h.knocker == a_seat else "B"
            hands.append((h.kind, knocker, points))
    return {"won": outcome.winners == (a_seat,), "a_seat": a_seat, "hands": hands, "times": times}


def hand_kinds(hands: list[tuple[str, str, int]]) -> dict[str, dict[str, float]]:
    """Per "kind by knocker" (e.g. "undercut by B"): share of hands, A's mean points, and
    what it adds to A's points a hand. The adds sum to points_per_hand."""
    groups: dict[str, list[int]] = {}
    for kind, knocker, points in hands:
        groups.setdefault(f"{kind} by {knocker}", []).append(points)
    return {
        key: {
            "share": round(len(ps) / len(hands), 3),
            "mean": round(statistics.fmean(ps), 1),
            "adds": round(sum(ps) / len(hands), 2),
        }
        for key, ps in sorted(groups.items())
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    options = {}
    for pair in args.option:
        k, _, v = pair.partition("=")
        try:
            options[k] = json.loads(v)
        except ValueError:
            options[k] = v
    half = args.games // 2
    jobs = [
        (args.game, args.a, args.b, args.seed * 1_000_003 + i, 0 if i < half else 1, args.seconds, options)
        for i in range(args.games)
    ]
    start = time.perf_counter()
    if args.processes > 1:
        with ProcessPoolExecutor(args.processes) as pool:
            results = list(pool.map(one, jobs))
    else:
        results = [one(j) for j in jobs]
    first = [r["won"] for r in results if r["a_seat"] == 0]
    second = [r["won"] for r in results if r["a_seat"] == 1]
    hands = [h for r in results for h in r["hands"]]
    times = [t * 1000 for r in results for t in r["times"]]
    report = {
        "game": args.game,
        "a": args.a,
        "b": args.b,
        "games": len(results),
        "wins": sum(first) + sum(second),
        "win_rate": (sum(first) + sum(second)) / len(results),
        "wins_first": f"{sum(first)}/{len(first)}",
        "wins_second": f"{sum(second)}/{len(second)}",
        "move_ms_median": round(statistics.median(times), 1) if times else 0.0,
        "move_ms_max": round(max(times), 1) if times else 0.0,
        "seconds": round(time.perf_counter() - start, 1),
    }
    if hands:
        points = [p for _, _, p in hands]
        mean = statistics.fmean(points)
        se = statistics.stdev(points) / len(points) ** 0.5 if len(points) > 1 else 0.0
        report.update(hands=len(points), points_per_hand=round(mean, 2), points_se=round(se, 2))
        report["hand_kinds"] = hand_kinds(hands)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
