"""Damaged databases, export and import files: clear messages, nothing lost, nothing changed."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from game.core import codec, files, storedb
from game.core.codec import FormatError
from game.core.store import Store
from tests.core.storegames import new, play


def db_path(home: Path) -> Path:
    path = home / "data" / "bazaar.sqlite3"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def kept_files(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".damaged-*"))


def assert_kept_and_fresh(path: Path, original: bytes, reason: str) -> Store:
    store = Store.open()
    kept = [p for p in kept_files(path) if not p.name.endswith(storedb.COMPANIONS)]
    assert len(kept) == 1 and kept[0].read_bytes() == original
    assert store.problem and reason in store.problem and str(kept[0]) in store.problem
    assert store.unfinished() == []
    match_id = store.attach(play(new(seed=2), 3))  # and the fresh one works
    assert store.load(match_id).state.hands
    return store


def test_garbage_bytes_are_kept_aside_with_their_wal(bazaar_home, capsys):
    path = db_path(bazaar_home)
    garbage = bytes(range(256)) * 20
    path.write_bytes(garbage)
    path.with_name(path.name + "-wal").write_bytes(b"wal bytes")
    store = assert_kept_and_fresh(path, garbage, "not an SQLite database")
    wal = [p for p in kept_files(path) if p.name.endswith("-wal")]
    assert len(wal) == 1 and wal[0].read_bytes() == b"wal bytes"
    assert "not an SQLite database" in capsys.readouterr().err
    store.close()


def test_another_programs_sqlite_file_is_kept_aside(bazaar_home):
    path = db_path(bazaar_home)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (body TEXT)")
    conn.execute("INSERT INTO notes VALUES ('mine')")
    conn.commit()
    conn.close()
    assert_kept_and_fresh(path, path.read_bytes(), "another program").close()


def test_a_file_with_another_application_id_is_kept_aside(bazaar_home):
    path = db_path(bazaar_home)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id = 1234")
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    assert_kept_and_fresh(path, path.read_bytes(), "application id 0x000004D2").close()


def test_a_database_from_a_newer_bazaar_is_kept_aside(bazaar_home):
    path = db_path(bazaar_home)
    Store.open().close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    assert_kept_and_fresh(path, path.read_bytes(), "newer Bazaar").close()


def test_a_database_failing_the_integrity_check_is_kept_aside(bazaar_home):
    path = db_path(bazaar_home)
    with Store.open() as store:
        for seed in range(30):
            store.attach(play(new(seed=seed)))
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) >= 6 * page
    data[3 * page : 3 * page + 12] = b"\xa5" * 12  # scribble over the header of a table's page
    path.write_bytes(bytes(data))
    assert_kept_and_fresh(path, bytes(data), "integrity check failed").close()


def test_our_own_database_reopens_without_a_problem_even_while_open(bazaar_home):
    first = Store.open()
    match_id = first.attach(play(new(seed=3), 5))
    second = Store.open()  # the first still holds it open, with its WAL not checkpointed
    assert second.problem is None and kept_files(db_path(bazaar_home)) == []
    assert second.load(match_id).to_json()["commands"] == first.load(match_id).to_json()["commands"]
    first.close()
    second.close()


def test_a_read_that_fails_during_the_check_is_not_taken_for_damage(bazaar_home):
    """While another process writes, SQLite's integrity check can answer "unable to get the
    page. error code=522" (a short read): the file cannot be checked now, it is not damaged."""

    class Reading:
        def execute(self, sql):
            class Rows(list):
                def fetchone(self):
                    return self[0]

            if "integrity_check" in sql:
                return Rows([("*** in database main ***\nunable to get the page. error code=522",)])
            if "user_version" in sql:
                return Rows([(storedb.SCHEMA_VERSION,)])
            return Rows([(t,) for t in storedb.TABLES])

    with pytest.raises(storedb.Interrupted, match="could not read all of it just now"):
        storedb._check_contents(Reading(), storedb.APPLICATION_ID)


def test_an_interrupted_check_is_tried_again_and_the_database_kept(bazaar_home, monkeypatch):
    with Store.open() as store:
        match_id = store.attach(play(new(seed=4), 5))
    real, calls = storedb.diagnose, []

    def flaky(path):
        calls.append(path)
        if len(calls) == 1:
            raise storedb.Interrupted("SQLite could not read all of it just now (error code=522)")
        return real(path)

    monkeypatch.setattr(storedb, "diagnose", flaky)
    with Store.open() as again:
        assert again.problem is None and len(calls) == 2
        assert again.load(match_id).commands
    assert kept_files(db_path(bazaar_home)) == []


