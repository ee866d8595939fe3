"""Quick 4-player Taj Mahal tables with the seats rotated, in one process (for tuning; the
reported figures come from `python -m game sim`, see tools/measure/tajmahal_ladder.py).

    python -m tools.measure.tajmahal_quick SUBJECT OPPONENT [--games N] [--seed S] [--seats K]

SUBJECT plays against K-1 copies of OPPONENT; each is a level (`easy`, `medium`, `hard`) or
`heur` (tools/opponents/tajmahal_heuristic.py, which sees only the view and the legal list). Game g puts
the subject in seat g % K. Prints the subject's sole wins, shared wins, mean score and margin,
and its think time per play decision (median, max).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from game.core.match import Match, Seat
from game.core.rng import stream
from game.core.ruleset import Budget
from game.rules.tajmahal.ruleset import RULESET
from tools.opponents import tajmahal_heuristic


class Heur:
    level = "heur"

    def choose(self, view, legal, rng, budget):
        return tajmahal_heuristic.choose(view, legal, rng)


def make(spec: str):
    """A level, `heur`, or a level with attributes set for an experiment: `hard+candidates=5`."""
    if spec == "heur":
        return Heur()
    level, *sets = spec.split("+")
    bot = RULESET.bot(level)
    for kv in sets:
        key, value = kv.split("=")
        setattr(bot, key, type(getattr(bot, key))(value))
    return bot


def one(subject: str, opponent: str, seed: int, at: int, seats: int, budget: Budget):
    specs = [opponent] * seats
    specs[at] = subject
    players = [make(s) for s in specs]
    match = Match.new(RULESET, [Seat(f"S{i}", "bot", s) for i, s in enumerate(specs)], {}, seed)
    times = []
    while not match.finished:
        seat = min(match.to_act)
        view, legal = match.view(seat), match.legal(seat)
        rng = stream("bot", seed, seat, len(match.events))
        t0 = time.perf_counter()
        command = players[seat].choose(view, legal, rng, budget)
        if seat == at and view["phase"] == "play":
            times.append(time.perf_counter() - t0)
        assert match.submit(seat, command), command
    out = match.outcome
    return out.winners, out.scores, times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("subject")
    ap.add_argument("opponent")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--iterations", type=int, default=None)
    a = ap.parse_args()
    budget = Budget(iterations=a.iterations)
    wins = shared = 0
    scores, margins, times = [], [], []
    for g in range(a.games):
        at = g % a.seats
        winners, sc, t = one(a.subject, a.opponent, a.seed * 1000003 + g, at, a.seats, budget)
        wins += winners == (at,)
        shared += at in winners and len(winners) > 1
        scores.append(sc[at])
        margins.append(sc[at] - max(s for i, s in enumerate(sc) if i != at))
        times += t
        print(f"game {g}: seat {at} {'WIN' if at in winners else '   '} {sc}", file=sys.stderr, flush=True)
    ms = [t * 1000 for t in times] or [0.0]
    rate = 100 * wins / a.games
    head = f"{a.subject} vs {a.seats - 1}x {a.opponent}"
    print(f"{head}: {wins}/{a.games} sole wins ({rate:.1f}%), {shared} shared,")
    print(f"  mean score {statistics.fmean(scores):.1f}, mean margin {statistics.fmean(margins):+.1f},")
    print(f"  play ms median {statistics.median(ms):.1f} max {max(ms):.1f}")


if __name__ == "__main__":
    random.seed(0)
    main()
