"""Between rounds and at the end of an Ubongo game: each player's solution and time, the gems
taken, and the final standings with the tie-break in words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.i18n import N_, _
from game.rules.ubongo import solve
from game.rules.ubongo.state import COLOURS, TICKS_PER_SECOND
from game.rules.ubongo.view import key
from game.scenes.results import Results, star
from game.scenes.sheet import Sheet
from game.scenes.ubongo import art
from game.ui import text, theme
from game.ui.widgets import panel

ROW_H = 112
STANDING_H = 70  # a player on the final standings: four leave room for the buttons


class RoundSheet(Sheet):
    """The round that just ended: per player the time (or none), the solution, the gems taken."""

    name = "ubongo-round"
    animated = False

    def __init__(
        self,
        app,
        view: dict[str, Any],
        names: list[str],
        last: bool,
        on_close: Callable[[], None],
        taken: dict[int, list[str]],
    ):
        super().__init__(
            app,
            (1000, 150 + ROW_H * len(names) + 90),
            N_("See the standings") if last else N_("Next round"),
            on_close,
        )
        self.v, self.names, self.taken = view, names, taken

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        v, b = self.v, self.box
        ticks = v["results"][-1] if v["results"] else [None] * len(self.names)
        text.blit(
            surface,
            _("Round {round} of {rounds}", round=v["round"], rounds=v["rounds"]),
            (b.centerx, b.y + 44),
            34,
            theme.ACCENT,
            "black",
            "center",
        )
        order = sorted(range(len(self.names)), key=lambda s: (ticks[s] is None, ticks[s] or 0, s))
        for k, seat in enumerate(order):
            y = b.y + 90 + ROW_H * k
            row = pygame.Rect(b.x + 30, y, b.w - 60, ROW_H - 10)
            panel(surface, row, theme.PANEL)
            art.pawn(surface, seat, (row.x + 26, row.y + 30), 15, self.names[seat][:1])
            name, size = text.fit(self.names[seat], 210, 22, "bold", 15)
            text.blit(surface, name, (row.x + 50, row.y + 30), size, theme.TEXT, "bold", "midleft")
            if ticks[seat] is None:
                words, ink = _("did not solve"), theme.DANGER
            else:
                words = _(
                    "Ubongo! {time}", time=_("{seconds} s", seconds=f"{ticks[seat] / TICKS_PER_SECOND:.1f}")
                )
                ink = theme.GOOD
            text.blit(surface, words, (row.x + 50, row.y + 62), 19, ink, "bold", "midleft")
            puzzle = v["puzzles"][seat]
            placed = v["placements"][seat]
            if placed is not None:
                pieces = [(p["piece"], [tuple(c) for c in p["cells"]]) for p in placed]
                label = _("their solution")
            else:
                pieces = list(solve([tuple(c) for c in puzzle["cells"]], puzzle["pieces"]) or ())
                label = _("a solution")
            board = pygame.Rect(row.x + 270, row.y + 6, 220, row.h - 26)
            art.mini_board(surface, puzzle["cells"], pieces, board, placed is None)
            text.blit(surface, label, (board.centerx, row.bottom - 10), 13, theme.MUTED, anchor="center")
            gems = self.taken.get(seat, [])
            text.blit(surface, _("took"), (row.x + 520, row.y + 30), 16, theme.MUTED, anchor="midleft")
            if gems:
                for i, colour in enumerate(gems):
                    surface.blit(art.gem(colour, 30), (row.x + 560 + 34 * i, row.y + 15))
            else:
                text.blit(surface, _("no gems"), (row.x + 560, row.y + 30), 16, theme.MUTED, anchor="midleft")
            art.gem_counts(surface, v["held"][seat], row.x + 520, row.y + 72, 22, 62)


class Standings(Results):
    """The final standings: most gems of one colour, then the next colour, and so on."""

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        outcome = self.outcome
        text.blit(
            surface, self.window.rules.title, (theme.WIDTH - 60, 46), 22, theme.MUTED, anchor="midright"
        )
        text.blit(surface, self.headline(), (theme.WIDTH // 2, 120), 50, theme.ACCENT, "black", "center")
        details = outcome.details if outcome else {}
        summary = outcome.summary if outcome else ""
        summary, size = text.fit(summary, theme.WIDTH - 120, 20, smallest=15)
        text.blit(surface, summary, (theme.WIDTH // 2, 170), size, theme.TEXT, anchor="center")
        held = details.get("gems", [])
        solved = details.get("solved", [])
        counts = [tuple(h.get(c, 0) for c in COLOURS) for h in held]
        order = sorted(range(len(held)), key=lambda s: key(counts[s]), reverse=True)
        box = pygame.Rect(0, 0, 1000, STANDING_H * len(order) + 56)
        box.midtop = (theme.WIDTH // 2, 200)
        panel(surface, box, theme.BG_DEEP)
        text.blit(
            surface, N_("gems of each colour"), (box.x + 330, box.y + 22), 15, theme.MUTED, anchor="midleft"
        )
        text.blit(
            surface,
            N_("largest colours, in order"),
            (box.right - 30, box.y + 22),
            15,
            theme.MUTED,
            anchor="midright",
        )
        for k, seat in enumerate(order):
            y = box.y + 46 + STANDING_H * k
            won = outcome is not None and seat in outcome.winners
            colour = theme.ACCENT if won else theme.TEXT
            if won:
                star(surface, (box.x + 30, y + 24), 13, theme.ACCENT)
            art.pawn(surface, seat, (box.x + 62, y + 24), 14, self.window.names[seat][:1])
            name, size = text.fit(self.window.names[seat], 236, 24, "bold", 15)
            text.blit(surface, name, (box.x + 86, y + 16), size, colour, "bold", "midleft")
            if solved:
                text.blit(
                    surface,
                    _("solved {done} of {rounds}", done=solved[seat], rounds=9),
                    (box.x + 86, y + 42),
                    15,
                    theme.MUTED,
                    anchor="midleft",
                )
            art.gem_counts(surface, held[seat], box.x + 330, y + 24, 26, 58)
            cascade = " · ".join(str(n) for n in key(counts[seat]) if n) or _("no gems")
            text.blit(surface, cascade, (box.right - 30, y + 24), 24, colour, "black", "midright")
        text.blit(
            surface,
            N_("Most gems of one colour wins; a tie goes to the next largest colour, and so on."),
            (theme.WIDTH // 2, box.bottom + 20),  # above the buttons (y 600)
            16,
            theme.MUTED,
            anchor="center",
        )
        self.group.draw(surface)
