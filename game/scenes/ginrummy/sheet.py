"""The running score sheet, shown after each hand: hand by hand, points, totals, and what comes
next (the next deal, or the match result)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.scenes.base import Overlay
from game.scenes.ginrummy import draw
from game.ui import card_text, text, theme
from game.ui.widgets import Button

KINDS = {"knock": "Knock", "gin": "Gin", "undercut": "Undercut", "dead": "Dead hand"}
ROWS = 10


class ScoreSheet(Overlay):
    name = "ginrummy-sheet"

    def __init__(self, app, v: dict[str, Any], names: list[str], on_close: Callable[[], None]):
        super().__init__(app, (780, 600))
        self.v, self.names, self.on_close = v, names, on_close
        over = v["phase"] == "match_over"
        dealer = names[v["to_act"][0]] if v["to_act"] else ""
        label = "See the result" if over else f"Next hand · {dealer} deals"
        b = self.box
        self.button = Button((b.centerx - 170, b.bottom - 78, 340, 58), label, self.close, primary=True)
        self.group.add(self.button)
        self.group.move_focus(1)

    def close(self) -> None:
        self.app.pop()
        self.on_close()

    def back(self) -> None:
        self.close()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        b, v, names = self.box, self.v, self.names
        four = self.app.settings.four_colour_deck
        text.blit(surface, "Score sheet", (b.centerx, b.y + 40), 34, theme.TEXT, "black", "center")
        text.blit(
            surface,
            f"Game to {v['target']} · undercut bonus {v['undercut_bonus']} · gin bonus {v['gin_bonus']}",
            (b.centerx, b.y + 76),
            16,
            theme.MUTED,
            anchor="center",
        )
        cols = [b.x + 470, b.x + 680]
        y = b.y + 112
        text.blit(surface, "Hand", (b.x + 40, y), 17, theme.MUTED, "bold", "midleft")
        for seat, x in enumerate(cols):
            text.blit(surface, names[seat], (x, y), 20, theme.ACCENT, "bold", "midright")
        pygame.draw.line(surface, theme.LINE, (b.x + 30, y + 16), (b.right - 30, y + 16))
        history = v["history"]
        rows = history[-ROWS:]
        y += 38
        if len(history) > len(rows):
            text.blit(
                surface,
                f"… {len(history) - len(rows)} earlier hands",
                (b.x + 40, y - 8),
                15,
                theme.MUTED,
                anchor="midleft",
            )
            y += 14
        for k, row in enumerate(rows):
            last = k == len(rows) - 1
            ink = theme.TEXT if last else theme.MUTED
            text.blit(surface, f"{row['number']}", (b.x + 48, y), 17, ink, "bold", "midright")
            who = names[row["winner"]] if row["winner"] is not None else ""
            what = f"{KINDS[row['kind']]}" + (f" · {who}" if who else "")
            text.blit(surface, what, (b.x + 66, y), 17, ink, anchor="midleft")
            for seat, x in enumerate(cols):
                won = row["winner"] == seat and row["points"]
                if won:
                    text.blit(
                        surface, f"+{row['points']}", (x - 70, y), 17, draw.MELD_INK, "bold", "midright"
                    )
                text.blit(
                    surface,
                    str(row["totals"][seat]),
                    (x, y),
                    18,
                    ink,
                    "bold" if last else "regular",
                    "midright",
                )
            y += 28
        pygame.draw.line(surface, theme.LINE, (b.x + 30, y - 8), (b.right - 30, y - 8))
        text.blit(surface, "Total", (b.x + 40, y + 16), 20, theme.TEXT, "bold", "midleft")
        for seat, x in enumerate(cols):
            lead = v["scores"][seat] >= v["target"] or v["scores"][seat] > v["scores"][1 - seat]
            text.blit(
                surface,
                str(v["scores"][seat]),
                (x, y + 16),
                30,
                theme.ACCENT if lead else theme.TEXT,
                "black",
                "midright",
            )
        if history:
            line = history[-1]["template"].format(*names)
            for k, part in enumerate(text.wrap(line, b.w - 80, 18)[:2]):
                card_text.blit(
                    surface,
                    part,
                    (b.centerx, y + 58 + 24 * k),
                    18,
                    theme.TEXT,
                    anchor="center",
                    four_colour=four,
                )
        self.group.draw(surface)
