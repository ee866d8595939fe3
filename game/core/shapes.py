"""The keys a game's commands may carry, declared per move: any other key is refused at every
depth, so nothing a client or an outside program adds rides along into the log for good.

A shape maps each key a move may carry to what its value may hold: `ANY` (a value the rules
check themselves: a number, a name, a list of names), a shape (an object), or a one-item
list `[shape]` (a list of such objects). Values are the rules' to judge; only keys are checked
here. The rules still refuse a move they do not know, with their own reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

ANY = None  # a value the rules check themselves
Shape = Mapping[str, Any]


def undeclared(command: Any, moves: Mapping[str, Shape]) -> str | None:
    """The path of the first key of `command` its move does not declare ("placements[2].x"),
    or None. A command of no declared move is left to the rules (they say what is wrong)."""
    if not isinstance(command, dict):
        return None
    shape = moves.get(command.get("move")) if isinstance(command.get("move"), str) else None
    return None if shape is None else _extra(command, shape, "")


def _extra(value: Any, shape: Any, where: str) -> str | None:
    if shape is ANY:
        return None
    if isinstance(shape, list):
        if not isinstance(value, list):
            return None  # not a list: the rules say so
        for i, item in enumerate(value):
            found = _extra(item, shape[0], f"{where}[{i}]")
            if found is not None:
                return found
        return None
    if not isinstance(value, dict):
        return None
    for key, inner in value.items():
        path = f"{where}.{key}" if where else str(key)
        if key not in shape:
            return path[:80]
        found = _extra(inner, shape[key], path)
        if found is not None:
            return found
    return None
