"""A tooltip: the tip of the target under the pointer or the keyboard focus (why a button is
greyed out, the whole of a shortened log line), in a box kept inside the canvas."""

from __future__ import annotations

import pygame

from game.ui import card_text, text, theme
from game.ui.targets import Target

SIZE = 15
PAD = 8
MAX_W = 420


def draw(surface: pygame.Surface, target: Target | None, four_colour: bool | None = None) -> None:
    """`four_colour`: given (True or False), card codes in the tip ("7H") are drawn as rank and
    suit, in the four- or two-colour inks, as the line they lengthen was drawn."""
    if target is None or not target.tip:
        return
    cards = four_colour is not None
    lines = text.wrap(target.tip, MAX_W, SIZE)
    measure = (
        (lambda line: card_text.width(line, SIZE)) if cards else (lambda line: text.font(SIZE).size(line)[0])
    )
    width = max(measure(line) for line in lines) + 2 * PAD
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
        at = (box.x + PAD, box.y + PAD + 20 * k)
        if cards:
            card_text.blit(
                surface, line, at, SIZE, theme.TEXT, anchor="topleft", four_colour=bool(four_colour)
            )
        else:
            text.blit(surface, line, at, SIZE, theme.TEXT)
