"""Fonts from assets/fonts and a cache of rendered text (rendering every frame is slow).

Every function here takes text as the code wrote it (a `Msg`, an `N_` constant or a name)
and draws it in the current language (`i18n.tr`). Japanese is drawn in Noto Sans JP, which
has Latin letters too, so a line mixing both reads evenly; English in Lato. A text the
language's fonts have no glyph for (a Japanese word or name in the English interface, as in
"Language · 言語") is drawn, measured and wrapped in the fonts of the language that has them.
"""

from __future__ import annotations

from functools import cache

import pygame
import pygame.freetype

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


def font(size: int, face: str = "regular", sample: str = "") -> pygame.font.Font:
    """The font the current language draws in, or the one that draws `sample` (a text to be
    measured as it will be drawn: a name in another script)."""
    return _font(size, face, script(sample, i18n.language()))


@cache
def _glyphs(language: str) -> pygame.freetype.Font:
    """The language's regular face, asked which characters it has (its other weights have the
    same); pygame.freetype says None for a glyph a font lacks, pygame.font does not."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(str(resources.path("assets", "fonts", FACES[language]["regular"])), 16)


@cache
def _has(language: str, char: str) -> bool:
    return char.isspace() or _glyphs(language).get_metrics(char)[0] is not None


def script(text: str, language: str) -> str:
    """Whose fonts draw `text`: the language's when they have every glyph of it, else the
    other language's when those do."""
    if all(_has(language, c) for c in text):
        return language
    other = next(code for code in FACES if code != language)
    return other if all(_has(other, c) for c in text) else language


def missing(text: str) -> str:
    """The characters of `text`, as drawn now (translated), that the fonts drawing it lack."""
    shown = i18n.tr(text)
    drawn_in = script(shown, i18n.language())
    return "".join(sorted({c for c in shown if not _has(drawn_in, c)}))


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
    return _font(size, face, script(text, language)).render(text, True, color)


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
    f = _font(size, face, script(text, language))
    return tuple(linebreak.lines(text, width, lambda s: f.size(s)[0]))


def width(text: str, size: int = 20, face: str = "regular") -> int:
    """How wide `text`, translated, is drawn. Remembered: a bar asks at every frame it draws,
    and a measure costs about 20 µs."""
    return _width(i18n.tr(text), size, face, i18n.language())


@cache
def _width(text: str, size: int, face: str, language: str) -> int:
    return _font(size, face, script(text, language)).size(text)[0]


def fit(text: str, width: int, size: int = 20, face: str = "regular", smallest: int = 14) -> tuple[str, int]:
    """The text, translated, and a size at which it fits `width`: the size steps down to
    `smallest`, then the text is cut with an ellipsis."""
    return _fit(i18n.tr(text), width, size, face, smallest, i18n.language())


@cache
def _fit(text: str, width: int, size: int, face: str, smallest: int, language: str) -> tuple[str, int]:
    language = script(text, language)
    while size > smallest and _font(size, face, language).size(text)[0] > width:
        size -= 1
    f = _font(size, face, language)
    while len(text) > 1 and f.size(text)[0] > width:
        text = text[:-2].rstrip() + "…"
    return text, size
