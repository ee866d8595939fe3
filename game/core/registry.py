"""Rulesets by name. Each game's package exposes `RULESET` in `game.rules.<name>`.

A ruleset is admitted only when what it shows a seat goes through its declarations
(`game/core/secrets.py`): it declares them, they are well formed, and it does not override
the filtered entry points `view` and `redact`. The built-in games are checked as they are
got, the others as they are registered.
"""

from __future__ import annotations

import importlib
import weakref

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


def get(name: str) -> Ruleset:
    if name in _extra:
        return _extra[name]
    if name not in GAMES:
        known = ", ".join(names())
        raise KeyError(f"unknown game {name!r} (known: {known})")
    module = importlib.import_module(f"game.rules.{name}")
    return admit(module.RULESET)


def available() -> list[str]:
    """The games whose rules are installed, in menu order."""
    import importlib.util

    return [g for g in GAMES if importlib.util.find_spec(f"game.rules.{g}")] + list(_extra)


def names() -> list[str]:
    return [*GAMES, *_extra]
