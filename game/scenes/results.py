"""The end of a match: who won, the scores, and a rematch."""

from __future__ import annotations

import math

import pygame

from game.core.bots import level_name
from game.core.i18n import N_, msg, tr
from game.core.window import SeatWindow
from game.scenes import tables
from game.scenes.base import Screen
from game.ui import text, theme
from game.ui.widgets import Button, panel


def star(surface: pygame.Surface, centre: tuple[int, int], r: int, colour) -> None:
    points = []
    for k in range(10):
        angle = math.pi / 2 + k * math.pi / 5
        radius = r if k % 2 == 0 else r * 0.45
        points.append((centre[0] + radius * math.cos(angle), centre[1] - radius * math.sin(angle)))
    pygame.draw.polygon(surface, colour, points)


class Results(Screen):
    name = "results"
    title = N_("Match over")

    def __init__(self, app, window: SeatWindow, match_id: int | None = None):
        super().__init__(app)
        self.window = window
        self.outcome = window.outcome
        self.group.add(Button((380, 600, 240, 60), N_("Menu"), self.to_menu))
        self.group.add(Button((660, 600, 240, 60), N_("Rematch"), self.rematch, primary=True))
        self.group.move_focus(-1)
        app.sounds.play("seal")

    def headline(self) -> str:
        names = self.window.names
        winners = self.outcome.winners if self.outcome else ()
        if len(winners) == 1:
            return msg("{name} wins", name=names[winners[0]])
        if winners:
            return msg("Shared win: {names}", names=" & ".join(names[w] for w in winners))
        return N_("No winner")

    def summary_line(self) -> str:
        """The rules' summary, translated, with names for the seats it speaks of ("Seat 1" as
        the language words it, so also an older save's plain English)."""
        summary = tr(self.outcome.summary) if self.outcome else ""
        for i, name in enumerate(self.window.names):
            summary = summary.replace(tr(msg("Seat {seat}", seat=i + 1)), name)
        return summary

    def to_menu(self) -> None:
        self.app.home()

    def back(self) -> None:
        self.to_menu()

    def rematch(self) -> None:
        old = self.window
        table = tables.new_table(self.app, old.rules, old.players, old.options)
        self.app.home()
        self.app.push(table)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        text.blit(
            surface, self.window.rules.title, (theme.WIDTH - 60, 46), 22, theme.MUTED, anchor="midright"
        )
        text.blit(surface, self.headline(), (theme.WIDTH // 2, 170), 54, theme.ACCENT, "black", "center")
        if self.outcome and self.outcome.summary:
            for k, line in enumerate(text.wrap(self.summary_line(), 900, 20)):
                text.blit(surface, line, (theme.WIDTH // 2, 226 + 26 * k), 20, theme.TEXT, anchor="center")
        scores = self.outcome.scores if self.outcome else ()
        box = pygame.Rect(0, 0, 620, 56 * len(self.window.players) + 40)
        box.midtop = (theme.WIDTH // 2, 300)
        panel(surface, box, theme.BG_DEEP)
        for i, seat in enumerate(self.window.players):
            y = box.y + 20 + 56 * i
            won = self.outcome is not None and i in self.outcome.winners
            colour = theme.ACCENT if won else theme.TEXT
            if won:  # the font has no star glyph: draw one
                star(surface, (box.x + 40, y + 17), 13, theme.ACCENT)
            text.blit(surface, seat.name, (box.x + 62, y + 18), 26, colour, "bold", "midleft")
            kind = N_("person") if not seat.is_bot else msg("bot · {level}", level=level_name(seat.level))
            text.blit(surface, kind, (box.x + 330, y + 18), 17, theme.MUTED, anchor="midleft")
            if i < len(scores):
                score = scores[i]
                shown = f"{score:g}" if isinstance(score, float) else str(score)
                text.blit(surface, shown, (box.right - 30, y + 18), 28, colour, "black", "midright")
        self.group.draw(surface)
