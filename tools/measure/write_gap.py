"""What a server's write costs the process that makes it, back to back and after a pause.

    python -m tools.measure.write_gap [--writes 600] [--gaps 0,0.002,0.008]

Transactions of the scribe's shape (`Store.apply_all` of one or two Jaipur moves, as at 250
matches) on a store file, with `--gaps` seconds of sleep between them (a quiet server's
scribe waits about 8 ms for the next move at 250 matches), with the disk synced at each commit
(as the store does) and without (the work alone). Prints the CPU (this thread's, the
kernel's included) and the wall time a transaction.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path


def measure(writes: int, gap: float, sync: bool) -> tuple[float, float]:
    from game.core import registry
    from game.core.match import Match, Seat
    from game.core.store import Store

    rules = registry.get("jaipur")
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(Path(folder) / "gap.db")
        if not sync:
            store.conn.execute("PRAGMA synchronous = OFF")
        saved = []
        for k in range(250):
            match = Match.new(rules, [Seat("a", "human"), Seat("b", "bot", "easy")], {}, k)
            store.attach(match)
            saved.append((match, store.saving(match)))
        cpu, wall = [], []
        for _ in range(writes):
            chosen = rng.sample(saved, 1 if rng.random() < 0.25 else 2)
            appends = []
            for match, saving in chosen:
                if match.finished:
                    continue
                seat = min(match.to_act)
                match.submit(seat, rng.choice(rules.legal(match.state, seat)))
                appends.append((saving, saving.mark()))
            rows = [saving.append(mark) for saving, mark in appends]  # encoded on the loop
            time.sleep(gap)
            started, began = time.thread_time(), time.perf_counter()
            results = store.apply_all(rows)  # type: ignore[arg-type]
            cpu.append(time.thread_time() - started)
            wall.append(time.perf_counter() - began)
            for (saving, mark), result in zip(appends, results, strict=True):
                saving.applied(mark, result)
        store.close()
    return 1e6 * statistics.mean(cpu), 1e6 * statistics.median(wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--writes", type=int, default=600)
    parser.add_argument("--gaps", default="0,0.002,0.008")
    args = parser.parse_args()
    for sync in (True, False):
        for gap in (float(g) for g in args.gaps.split(",")):
            cpu, wall = measure(args.writes, gap, sync)
            label = "synced" if sync else "unsynced"
            print(f"{label:8s} gap {1000 * gap:4.1f} ms: CPU {cpu:4.0f} µs, wall p50 {wall:4.0f} µs a write")


if __name__ == "__main__":
    main()
