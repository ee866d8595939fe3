"""The move log panel: the last few lines, the newest bright; a line too long for the panel
ends in "…" and is a target whose tip is the whole line (shown on hover or focus)."""

from __future__ import annotations

import pygame

from game.core.i18n import N_, tr
from game.ui import card_text, text, theme
from game.ui.targets import Target

SIZE = 15


class LogPanel:
    def __init__(self, x: int, y: int, width: int, rows: int, step: int = 22, title: str = N_("Last moves")):
        self.x, self.y, self.width, self.rows, self.step, self.title = x, y, width, rows, step, title

    def shown(self, lines: list[str]) -> list[tuple[str, str]]:
        """(full line, line as drawn) for the lines on show, oldest first."""
        return [(line, text.fit(line, self.width, SIZE, smallest=SIZE)[0]) for line in lines[-self.rows :]]

    def row_rect(self, k: int) -> pygame.Rect:
        return pygame.Rect(self.x, self.y + 24 + self.step * k - self.step // 2, self.width, self.step)

    def targets(self, lines: list[str]) -> list[Target]:
        """The shortened lines, so hover and focus can read them whole."""
        return [
            Target(f"log.{k}", full, "log", self.row_rect(k), tip=full)
            for k, (full, drawn) in enumerate(self.shown(lines))
            if drawn != tr(full)
        ]

    def draw(self, surface: pygame.Surface, lines: list[str], four_colour: bool = False) -> None:
        text.blit(surface, self.title, (self.x, self.y), SIZE, theme.ACCENT, "bold", "midleft")
        rows = self.shown(lines)
        for k, (_, drawn) in enumerate(rows):
            colour = theme.TEXT if k == len(rows) - 1 else theme.MUTED
            at = (self.x, self.row_rect(k).centery)
            card_text.blit(surface, drawn, at, SIZE, colour, anchor="midleft", four_colour=four_colour)
