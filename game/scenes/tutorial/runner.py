"""The normal game a tutorial ends in. A tutorial's own match (its fixed deal, the steps' moves,
the scripted seats) is opened by the app's composition module (game/matches.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core import faces, seats
from game.scenes import waiting
from game.scenes.tutorial.script import Tutorial

if TYPE_CHECKING:
    from game.scenes.host import Host

FALLBACK = "easy"  # the opponent of the normal game, unless the tutorial names another


def start_normal_game(app: Host, tutorial: Tutorial) -> None:
    """The game the tutorial ends in: a normal match against an easy bot, saved like any other."""
    face = faces.face(tutorial.game)  # the match's machinery is the app's to load (matches.py)
    options = {**face.default_options(), **tutorial.then.get("options", {})}
    made = seats.from_specs(face, list(tutorial.then.get("seats", ["human", FALLBACK])), options)
    named = [
        replace(s, name=n) if s.kind != "rules" else s for s, n in zip(made, tutorial.names, strict=False)
    ]
    waiting.open_new(app, face, named, options, app.replace)
