"""Continue: the unfinished matches, newest first, with those this app made on a server (where
each is played said on its row). Resume, export or delete; drop a match file on the window to
import it. The list is read on the store's thread (`Matches.read`),
after every move saved before; the screen says it is loading meanwhile."""

from __future__ import annotations

from concurrent.futures import Future
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core import faces, paths
from game.core.i18n import N_, _, msg, said
from game.core.records import MatchInfo
from game.core.seats import level_name
from game.net.tickets import Ticket
from game.scenes import tables, waiting
from game.scenes.base import Screen
from game.scenes.overlays import Confirm
from game.scenes.waiting import deleted, opening
from game.ui import text, theme
from game.ui.widgets import Button, panel

if TYPE_CHECKING:
    from game.scenes.asked import Opened
    from game.scenes.host import Host

ROWS = 7
ROW_H = 66


class SavedMatches(Screen):
    name = "saved"
    title = N_("Continue a match")

    def __init__(self, app: Host):
        super().__init__(app)
        self.infos: list[MatchInfo | Ticket] = []  # the matches on this page (a Ticket: on a server)
        self.page = 0
        self.pages = 1
        self.loading = False  # the rows are being read
        self.asked = 0  # reads asked: only the latest's answers are shown
        self.show([])
        self.refresh()

    @property
    def animated(self) -> bool:  # type: ignore[override]
        return self.loading

    def enter(self) -> None:
        self.refresh()
        super().enter()

    def refresh(self) -> None:
        """Read the list again, on the store's thread; shown once it comes."""
        self.loading = True
        self.asked += 1
        asked = self.asked

        def answered(future: Future[list[MatchInfo | Ticket]]) -> None:
            if asked != self.asked:
                return  # a later read was asked: its answer counts
            self.loading = False
            self.app.dirty = True
            try:
                every = future.result()
            except Exception as exc:  # the file went away or broke meanwhile
                self.app.toast(msg("The saved matches cannot be read: {why}", why=said(exc)), error=True)
                every = []
            self.show(every)

        self.app.matches.read(self.listed, answered)

    def listed(self) -> list[MatchInfo | Ticket]:
        """(On the store's thread.) The matches saved here and those made on a server, newest first."""
        matches = self.app.matches
        every: list[MatchInfo | Ticket] = [*matches.unfinished(), *matches.served()]
        return sorted(every, key=_when, reverse=True)

    def show(self, every: list[MatchInfo | Ticket]) -> None:
        focused = self.group.focused
        self.pages = max(1, -(-len(every) // ROWS))
        self.page = min(self.page, self.pages - 1)  # a delete may have emptied the last page
        self.infos = every[self.page * ROWS : (self.page + 1) * ROWS]
        self.group.widgets = []
        for k, info in enumerate(self.infos):
            y = 120 + ROW_H * k
            if isinstance(info, Ticket):  # on a server: taken again there; forgotten, not deleted
                take = Button((820, y + 8, 150, 48), N_("Resume"), partial(self.take, info), primary=True)
                take.enabled = tables.has_table(info.game)
                forget = Button((1100, y + 8, 110, 48), N_("Forget"), partial(self.forget, info), size=18)
                forget.hint = N_("This app stops listing it; the match stays on the server")
                self.group.add(take)
                self.group.add(forget)
                continue
            playable = tables.has_table(info.game)
            resume = Button((820, y + 8, 150, 48), N_("Resume"), partial(self.resume, info.id), primary=True)
            resume.enabled = playable
            self.group.add(resume)
            self.group.add(
                Button((980, y + 8, 110, 48), N_("Export"), partial(self.export, info.id), size=18)
            )
            self.group.add(
                Button((1100, y + 8, 110, 48), N_("Delete"), partial(self.delete, info.id), size=18)
            )
        self.group.add(Button((1040, 22, 180, 50), N_("Back"), self.back))
        if self.pages > 1:
            newer = Button((820, 654, 190, 48), N_("‹ Newer"), lambda: self.turn(-1), size=18, hint="PgUp")
            older = Button((1030, 654, 190, 48), N_("Older ›"), lambda: self.turn(1), size=18, hint="PgDn")
            newer.enabled, older.enabled = self.page > 0, self.page < self.pages - 1
            self.group.add(newer)
            self.group.add(older)
        self.keep_focus(focused)  # first: the newest match's Resume

    def turn(self, step: int) -> None:
        page = min(max(self.page + step, 0), self.pages - 1)
        if page != self.page:
            self.page = page
            self.refresh()

    def resume(self, match_id: int) -> None:
        """Continue the match: at this screen, or hosted again when players elsewhere have
        seats (its players reconnect by themselves)."""
        from game.scenes.online import opened_table

        def shown(opened: Opened) -> None:
            self.app.replace(opened_table(self.app, opened))

        opening(self.app, lambda answered: self.app.matches.resume(match_id, answered), shown)

    def take(self, ticket: Ticket) -> None:
        """Take the people's seats again on the server the match was made on."""
        from game.scenes.online import opened_table

        def shown(opened: Opened) -> None:
            self.app.replace(opened_table(self.app, opened))

        opening(self.app, lambda answered: self.app.matches.take_served(ticket, answered), shown)

    def forget(self, ticket: Ticket) -> None:
        def really() -> None:
            self.app.matches.forget_served(ticket)
            self.refresh()

        question = N_("Stop listing this match? It stays on the server; its players may play on.")
        self.app.push(Confirm(self.app, question, really, N_("Forget")))

    def export(self, match_id: int) -> None:
        info = next(i for i in self.infos if isinstance(i, MatchInfo) and i.id == match_id)
        target = paths.exports_dir() / f"{info.game}-{match_id}-{info.updated:%Y%m%d-%H%M%S}.json"
        waiting.export(self.app, match_id, target)

    def delete(self, match_id: int) -> None:
        def really() -> None:
            self.app.matches.delete(match_id, deleted(self.app))
            self.refresh()  # read after the delete: the list without it

        self.app.push(Confirm(self.app, N_("Delete this match for good?"), really, N_("Delete")))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.DROPFILE:
            self.import_file(Path(event.file))
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.turn(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn(-1 if event.key == pygame.K_PAGEUP else 1)
            return True
        return super().handle(event)

    def import_file(self, path: Path) -> None:
        def imported() -> None:
            self.page = 0  # the newest first: the import is on the first page
            self.refresh()

        waiting.import_file(self.app, path, imported)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        if self.loading and not self.infos:
            text.blit(surface, N_("Loading…"), (theme.WIDTH // 2, 300), 24, theme.MUTED, anchor="center")
        elif not self.infos:
            text.blit(
                surface,
                N_("No unfinished matches. Start one from the menu."),
                (theme.WIDTH // 2, 300),
                24,
                theme.MUTED,
                anchor="center",
            )
        for k, info in enumerate(self.infos):
            row = pygame.Rect(40, 120 + ROW_H * k, 1200, ROW_H - 6)
            panel(surface, row, theme.BG_DEEP if k % 2 else theme.PANEL)
            title = faces.face(info.game).title
            text.blit(surface, title, (row.x + 20, row.y + 18), 22, theme.ACCENT, "bold", "midleft")
            if isinstance(info, Ticket):
                self.draw_served(surface, row, info)
                continue
            players = _(", ").join(
                s.name if not s.is_bot else _("{name} ({level})", name=s.name, level=level_name(s.level))
                for s in info.seats
            )
            text.blit(surface, players, (row.x + 200, row.y + 18), 19, theme.TEXT, anchor="midleft")
            when = _("{when:%d %b %Y, %H:%M} · {progress}", when=info.updated, progress=info.progress)
            at = text.blit(surface, when, (row.x + 200, row.y + 42), 16, theme.MUTED, anchor="midleft")
            if any(s.kind == "online" for s in info.seats):  # hosted again when continued
                room = 810 - (at.right + 8)  # up to the Resume button
                tag, size = text.fit(_("· Online: hosted here"), room, 16, "bold")
                text.blit(surface, tag, (at.right + 8, row.y + 42), size, theme.ACCENT, "bold", "midleft")
        self.draw_foot(surface)

    def draw_served(self, surface: pygame.Surface, row: pygame.Rect, ticket: Ticket) -> None:
        """A match made on a server: its players, when it was made, and where it is played."""
        players = _(", ").join(ticket.names)
        text.blit(surface, players, (row.x + 200, row.y + 18), 19, theme.TEXT, anchor="midleft", as_is=True)
        when = _("{when:%d %b %Y, %H:%M}", when=_when(ticket))
        at = text.blit(surface, when, (row.x + 200, row.y + 42), 16, theme.MUTED, anchor="midleft")
        room = 810 - (at.right + 8)  # up to the Resume button
        where = _("· Online: on server {server}", server=ticket.route.address)
        tag, size = text.fit(where, room, 16, "bold")
        text.blit(surface, tag, (at.right + 8, row.y + 42), size, theme.ACCENT, "bold", "midleft")

    def draw_foot(self, surface: pygame.Surface) -> None:
        text.blit(
            surface,
            N_("Drop an exported match file on this window to import it."),
            (60, 680),
            17,
            theme.MUTED,
            anchor="midleft",
        )
        if self.pages > 1:
            where = msg("Page {page} of {pages}", page=self.page + 1, pages=self.pages)
            text.blit(surface, where, (800, 678), 17, theme.MUTED, anchor="midright")
        self.group.draw(surface)


def _when(item: MatchInfo | Ticket) -> datetime:
    """When a row's match was last played here, or made on its server, in local time (a
    ticket's time is written without its offset: the local one)."""
    if isinstance(item, Ticket):
        try:
            return datetime.fromisoformat(item.joined).astimezone()
        except ValueError:
            return datetime.min.replace(tzinfo=UTC)
    return item.updated.astimezone()
