"""The games' machinery, for the authority, the referee, the servers and the tools: each
declared game's ruleset behind its face. The declarations and the faces are
game/core/faces.py, which this module re-exports so its callers need one name; a scene
imports that module alone and never this one (an import contract), so no scene reaches a
game's machinery.

A ruleset is admitted only when what it shows a seat goes through its declarations
(`game/core/secrets.py`): it declares them, they are well formed, and it does not override
the filtered entry points `view` and `redact`. Each is checked as it is got or registered.
"""

from __future__ import annotations

import weakref

from game.core import faces
from game.core.faces import GROUP, face, games, main, names, plugin, plugins, refresh, refused
from game.core.plugin import load
from game.core.ruleset import Ruleset
from game.core.secrets import Secrets, SecretsError

# the faces' registry, re-exported: one name for the tools' and the servers' callers
__all__ = [
    "GROUP",
    "admit",
    "face",
    "games",
    "get",
    "main",
    "names",
    "plugin",
    "plugins",
    "refresh",
    "refused",
    "register",
]

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
    faces.add(ruleset)


def get(name: str) -> Ruleset:
    """The whole ruleset of a game, machinery and all: for the authority and the tools."""
    if name in _extra:
        return _extra[name]
    faces.known(name)
    return admit(load(plugins()[name].ruleset))
