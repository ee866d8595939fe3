"""The registry of faces: the declared games, each found through its declaration (game/core/plugin.py,
`GamePlugin`), and its face, the part a scene may know. Nothing here loads a game's machinery:
scenes import this module and never game/core/registry.py (an import contract), which adds the
rulesets behind the faces for the authority, the referee and the tools.

Every game declares itself in the entry point group `bazaar.games`: the four built-in ones in
this project's pyproject.toml, any other in its own distribution's. When `game` is imported
from a checkout (pyproject.toml beside the package: a PYTHONPATH run, an editable install
whose metadata is older than the tree), the checkout's own table is read instead of the
installed copy of it, so the built-ins always come from the one table pyproject.toml keeps; a
bundle carries the metadata (bazaar.spec). A declaration for another major plugin API, or one
that fails to load, is refused: logged with its reason, the game left out (`refused`).
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from game.core.face import Face
from game.core.plugin import GamePlugin, load

GROUP = "bazaar.games"
CHECKOUT = Path(__file__).resolve().parents[2] / "pyproject.toml"
log = logging.getLogger(__name__)
_extra: dict[str, Face] = {}  # games added in this process (the tests' own), by name


def add(face: Face) -> None:
    """A game that lives outside the declarations (a test's), known by its face from now on."""
    _extra[face.name] = face


def _entries() -> list[tuple[str, str, str]]:
    """(name, "module:attr", distribution) of every declared game, the built-ins first."""
    own: list[tuple[str, str, str]] = []
    if CHECKOUT.is_file():
        project = tomllib.loads(CHECKOUT.read_text(encoding="utf-8")).get("project", {})
        if project.get("name") == "bazaar":
            table = project.get("entry-points", {}).get(GROUP, {})
            own = [(name, value, "bazaar") for name, value in table.items()]
    others = []
    for name, value, dist in _declared():
        if dist == "bazaar" and own:
            continue  # the checkout's own table, not an install's older copy of it
        (own if dist == "bazaar" else others).append((name, value, dist))
    return own + sorted(others)


def _declared() -> Iterator[tuple[str, str, str]]:
    """(name, "module:attr", distribution) of each `bazaar.games` entry point installed on the
    path: each distribution's `entry_points.txt` (the packaging spec's INI form), read here
    rather than through importlib.metadata, whose import alone (its email parser, zip and csv
    readers) took 15-30 ms of the app's 0.22 s start, to find one small section. The first
    folder on the path that holds a distribution wins, as importlib.metadata's own order."""
    seen: set[str] = set()
    for folder in sys.path:
        try:
            entries = list(os.scandir(folder or "."))
        except OSError:
            continue
        for entry in sorted(entries, key=lambda e: e.name):
            stem, dot, kind = entry.name.rpartition(".")
            if not dot or kind not in ("dist-info", "egg-info") or not entry.is_dir():
                continue
            dist = re.sub(r"[-_.]+", "-", stem.split("-")[0]).lower()
            if dist in seen:
                continue
            seen.add(dist)
            try:
                text = Path(entry.path, "entry_points.txt").read_text(encoding="utf-8")
            except OSError:
                continue
            yield from ((name, value, dist) for name, value in _section(text, GROUP))


def _section(text: str, group: str) -> Iterator[tuple[str, str]]:
    """The `name = value` lines of one [group] of an entry_points.txt."""
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("["):
            inside = line == f"[{group}]"
        elif inside and "=" in line and not line.startswith(("#", ";")):
            name, _, value = line.partition("=")
            yield name.strip(), value.strip()


@cache
def _plugins() -> tuple[dict[str, GamePlugin], dict[str, str]]:
    found: dict[str, GamePlugin] = {}
    refused: dict[str, str] = {}
    for name, value, dist in _entries():
        try:
            plugin = load(value)
        except Exception as exc:  # a broken plugin leaves the others be
            refused[name] = f"{name} ({dist}) could not be loaded: {type(exc).__name__}: {exc}"
        else:
            if not isinstance(plugin, GamePlugin):
                refused[name] = f"{name} ({dist}): {value} is no GamePlugin (game/core/plugin.py)"
            elif plugin.name != name:
                refused[name] = f"{name} ({dist}): its declaration is named {plugin.name!r}"
            elif name in found:
                refused[name] = f"{name} ({dist}): another distribution declares this game already"
            elif problems := plugin.problems():
                refused[name] = "; ".join(problems)
            else:
                found[name] = plugin
                continue
        log.warning("game refused: %s", refused[name])
    return found, refused


def refresh() -> None:
    """Look for declared games afresh (after a plugin is installed in this process)."""
    _plugins.cache_clear()


def plugins() -> dict[str, GamePlugin]:
    """Every declared game that was admitted, by name, in menu order."""
    return _plugins()[0]


def refused() -> dict[str, str]:
    """The declared games left out, by name, each with why."""
    return _plugins()[1]


def games() -> tuple[str, ...]:
    """The declared games' names, in menu order (not the tests' registered rulesets)."""
    return tuple(plugins())


def plugin(name: str) -> GamePlugin:
    known(name)
    return plugins()[name]


def known(name: str) -> None:
    """KeyError saying why when no game of this name is declared (or it was refused)."""
    if name not in plugins():
        why = refused().get(name)
        if why:
            raise KeyError(f"game {name!r} was refused: {why}")
        listed = ", ".join(names())
        raise KeyError(f"unknown game {name!r} (known: {listed}); a game is installed with pip")


def face(name: str) -> Face:
    """The public part of a game: its words, options, seats and `why_not`."""
    if name in _extra:
        return _extra[name]
    known(name)
    return load(plugins()[name].face)


def names() -> list[str]:
    return [*plugins(), *_extra]


def main(args: Any) -> int:
    """`python -m game games`: each game found, its version and distribution, and each refused."""
    found = {n: {"version": p.version, "distribution": p.distribution} for n, p in plugins().items()}
    if args.json:
        print(json.dumps({"games": found, "refused": refused()}))
    else:
        for name, about in found.items():
            print(f"{name} {about['version']} ({about['distribution']})")
        for why in refused().values():
            print(f"refused: {why}")
    return 0
