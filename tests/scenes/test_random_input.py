"""Random clicks, drags and keys on each table, as a restless person or a cat would make:
nothing crashes, every move the table made was legal, and the save holds all of it."""

from __future__ import annotations

import random

import pygame
import pytest

from game.core import registry
from game.core.match import Match, Seat, verify
from game.scenes import tables
from game.scenes.menu import Menu
from tests.scenes.driver import make_app

KEYS = [
    pygame.K_TAB, pygame.K_RETURN, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
    pygame.K_DOWN, pygame.K_h, pygame.K_s, pygame.K_d, pygame.K_k, pygame.K_g, pygame.K_BACKSPACE,
    pygame.K_F11,
]  # fmt: skip
SOLO = [Seat("Asha"), Seat("Rule bot", "rules", "Solo rule bot")]
TABLES = {
    "jaipur-bot": ("jaipur", [Seat("Asha"), Seat("Bilal", "bot", "easy")], {"first": 1}),
    "jaipur-people": ("jaipur", [Seat("Asha"), Seat("Bilal")], {}),
    "jaipur-solo": ("jaipur", SOLO, {"variant": "solo"}),
    "ginrummy-bot": ("ginrummy", [Seat("Asha"), Seat("Bilal", "bot", "easy")], {"target": 50}),
    "ginrummy-people": ("ginrummy", [Seat("Asha"), Seat("Bilal")], {"target": 50}),
}


def poke(app, rng: random.Random, near: tuple[int, int] | None) -> tuple[int, int] | None:
    """One random input: mostly near the last press, so drags and second clicks happen."""
    if near is None or rng.random() < 0.6:
        pos = (rng.randrange(1280), rng.randrange(720))
    else:
        pos = (near[0] + rng.randint(-60, 60), near[1] + rng.randint(-60, 60))
    r = rng.random()
    if r < 0.3:
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
    elif r < 0.55:
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 3])))
        return pos
    elif r < 0.75:
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    elif r < 0.95:
        key = rng.choice(KEYS)
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    else:
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    return near


@pytest.mark.parametrize("name", TABLES)
def test_random_input_never_breaks_a_table(name):
    game, seats, options = TABLES[name]
    rng = random.Random(name)
    app = make_app()
    app.settings = type(app.settings)(bot_pause_ms=0, animation_speed=2.0)
    app.push(Menu(app))
    match = Match.new(registry.get(game), seats, options, seed=7)
    match_id = app.store.attach(match)
    app.push(tables.table_class(game)(app, match, match_id))
    near = None
    for _ in range(1200):
        near = poke(app, rng, near)
        app.update(rng.choice([1, 2, 4]))
        app.present()
        if type(app.top).__name__ in ("Pause", "Rules", "SettingsScreen"):
            app.pop()  # back to the table: the point is to play on it
        if isinstance(app.top, Menu):
            break  # left through the result screen or the pause menu
    ok, why = verify(match.to_json())
    assert ok, why
    assert app.store.load(match_id).events == match.events
