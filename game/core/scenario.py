"""`python -m game scenario FILE`: run a fixed deal and a list of commands, print JSON lines.

File: {"game", "seed", "seats", "options", "setup"?, "commands": [{"seat", "command"}...]}.
A rejected command changes nothing and the run goes on.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from game.core import codec, registry
from game.core.codec import FormatError
from game.core.match import Match, Seat
from game.core.ruleset import Rejected


def seats_of(raw: Any) -> list[Seat]:
    """Seats may be given as names, or as objects {"name", "kind", "level"}."""
    if isinstance(raw, int):
        return [Seat(f"Seat {i + 1}") for i in range(raw)]
    if not isinstance(raw, list):
        raise FormatError("seats must be a list")
    return [Seat(s) if isinstance(s, str) else Seat.from_json(s) for s in raw]


def run(data: Any) -> list[dict[str, Any]]:
    """Every line the scenario prints, as values."""
    if not isinstance(data, dict):
        raise FormatError("a scenario must be a JSON object")
    try:
        ruleset = registry.get(data.get("game", ""))
    except KeyError as exc:
        raise FormatError(str(exc.args[0])) from None
    match = Match.new(
        ruleset,
        seats_of(data.get("seats", 2)),
        data.get("options") or {},
        int(data.get("seed", 0)),
        data.get("setup"),
    )
    lines: list[dict[str, Any]] = []
    for index, step in enumerate(data.get("commands", [])):
        if not isinstance(step, dict):
            lines.append({"index": index, "ok": False, "reason": "a step must be an object"})
            continue
        result = match.submit(step.get("seat"), step.get("command"))
        if isinstance(result, Rejected):
            lines.append({"index": index, "ok": False, "reason": result.reason})
        else:
            lines.append({"index": index, "ok": True, "events": result})
    outcome = match.outcome
    lines.append(
        {
            "final": True,
            "outcome": outcome.to_json() if outcome else None,
            "views": [match.view(seat) for seat in range(len(match.seats))],
        }
    )
    return lines


def main(args) -> int:
    try:
        data = codec.loads(Path(args.file).read_text(encoding="utf-8"), args.file)
        lines = run(data)
    except (OSError, FormatError, ValueError) as exc:
        print(f"scenario: {exc}", file=sys.stderr)
        return 2
    for line in lines:
        print(codec.dumps(line))
    return 0
