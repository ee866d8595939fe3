"""Rulesets by name. Each game's package exposes `RULESET` in `game.rules.<name>`."""

from __future__ import annotations

import importlib

from game.core.ruleset import Ruleset

GAMES: tuple[str, ...] = ("jaipur", "ginrummy", "tajmahal", "ubongo")
_extra: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    """Add a ruleset that lives outside game.rules (the tests' tiny game uses this)."""
    _extra[ruleset.name] = ruleset


def get(name: str) -> Ruleset:
    if name in _extra:
        return _extra[name]
    if name not in GAMES:
        known = ", ".join(names())
        raise KeyError(f"unknown game {name!r} (known: {known})")
    module = importlib.import_module(f"game.rules.{name}")
    return module.RULESET


def available() -> list[str]:
    """The games whose rules are installed, in menu order."""
    import importlib.util

    return [g for g in GAMES if importlib.util.find_spec(f"game.rules.{g}")] + list(_extra)


def names() -> list[str]:
    return [*GAMES, *_extra]
