"""Between rounds and at the end of an Ubongo game: each player's solution and time, the gems
taken, and the final standings with the tie-break in words."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.face import View
from game.core.i18n import N_, Msg, _, msg
from game.rules.ubongo.face.constants import COLOURS, TICKS_PER_SECOND, key
from game.rules.ubongo.face.solver import solve
from game.scenes.results import Cell, Column, Drawing, Results
from game.scenes.sheet import Sheet
from game.scenes.ubongo import art
from game.scenes.ubongo.art import Laid
from game.ui import text, theme
from game.ui.widgets import panel

if TYPE_CHECKING:
    from game.scenes.host import Host

ROW_H = 112
STANDING_H = 70  # a player on the final standings: four leave room for the buttons
GEM_STEP = 58  # from one colour to the next on the standings


class RoundSheet(Sheet):
    """The round that just ended: per player the time (or none), the solution, the gems taken."""

    name = "ubongo-round"
    animated = False

    def __init__(
        self,
        app: Host,
        view: View,
        names: list[str],
        last: bool,
        on_close: Callable[[], None],
        taken: dict[int, list[str]],
    ) -> None:
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
        ticks: list[int | None] = v["results"][-1] if v["results"] else [None] * len(self.names)
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
            late = v["status"][seat] == "late"  # solved, but the sand ran out before the pawn moved
            tick = ticks[seat]
            if tick is None:
                words, ink = _("did not solve"), theme.DANGER
            else:
                words = _("Ubongo! {time}", time=_("{seconds} s", seconds=f"{tick / TICKS_PER_SECOND:.1f}"))
                ink = theme.MUTED if late else theme.GOOD
            text.blit(surface, words, (row.x + 50, row.y + 62), 19, ink, "bold", "midleft")
            if late:
                line, size = text.fit(_("too late for gems"), 210, 17, "bold", 13)
                text.blit(surface, line, (row.x + 50, row.y + 86), size, theme.DANGER, "bold", "midleft")
            puzzle = v["puzzles"][seat]
            placed = v["placements"][seat]
            pieces: list[Laid]
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
                line, size = text.fit(self.why_none(seat), row.right - 16 - (row.x + 560), 16, smallest=12)
                text.blit(surface, line, (row.x + 560, row.y + 30), size, theme.MUTED, anchor="midleft")
            art.gem_counts(surface, v["held"][seat], row.x + 520, row.y + 72, 22, 62)

    def why_none(self, seat: int) -> str:
        """Why a player took no gems this round, in a few words."""
        v = self.v
        if v["status"][seat] == "late":
            return _("nothing: too late")
        move = next((m for m in v["moves"] if m["seat"] == seat), None)
        if move is not None and move["gems"] == []:
            return _("nothing: row {row} was empty", row=move["to"] + 1)
        return _("no gems")


class Standings(Results):
    """The final standings: most gems of one colour, then the next colour, and so on."""

    row_height = STANDING_H
    mark_width = 38
    name_width = 220
    min_width = 1000

    def held(self) -> list[dict[str, int]]:
        return self.outcome.details.get("gems", []) if self.outcome else []

    def counts(self, seat: int) -> tuple[int, ...]:
        return tuple(self.held()[seat].get(c, 0) for c in COLOURS)

    def order(self) -> list[int]:
        return sorted(range(len(self.held())), key=lambda s: key(self.counts(s)), reverse=True)

    def columns(self) -> list[Column]:
        return [
            Column(N_("gems of each colour"), 6 * GEM_STEP + 24, "left"),
            Column(N_("largest colours, in order"), 250),
        ]

    def row(self, seat: int) -> list[str | Msg | Cell | Drawing]:
        def gems(surface: pygame.Surface, rect: pygame.Rect) -> None:
            art.gem_counts(surface, self.held()[seat], rect.x, rect.centery, 26, GEM_STEP)

        cascade = " · ".join(str(n) for n in key(self.counts(seat)) if n) or N_("no gems")
        return [gems, Cell(cascade, 24, "black", lead=True)]

    def subline(self, seat: int) -> str | Msg:
        solved = self.outcome.details.get("solved", []) if self.outcome else []
        return msg("solved {done} of {rounds}", done=solved[seat], rounds=9) if solved else ""

    def draw_mark(self, surface: pygame.Surface, centre: tuple[int, int], seat: int) -> None:
        art.pawn(surface, seat, centre, 14, self.window.names[seat][:1])

    def extra_lines(self) -> list[str | Msg]:
        return [N_("Most gems of one colour wins; a tie goes to the next largest colour, and so on.")]
