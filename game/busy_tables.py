"""Tables kept busy by bots, whose frame times `python -m game bench` measures (frame_ms.*): the
built-in games' `busy` scenes (their declarations, game/rules/<game>/plugin.py).

Each opens the game's real table on a match of bots with no pause, so something is always
moving; Ubongo's has a person dragging a piece over the board while three bots race."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from game.core.seats import Seat
from game.scenes import tables


def _open(app: Any, game: str, seats: list[Seat], options: dict[str, Any] | None = None, **match: Any) -> Any:
    """The game's table on a new match opened as the app opens one (game/matches.py), not saved."""
    app.settings = replace(app.settings, bot_pause_ms=0)
    app.store  # noqa: B018 - opened as the menu would have, so its first use is not timed
    window = app.matches.unsaved(game, seats, options or {}, **match)
    return tables.table_class(game)(app, window)


def jaipur(app: Any) -> Any:
    """Two easy bots: cards always flying."""
    return _open(app, "jaipur", [Seat("Asha", "bot", "easy"), Seat("Bilal", "bot", "easy")], seed=11)


def ginrummy(app: Any) -> Any:
    """Two easy bots: cards always moving."""
    return _open(app, "ginrummy", [Seat("Asha", "bot", "easy"), Seat("Bilal", "bot", "easy")], seed=11)


def tajmahal(app: Any) -> Any:
    """Five easy bots (the most seats): cards and palaces always moving (a table of bots shows
    no visit summaries: nobody would close them)."""
    names = ("Asha", "Bilal", "Chandra", "Devi", "Eshan")
    return _open(app, "tajmahal", [Seat(n, "bot", "easy") for n in names], seed=11)


def ubongo(app: Any) -> Any:
    """One person dragging a piece over the board while three bots race the hourglass."""
    seats = [Seat("Asha"), Seat("Bilal", "bot", "hard"), Seat("Chandra", "bot", "medium")]
    seats.append(Seat("Devi", "bot", "easy"))
    table = _open(app, "ubongo", seats, {"first": 0}, seed=11, setup={"pawns": [0, 1, 2, 3]})
    table.intro = 0
    table.update(1)  # the bots are asked; their solves wait for their ticks
    letter = table.handler.letters[0]
    grab = table.handler.cell_rects(letter)[0].center
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=grab, button=1))
    moved = (grab[0] - 200, grab[1])
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=moved, rel=(-200, 0), buttons=(1, 0, 0)))
    return table