def test_an_empty_file_becomes_a_fresh_database(bazaar_home):
    db_path(bazaar_home).write_bytes(b"")
    with Store.open() as store:
        assert store.problem is None and store.unfinished() == []


# -- export and import -------------------------------------------------------------------------
@pytest.fixture
def store():
    with Store.open() as opened:
        yield opened


def test_export_writes_the_match_json_and_import_reads_it_back(store, tmp_path):
    live = play(new(seed=7), 6)
    match_id = store.attach(live)
    path = tmp_path / "match.json"
    store.export(match_id, path)
    assert json.loads(path.read_text(encoding="utf-8")) == codec.roundtrip(live.to_json())
    copy_id = store.import_file(path)
    assert copy_id != match_id
    assert store.load(copy_id).to_json() == live.to_json()


def test_export_is_atomic(store, tmp_path, monkeypatch):
    match_id = store.attach(play(new(seed=7), 6))
    folder = tmp_path / "exports"
    folder.mkdir()
    path = folder / "match.json"
    path.write_text("the previous export")

    def killed(src, dst):
        raise OSError("killed before the rename")

    monkeypatch.setattr(files.os, "replace", killed)
    with pytest.raises(OSError):
        store.export(match_id, path)
    assert path.read_text() == "the previous export"
    assert sorted(p.name for p in folder.iterdir()) == ["match.json"]  # no temp file left
    monkeypatch.undo()
    store.export(match_id, path)
    assert json.loads(path.read_text())["format"] == "bazaar-match"


def counts(store: Store) -> tuple[int, ...]:
    return tuple(
        store.conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in sorted(storedb.TABLES)
    )


def test_a_truncated_export_is_refused_and_changes_nothing(store, tmp_path):
    path = tmp_path / "match.json"
    store.export(store.attach(play(new(seed=7), 6)), path)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    before = counts(store)
    with pytest.raises(FormatError, match="not valid JSON.*cut short"):
        store.import_file(path)
    assert counts(store) == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"name": "a shopping list", "items": []}', "not a Bazaar match file"),
        ("[1, 2, 3]", "not a Bazaar match file"),
        (b"\x89PNG\r\n\x1a\n\xff\xfe", "not text"),
        ('{"format": "bazaar-match", "version": 7}', "version 7 is not supported"),
        ('{"format": "bazaar-match", "version": 1, "game": "chess"}', "unknown game 'chess'"),
    ],
)
def test_a_foreign_file_is_refused_and_changes_nothing(store, tmp_path, content, message):
    path = tmp_path / "other.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    before = counts(store)
    with pytest.raises(FormatError, match=message):
        store.import_file(path)
    assert counts(store) == before


def test_a_log_that_cannot_be_folded_is_refused(store, tmp_path):
    data = codec.roundtrip(play(new(seed=7), 6).to_json())
    data["events"][2] = {"type": "draw", "seat": 5, "card": 1}  # no such seat
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(data))
    before = counts(store)
    with pytest.raises(FormatError, match="event 2 \\(draw\\) cannot be applied"):
        store.import_file(path)
    assert counts(store) == before


def test_a_missing_file_is_a_format_error(store, tmp_path):
    with pytest.raises(FormatError, match="cannot be read"):
        store.import_file(tmp_path / "nope.json")


def test_a_saved_log_that_no_longer_folds_gives_a_clear_error_but_still_exports(store, tmp_path):
    match_id = store.attach(play(new(seed=7), 6))
    store.conn.execute(
        'UPDATE events SET body = \'{"type": "draw"}\' WHERE match_id = ? AND seq = 3', (match_id,)
    )
    with pytest.raises(FormatError, match=f"Saved match {match_id} cannot be opened: event 3"):
        store.load(match_id)
    store.export(match_id, tmp_path / "broken.json")  # for a bug report
    assert json.loads((tmp_path / "broken.json").read_text())["events"][3] == {"type": "draw"}


def test_kept_names_never_collide(tmp_path):
    first = tmp_path / "x"
    first.write_text("1")
    kept = files.keep_aside(first)
    first.write_text("2")
    again = files.keep_aside(first)
    assert kept != again and kept.read_text() == "1" and again.read_text() == "2"
    assert not os.path.exists(first)


def test_a_database_locked_by_another_program_is_left_alone(bazaar_home, monkeypatch):
    path = db_path(bazaar_home)
    with Store.open() as store:
        match_id = store.attach(play(new(seed=4), 3))
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(storedb, "BUSY_MS", 50)
    try:
        blocked = Store.open()
        assert blocked.path is None and "will not be saved" in blocked.problem
        assert kept_files(path) == []
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with Store.open() as store:
        assert store.problem is None and store.load(match_id).commands
