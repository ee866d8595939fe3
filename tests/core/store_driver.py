"""A separate process writing to a store, for the kill and two-process tests.

store_driver.py DB kill SEED   pass and pass in one match, never ending it, printing each committed
                               command index, until it is killed (it is always mid-match and
                               nearly always mid-write)
store_driver.py DB burst SEED  play 8 matches to the end as fast as possible, print their ids
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.core.store import Store  # noqa: E402
from tests.core.storegames import new, step  # noqa: E402


def main(db: str, mode: str, seed: int) -> int:
    store = Store.open(Path(db))
    if store.problem:
        print(store.problem, file=sys.stderr)
        return 3
    if mode == "kill":
        match = new(seed=seed)
        print(f"match {store.attach(match)}", flush=True)
        index = 0
        while True:  # passes never end the tiny game: whenever the kill lands, it is mid-match
            assert match.submit(index % 2, {"move": "pass"})
            print(index, flush=True)  # after submit returned: the command is committed
            index += 1
    for k in range(8):
        match = new(seed=seed * 100 + k)
        match_id = store.attach(match)
        index = 0
        while not match.finished:
            step(match, index)
            index += 1
        print(match_id, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
