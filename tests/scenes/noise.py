"""Random input between moves, as a restless person or a cat would make: clicks, drags, keys
and window resizes. It stays on the table: no Esc (the pause menu) and no Menu button."""

from __future__ import annotations

import random

from game.automation import Session

KEYS = ["tab", "shift+tab", "left", "right", "up", "down", "space", "h", "r", "v", "s", "d", "g", "f11"]
SIZES = [(1280, 720), (1024, 600), (1600, 900), (800, 450)]


def noise(s: Session, rng: random.Random, n: int = 4) -> None:
    for _ in range(n):
        pos = (rng.randrange(60, 900), rng.randrange(40, 600))  # the felt, not the corner buttons
        r = rng.random()
        if r < 0.35:
            s.move(pos)
        elif r < 0.6:
            s.click(pos, button=rng.choice([1, 1, 3]))
        elif r < 0.75:
            s.drag(pos, (rng.randrange(60, 900), rng.randrange(40, 600)), steps=3)
        elif r < 0.95:
            s.key(rng.choice(KEYS))
        else:
            s.resize(rng.choice(SIZES))
        while s.scene in ("pause", "settings", "rules"):
            s.key("escape")  # Space on the focused Menu button opened the pause menu: close it
        s.tick(rng.choice([1, 2, 5]))
