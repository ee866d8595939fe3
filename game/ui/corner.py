"""The two buttons every table keeps in its bottom-right corner: Hint and Menu."""

from __future__ import annotations

from collections.abc import Callable

from game.core.i18n import N_
from game.ui.widgets import Button

HINT_RECT = (950, 632, 150, 64)
MENU_RECT = (1110, 632, 150, 64)


def corner_buttons(on_hint: Callable[[], None], on_menu: Callable[[], None]) -> tuple[Button, Button]:
    hint = Button(HINT_RECT, N_("Hint"), on_hint, hint=N_("What the hard bot would play (H)"), tid="hint")
    menu = Button(MENU_RECT, N_("Menu"), on_menu, hint=N_("Pause: rules, settings, leave (Esc)"), tid="menu")
    return hint, menu
