"""Ubongo practice: any shipped board, either side, any row, untimed; or a new puzzle from the
generator. "Show one piece" lays a piece where a solution has it. A stopwatch runs for
interest, not against you.

Keys: Tab takes a piece, arrows move it, R/F turn and flip, Enter lays it; N a new puzzle,
H shows one piece, PageUp/PageDown the board, S the side, 1-6 the row, Esc leaves.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, _, _n, msg
from game.core.polyomino import Shape
from game.rules.ubongo.face import levels, words
from game.rules.ubongo.face.constants import DIE, TICKS_PER_SECOND
from game.rules.ubongo.face.difficulty import estimate, label
from game.rules.ubongo.face.generate import fresh
from game.scenes.base import Screen
from game.scenes.ubongo import art
from game.scenes.ubongo.handling import lay_one, puzzle_handler
from game.ui import polyomino_draw, text, theme
from game.ui.targets import Target
from game.ui.widgets import Button, Choice, panel

if TYPE_CHECKING:
    from game.scenes.host import Host

PLAY = pygame.Rect(24, 112, 848, 500)
SIDE = pygame.Rect(892, 112, 372, 580)


class Practice(Screen):
    name = "ubongo-practice"
    title = N_("Ubongo practice")
    animated = True  # the stopwatch

    def __init__(
        self, app: Host, board: int = 1, side: str = "easy", face: int = 0, seed: int | None = None
    ) -> None:
        super().__init__(app)
        self.rng = random.Random(seed)
        x = SIDE.x + 16
        self.board_choice = Choice(
            (x, SIDE.y + 16, 340, 46), N_("Board"), list(range(1, levels.BOARD_COUNT + 1)), board, self._pick
        )
        self.side_choice = Choice(
            (x, SIDE.y + 72, 340, 46),
            N_("Side"),
            ["easy", "hard"],
            side,
            self._pick,
            names=[N_("Easy (3 pieces)"), N_("Hard (4)")],
        )
        self.row_choice = Choice(
            (x, SIDE.y + 128, 340, 46),
            N_("Row"),
            list(range(6)),
            face,
            self._pick,
            names=[msg("{row} · {symbol}", row=f + 1, symbol=words.symbol(DIE[f])) for f in range(6)],
        )
        self.board_choice.tid, self.side_choice.tid, self.row_choice.tid = "board", "side", "row"
        self.new_button = Button((x, SIDE.y + 200, 340, 56), N_("New puzzle (N)"), self.new_puzzle, tid="new")
        self.hint_button = Button(
            (x, SIDE.y + 268, 340, 56), N_("Show one piece (H)"), self.show_piece, tid="hint"
        )
        self.back_button = Button((x, SIDE.bottom - 72, 340, 56), N_("Back (Esc)"), self.back, tid="back")
        for widget in (
            self.board_choice,
            self.side_choice,
            self.row_choice,
            self.new_button,
            self.hint_button,
            self.back_button,
        ):
            self.group.add(widget)
        self.generated = False
        self._pick(None)

    # -- puzzles --------------------------------------------------------------------------
    def _pick(self, _value: object) -> None:
        side = levels.board(self.board_choice.value).side(self.side_choice.value)
        self.load(side.cells, side.rows[self.row_choice.value], generated=False)

    def new_puzzle(self) -> None:
        cells, pieces = fresh(self.side_choice.value, self.rng)
        self.load(cells, pieces, generated=True)

    def load(self, cells: Shape, pieces: tuple[str, ...], generated: bool) -> None:
        self.cells, self.pieces, self.generated = cells, tuple(pieces), generated
        self.handler = puzzle_handler(cells, pieces, PLAY)
        self.elapsed = 0
        self.solved_at: int | None = None
        self.hints = 0
        self.seconds = estimate(cells, pieces)

    def show_piece(self) -> None:
        if self.solved_at is None and lay_one(self.handler):
            self.hints += 1
            self._check()

    def _check(self) -> None:
        if self.solved_at is None and self.handler.solved():
            self.solved_at = self.elapsed
            self.app.sounds.play("ubongo")

    # -- input and time -------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and any(
            w.visible and w.rect.collidepoint(event.pos) for w in self.group.widgets
        ):
            return self.group.handle(event)
        if self.solved_at is None and self.handler.handle(event):
            self._check()
            return True
        if event.type == pygame.KEYDOWN and self.key(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            return False  # Tab belongs to the pieces, even once solved
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return False  # a right-click turns pieces here; it does not leave
        return super().handle(event)

    def key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == pygame.K_n:
            self.new_puzzle()
        elif k == pygame.K_h:
            self.show_piece()
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.board_choice.step(1 if k == pygame.K_PAGEDOWN else -1)
        elif k == pygame.K_s:
            self.side_choice.step(1)
        elif pygame.K_1 <= k <= pygame.K_6:
            self.row_choice.set(k - pygame.K_1)
            self._pick(None)
        else:
            return False
        return True

    def update(self, ticks: int) -> None:
        self.handler.advance(ticks)
        if self.solved_at is None:
            self.elapsed += ticks

    def targets(self) -> list[Target]:
        return self.handler.targets() + super().targets()

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        panel(surface, SIDE, theme.BG_DEEP)
        polyomino_draw.draw(surface, self.handler)
        self.group.draw(surface)
        x = SIDE.x + 24
        where = (
            _("A new puzzle")
            if self.generated
            else _(
                "Board {board}, {side} side",
                board=self.board_choice.value,
                side=words.side(self.side_choice.value),
            )
        )
        text.blit(surface, where, (x, SIDE.y + 352), 18, theme.TEXT, "bold", "midleft")
        about = _(
            "Pieces {pieces} · about {seconds} s ({level})",
            pieces=words.pieces(self.pieces),
            seconds=f"{self.seconds:.0f}",
            level=words.level(label(self.seconds)),
        )
        about, size = text.fit(about, SIDE.right - 16 - x, 16, smallest=12)
        text.blit(surface, about, (x, SIDE.y + 380), size, theme.MUTED, anchor="midleft")
        ticks = self.elapsed if self.solved_at is None else self.solved_at
        if self.solved_at is None:
            text.blit(
                surface,
                art.clock_text(ticks, TICKS_PER_SECOND),
                (x, SIDE.y + 430),
                40,
                theme.TEXT,
                "black",
                "midleft",
            )
            text.blit(
                surface,
                N_("untimed: take all the time you like"),
                (x, SIDE.y + 468),
                15,
                theme.MUTED,
                anchor="midleft",
            )
        else:
            text.blit(
                surface,
                _("Ubongo! {time}", time=_("{seconds} s", seconds=f"{ticks / TICKS_PER_SECOND:.1f}")),
                (x, SIDE.y + 430),
                34,
                theme.GOOD,
                "black",
                "midleft",
            )
            more = (
                _n(
                    "with {n} piece shown · N for a new puzzle",
                    "with {n} pieces shown · N for a new puzzle",
                    self.hints,
                )
                if self.hints
                else _("on your own · N for a new puzzle")
            )
            more, size = text.fit(more, SIDE.right - 16 - x, 15, smallest=12)
            text.blit(surface, more, (x, SIDE.y + 468), size, theme.MUTED, anchor="midleft")
        width = SIDE.x - PLAY.x - 12
        for line, y in (
            (N_("Drag pieces; right-click, wheel or R turns; F flips; double-click or Esc sends back."), 40),
            (
                N_(
                    "Keys: Tab takes a piece, arrows move it, Enter lays it. "
                    "PageUp/PageDown board, S side, 1-6 row."
                ),
                64,
            ),
        ):
            shown, size = text.fit(line, width, 16, smallest=12)
            text.blit(surface, shown, (PLAY.x, PLAY.bottom + y), size, theme.MUTED, anchor="midleft")
