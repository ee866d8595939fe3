"""The last setup started for each game (seat count, names, seat kinds, options), in
`config_dir()/setups.json`, so a new game starts from what was played last time.

What is read is only a suggestion: the setup screen keeps the values that still fit the game
and ignores the rest. A damaged file is kept aside with a message, and the usual setup is used.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from game.core import paths
from game.core.files import read_json_object, write_atomic
from game.core.i18n import msg

FILENAME = "setups.json"


def path() -> Path:
    return paths.config_dir() / FILENAME


def _all() -> tuple[dict[str, Any], str | None]:
    try:
        data, problem = read_json_object(path(), msg("remembered setups"), msg("the usual setup is offered"))
    except OSError as exc:
        data, problem = (
            None,
            msg("The settings folder cannot be made ({why}); the usual setup is offered.", why=str(exc)),
        )
    if problem:
        print(f"bazaar: {problem}", file=sys.stderr)
    return data or {}, problem


def load(game: str) -> tuple[dict[str, Any], str | None]:
    """The last setup of `game` ({} when there is none) and a problem message or None."""
    data, problem = _all()
    entry = data.get(game)
    return (entry if isinstance(entry, dict) else {}), problem


def save(game: str, setup: dict[str, Any]) -> str | None:
    data, _ = _all()
    data[game] = setup
    try:
        write_atomic(path(), json.dumps(data, indent=2, sort_keys=True) + "\n")
    except OSError as exc:
        message = msg("The setup could not be remembered ({why}).", why=str(exc))
        print(f"bazaar: {message}", file=sys.stderr)
        return message
    return None
