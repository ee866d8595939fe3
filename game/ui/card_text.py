"""Text that names playing cards: a code such as `7H` or `QS` in a sentence is drawn as its rank
and a small suit symbol ("7♥"), in the suit's colour. The bundled font has no suit glyphs, so
the symbols are drawn with the same shapes as the cards. Rendered lines are cached.
"""

from __future__ import annotations

import re
from functools import cache

import pygame

from game.core import i18n
from game.ui import playing_cards, text, theme

CODE = re.compile(r"(?<![A-Za-z0-9])([A2-9TJQK])([SHDC])(?![A-Za-z0-9])")
# Suit colours that read on the dark panels (the card faces use darker inks on paper).
ON_DARK = {"S": theme.TEXT, "C": theme.TEXT, "H": (255, 118, 112), "D": (255, 118, 112)}
ON_DARK_FOUR = {"S": theme.TEXT, "C": (120, 214, 140), "H": (255, 118, 112), "D": (120, 176, 255)}


def label(code: str) -> str:
    """The rank as printed on the card: A, 2 ... 10, J, Q, K."""
    return playing_cards.RANK_LABEL.get(code[0], code[0])


def inks(four_colour: bool, paper: bool) -> dict[str, tuple]:
    if paper:  # on a light ground, the cards' own inks
        return playing_cards.FOUR_COLOUR if four_colour else playing_cards.TWO_COLOUR
    return ON_DARK_FOUR if four_colour else ON_DARK


def render(
    line: str,
    size: int = 20,
    colour: tuple = theme.TEXT,
    face: str = "regular",
    four_colour: bool = False,
    paper: bool = False,
) -> pygame.Surface:
    """The line in the current language, card codes drawn (the translation keeps "7H")."""
    return _render(i18n.tr(line), size, colour, face, four_colour, paper, i18n.language())


@cache
def _render(
    line: str, size: int, colour: tuple, face: str, four_colour: bool, paper: bool, language: str
) -> pygame.Surface:
    parts: list[tuple[str, str | None]] = []
    last = 0
    for match in CODE.finditer(line):
        if match.start() > last:
            parts.append((line[last : match.start()], None))
        parts.append((match.group(0), match.group(2)))
        last = match.end()
    if last < len(line):
        parts.append((line[last:], None))
    ink = inks(four_colour, paper)
    suit_w = int(size * 0.74)
    pieces: list[tuple[pygame.Surface, str | None, int]] = []  # (text, suit drawn after it, advance)
    for chunk, suit in parts:
        if suit is None:
            image = text.verbatim(chunk, size, colour, face)
            pieces.append((image, None, image.get_width()))
        else:
            image = text.verbatim(label(chunk), size, ink[suit], "bold" if face == "regular" else face)
            pieces.append((image, suit, image.get_width() + suit_w + 2))
    height = text.font(size, face).get_height()
    surface = pygame.Surface((max(1, sum(w for _, _, w in pieces)), height), pygame.SRCALPHA)
    x = 0
    for image, suit, w in pieces:
        surface.blit(image, (x, 0))
        if suit is not None:
            centre = (x + image.get_width() + 1 + suit_w / 2, height * 0.52)
            playing_cards.suit_shape(surface, suit, centre, size * 0.33, ink[suit])
        x += w
    return surface


def blit(
    surface: pygame.Surface,
    line: str,
    pos: tuple[int, int],
    size: int = 20,
    colour: tuple = theme.TEXT,
    face: str = "regular",
    anchor: str = "topleft",
    four_colour: bool = False,
    paper: bool = False,
) -> pygame.Rect:
    """Like `text.blit`, with card codes shown as rank and suit symbol."""
    image = render(line, size, colour, face, four_colour, paper)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def width(line: str, size: int = 20, face: str = "regular") -> int:
    return render(line, size, theme.TEXT, face).get_width()
