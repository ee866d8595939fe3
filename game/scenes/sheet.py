"""A sheet over the table (a round's or a hand's scores): a box over the dimmed table with one
button that moves on (Enter or Space on it), which is also what game.automation presses to pass
it. Esc never moves on: it opens the table's menu."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core import faces
from game.scenes.base import Overlay
from game.scenes.overlays import Pause
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.host import Host

CONTINUE = "continue"


class Sheet(Overlay):
    proceed = CONTINUE

    def __init__(
        self, app: Host, size: tuple[int, int], label: str, on_close: Callable[[], None], button_w: int = 300
    ):
        super().__init__(app, size)
        self.on_close = on_close
        b = self.box
        self.button = Button(
            (b.centerx - button_w // 2, b.bottom - 78, button_w, 58), label, self.close, True, tid=CONTINUE
        )
        self.group.add(self.button)
        self.group.move_focus(1)
        # the table beneath, given the ticks it misses while covered (network play's news)
        self.beneath: Callable[[int], None] | None = None

    def update(self, ticks: int) -> None:
        super().update(ticks)
        if self.beneath is not None:
            self.beneath(ticks)

    def close(self) -> None:
        self.app.pop()
        self.on_close()

    def back(self) -> None:
        """Esc never moves on (the button, Enter or Space does): it opens the menu of the table
        beneath, over the sheet, which is still there once the menu closes."""
        games = faces.games()
        game = next((s.name for s in reversed(self.app.stack) if s.name in games), "")  # its Rules
        self.app.push(Pause(self.app, game))
