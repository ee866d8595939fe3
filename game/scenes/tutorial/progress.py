"""What the player has seen of the tutorials, in `data_dir()/tutorials.json`: the games whose
setup screen has offered "Learn to play" once (never again), and the step each unfinished
tutorial was left at (resumed there). Losing the file only means being offered again."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from game.core import paths
from game.core.files import read_json_object, write_atomic

FILENAME = "tutorials.json"


def path() -> Path:
    return paths.data_dir() / FILENAME


def _read() -> dict[str, object]:
    try:
        data, problem = read_json_object(path(), "tutorial progress", "the tutorials start afresh")
    except OSError as exc:
        data, problem = None, f"The saves folder cannot be made ({exc})"
    if problem:
        print(f"bazaar: {problem}", file=sys.stderr)
    return data or {}


def _write(data: dict[str, object]) -> None:
    try:
        write_atomic(path(), json.dumps(data, indent=2, sort_keys=True) + "\n")
    except OSError as exc:  # progress is a convenience: the game goes on without it
        print(f"bazaar: tutorial progress could not be saved ({exc})", file=sys.stderr)


def _listed(data: dict[str, object], key: str) -> list[object]:
    value = data.get(key)
    return value if isinstance(value, list) else []  # a hand-edited file may hold anything


def _steps(data: dict[str, object]) -> dict[str, object]:
    value = data.get("steps")
    return value if isinstance(value, dict) else {}


def offered(game: str) -> bool:
    return game in _listed(_read(), "offered")


def mark_offered(game: str) -> None:
    data = _read()
    seen = [g for g in _listed(data, "offered") if isinstance(g, str)]
    if game not in seen:
        data["offered"] = [*seen, game]
        _write(data)


def step(name: str) -> int:
    """The step the tutorial `name` was left at (0: from the start)."""
    value = _steps(_read()).get(name, 0)
    return value if isinstance(value, int) and value >= 0 else 0


def save_step(name: str, index: int | None) -> None:
    """Remember the step reached; None when the tutorial was finished (the next starts anew)."""
    data = _read()
    steps = {k: v for k, v in _steps(data).items() if isinstance(v, int)}
    if index:
        steps[name] = index
    else:
        steps.pop(name, None)
    data["steps"] = steps
    _write(data)
