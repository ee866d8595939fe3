"""Fonts from assets/fonts and a cache of rendered text (rendering every frame is slow)."""

from __future__ import annotations

from functools import cache

import pygame

from game import resources
from game.ui import theme

FACES = {"regular": "Lato-Regular.ttf", "bold": "Lato-Bold.ttf", "black": "Lato-Black.ttf"}


@cache
def font(size: int, face: str = "regular") -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(resources.path("assets", "fonts", FACES[face])), size)


@cache
def render(text: str, size: int = 20, color: tuple = theme.TEXT, face: str = "regular") -> pygame.Surface:
    return font(size, face).render(text, True, color)


def blit(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int = 20,
    color: tuple = theme.TEXT,
    face: str = "regular",
    anchor: str = "topleft",
) -> pygame.Rect:
    """Draw cached text with its rect's `anchor` (topleft, center, midright...) at pos."""
    image = render(text, size, color, face)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


@cache
def wrap(text: str, width: int, size: int = 20, face: str = "regular") -> tuple[str, ...]:
    """Greedy word wrap to a pixel width (cached: screens wrap the same text every frame)."""
    f = font(size, face)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if line and f.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return tuple(lines)


@cache
def fit(text: str, width: int, size: int = 20, face: str = "regular", smallest: int = 14) -> tuple[str, int]:
    """The text and a size at which it fits `width`: the size steps down to `smallest`, then
    the text is cut with an ellipsis (cached: tables fit the same lines every frame)."""
    while size > smallest and font(size, face).size(text)[0] > width:
        size -= 1
    while len(text) > 1 and font(size, face).size(text)[0] > width:
        text = text[:-2].rstrip() + "…"
    return text, size
