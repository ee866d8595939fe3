"""How long a move's write on the store's thread takes while the thread that asked for it stays
busy in Python (as an event loop under load, or a frame, does), at Python's switch intervals.

    python -m tools.measure.write_latency [--writes 300] [--intervals 0.005,0.001,0.0005,0.0002]

Each interval in a fresh process of its own; prints the p50 and p99 of the writes' latency.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def measure(writes: int) -> tuple[float, float]:
    from game.core import registry
    from game.core.match import Match, Seat
    from game.core.store import Store
    from game.core.writer import Writer

    rules = registry.get("jaipur")
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(Path(folder) / "latency.db")
        writer = Writer(store)
        took = []
        for k in range(writes):
            match = Match.new(rules, [Seat("a", "human"), Seat("b", "human")], {}, k)
            store.attach(match)
            saving = store.saving(match)
            seat = min(match.to_act)
            match.submit(seat, rng.choice(rules.legal(match.state, seat)))
            start = time.perf_counter()
            written = writer.save(saving, saving.mark())
            spins = 0
            while not written.done():  # busy in Python: the writer must take the lock from us
                spins += 1
            took.append((time.perf_counter() - start) * 1000)
        writer.close()
        store.close()
    took.sort()
    return took[len(took) // 2], took[min(len(took) - 1, int(len(took) * 0.99))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writes", type=int, default=300)
    parser.add_argument("--intervals", default="0.005,0.001,0.0005,0.0002")
    parser.add_argument("--one", type=float, help=argparse.SUPPRESS)  # a child's interval
    args = parser.parse_args()
    if args.one is not None:
        sys.setswitchinterval(args.one)
        p50, p99 = measure(args.writes)
        print(f"switch interval {args.one * 1000:g} ms: a write's p50 {p50:.1f} ms, p99 {p99:.1f} ms")
        return 0
    for interval in args.intervals.split(","):
        command = [sys.executable, "-m", "tools.measure.write_latency", "--writes", str(args.writes)]
        subprocess.run([*command, "--one", interval], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
