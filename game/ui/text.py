"""Fonts from assets/fonts and a cache of rendered text (rendering every frame is slow).

Every function here takes text as the code wrote it (a `Msg`, an `N_` constant or a name)
and draws it in the current language (`i18n.tr`). Japanese is drawn in Noto Sans JP, which
has Latin letters too, so a line mixing both reads evenly; English in Lato.
"""

from __future__ import annotations

from functools import cache

import pygame

from game import resources
from game.core import i18n
from game.ui import linebreak, theme

FACES = {
    "en": {"regular": "Lato-Regular.ttf", "bold": "Lato-Bold.ttf", "black": "Lato-Black.ttf"},
    # Noto's Black weight would add another megabyte: Bold stands in for it
    "ja": {
        "regular": "NotoSansJP-Regular.otf",
        "bold": "NotoSansJP-Bold.otf",
        "black": "NotoSansJP-Bold.otf",
    },
}


def font(size: int, face: str = "regular") -> pygame.font.Font:
    return _font(size, face, i18n.language())


@cache
def _font(size: int, face: str, language: str) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(resources.path("assets", "fonts", FACES[language][face])), size)


def render(text: str, size: int = 20, color: tuple = theme.TEXT, face: str = "regular") -> pygame.Surface:
    return _render(i18n.tr(text), size, color, face, i18n.language())


def verbatim(text: str, size: int = 20, color: tuple = theme.TEXT, face: str = "regular") -> pygame.Surface:
    """Text already in the reader's language (a rules text, a name), drawn without the catalogue."""
    return _render(text, size, color, face, i18n.language())


@cache
def _render(text: str, size: int, color: tuple, face: str, language: str) -> pygame.Surface:
    return _font(size, face, language).render(text, True, color)


def blit(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int = 20,
    color: tuple = theme.TEXT,
    face: str = "regular",
    anchor: str = "topleft",
    *,
    as_is: bool = False,
) -> pygame.Rect:
    """Draw cached text with its rect's `anchor` (topleft, center, midright...) at pos; `as_is`:
    not through the catalogue (a piece's letter, a card's rank, a name)."""
    image = verbatim(text, size, color, face) if as_is else render(text, size, color, face)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def wrap(text: str, width: int, size: int = 20, face: str = "regular") -> tuple[str, ...]:
    """The text, translated, in lines no wider than `width` (breaking at spaces, and between
    Japanese characters but not before 、。」)."""
    return _wrap(i18n.tr(text), width, size, face, i18n.language())


@cache
def _wrap(text: str, width: int, size: int, face: str, language: str) -> tuple[str, ...]:
    f = _font(size, face, language)
    return tuple(linebreak.lines(text, width, lambda s: f.size(s)[0]))


def fit(text: str, width: int, size: int = 20, face: str = "regular", smallest: int = 14) -> tuple[str, int]:
    """The text, translated, and a size at which it fits `width`: the size steps down to
    `smallest`, then the text is cut with an ellipsis."""
    return _fit(i18n.tr(text), width, size, face, smallest, i18n.language())


@cache
def _fit(text: str, width: int, size: int, face: str, smallest: int, language: str) -> tuple[str, int]:
    while size > smallest and _font(size, face, language).size(text)[0] > width:
        size -= 1
    f = _font(size, face, language)
    while len(text) > 1 and f.size(text)[0] > width:
        text = text[:-2].rstrip() + "…"
    return text, size
