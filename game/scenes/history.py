"""History: every stored match, finished or not, the most recent first: game, date, seats,
result and length. Filter by game and by opponent; replay, export or delete a match (a delete
can be undone for a few seconds); import a match file by its path or by dropping it here.

The rows are read on the store's thread (`Matches.read`), after every move saved before: the
screen says it is loading meanwhile and never waits on the file."""

from __future__ import annotations

from concurrent.futures import Future
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core import faces, i18n, paths
from game.core.i18n import N_, _, _n, msg, said
from game.core.records import Played
from game.core.seats import level_name
from game.core.timers import ticks
from game.scenes import tables, waiting
from game.scenes.base import Screen
from game.scenes.waiting import deleted, opening
from game.ui import text, theme
from game.ui.widgets import Button, Choice, TextField, Widget, panel

if TYPE_CHECKING:
    from datetime import datetime

    from game.core.seats import Seat
    from game.scenes.asked import Replayed
    from game.scenes.host import Host

ROWS = 6
ROW_H = 72
TOP = 172
UNDO_SECONDS = 8.0


class PathField(TextField):
    """A text field for a file path: long paths show their end, where the file name is."""

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        shown = self.value
        room = self.rect.w - 2 * self.PAD
        f = text.font(self.size, sample=shown)
        if f.size(shown)[0] > room and not self.focused:
            while shown and f.size("…" + shown)[0] > room:
                shown = shown[1:]
            value, self.value = self.value, "…" + shown
            super().draw(surface)
            self.value = value
        else:
            super().draw(surface)
        surface.set_clip(clip)


