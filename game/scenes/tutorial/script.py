"""A tutorial as data: the fixed deal, the opponent's scripted moves and the steps.

One JSON file per tutorial, named by its game's declaration (GamePlugin.tutorials: package
data, so a wheel and the PyInstaller bundle carry it; the built-ins' are in game/tutorials/).
Each step says one thing, points at targets of the table (its target map's ids, or a coach
area such as "area.tokens") and either waits for one command of the person or for Next.
Nothing here imports pygame.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, TypedDict, cast

from game.core import faces
from game.core.face import Command
from game.core.plugin import read

if TYPE_CHECKING:
    from game.core.window import Options


class Then(TypedDict, total=False):
    """The normal game a tutorial ends in."""

    seats: list[str]  # seat specs
    options: Options


def declared() -> dict[str, tuple[str, str]]:
    """Every tutorial by name (its file's stem): its game and its "package:path" resource."""
    return {
        PurePosixPath(resource.partition(":")[2]).stem: (game, resource)
        for game, plugin in faces.plugins().items()
        for resource in plugin.tutorials
    }


@dataclass(frozen=True)
class Step:
    text: str
    targets: tuple[str, ...] = ()  # what the bubble points at; the first gets the pointer
    expect: Command | None = None  # the one command the step waits for; None: press Next
    # Keys of `expect` a command must match (None: all of them): a puzzle solved any way
    match: tuple[str, ...] | None = None
    hint: str = ""  # said when the person tries anything else
    next_label: str = "Next"


@dataclass(frozen=True)
class Tutorial:
    name: str
    game: str
    title: str
    seats: tuple[str, ...]  # seat specs (human, easy, rules); seat 0 is the person
    names: tuple[str, ...]
    options: Options
    setup: dict[str, object]
    seed: int
    steps: tuple[Step, ...]
    # The other seats' moves in order, per seat ("1": [...]); once spent, an easy bot plays on
    script: dict[int, tuple[Command, ...]] = field(default_factory=dict)
    # The normal game it ends in: {"seats": specs, "options": {...}}
    then: Then = field(default_factory=lambda: Then())

    person = 0


def load(name: str) -> Tutorial:
    data = json.loads(read(declared()[name][1]))
    steps = tuple(
        Step(
            text=s["text"],
            targets=tuple(s.get("targets", ())),
            expect=s.get("expect"),
            match=tuple(s["match"]) if "match" in s else None,
            hint=s.get("hint", ""),
            next_label=s.get("next", "Next"),
        )
        for s in data["steps"]
    )
    return Tutorial(
        name=name,
        game=data["game"],
        title=data["title"],
        seats=tuple(data["seats"]),
        names=tuple(data["names"]),
        options=dict(data.get("options", {})),
        setup=data["setup"],
        seed=int(data.get("seed", 1)),
        steps=steps,
        script={int(k): tuple(v) for k, v in data.get("script", {}).items()},
        then=cast(Then, dict(data.get("then", {}))),  # as the file has it: not checked here
    )


def available(game: str) -> list[str]:
    """The tutorials of a game, by name (Jaipur has its solo variant's beside its own)."""
    return [name for name, (of, _) in declared().items() if of == game]


def normal(value: object) -> object:
    """A command with its lists in a fixed order (cards may be listed in any order) and no
    tick (a timed table stamps its own), for comparing two commands."""
    if isinstance(value, dict):
        return {k: normal(v) for k, v in sorted(value.items()) if k != "tick"}
    if isinstance(value, list):
        items = [normal(v) for v in value]
        if all(not isinstance(i, (list, dict)) for i in items):
            return sorted(items, key=str) if any(isinstance(i, str) for i in items) else items
        return sorted(items, key=lambda i: json.dumps(i, sort_keys=True))
    return value


def matches(step: Step, command: Command) -> bool:
    """Whether `command` is the one `step` waits for."""
    if step.expect is None or not isinstance(command, dict):
        return False
    keys = step.match if step.match is not None else tuple(set(step.expect) | set(command) - {"tick"})
    return all(normal(step.expect.get(k)) == normal(command.get(k)) for k in keys)
