"""The marks on a card or pile, the same at every table: selected (a thick saffron ring; the
card is also drawn raised), under the mouse (a thin one), the hint's choice (green) and the
keyboard focus (blue, outermost). Shapes differ as well as colours: ring widths and distances
tell them apart without colour. Cards that overlap in a row (a fanned hand) draw the hint's ring
`inside` the card, so it never lies over the next card: the next card covers its right side."""

from __future__ import annotations

import pygame

from game.ui import theme


def draw(
    surface: pygame.Surface,
    rect: pygame.Rect,
    selected: bool = False,
    hover: bool = False,
    hint: bool = False,
    focus: bool = False,
    inside: bool = False,
) -> None:
    if selected:
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(6, 6), 4, border_radius=11)
    elif hover:
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(4, 4), 2, border_radius=10)
    if hint and inside:
        pygame.draw.rect(surface, theme.GOOD, rect.inflate(-4, -4), 4, border_radius=8)
    elif hint:
        pygame.draw.rect(surface, theme.GOOD, rect.inflate(10, 10), 3, border_radius=13)
    if focus:
        pygame.draw.rect(surface, theme.FOCUS, rect.inflate(14, 14), 2, border_radius=14)