class History(Screen):
    name = "history"
    title = N_("History")

    def __init__(self, app: Host):
        super().__init__(app)
        self.game: str | None = None
        self.opponent: str | None = None
        self.page = 0
        self.pages = 1
        self.rows: list[Played] = []
        self.total = 0
        self.deleted: tuple[Played, int] | None = None  # awaiting its undo: the row, ticks left
        self.loading = False  # the rows are being read
        self.asked = 0  # reads asked: only the latest's answers are shown
        self.landed = False  # the first rows have come: focus lands on the list once, then stays
        games = list(faces.games())
        self.game_choice = Choice(
            (60, 108, 300, 46),
            N_("Game"),
            [None, *games],
            None,
            self.set_game,
            [N_("All"), *(faces.face(g).title for g in games)],
            18,
        )
        self.game_choice.tid = "filter.game"
        self.path = PathField(
            (690, 108, 380, 46), "", max_len=1000, placeholder=N_("Path of a match file"), size=17
        )
        self.path.tid = "import.path"
        self.import_button = Button(
            (1080, 108, 140, 46), N_("Import"), self.import_typed, size=18, tid="import"
        )
        self.undo_button = Button(
            (544, 652, 120, 44), N_("Undo"), self.undo, primary=True, size=18, tid="undo"
        )
        self.opponent_choice: Choice | None = None
        self.known: tuple[list[Played], list[str]] = ([], [])  # the last read: rows, opponents
        self.refresh()

    @property
    def animated(self) -> bool:  # type: ignore[override]
        return self.deleted is not None or self.loading  # the undo offer counts down

    def enter(self) -> None:
        self.refresh()
        super().enter()

    def leave(self) -> None:
        self.finish_delete()

    # -- filters and pages ----------------------------------------------------------------
    def set_game(self, game: str | None) -> None:
        self.game, self.page = game, 0
        self.refresh()

    def set_opponent(self, name: str | None) -> None:
        self.opponent, self.page = name, 0
        self.refresh()

    def refresh(self) -> None:
        """Show what is known at once (a delete, its undo, a page turned), and read the rows
        again on the store's thread: shown once they come."""
        self.show(*self.known)
        self.loading = True
        self.asked += 1
        asked = self.asked
        matches = self.app.matches

        def read(game: str | None, opponent: str | None) -> tuple[list[Played], list[str]]:
            return matches.history(game, opponent), matches.opponents()

        def answered(future: Future[tuple[list[Played], list[str]]]) -> None:
            if asked != self.asked:
                return  # a later read was asked (a filter changed): its answer counts
            self.loading = False
            self.app.dirty = True
            try:
                every, names = future.result()
            except Exception as exc:  # the file went away or broke meanwhile
                self.app.toast(msg("The saved matches cannot be read: {why}", why=said(exc)), error=True)
                every, names = [], []
            self.known = (every, names)
            self.show(every, names)
            self.landed = True

        matches.read(read, answered, self.game, self.opponent)

    def show(self, played: list[Played], names: list[str]) -> None:
        hidden = self.deleted[0].id if self.deleted else None
        every = [p for p in played if p.game in faces.names() and p.id != hidden]
        self.total = len(every)
        self.pages = max(1, -(-len(every) // ROWS))
        self.page = min(self.page, self.pages - 1)
        self.rows = every[self.page * ROWS : (self.page + 1) * ROWS]
        focused = self.group.focused if self.landed else None  # till then: the newest match
        if self.opponent not in names:
            self.opponent = None
        self.opponent_choice = Choice(
            (370, 108, 310, 46),
            N_("Opponent"),
            [None, *names],
            self.opponent,
            self.set_opponent,
            [N_("All"), *names],
            18,
        )
        self.opponent_choice.tid = "filter.opponent"
        self.group.widgets = [self.game_choice, self.opponent_choice, self.path, self.import_button]
        for k, row in enumerate(self.rows):
            y = TOP + ROW_H * k + 12
            replay = Button((870, y, 120, 44), N_("Replay"), partial(self.replay, row), primary=True, size=18)
            replay.tid = f"replay.{row.id}"
            replay.enabled = tables.has_table(row.game)
            self.group.add(replay)
            export = Button((1000, y, 100, 44), N_("Export"), partial(self.export, row), size=17)
            export.tid = f"export.{row.id}"
            withheld = self.app.matches.withheld(row)
            export.enabled, export.hint = withheld is None, withheld or ""
            self.group.add(export)
            self.group.add(
                Button(
                    (1110, y, 100, 44),
                    N_("Delete"),
                    partial(self.delete, row),
                    size=17,
                    tid=f"delete.{row.id}",
                )
            )
        self.group.add(Button((1040, 22, 180, 50), N_("Back"), self.back))
        if self.pages > 1:
            newer = Button(
                (970, 652, 120, 44), N_("‹ Newer"), lambda: self.turn(-1), size=17, hint="PgUp", tid="newer"
            )
            older = Button(
                (1100, 652, 120, 44), N_("Older ›"), lambda: self.turn(1), size=17, hint="PgDn", tid="older"
            )
            newer.enabled, older.enabled = self.page > 0, self.page < self.pages - 1
            self.group.add(newer)
            self.group.add(older)
        if self.deleted is not None:
            self.group.add(self.undo_button)
        self.keep_focus(focused)

    def first_control(self) -> Widget | None:
        """The list before its filters: the newest match's Replay (else the game filter)."""
        replays = [w for w in self.group.usable() if w.tid.startswith("replay.")]
        return replays[0] if replays else self.game_choice

    def turn(self, step: int) -> None:
        page = min(max(self.page + step, 0), self.pages - 1)
        if page != self.page:
            self.page = page
            self.refresh()

    # -- actions --------------------------------------------------------------------------
    def replay(self, row: Played) -> None:
        from game.scenes.replay import Replay

        def opened(rewind: Replayed) -> None:
            self.app.push(Replay(self.app, rewind, row.id))

        opening(
            self.app,
            lambda answered: self.app.matches.replay(row.id, answered),
            opened,
            N_("Opening the replay…"),
        )

    def export(self, row: Played) -> None:
        target = paths.exports_dir() / f"{row.game}-{row.id}-{row.updated:%Y%m%d-%H%M%S}.json"
        waiting.export(self.app, row.id, target)

    def delete(self, row: Played) -> None:
        """Hidden at once, deleted when the undo offer runs out (or the screen is left)."""
        self.finish_delete()
        self.deleted = (row, ticks(UNDO_SECONDS))
        self.refresh()

    def undo(self) -> None:
        if self.deleted is not None:
            self.deleted = None
            self.refresh()

    def finish_delete(self) -> None:
        if self.deleted is not None:
            row, self.deleted = self.deleted[0], None
            self.app.matches.delete(row.id, deleted(self.app))
            rows, names = self.known
            self.known = ([p for p in rows if p.id != row.id], names)

    def update(self, n: int) -> None:
        if self.deleted is not None:
            row, left = self.deleted
            self.deleted = (row, left - n)
            if left - n <= 0:
                self.finish_delete()
                self.refresh()

    def import_typed(self) -> None:
        typed = self.path.value.strip().strip('"')
        if not typed:
            self.app.toast(N_("Type the path of a match file first (or drop the file on this window)."))
            return
        self.import_file(Path(typed).expanduser())

    def import_file(self, path: Path) -> None:
        if not path.is_file():
            why = msg("there is no such file") if not path.exists() else msg("it is a folder, not a file")
            self.app.toast(msg("{path} was not imported: {why}.", path=str(path), why=why), error=True)
            return

        def imported() -> None:
            self.path.value = ""
            self.game, self.opponent, self.page = None, None, 0  # the import is the newest: show it
            self.game_choice.set(None)
            self.refresh()

        waiting.import_file(self.app, path, imported)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.DROPFILE:
            self.import_file(Path(event.file))
            return True
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self.path.focused
        ):
            self.import_typed()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.turn(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn(-1 if event.key == pygame.K_PAGEUP else 1)
            return True
        return super().handle(event)

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        shown = _n("{n} match", "{n} matches", self.total)
        if self.loading:
            shown = _("Loading…")
        text.blit(surface, shown, (1010, 46), 18, theme.MUTED, anchor="midright")
        if self.loading and not self.rows:
            text.blit(surface, N_("Loading…"), (theme.WIDTH // 2, 360), 22, theme.MUTED, anchor="center")
        elif not self.rows:
            empty = (
                N_("No matches yet. Every match you start is kept here.")
                if not (self.game or self.opponent)
                else N_("No match fits these filters.")
            )
            text.blit(surface, empty, (theme.WIDTH // 2, 360), 22, theme.MUTED, anchor="center")
        for k, row in enumerate(self.rows):
            self._row(surface, pygame.Rect(40, TOP + ROW_H * k, 1200, ROW_H - 6), row, k)
        if self.pages > 1:
            where = _("Page {page} of {pages}", page=self.page + 1, pages=self.pages)
            text.blit(surface, where, (955, 674), 16, theme.MUTED, anchor="midright")
        if self.deleted is None:
            hint = N_("Drop a match file on this window, or type its path, to import it.")
            text.blit(surface, hint, (60, 674), 16, theme.MUTED, anchor="midleft")
        else:  # the undo offer stands where the import hint was
            box = pygame.Rect(40, 644, 640, 60)
            panel(surface, box, theme.BG_DEEP, theme.ACCENT, width=2)
            row = self.deleted[0]
            title = faces.face(row.game).title
            said = _("{game} match {id} deleted (Ctrl+Z undoes it).", game=i18n.tr(title), id=row.id)
            said, size = text.fit(said, 470, 18, "bold", 14)
            text.blit(surface, said, (box.x + 20, box.centery), size, theme.TEXT, "bold", "midleft")
            self.undo_button.rect.topleft = (box.right - 136, box.y + 8)
        self.group.draw(surface)

    def _row(self, surface: pygame.Surface, rect: pygame.Rect, row: Played, k: int) -> None:
        panel(surface, rect, theme.BG_DEEP if k % 2 else theme.PANEL)
        title = faces.face(row.game).title
        text.blit(surface, title, (rect.x + 20, rect.y + 22), 21, theme.ACCENT, "bold", "midleft")
        when = when_text(row.updated.astimezone())
        text.blit(surface, when, (rect.x + 20, rect.y + 46), 15, theme.MUTED, anchor="midleft")
        seats = listed([seat_text(s) for s in row.seats])
        seats, size = text.fit(seats, 600, 18, "regular", 14)
        text.blit(surface, seats, (rect.x + 200, rect.y + 22), size, theme.TEXT, anchor="midleft")
        status = {"playing": N_("Not finished"), "abandoned": N_("Abandoned")}.get(row.status, N_("Finished"))
        result = _("Finished: {result}", result=i18n.tr(row.result)) if row.finished else i18n.tr(status)
        parts = [result, i18n.tr(row.length)]
        if row.branch is not None:
            parts.append(i18n.tr(row.branch.text))
        if row.imported:
            parts.append(_("imported"))
        line = " · ".join(parts)
        line, lsize = text.fit(line, 620, 15, "regular", 13)
        ink = theme.GOOD if row.finished else theme.MUTED
        text.blit(surface, line, (rect.x + 200, rect.y + 46), lsize, ink, anchor="midleft")


def when_text(moment: datetime) -> str:
    """A row's date and time: "23 Nov 2026, 17:40"; "2026/11/23 17:40" in Japanese."""
    if i18n.language() == "ja":  # figures only: no month's name to translate
        return f"{moment:%Y/%m/%d %H:%M}"
    return f"{moment:%d %b %Y, %H:%M}"


def seat_text(seat: Seat) -> str:
    """A seat as a row names it: its name, and a bot's level in brackets."""
    if not seat.is_bot:
        return seat.name
    return _("{name} ({level})", name=seat.name, level=level_name(seat.level))


def listed(items: list[str]) -> str:
    """Items in one line, separated as the language does ("a, b"; 「a、b」)."""
    said = items[0] if items else ""
    for item in items[1:]:
        said = _("{first}, {second}", first=said, second=item)
    return said
