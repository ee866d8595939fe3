"""What a screen shows while the saves do what a person asked of them: opening a match (new,
continued, replayed, played on, a rematch), importing or exporting a file.

The store's thread does the work (`Matches.ask`, game/matches.py) and the frame goes on: the
screen that asked stays as it was under a `Working` cover, which says what it waits for after a
moment (a quick answer shows nothing) with Cancel (Esc). The answer comes back through the
app's inbox; cancelled, it is dropped and what the call did is undone (a match made is deleted,
a file written removed): the person is where they were, and no table opens later.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, TypeVar

import pygame

from game.core.i18n import N_, msg, said
from game.core.window import NotOpened
from game.scenes import tables
from game.scenes.base import Overlay
from game.ui import text, theme
from game.ui.targets import Target
from game.ui.widgets import Button

if TYPE_CHECKING:
    from pathlib import Path

    from game.core.face import Face
    from game.core.seats import Seat
    from game.core.window import Options
    from game.scenes.asked import Asked, Opened
    from game.scenes.host import Host
    from game.scenes.tables import TableScene

QUIET_TICKS = 12  # an answer within 0.2 s shows no box: Start does not flash one every time
ON_FILE = N_("Waiting for the saved-games file (another program may be using it).")
T = TypeVar("T")  # what the saves answer


class Working(Overlay):
    """What a screen shows while the saves do what a person asked (opening a match, a replay,
    importing or exporting a file): after a moment, a box saying so, with Cancel (Esc). The
    frame goes on meanwhile (the call runs on the store's thread, `Matches.ask`). Cancel, or
    leaving the screen any other way, drops the answer and undoes what the call did: the
    person is where they were, and nothing opens later."""

    name = "working"
    animated = True  # its dots move, and time must pass for it to show

    def __init__(self, app: Host, words: str, detail: Callable[[], str] = lambda: ON_FILE):
        super().__init__(app, (600, 250))
        self.words = words
        self.detail = detail  # what it waits for, read each frame (the saves, then the router)
        self.asked: Asked | None = None  # what cancels the call (Matches.ask's Asked)
        self.ticks = 0
        b = self.box
        self.group.add(
            Button((b.centerx - 110, b.bottom - 86, 220, 56), N_("Cancel"), self.back, tid="cancel")
        )

    @property
    def shown(self) -> bool:
        return self.ticks >= QUIET_TICKS

    def update(self, ticks: int) -> None:
        self.ticks += ticks

    def handle(self, event: pygame.event.Event) -> bool:
        if self.shown:
            return super().handle(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()  # before the box shows too: Esc right after Start goes back
        return True  # nothing reaches the screen beneath, nor the Cancel not yet shown

    def targets(self) -> list[Target]:
        return super().targets() if self.shown else []

    def leave(self) -> None:
        if self.asked is not None:
            self.asked.cancel()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.shown:
            return
        super().draw(surface)
        b = self.box
        dots = "." * (1 + self.ticks // 20 % 3)  # a beat a third of a second: the window is alive
        text.blit(surface, self.words, (b.centerx, b.y + 56), 28, theme.TEXT, "bold", "center")
        text.blit(surface, dots, (b.centerx, b.y + 84), 28, theme.ACCENT, "bold", "center")
        lines = text.wrap(self.detail(), b.w - 60, 17)[:2]  # (Japanese takes two)
        for j, line in enumerate(lines):
            at = (b.centerx, b.y + 124 - 11 * (len(lines) - 1) + 22 * j)
            text.blit(surface, line, at, 17, theme.MUTED, anchor="center")

    def draw_tip(self, surface: pygame.Surface) -> None:
        if self.shown:
            super().draw_tip(surface)


def working(
    app: Host,
    words: str,
    ask: Callable[[Callable[[Future[T]], None]], Asked],
    then: Callable[[Future[T]], None],
    detail: Callable[[], str] = lambda: ON_FILE,
) -> None:
    """Ask the saves for something a person waits for (`ask(answered)` starts it, returning
    what cancels it): `Working` covers the screen that asked until the answer, which goes to
    `then` as a done Future once the cover is gone. `detail`: what it waits for, in words."""
    cover = Working(app, words, detail)
    app.push(cover)

    def answered(done: Future[T]) -> None:
        cover.asked = None  # answered: its leaving cancels nothing
        if app.top is cover:
            app.pop()
        elif cover in app.stack:
            app.stack.remove(cover)
        then(done)

    try:
        asked = ask(answered)
    except BaseException:  # refused before it was asked (seats the rules refuse): no cover left
        if app.top is cover:
            app.pop()
        raise
    if cover in app.stack:  # not answered at once
        cover.asked = asked


def opening(
    app: Host,
    ask: Callable[[Callable[[Future[T]], None]], Asked],
    show: Callable[[T], None],
    words: str = "",
) -> None:
    """`working` for a match to open (`ask(answered)`: one of `app.matches`' openers): `show`
    gets what opened, or a toast says why it could not."""

    def answered(done: Future[T]) -> None:
        try:
            opened = done.result()
        except NotOpened as exc:
            app.toast(str(exc), error=True)
            return
        show(opened)

    working(app, words or N_("Opening the match…"), ask, answered, lambda: waits_for(app))


def waits_for(app: Host) -> str:
    """What opening a match waits for: the router while the app hosting it asks for the port
    (Host waits for its answer, game/hosting.py), else the saves."""
    hosting = app.hosting
    if hosting is not None and hosting.standing.asking:
        return N_("Asking the router to let friends in…")
    return ON_FILE


def deleted(app: Host) -> Callable[[Future[bool]], None]:
    """What hears a delete asked in the background (the list is read again after it): words
    when it failed."""

    def heard(done: Future[bool]) -> None:
        try:
            done.result()
        except Exception as exc:  # the file stayed busy, or broke
            app.toast(msg("The match could not be deleted: {why}", why=said(exc)), error=True)

    return heard


def export(app: Host, match_id: int, target: Path) -> None:
    """A saved match written to the file `target` while the screen says so (History, Continue):
    a toast says where it went, or why it did not."""
    from game.core.codec import FormatError

    def exported(done: Future[None]) -> None:
        try:
            done.result()
        except NotOpened as exc:
            app.toast(str(exc), error=True)
            return
        except (OSError, FormatError) as exc:
            app.toast(msg("Export failed: {why}", why=said(exc)), error=True)
            return
        app.toast(msg("Exported to {path}", path=str(target)))

    words = N_("Exporting the match…")
    working(app, words, lambda answered: app.matches.export(match_id, target, answered), exported)


def import_file(app: Host, path: Path, imported: Callable[[], None]) -> None:
    """A match file read into the saves while the screen says so (History, Continue): a toast
    says which match it became, or why it did not, and `imported()` shows the list again."""
    from game.core.codec import FormatError

    def answered(done: Future[int]) -> None:
        try:
            match_id = done.result()
        except (FormatError, OSError) as exc:
            app.toast(msg("{file} was not imported: {why}", file=path.name, why=said(exc)), error=True)
            return
        app.toast(msg("Imported {file} as match {id}.", file=path.name, id=match_id))
        imported()

    words = N_("Importing the match…")
    working(app, words, lambda then: app.matches.import_file(path, then), answered)


def open_new(
    app: Host,
    ruleset: Face,
    seats: list[Seat],
    options: Options,
    show: Callable[[TableScene], None],
    seed: int | None = None,
    setup: dict[str, object] | None = None,
) -> None:
    """A new match, saved as it goes, on its game's table: what Start, Rematch, a tutorial's
    last step and `python -m game play` open. The store's thread stores it while the screen
    says so (Esc cancels: nothing opens); then `show(table)` shows it. No seed: a fresh one."""

    def shown(opened: Opened) -> None:
        show(tables.table_class(ruleset.name)(app, opened.window, opened.match_id))

    opening(
        app,
        lambda answered: app.matches.new(ruleset.name, seats, options, seed, setup, then=answered),
        shown,
    )
