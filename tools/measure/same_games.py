"""The same seed gives the same game (issue 52): `sim` of hard against hard, every game of the
registry, at a think allowance of 0.01 s a move (where any cut by the wall clock would bite),
at 10 s, and at 0.01 s again with a CPU hog beside it (a process in a busy loop: one, since
the machine is shared, and where cores are short one is enough to slow every search); each
game's event log must be the same in all three.

    python -m tools.measure.same_games [--game NAME] [--games 2] [--seed 1] [--moves N]

`--game` one game of the registry (default: each); `--moves N` compares each game's first N
moves only (0, the default: whole games). Prints a
line a game and run, then `same` or `DIFFERENT`; exit status 1 when any log differs.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import time

from game.core import codec, registry, sim

HOG = "while True: pass"
RUNS = (("0.01 s", 0.01, False), ("10 s", 10.0, False), ("0.01 s + hog", 0.01, True))


def play(game: str, seed: int, seconds: float, moves: int | None) -> tuple[str, int, int, int, float]:
    """The log's digest, its events and moves, the moves over the allowance, the seconds taken."""
    seats = ["hard"] * max(2, registry.get(game).min_seats)
    thought: list[float] = []
    start = time.perf_counter()
    match = sim.run(game, seats, seed, {}, seconds, watch=lambda _, __, t: thought.append(t), moves=moves)
    spent = time.perf_counter() - start
    digest = hashlib.sha256(codec.dumps(match.events).encode()).hexdigest()[:12]
    over = sum(t > seconds for t in thought)
    return digest, len(match.events), match.moves, over, spent


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", choices=registry.games())
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--moves", type=int, default=0)
    args = ap.parse_args()
    moves = args.moves or None
    differ = 0
    for game in [args.game] if args.game else registry.games():
        for g in range(args.games):
            seed = args.seed * 1_000_003 + g  # as `sim --seed` numbers its games
            digests = set()
            for name, seconds, hog in RUNS:
                hogs = [subprocess.Popen([sys.executable, "-c", HOG])] if hog else []
                try:
                    digest, events, made, over, spent = play(game, seed, seconds, moves)
                finally:
                    for process in hogs:
                        process.kill()
                        process.wait()
                digests.add(digest)
                print(
                    f"{game:9} seed {seed}  {name:13} log {digest}  {events:4} events  {made:3} moves  "
                    f"{over:3} over the allowance  {spent:6.1f} s",
                    flush=True,
                )
            same = len(digests) == 1
            differ += not same
            print(f"{game:9} seed {seed}  {'same' if same else 'DIFFERENT'}", flush=True)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
