"""A game as one declared plugin: the object its `bazaar.games` entry point names.

A game is a package that declares itself, built-in or installed with pip, through one entry
point group (pyproject.toml, `[project.entry-points."bazaar.games"]`): `name = "module:PLUGIN"`,
a `GamePlugin` carrying everything the app knows of the game. Its parts are "module:name" paths
(or package resources), imported only when asked for, so listing the games loads no face, no
machinery and no table. The registry (game/core/registry.py) finds the declarations and refuses
one built for another major version of this API. Nothing here imports a game, or pygame.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

API: tuple[int, int] = (1, 0)  # a plugin for another major version is refused; a newer minor is fine

# A sound effect as game/ui/sound.py synthesises it: (partials (Hz, start s, length s, loudness), noise s)
Effect = tuple[tuple[tuple[float, float, float, float], ...], float]


class PluginError(ValueError):
    """A declaration the app cannot take: another API, a malformed field."""


@dataclass(frozen=True)
class Parts:
    """Where the players would say a new part of a match begins, for History and the replay:
    event types that open a part, those that close one (the next event opens the following
    part), the part's name with its number, the name of the moves before the first part, and
    the key of the game's view that holds the number of the part its table shows (History's
    test checks each mark against it; "" when the view shows none)."""

    opens: tuple[str, ...] = ()
    closes: tuple[str, ...] = ()
    label: str = ""  # an N_ text with {n}: "Round {n}"; "" for the generic "Part {n}"
    before: str = ""  # "Before round 1"; "" for the generic one
    number: str = ""  # the view's key of the part's number: "round"; "" when it shows none


@dataclass(frozen=True)
class GamePlugin:
    """One game, declared. Paths are "module:name"; texts are "package:path" resources."""

    name: str  # the registry's key, in saves and on the wire: "jaipur"
    api: tuple[int, int]  # the plugin API it was built for (API above)
    version: str  # the game's own version, said in `hello`
    distribution: str  # what to `pip install` to get it ("bazaar" for the built-ins)
    face: str  # the Face: its words, seats, options, why_not (game/core/face.py)
    ruleset: str  # the Ruleset, the machinery: for the authority, the referee and the tools
    table: str = ""  # the scenes' TableSpec (game/scenes/tables.py); "" when it has no table
    rules: Mapping[str, str] = field(default_factory=dict)  # language ("" English) -> "package:path.md"
    tutorials: tuple[str, ...] = ()  # "package:path.json" each, in the order a newcomer meets them
    sounds: Mapping[str, Effect] = field(default_factory=dict)  # effects its table plays, by name
    busy: str = ""  # the frame bench's scene: busy(app) -> a table kept busy by bots
    figures: str = ""  # its benchmark figures: figures(wanted) -> {name: value}
    parts: Parts = Parts()

    def problems(self) -> list[str]:
        """Why the app cannot take this declaration ([] when it can)."""
        if not (isinstance(self.api, tuple) and len(self.api) == 2):
            return [f"{self.name}: api must be (major, minor), not {self.api!r}"]
        if self.api[0] != API[0]:
            return [
                f"{self.name} {self.version} is built for plugin API {self.api[0]}.x and this Bazaar "
                f"speaks {API[0]}.{API[1]}: install a version of {self.distribution} made for it"
            ]
        out = []
        if not self.name.isidentifier():
            out.append(f"{self.name!r}: a game's name is an identifier")
        for key in (
            "face",
            "ruleset",
            *(("table",) if self.table else ()),
            *(("busy",) if self.busy else ()),
        ):
            if ":" not in getattr(self, key):
                out.append(f"{self.name}: {key} must be a 'module:name' path")
        return out


def load(path: str) -> Any:
    """The object a "module:name" path names."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def read(resource: str) -> str:
    """The text of a "package:path" resource (UTF-8); OSError when it is missing."""
    package, _, path = resource.partition(":")
    try:
        return resources.files(package).joinpath(path).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError) as exc:
        raise OSError(f"{resource} is missing") from exc
