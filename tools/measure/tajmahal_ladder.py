"""One 4-player Taj Mahal figure from `python -m game sim`, with the seats rotated.

    python -m tools.measure.tajmahal_ladder SUBJECT OPPONENT [--games N] [--seed S] [--seconds T]

Runs `python -m game sim tajmahal` once per seat (N/4 games each, the same seeds every time),
with SUBJECT in that seat and OPPONENT in the other three; prints each command with its result
and the subject's total. SUBJECT and OPPONENT are sim seat specs (`easy`, `medium`, `hard`,
`cmd:...`); `heur` stands for the outside heuristic player, tools/opponents/tajmahal_heuristic.py,
run as a program (`cmd:PYTHON tools/opponents/tajmahal_heuristic.py`).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from game.core import selfcall

ROOT = Path(__file__).resolve().parents[2]


def spec(name: str) -> str:
    if name == "heur":
        return f"cmd:{sys.executable} {ROOT / 'tools' / 'opponents' / 'tajmahal_heuristic.py'}"
    return name


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("subject")
    ap.add_argument("opponent")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--seats", type=int, default=4)
    a = ap.parse_args()
    per = -(-a.games // a.seats)
    wins = draws = games = 0
    score = 0.0
    for at in range(a.seats):
        seats = [spec(a.opponent)] * a.seats
        seats[at] = spec(a.subject)
        cmd = selfcall.command("sim", "tajmahal", "--seats", ",".join(seats))
        cmd += ["--games", str(per), "--seed", str(a.seed), "--seconds", str(a.seconds), "--json"]
        out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
        if out.returncode not in (0, 1):
            sys.exit(f"sim failed: {out.stderr.strip()}")
        r = json.loads(out.stdout)
        shown = " ".join(f"'{x}'" if " " in x else x for x in cmd[1:])
        print(f"$ python {shown}")
        print(f"  seat {at + 1}: {r['wins'][at]}/{r['finished']} wins, avg score {r['avg_score'][at]:.1f}")
        wins += r["wins"][at]
        draws += r["draws"]
        games += r["finished"]
        score += r["avg_score"][at] * r["finished"]
    print(
        f"{a.subject} vs {a.seats - 1}x {a.opponent}: {wins}/{games} sole wins ({100 * wins / games:.1f}%),"
        f" {draws} shared, avg score {score / games:.1f}"
    )


if __name__ == "__main__":
    main()
