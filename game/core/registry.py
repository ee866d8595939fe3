"""Games by name: each game's face (`game.rules.<name>.face.FACE`, the public part a scene may
know) and its ruleset (`game.rules.<name>.ruleset.RULESET`, the machinery the authority runs).

`face` imports the face module alone, so a menu, a setup screen or a table that asks it loads
none of the game's machinery; `get` imports the ruleset module itself, never through the
game's package.
"""

from __future__ import annotations

import importlib
import importlib.util

from game.core.face import Face
from game.core.ruleset import Ruleset

GAMES: tuple[str, ...] = ("jaipur", "ginrummy", "tajmahal", "ubongo")
_extra: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    """Add a ruleset that lives outside game.rules (the tests' tiny game uses this)."""
    _extra[ruleset.name] = ruleset


def _known(name: str) -> None:
    if name not in GAMES:
        known = ", ".join(names())
        raise KeyError(f"unknown game {name!r} (known: {known})")


def face(name: str) -> Face:
    """The public part of a game: its words, options, seats and `why_not`."""
    if name in _extra:
        return _extra[name]
    _known(name)
    return importlib.import_module(f"game.rules.{name}.face").FACE


def get(name: str) -> Ruleset:
    """The whole ruleset of a game, machinery and all: for the authority and the tools."""
    if name in _extra:
        return _extra[name]
    _known(name)
    return importlib.import_module(f"game.rules.{name}.ruleset").RULESET


def available() -> list[str]:
    """The games whose rules are installed, in menu order."""
    return [g for g in GAMES if importlib.util.find_spec(f"game.rules.{g}")] + list(_extra)


def names() -> list[str]:
    return [*GAMES, *_extra]
