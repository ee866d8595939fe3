"""The replay's review: at each move of the seat whose cards show, the hard bot's choice beside
the move made, and a list of the moves where they differ.

The bot is asked one move at a time off the UI thread (the one the replay stands on first), so
the window stays responsive; under automation each update answers one move synchronously, so
a test sees the same advice in the same order every time.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.i18n import N_, _, msg
from game.scenes import tables
from game.ui import text, theme
from game.ui.targets import Target
from game.ui.widgets import panel

if TYPE_CHECKING:
    from game.scenes.asked import Advice, Replayed
    from game.scenes.host import Host


class Replay(Protocol):
    """What the review reads of the replay it belongs to (game.scenes.replay.Replay)."""

    rewind: Replayed  # the match's timeline, windows and review
    count: int
    viewer: int | None
    pointer: tuple[int, int]

    def show(self, count: int) -> None: ...


_EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
SIDE = pygame.Rect(926, 8, 350, 598)
ROW_SIZE = 15
LINE = 20  # a row's line height
ROW_PAD = 6


class Review:
    def __init__(self, app: Host, replay: Replay):
        self.app, self.replay = app, replay
        self.open = False
        self.advice: dict[tuple[int, int], Advice] = {}  # by (seat, move index)
        self.job: tuple[tuple[int, int], Future[Advice]] | None = None
        self.scroll = 0
        self.rect = pygame.Rect(tables.spec(replay.rewind.game.name).review_panel or SIDE)

    # -- asking the bot -------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        return self.replay.viewer

    def pending(self) -> list[int]:
        """The seat's moves not yet reviewed, the one the replay stands on first."""
        seat = self.seat
        if seat is None:
            return []
        todo = [i for i in self.replay.rewind.decisions(seat) if (seat, i) not in self.advice]
        here = self.replay.rewind.entry_at(self.replay.count)
        if here is not None and here in todo:
            todo.remove(here)
            todo.insert(0, here)
        return todo

    @property
    def working(self) -> bool:
        return self.open and (self.job is not None or bool(self.pending()))

    def update(self) -> None:
        if self.job is not None:
            key, future = self.job
            if not future.done():
                return
            self.job = None
            try:
                self.advice[key] = future.result()
            except Exception as exc:  # a bot that fails on an old position must not end the replay
                self.app.toast(msg("The review stopped: {why}", why=str(exc)), error=True)
                self.open = False
                return
        if not self.open:
            return
        todo = self.pending()
        if not todo:
            return
        key = (self.seat or 0, todo[0])
        if self.app.automated:  # answered now, one move per update
            self.advice[key] = self.replay.rewind.review(key[1])
            return
        self.job = (key, _EXECUTOR.submit(self.replay.rewind.review, key[1]))

    def toggle(self) -> None:
        if self.seat is None:
            self.app.toast(N_("Choose whose hands show to review that seat's moves."))
            return
        self.open = not self.open
        self.scroll = 0

    def seat_changed(self) -> None:
        self.scroll = 0

    # -- reading --------------------------------------------------------------------------
    def advice_at(self, index: int) -> Advice | None:
        return self.advice.get((self.seat, index)) if self.seat is not None else None

    def differing(self) -> list[int]:
        seat = self.seat
        return sorted(i for (s, i), a in self.advice.items() if s == seat and a.differs)

    def counts(self) -> tuple[int, int]:
        seat = self.seat
        if seat is None:
            return 0, 0
        mine = self.replay.rewind.decisions(seat)
        return sum(1 for i in mine if (seat, i) in self.advice), len(mine)

    # -- the panel ------------------------------------------------------------------------
    def rows(self) -> list[tuple[pygame.Rect, int]]:
        """The differing moves shown from the scroll on, each as tall as its words wrap to."""
        top = self.rect.y + 86
        out: list[tuple[pygame.Rect, int]] = []
        for index in self.differing()[self.scroll :]:
            made, bot = self.words(index)
            height = 2 * ROW_PAD + LINE * (len(made) + len(bot)) + 2
            if top + height > self.rect.bottom - 10 and out:
                break
            out.append((pygame.Rect(self.rect.x + 10, top, self.rect.w - 20, height), index))
            top += height + 6
        return out

    def words(self, index: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """A differing move's lines: the move made, and the hard bot's choice."""
        advice = self.advice[(self.seat or 0, index)]
        move = self.replay.rewind.move_number(advice.at) + 1
        width = self.rect.w - 40
        made = text.wrap(_("Move {n}: {made}", n=move, made=advice.made), width, ROW_SIZE, "bold")
        bot = text.wrap(_("Hard bot: {bot}", bot=advice.bot), width, ROW_SIZE)
        return made, bot

    def targets(self) -> list[Target]:
        if not self.open:
            return []
        return [
            Target(f"review.{index}", msg("Move {n}", n=index + 1), "row", rect)
            for rect, index in self.rows()
        ]

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.open:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, index in self.rows():
                if rect.collidepoint(event.pos):
                    self.replay.show(self.replay.rewind.move_at(index))
                    return True
            return self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(self.replay.pointer):
            most = max(0, len(self.differing()) - 1)
            self.scroll = max(0, min(most, self.scroll - event.y))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.open:
            return
        r = self.rect
        panel(surface, r, theme.BG_DEEP, theme.ACCENT_DARK, width=2)
        name = self.replay.rewind.names[self.seat] if self.seat is not None else ""
        heading, hsize = text.fit(_("Review: {name}'s moves", name=name), r.w - 32, 20, "bold", 15)
        text.blit(surface, heading, (r.x + 16, r.y + 14), hsize, theme.ACCENT, "bold")
        done, total = self.counts()
        differ = len(self.differing())
        line = _("{differ} of {done} differ from the hard bot", differ=differ, done=done)
        if done != total:
            line = _("{said} · {n} to go", said=line, n=total - done)
        text.blit(surface, text.fit(line, r.w - 32, 16)[0], (r.x + 16, r.y + 44), 16, theme.MUTED)
        here = self.replay.rewind.entry_at(self.replay.count)
        for rect, index in self.rows():
            current = here == index
            panel(
                surface,
                rect,
                theme.PANEL_HI if current else theme.PANEL,
                theme.ACCENT if current else theme.LINE,
            )
            made, bot = self.words(index)
            y = rect.y + ROW_PAD
            for line in made:
                text.blit(surface, line, (rect.x + 10, y), ROW_SIZE, theme.TEXT, "bold")
                y += LINE
            y += 2
            for line in bot:
                text.blit(surface, line, (rect.x + 10, y), ROW_SIZE, theme.MUTED)
                y += LINE
        if done and not differ:
            for k, said in enumerate(
                text.wrap(N_("Every move so far is the hard bot's choice too."), r.w - 32, 16)
            ):
                text.blit(surface, said, (r.x + 16, r.y + 96 + 22 * k), 16, theme.TEXT)
