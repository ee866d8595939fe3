"""The system clipboard, for text (an invite copied on one screen, pasted on another).

pygame-ce's text clipboard (`pygame.scrap.put_text`, `get_text`, since 2.2) needs only the
display to be set up; the old `scrap.init()`/`put()` API with MIME types is deprecated there
and is not used. Where no clipboard is available (no display yet, a window system without one)
each call says so instead of failing, and the caller leaves the text on screen to be typed.
"""

from __future__ import annotations

import pygame


def available() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def copy(text: str) -> bool:
    """Put `text` on the clipboard; False when there is none to put it on."""
    if not available():
        return False
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError):  # AttributeError: a pygame without the text API
        return False
    return True


def paste() -> str | None:
    """The clipboard's text ("" when it holds none), or None when there is no clipboard."""
    if not available():
        return None
    try:
        return pygame.scrap.get_text() if pygame.scrap.has_text() else ""
    except (pygame.error, AttributeError):
        return None
