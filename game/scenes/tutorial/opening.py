"""Opening a tutorial on the game's own table with the coach, at the step it was left at."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.scenes import tables
from game.scenes.tutorial import progress
from game.scenes.tutorial.coach import coached
from game.scenes.tutorial.script import load

if TYPE_CHECKING:
    from game.scenes.host import Host


def open_tutorial(app: Host, name: str, start: int | None = None) -> None:
    """Push the tutorial `name` at the step it was left at (or `start`)."""
    tutorial = load(name)
    index = progress.step(name) if start is None else start
    index = index if 0 <= index < len(tutorial.steps) else 0
    try:
        window = app.matches.tutorial(tutorial, index)
    except ValueError:  # a step remembered from a tutorial since changed: from the start
        index, window = 0, app.matches.tutorial(tutorial, 0)
    table = coached(tables.table_class(tutorial.game))(app, window, tutorial, index)
    app.push(table)
