"""Games by name: each game's face (`game.rules.<name>.face.FACE`, the public part a scene may
know) and its ruleset (`game.rules.<name>.ruleset.RULESET`, the machinery the authority runs).

`face` imports the face module alone, so a menu, a setup screen or a table that asks it loads
none of the game's machinery; `get` imports the ruleset module itself, never through the
game's package.

A ruleset is admitted only when what it shows a seat goes through its declarations
(`game/core/secrets.py`): it declares them, they are well formed, and it does not override
the filtered entry points `view` and `redact`. The built-in games are checked as they are
got, the others as they are registered.
"""

from __future__ import annotations

import importlib
import importlib.util
import weakref

from game.core.face import Face
from game.core.ruleset import Ruleset
from game.core.secrets import Secrets, SecretsError

GAMES: tuple[str, ...] = ("jaipur", "ginrummy", "tajmahal", "ubongo")
FILTERED = ("view", "redact")  # what every caller reads; a game implements `see` and `secrets`
_extra: dict[str, Ruleset] = {}
_admitted: weakref.WeakSet[Ruleset] = weakref.WeakSet()


def admit(ruleset: Ruleset) -> Ruleset:
    """The ruleset, once its secrets are sure to be kept (SecretsError saying why not)."""
    if ruleset in _admitted:
        return ruleset
    name = ruleset.name or type(ruleset).__name__
    for method in FILTERED:
        if method in vars(ruleset) or getattr(type(ruleset), method) is not getattr(Ruleset, method):
            raise SecretsError(
                f"{name}: {method}() is the filtered entry point and may not be overridden; "
                "implement see() and declare what each seat may see in `secrets`"
            )
    secrets = getattr(ruleset, "secrets", None)
    if not isinstance(secrets, Secrets):
        raise SecretsError(f"{name}: no `secrets` declared (game.core.secrets.Secrets): it may show nothing")
    if secrets.problems:
        raise SecretsError(f"{name}: malformed secrets: " + "; ".join(secrets.problems))
    _admitted.add(ruleset)
    return ruleset


def register(ruleset: Ruleset) -> None:
    """Add a ruleset that lives outside game.rules (the tests' tiny game uses this)."""
    _extra[admit(ruleset).name] = ruleset


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
    return admit(importlib.import_module(f"game.rules.{name}.ruleset").RULESET)


def available() -> list[str]:
    """The games whose rules are installed, in menu order."""
    return [g for g in GAMES if importlib.util.find_spec(f"game.rules.{g}")] + list(_extra)


def names() -> list[str]:
    return [*GAMES, *_extra]
