"""The History screen through game.automation: rows, filters, delete and its undo, import by a
typed path (with clear messages for damaged and foreign files) and export."""

from __future__ import annotations

import json

import pygame

from game.automation import Session
from game.core import paths, registry
from game.core.match import Match, Seat
from game.core.replays import ReplayWindow
from game.core.timers import ticks
from game.scenes.history import ROWS, UNDO_SECONDS
from tests.core.test_history import played


def open_history(s: Session) -> None:
    s.click("history")
    assert s.scene == "history"


def ids(s: Session, prefix: str = "replay.") -> list[int]:
    return [int(t["id"].split(".")[1]) for t in s.targets() if t["id"].startswith(prefix)]


def messages(s: Session) -> list[str]:
    return [t.message for t in s.app.toasts]


def test_rows_filters_and_pages():
    s = Session.menu()
    store = s.app.store
    jaipur = store.attach(played("jaipur"))
    gin = store.attach(played("ginrummy", moves=6, names=("Ann", "Rahul")))
    open_history(s)
    assert ids(s) == [gin, jaipur]
    history = s.app.top
    rows = {r.id: r for r in history.rows}
    assert rows[jaipur].finished and not rows[gin].finished and rows[gin].length == "6 moves"
    while history.game != "jaipur":
        s.click("filter.game")
    assert ids(s) == [jaipur]
    while history.game != "tajmahal":
        s.click("filter.game")
    assert ids(s) == []
    while history.game is not None:
        s.click("filter.game")
    assert ids(s) == [gin, jaipur]
    while history.opponent != "Rahul":
        s.click("filter.opponent")
    assert ids(s) == [gin]
    while history.opponent is not None:
        s.click("filter.opponent")
    for seed in range(ROWS):
        store.attach(played("jaipur", seed=seed, moves=2))
    s.key("escape")
    open_history(s)
    assert len(ids(s)) == ROWS and s.target("older").enabled
    s.key("pagedown")
    assert ids(s) == [gin, jaipur] and not s.target("older").enabled
    s.key("pageup")
    assert len(ids(s)) == ROWS


def test_delete_hides_at_once_undo_brings_it_back_and_time_makes_it_final():
    s = Session.menu()
    store = s.app.store
    keep = store.attach(played("jaipur", moves=3))
    gone = store.attach(played("jaipur", seed=4, moves=5))
    open_history(s)
    s.click(f"delete.{gone}")
    assert ids(s) == [keep] and s.target("undo").enabled
    assert store.info(gone) is not None  # not yet deleted: the undo is still offered
    s.click("undo")
    assert ids(s) == [gone, keep] and "undo" not in {t["id"] for t in s.targets()}
    s.click(f"delete.{gone}")
    s.key("ctrl+z")
    assert ids(s) == [gone, keep]
    s.click(f"delete.{gone}")
    s.tick(ticks(UNDO_SECONDS) - 1)
    assert store.info(gone) is not None
    s.tick(1)
    s.stored()  # the delete goes to the store's thread: the frame does not wait for it
    assert store.info(gone) is None and ids(s) == [keep]
    assert "undo" not in {t["id"] for t in s.targets()}
    # leaving the screen makes a pending delete final
    s.click(f"delete.{keep}")
    s.key("escape")
    assert s.scene == "menu" and store.info(keep) is None


def test_import_by_typed_path_with_clear_messages(tmp_path):
    s = Session.menu()
    store = s.app.store
    source = store.attach(played("jaipur"))
    open_history(s)
    s.click(f"export.{source}")
    exported = sorted(paths.exports_dir().glob("jaipur-*.json"))
    assert len(exported) == 1 and any(str(exported[0]) in m for m in messages(s))
    assert json.loads(exported[0].read_text())["events"] == store.data(source)["events"]

    def type_path(path) -> None:
        s.click("import.path")
        s.key("ctrl+a")
        s.type(str(path))
        s.click("import")

    type_path(exported[0])
    assert any(m.startswith(f"Imported {exported[0].name} as match") for m in messages(s))
    new = max(ids(s))
    assert new != source and store.data(new)["events"] == store.data(source)["events"]
    assert s.target("import.path").label == "Path of a match file"  # the field is emptied

    cut = tmp_path / "cut.json"
    cut.write_text(exported[0].read_text()[:300])
    foreign = tmp_path / "foreign.json"
    foreign.write_text('{"name": "a shopping list"}')
    binary = tmp_path / "photo.json"
    binary.write_bytes(bytes(range(256)))
    before = len(ids(s))
    for path, said in (
        (cut, "is not valid JSON"),
        (foreign, "is not a Bazaar match file"),
        (binary, "it is not text"),
        (tmp_path / "missing.json", "there is no such file"),
        (tmp_path, "it is a folder"),
    ):
        s.app.toasts.clear()
        type_path(path)
        (message,) = messages(s)
        assert said in message and "was not imported" in message, message
        assert len(ids(s)) == before  # nothing stored
    # Enter in the field imports too
    s.app.toasts.clear()
    s.click("import.path")
    s.key("ctrl+a")
    s.type(str(exported[0]))
    s.key("return")
    assert any(m.startswith("Imported") for m in messages(s)) and len(ids(s)) == before + 1


def test_replay_opens_unattached_and_back_returns_to_the_list():
    s = Session.menu()
    match_id = s.app.store.attach(played("ubongo", moves=10))
    open_history(s)
    s.click(f"replay.{match_id}")
    assert s.scene == "replay"
    assert isinstance(s.app.top.table.window, ReplayWindow)  # nothing of it is played or saved
    s.click("close")
    assert s.scene == "history" and ids(s) == [match_id]


def test_export_of_an_unfinished_match_of_several_people_waits_for_its_end():
    """Rule (docs/history.md): the file holds the seed and every hand, so a match other people
    still play in is not exported; its Export is greyed with the reason. Against bots, or once
    over, it is exported."""
    s = Session.menu()
    store = s.app.store
    rules = registry.get("jaipur")
    shared = Match.new(rules, [Seat("Ann"), Seat("Bilal")], seed=5)
    for _ in range(4):
        seat = min(shared.to_act)
        assert shared.submit(seat, shared.legal(seat)[0])
    both = store.attach(shared)
    alone = store.attach(played("jaipur", moves=4))
    over = store.attach(played("jaipur"))
    open_history(s)
    withheld = s.target(f"export.{both}")
    assert not withheld.enabled
    assert withheld.tip == "A match other people play in can be exported once it is over."
    above = withheld.bounds.move(0, -withheld.bounds.h).clip(s.app.screen.get_rect())
    s.app.draw()
    before = s.app.screen.subsurface(above).copy()
    s.move(f"export.{both}")  # pointed at, the greyed button says why, in a tip above it
    assert s.app.top.group.tipped().tid == f"export.{both}"
    s.app.draw()
    assert pygame.image.tobytes(s.app.screen.subsurface(above), "RGB") != pygame.image.tobytes(before, "RGB")
    s.click(f"export.{both}")
    assert list(paths.exports_dir().glob("jaipur-*.json")) == []
    for match_id in (alone, over):
        assert s.target(f"export.{match_id}").enabled
        s.click(f"export.{match_id}")
    assert len(list(paths.exports_dir().glob("jaipur-*.json"))) == 2
