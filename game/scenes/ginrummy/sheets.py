"""The running score sheet, shown after each hand: hand by hand, points, totals, and what comes
next (the next deal, or the match result)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, msg
from game.rules.ginrummy.face import scoring
from game.rules.ginrummy.face.phases import MATCH_OVER
from game.scenes.ginrummy import art
from game.scenes.sheet import Sheet
from game.ui import card_text, text, theme

if TYPE_CHECKING:
    from game.core.face import View
    from game.scenes.host import Host

ROWS = 8


class ScoreSheet(Sheet):
    name = "ginrummy-sheet"
    animated = False

    def __init__(self, app: Host, v: View, names: list[str], on_close: Callable[[], None]):
        over = v["phase"] == MATCH_OVER
        dealer = names[v["to_act"][0]] if v["to_act"] else ""
        label = N_("See the result") if over else msg("Next hand · {name} deals", name=dealer)
        super().__init__(app, (780, 600), label, on_close, button_w=340)
        self.v, self.names = v, names

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        b, v, names = self.box, self.v, self.names
        four = self.app.settings.four_colour_deck
        text.blit(surface, N_("Score sheet"), (b.centerx, b.y + 40), 34, theme.TEXT, "black", "center")
        text.blit(
            surface,
            msg(
                "Game to {target} · undercut bonus {undercut} · gin bonus {gin}",
                target=v["target"],
                undercut=v["undercut_bonus"],
                gin=v["gin_bonus"],
            ),
            (b.centerx, b.y + 76),
            16,
            theme.MUTED,
            anchor="center",
        )
        y = art.score_table(
            surface, v, names, (b.x + 40, b.right - 40), (b.x + 500, b.right - 40), b.y + 118, 18, ROWS
        )
        history = v["history"]
        lines = list(text.wrap(scoring.explain(history[-1], names), b.w - 80, 18)[:2]) if history else []
        for k, part in enumerate(lines):
            card_text.blit(
                surface, part, (b.centerx, y + 14 + 24 * k), 18, theme.TEXT, anchor="center", four_colour=four
            )
        if v["phase"] == MATCH_OVER:
            winner = 0 if v["scores"][0] >= v["target"] else 1
            won = msg("{name} reaches {target} and wins the match", name=names[winner], target=v["target"])
            text.blit(
                surface, won, (b.centerx, y + 30 + 24 * len(lines)), 24, theme.ACCENT, "black", "center"
            )
        self.group.draw(surface)
