"""Statistics: finished matches per game and kind of seat, read on the store's thread (the
screen says it is loading meanwhile)."""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from game.core import faces
from game.core.i18n import N_, msg, said
from game.core.records import StatRow
from game.scenes.base import Screen
from game.ui import text, theme
from game.ui.widgets import Button, panel

if TYPE_CHECKING:
    from game.scenes.host import Host

COLUMNS = (
    (N_("Game"), 70),
    (N_("Seat"), 300),
    (N_("Played"), 600),
    (N_("Won"), 720),
    (N_("Shared"), 840),
    (N_("Lost"), 960),
    (N_("Avg score"), 1080),
)


class Statistics(Screen):
    name = "stats"
    title = N_("Statistics")

    def __init__(self, app: Host):
        super().__init__(app)
        self.rows: list[StatRow] = []
        self.loading = True
        self.group.add(Button((1040, 22, 180, 50), N_("Back"), self.back))
        app.matches.read(app.matches.statistics, self.answered)

    @property
    def animated(self) -> bool:  # type: ignore[override]
        return self.loading

    def answered(self, future: Future[list[StatRow]]) -> None:
        self.loading = False
        self.app.dirty = True
        try:
            self.rows = future.result()
        except Exception as exc:  # the file went away or broke meanwhile
            self.app.toast(msg("The saved matches cannot be read: {why}", why=said(exc)), error=True)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        table = pygame.Rect(40, 120, 1200, 560)
        panel(surface, table, theme.BG_DEEP)
        for label, x in COLUMNS:
            text.blit(surface, label, (x, 150), 18, theme.ACCENT, "bold", "midleft")
        pygame.draw.line(surface, theme.LINE, (60, 172), (1220, 172))
        if not self.rows:
            text.blit(
                surface,
                N_("Loading…") if self.loading else N_("Finished matches will be counted here."),
                (theme.WIDTH // 2, 360),
                22,
                theme.MUTED,
                anchor="center",
            )
        for k, row in enumerate(self.rows[:14]):
            y = 196 + 34 * k
            cells = (
                faces.face(row.game).title,
                row.label,
                row.played,
                row.wins,
                row.draws,
                row.losses,
                f"{row.average_score:.1f}",
            )
            for (_label, x), value in zip(COLUMNS, cells, strict=True):
                text.blit(surface, str(value), (x, y), 19, theme.TEXT, anchor="midleft")
        self.group.draw(surface)
