"""A tooltip: the tip of the target under the pointer or the keyboard focus (why a button is
greyed out, the whole of a shortened log line), in a box kept inside the canvas."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui import card_text, text, theme
from game.ui.targets import Target

SIZE = 15
PAD = 8
MAX_W = 420


def draw(
    surface: pygame.Surface,
    target: Target | None,
    four_colour: bool | None = None,
    avoid: Sequence[pygame.Rect] = (),
) -> pygame.Rect | None:
    """`four_colour`: given (True or False), card codes in the tip ("7H") are drawn as rank and
    suit, in the four- or two-colour inks, as the line they lengthen was drawn. `avoid`: words
    of the screen the box must leave readable (a setup screen's note). Returns the box drawn."""
    if target is None or not target.tip:
        return None
    cards = four_colour is not None
    lines = text.wrap(target.tip, MAX_W, SIZE)
    measure = (
        (lambda line: card_text.width(line, SIZE)) if cards else (lambda line: text.font(SIZE).size(line)[0])
    )
    width = max(measure(line) for line in lines) + 2 * PAD
    height = 20 * len(lines) + 2 * PAD - 4
    box = place(target.bounds, (width, height), avoid)
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
    return box


def place(anchor: pygame.Rect, size: tuple[int, int], avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Above the target (below it when there is no room above), kept inside the canvas; where
    that covers words to `avoid`, the first of below, right and left that covers neither them
    nor the target."""
    canvas = pygame.Rect(4, 4, theme.WIDTH - 8, theme.HEIGHT - 8)
    boxes = []
    for side in ("midbottom", "midtop", "midleft", "midright"):
        box = pygame.Rect((0, 0), size)
        setattr(box, side, _beside(anchor, side))
        boxes.append(box)
    if boxes[0].top < canvas.top:  # no room above
        del boxes[0]
    fitted = [box.clamp(canvas) for box in boxes]
    if avoid:
        for box in fitted:
            if not box.colliderect(anchor) and box.collidelist(list(avoid)) < 0:
                return box
    return fitted[0]


def _beside(anchor: pygame.Rect, side: str) -> tuple[int, int]:
    """The point of `anchor` a box's `side` is put at, 6 px away."""
    return {
        "midbottom": (anchor.centerx, anchor.top - 6),
        "midtop": (anchor.centerx, anchor.bottom + 6),
        "midleft": (anchor.right + 6, anchor.centery),
        "midright": (anchor.left - 6, anchor.centery),
    }[side]
