"""Ubongo's race at the real table with a person who does nothing: how many of the bots'
solves end with their gems taken (issue 33: before the fix, none did).

    python -m tools.measure.ubongo_race [--games 100] [--seats medium,hard] [--seed 100]

Each game opens the table headless through game.automation with the person in seat 1, who
puts a pawn on row 1 and then never touches a puzzle: their sand runs out every round. The
clock runs as it does for a player; the round sheets are passed with their button.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time

from game.automation import Session


def one_game(seats: list[str], seed: int) -> tuple[int, int]:
    """(solves, takes) of one game in which the person idles."""
    s = Session.open("ubongo", ["human", *seats], seed=seed)
    try:
        for _ in range(10_000):
            s.idle()
            if s.outcome is not None:
                break
            if s.scene == "ubongo-round":
                s.click("continue")
            elif s.view(0)["phase"] == "start" and 0 in s.waiting():
                s.perform(0, {"move": "pawn", "row": 0})
            else:
                s.tick(600)
        assert s.outcome is not None, f"game {seed} did not end"
        events = s.log
    finally:
        s.close()
    return sum(e["type"] == "solve" for e in events), sum(e["type"] == "gems" for e in events)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seats", default="medium,hard", help="the bots beside the idle person")
    ap.add_argument("--seed", type=int, default=100)
    args = ap.parse_args()
    os.environ.setdefault("BAZAAR_HOME", tempfile.mkdtemp(prefix="bazaar-race-"))
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    start = time.perf_counter()
    solves = taken = 0
    for game in range(args.games):
        s, t = one_game(seats, args.seed + game)
        solves, taken = solves + s, taken + t
    report = {
        "games": args.games,
        "seats": ["idle person", *seats],
        "solves": solves,
        "taken": taken,
        "taken_pct": round(100.0 * taken / max(1, solves), 1),
        "seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
