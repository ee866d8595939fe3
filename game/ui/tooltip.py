"""A tooltip: the tip of the target under the pointer or the keyboard focus (why a button is
greyed out, the whole of a shortened log line), in a box kept inside the canvas."""

from __future__ import annotations

import pygame

from game.ui import text, theme
from game.ui.targets import Target

SIZE = 15
PAD = 8
MAX_W = 420


def draw(surface: pygame.Surface, target: Target | None) -> None:
    if target is None or not target.tip:
        return
    lines = text.wrap(target.tip, MAX_W, SIZE)
    width = max(text.font(SIZE).size(line)[0] for line in lines) + 2 * PAD
    height = 20 * len(lines) + 2 * PAD - 4
    anchor = target.bounds
    box = pygame.Rect(0, 0, width, height)
    box.midbottom = (anchor.centerx, anchor.top - 6)
    if box.top < 4:  # no room above: below it
        box.midtop = (anchor.centerx, anchor.bottom + 6)
    box.clamp_ip(pygame.Rect(4, 4, theme.WIDTH - 8, theme.HEIGHT - 8))
    pygame.draw.rect(surface, theme.BG_DEEP, box, border_radius=8)
    pygame.draw.rect(surface, theme.ACCENT_DARK, box, 1, border_radius=8)
    for k, line in enumerate(lines):
        text.blit(surface, line, (box.x + PAD, box.y + PAD + 20 * k), SIZE, theme.TEXT)
