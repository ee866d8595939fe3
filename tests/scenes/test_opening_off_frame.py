"""Opening a match never holds the frame: Start and Resume ask the store's thread, and the screen
says it is opening until the answer comes through the app's inbox.

Another process holds the store's write lock (BEGIN IMMEDIATE) while the person starts a new
match from the setup screen, and while they resume a saved one on Continue (behind a delete they
asked just before, which waits on the lock, as the load must see it): the frames go on while it
holds it, the screen says "Opening the match…", no table appears, and once the lock goes the
table opens with the match. Escape while it opens goes back to the screen that asked: no table
appears later, and the match the store made meanwhile is deleted again (nothing was played in
it), so Continue does not list it. The order is the test's own (it tells the other process when
to let go), never a time bound.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame

from game.automation import Session
from game.core import registry
from game.core.match import Match
from game.core.seats import from_specs
from game.scenes.saved import SavedMatches
from game.scenes.setup import Setup
from game.scenes.table import Table
from game.scenes.waiting import QUIET_TICKS, Working

BOUND = 60.0  # a safety bound on the other process's answers, never a measure
SHOTS = Path(os.environ["BAZAAR_SHOTS"]) if os.environ.get("BAZAAR_SHOTS") else None

# Takes the file's write lock, says so, and lets go once told to.
LOCKER = f"""
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout={BOUND})
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.readline()
db.execute("ROLLBACK")
db.close()
print("released", flush=True)
"""


@contextlib.contextmanager
def locked(path: Path, events: list[str]) -> Iterator[subprocess.Popen[str]]:
    """Another process holds the file's write lock from entry until `release` is called on it."""
    locker = subprocess.Popen(
        [sys.executable, "-c", LOCKER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert locker.stdin is not None and locker.stdout is not None
    try:
        assert locker.stdout.readline().strip() == "locked"
        events.append("locked")
        yield locker
    finally:
        with contextlib.suppress(OSError):
            locker.stdin.close()
        locker.wait(BOUND)


def release(locker: subprocess.Popen[str], events: list[str]) -> None:
    assert locker.stdin is not None and locker.stdout is not None
    events.append("go")
    locker.stdin.write("go\n")
    locker.stdin.flush()
    assert locker.stdout.readline().strip() == "released"


def press(s: Session, pos: tuple[int, int]) -> None:
    """A click as a person makes it, without waiting for what it asks of the store (as
    Session.click would): the app's own loop takes it on the next frame."""
    for kind, extra in (
        (pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
        (pygame.MOUSEBUTTONDOWN, {"button": 1}),
        (pygame.MOUSEBUTTONUP, {"button": 1}),
    ):
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


def escape() -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))


def rows(path: Path) -> list[int]:
    uri = f"file:{path}?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True, timeout=BOUND)) as db:
        return [row[0] for row in db.execute("SELECT id FROM matches ORDER BY id")]


def tables(s: Session) -> list[Table]:
    return [scene for scene in s.app.stack if isinstance(scene, Table)]


def opening_said(s: Session, events: list[str], shot: str) -> None:
    """Frames while the file stays locked: the screen says it is opening, no table is there."""
    for _ in range(QUIET_TICKS + 30):
        s.tick(1)
    cover = s.app.top
    assert isinstance(cover, Working) and cover.shown and cover.words == "Opening the match…"
    assert not tables(s), "no table while the match cannot be stored"
    assert {t["id"] for t in s.targets()} == {"cancel"}
    cancel = cover.group.widgets[0]
    pos = cancel.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    s.tick(1)
    assert cancel.hover, "the frame answers the mouse meanwhile"
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        s.screenshot(str(SHOTS / shot))


def held_frames(events: list[str]) -> list[str]:
    return events[events.index("locked") + 1 : events.index("go")]


def on_setup() -> tuple[Session, Path, list[str], Setup]:
    """The app on Jaipur's setup screen, its frames counted in `events`."""
    s = Session.menu()
    path = s.app.store.path
    assert path is not None
    events: list[str] = []
    s.app.frame_hooks.append(lambda: events.append("frame"))
    s.app.push(Setup(s.app, "jaipur"))
    s.answered()
    setup = s.app.top
    assert isinstance(setup, Setup)
    return s, path, events, setup


def test_start_from_the_setup_screen_opens_while_the_file_is_locked_and_escape_goes_back():
    s, path, events, setup = on_setup()
    before = rows(path)

    # Start, then Escape while it opens: back on the setup screen, and nothing opens later
    with locked(path, events) as locker:
        press(s, setup.start_button.rect.center)
        opening_said(s, events, "opening-new-locked.png")
        escape()
        s.tick(1)
        assert s.app.top is setup and not tables(s)
        for _ in range(10):
            s.tick(1)
        release(locker, events)
    assert len(held_frames(events)) >= QUIET_TICKS + 30 and set(held_frames(events)) == {"frame"}
    s.stored()  # the match stored once the lock went, then deleted: it was never shown
    s.tick(5)
    assert s.app.top is setup and not tables(s)
    assert rows(path) == before, "a match cancelled while it opened is not kept"

    # Start, and wait: the table opens with the new match once the lock goes
    events.clear()
    with locked(path, events) as locker:
        press(s, setup.start_button.rect.center)
        opening_said(s, events, "opening-new-locked.png")
        release(locker, events)
    assert len(held_frames(events)) >= QUIET_TICKS + 30 and set(held_frames(events)) == {"frame"}
    s.stored()
    assert isinstance(s.app.top, Table) and setup not in s.app.stack
    (match_id,) = set(rows(path)) - set(before)
    assert s.table.match_id == match_id and s.match.ruleset.name == "jaipur"


def test_resume_on_continue_opens_while_the_file_is_locked():
    s = Session.menu()
    store = s.app.store
    path = store.path
    assert path is not None
    ruleset = registry.get("jaipur")
    made = [Match.new(ruleset, from_specs(ruleset, ["human", "easy"], {}), {}, seed) for seed in (3, 4)]
    for match in made:
        match.submit(*next((seat, match.legal(seat)[0]) for seat in match.to_act))
    older, newer = (store.attach(match) for match in made)
    s.app.push(SavedMatches(s.app))
    s.answered()
    saved = s.app.top
    assert [i.id for i in saved.infos] == [newer, older]
    events: list[str] = []
    s.app.frame_hooks.append(lambda: events.append("frame"))
    resume, _, delete = saved.group.widgets[0:3]  # the newest's Resume, Export, Delete

    with locked(path, events) as locker:
        press(s, saved.group.widgets[5].rect.center)  # the older's Delete
        s.tick(1)
        s.app.top.yes()  # confirmed: the delete waits on the lock, and the list is read after it
        s.tick(1)
        assert s.app.top is saved
        press(s, resume.rect.center)  # the newest's Resume: its load waits behind the delete
        opening_said(s, events, "opening-continue-locked.png")
        release(locker, events)
    assert len(held_frames(events)) >= QUIET_TICKS + 30 and set(held_frames(events)) == {"frame"}
    s.stored()
    assert isinstance(s.app.top, Table) and s.table.match_id == newer
    assert len(s.match.commands) == len(made[1].commands) and rows(path) == [newer]


def test_through_automation_start_and_resume_end_with_their_table():
    """game.automation's click waits for what it asked of the store: Start and Resume end with
    the table on top, as they did when the frame waited."""
    s = Session.menu()
    s.app.push(Setup(s.app, "jaipur"))
    s.answered()
    s.click(s.app.top.start_button.rect.center)
    assert isinstance(s.app.top, Table) and not s.app.matches.busy
    match_id = s.table.match_id
    s.app.home()
    s.answered()
    s.app.push(SavedMatches(s.app))
    s.answered()
    s.click(s.app.top.group.widgets[0].rect.center)
    assert isinstance(s.app.top, Table) and s.table.match_id == match_id


def test_the_first_opening_of_the_store_waits_on_its_thread_not_on_the_frame():
    """The store's first opening may wait on another program's lock: a file of an older Bazaar
    gains its new tables in a write transaction. It runs on the store's thread: the menu's frames
    go on (its count waits), and once the lock goes the file opens, unharmed and kept."""
    from game.app import App
    from game.core import paths, storedb
    from game.core.store import Store
    from game.scenes.menu import Menu

    path = paths.data_dir() / storedb.FILENAME
    with contextlib.closing(Store.open(path)) as old:
        old.attach(
            Match.new(
                registry.get("jaipur"), from_specs(registry.get("jaipur"), ["human", "easy"], {}), {}, 1
            )
        )
        for table in storedb.ADDED_TABLES:  # as an older Bazaar left it
            old.conn.execute(f"DROP TABLE {table}")
    events: list[str] = []
    with locked(path, events) as locker:
        app = App(windowed=True, automated=True)
        app.frame_hooks.append(lambda: events.append("frame"))
        app.push(Menu(app))  # its count of saved matches asks the store's thread, which opens it
        for _ in range(30):
            app.step(1)
            assert not app.writer.opened.done(), "the opening waits on the lock"
        release(locker, events)
    assert len(held_frames(events)) == 30 and set(held_frames(events)) == {"frame"}
    store = app.writer.opened.result(BOUND)
    assert store.path == path and store.problem is None
    assert store.conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 1
    while app.matches.busy:
        app.writer.call(lambda: None).result(BOUND)
        app.inbox.run()
    assert app.top.saved == 1  # the menu's count, once the file opened
    app.close_saves()


def test_host_while_the_file_is_locked_keeps_the_frame_and_opens_once_it_goes():
    """Host asks the server this app runs, whose store waits on the lock like any other call:
    the setup screen says it is hosting while the frames go on, and the table comes with its
    invites once the lock goes (connecting to the server and its welcome off the frame too)."""
    from game.core.seats import Seat
    from game.scenes.invites import InviteSheet

    s, path, events, setup = on_setup()
    try:
        with locked(path, events) as locker:
            setup.host([Seat("Asha"), Seat("Bilal", "online")])  # what Start does for these seats
            for _ in range(QUIET_TICKS + 30):
                s.tick(1)
            cover = s.app.top
            assert isinstance(cover, Working) and cover.shown and cover.words == "Hosting the match…"
            assert not tables(s), "no table while the server cannot store the match"
            if SHOTS is not None:
                s.screenshot(str(SHOTS / "hosting-locked.png"))
            release(locker, events)
        assert len(held_frames(events)) >= QUIET_TICKS + 30 and set(held_frames(events)) == {"frame"}
        s.stored()
        assert isinstance(s.app.top, InviteSheet), "the table, with the invite to send on top"
        (table,) = tables(s)
        assert table.connection is not None and set(table.invites) == {1}
    finally:
        s.close()
        if s.app.hosting is not None:
            s.app.hosting.stop()
