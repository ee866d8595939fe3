"""`python -m game replay FILE... [--verify]`: fold exported matches and summarise each.

Exit codes (the worst of the files'): 0 fine, 1 `--verify` found an event the commands do not
cause, 2 a file cannot be read as a Bazaar match (missing, not JSON, foreign, or a log that
cannot be applied). Over several files a terminal sees the files done and the time left.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from game.core import codec, progress
from game.core.codec import FormatError
from game.core.match import Match, verify
from game.core.store import read_match


def seat_text(match: Match) -> str:
    parts = []
    for seat in match.seats:
        kind = "human" if seat.kind == "human" else f"{seat.kind} {seat.level}".strip()
        parts.append(f"{seat.name} ({kind})")
    return ", ".join(parts)


def outcome_text(match: Match) -> str:
    outcome = match.outcome
    if outcome is None:
        return f"unfinished; to act: {', '.join(match.names[s] for s in sorted(match.to_act)) or 'the clock'}"
    winners = " and ".join(match.names[w] for w in outcome.winners) or "nobody"
    scores = ", ".join(f"{match.names[i]} {s:g}" for i, s in enumerate(outcome.scores))
    line = f"{winners} {'win' if len(outcome.winners) > 1 else 'wins'} ({scores})"
    return f"{line}; {outcome.summary}" if outcome.summary else line


def summary(match: Match) -> list[str]:
    return [
        f"game: {match.ruleset.title or match.ruleset.name} (seed {match.seed})",
        f"seats: {seat_text(match)}",
        f"log: {len(match.commands)} commands, {len(match.events)} events",
        f"outcome: {outcome_text(match)}",
    ]


def main(args: Any) -> int:
    files = [Path(f) for f in args.file]
    worst = 0
    with progress.bar(len(files), "replay", json=len(files) < 2, unit="file") as done:
        for path in files:
            if len(files) > 1:
                done.write(f"== {path}")  # (printed above the bar, which stays at the bottom)
            worst = max(worst, one(path, getattr(args, "verify", False)))
            done.update(1)
    return worst


def one(path: Path, verifying: bool) -> int:
    """Summarise (and check, when `verifying`) one exported match; its exit code."""
    try:
        match = read_match(path)
    except FormatError as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 2
    for line in summary(match):
        print(line)
    if not verifying:
        return 0
    data = codec.loads(path.read_text(encoding="utf-8"), str(path))
    try:
        ok, why = verify(data)
    except Exception as exc:  # a command log of the wrong shape must not crash the tool
        ok, why = False, f"the command log cannot be checked ({type(exc).__name__}: {exc})"
    if ok:
        print(f"verified: {why}")
        return 0
    print(f"replay: verification failed: {why}", file=sys.stderr)
    return 1
