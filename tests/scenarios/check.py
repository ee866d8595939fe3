"""Scenario files with expectations, shared by every game's tests.

A scenario file is what `python -m game scenario` reads, plus an optional "expect" object:
  "lines": {"INDEX": "ok" | "rejected" | "rejected: TEXT"}   (TEXT must occur in the reason)
  "final": {"DOTTED.PATH": VALUE}   checked against the final line, e.g. "views.0.hand"
  "events": {"INDEX": [EVENT-TYPE, ...]}   the types of the events a command caused
and "rule": the rule it illustrates, for the test id and the reader.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.core import scenario

ROOT = Path(__file__).parent


def files(game: str) -> list[Path]:
    return sorted((ROOT / game).glob("*.json"))


def dig(value: Any, path: str) -> Any:
    for part in path.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def check(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    lines = scenario.run(data)
    expect = data.get("expect", {})
    for index, want in expect.get("lines", {}).items():
        line = lines[int(index)]
        where = f"{path.name}: command {index}"
        if want == "ok":
            assert line["ok"], f"{where} was rejected: {line.get('reason')}"
            continue
        assert not line["ok"], f"{where} was accepted, expected {want!r}"
        _, _, text = want.partition(":")
        assert text.strip().lower() in line["reason"].lower(), f"{where}: {line['reason']!r}"
    for index, types in expect.get("events", {}).items():
        got = [e["type"] for e in lines[int(index)].get("events", [])]
        assert got == types, f"{path.name}: command {index} caused {got}"
    final = lines[-1]
    for dotted, value in expect.get("final", {}).items():
        assert dig(final, dotted) == value, f"{path.name}: {dotted} is {dig(final, dotted)!r}"
