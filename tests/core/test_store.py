"""The SQLite event store: round trips, one transaction per command, statistics, concurrency."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.core import codec, storedb
from game.core.codec import FormatError
from game.core.match import Match, Seat
from game.core.store import Store
from tests.core.storegames import DOUBLE, SEATS, new, play

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("store_driver.py")


@pytest.fixture
def store():
    with Store.open() as opened:
        assert opened.problem is None
        yield opened


def same(a: Match, b: Match) -> bool:
    return (a.state, a.events, a.to_json()["commands"], a.seats) == (
        b.state,
        b.events,
        b.to_json()["commands"],
        b.seats,
    )


def test_the_database_lives_in_the_data_folder(store, bazaar_home):
    assert store.path == bazaar_home / "data" / "bazaar.sqlite3"
    conn = sqlite3.connect(store.path)
    assert conn.execute("PRAGMA application_id").fetchone()[0] == storedb.APPLICATION_ID
    assert conn.execute("PRAGMA user_version").fetchone()[0] == storedb.SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_match_saved_move_by_move_loads_back_equal(store):
    live = new(seed=4)
    match_id = store.attach(live)
    play(live, 7)
    loaded = store.load(match_id)
    assert same(loaded, live)
    assert loaded.to_json() == live.to_json()


def test_attach_stores_the_moves_made_before_it(store):
    live = play(new(seed=5), 4)
    match_id = store.attach(live)
    assert store.attach(live) == match_id  # attaching twice changes nothing
    assert same(store.load(match_id), live)
    assert store.info(match_id).moves == 4


def test_a_loaded_match_goes_on_saving_to_the_end(store):
    match_id = store.attach(play(new(seed=6), 3))
    resumed = store.load(match_id)
    play(resumed)
    assert resumed.finished
    again = store.load(match_id)
    assert same(again, resumed)
    assert store.info(match_id).status == "finished"
    assert store.unfinished() == []


def test_unfinished_lists_newest_first_and_filters_by_game(store):
    first = store.attach(play(new(seed=1), 2))
    done = store.attach(play(new(seed=2)))
    double = store.attach(new(seed=3, ruleset=DOUBLE))
    later = new(seed=4)
    latest = store.attach(later)
    play(later, 1)
    ids = [info.id for info in store.unfinished()]
    assert ids == [latest, double, first] and done not in ids
    assert [info.id for info in store.unfinished("tinydouble")] == [double]
    info = store.unfinished("tiny")[0]
    assert info.seats == tuple(SEATS) and info.events == 2 and info.moves == 1
    assert info.progress == "1 move" and info.updated >= info.created


def test_each_command_is_one_transaction(store):
    match = new(seed=8, ruleset=DOUBLE)
    match_id = store.attach(match)
    statements: list[str] = []
    store.conn.set_trace_callback(statements.append)
    seat = next(iter(match.to_act))
    assert match.submit(seat, {"move": "draw2"})
    store.conn.set_trace_callback(None)
    begins = [s for s in statements if s.startswith("BEGIN")]
    assert begins == ["BEGIN IMMEDIATE"] and statements[-1] == "COMMIT"
    assert len([s for s in statements if s.startswith("INSERT INTO events")]) == 2
    assert store.info(match_id).events == 3


class FailingConnection:
    """Forwards to a real connection but fails once on the first command insert."""

    def __init__(self, real):
        self.real, self.failed = real, False

    def execute(self, sql, *args):
        return self.real.execute(sql, *args)

    def executemany(self, sql, rows):
        if sql.startswith("INSERT INTO commands") and not self.failed:
            self.failed = True
            raise sqlite3.OperationalError("disk I/O error")
        return self.real.executemany(sql, rows)

    @property
    def in_transaction(self):
        return self.real.in_transaction

    def close(self):
        self.real.close()


def test_a_failed_save_keeps_no_half_command_and_catches_up_on_the_next(store):
    match = new(seed=9, ruleset=DOUBLE)
    match_id = store.attach(match)
    store._conn = FailingConnection(store._conn)
    assert match.submit(next(iter(match.to_act)), {"move": "draw2"})  # play goes on
    assert "could not be saved" in store.take_problem()
    assert store.problem is None and store.take_problem() is None
    # the two events were written before the failure, and rolled back with it
    assert store.info(match_id).events == 1
    assert store.data(match_id)["events"] == match.events[:1]
    play(match, 1)
    assert same(store.load(match_id), match)


def test_a_match_continued_in_two_places_stops_saving_the_second(store):
    match_id = store.attach(play(new(seed=10), 2))
    one, two = store.load(match_id), store.load(match_id)
    play(one, 1)
    play(two, 2)
    assert "continued elsewhere" in store.problem
    assert same(store.load(match_id), one)


def test_a_match_saved_by_its_owner_is_written_up_to_each_mark_from_another_thread(store):
    """A server's way: the match is played on one thread, marked after each change, and written
    on another up to a mark, whatever was played since; it is not saved as it changes."""
    match = new(seed=13)
    match_id = store.attach(match)
    saving = store.saving(match)
    with pytest.raises(ValueError, match="does not save"):
        store.saving(match)  # taken once
    play(match, 2)
    assert store.info(match_id).events == 1, "not saved as it changes any more"
    mark = saving.mark()
    marked = codec.roundtrip(match.to_json())  # (its lists are the live ones)
    play(match, 3)  # played on before the write
    written: list[bool] = []
    writer = threading.Thread(target=lambda: written.append(saving.save(mark)))
    writer.start()
    writer.join(30)
    assert written == [True]
    assert store.data(match_id)["events"] == marked["events"]
    assert store.data(match_id)["commands"] == marked["commands"]
    assert saving.save(mark), "a mark stored already stores nothing more"
    play(match)
    assert saving.save(saving.mark())
    assert same(store.load(match_id), match)
    assert store.info(match_id).status == "finished"


def test_a_failed_write_of_an_owner_says_so_and_the_next_writes_it_all(store):
    match = new(seed=14, ruleset=DOUBLE)
    match_id = store.attach(match)
    saving = store.saving(match)
    assert match.submit(next(iter(match.to_act)), {"move": "draw2"})
    store._conn = FailingConnection(store._conn)
    assert not saving.save(saving.mark())
    assert "could not be saved" in store.take_problem()
    assert store.info(match_id).events == 1  # nothing of it
    play(match, 1)
    assert saving.save(saving.mark())
    assert same(store.load(match_id), match)


def test_matches_saved_together_are_one_transaction_and_one_failing_keeps_the_others(store):
    """A server's writes that waited together: one BEGIN and one COMMIT for them all; a match
    whose own write fails is rolled back alone and said so, the others are stored."""
    matches = [new(seed=15 + i, ruleset=DOUBLE) for i in range(3)]
    ids = [store.attach(m) for m in matches]
    savings = [store.saving(m) for m in matches]
    for match in matches:
        assert match.submit(next(iter(match.to_act)), {"move": "draw2"})
    statements: list[str] = []
    store.conn.set_trace_callback(statements.append)
    assert store.save_all([(s, s.mark()) for s in savings]) == [True, True, True]
    store.conn.set_trace_callback(None)
    assert [s for s in statements if s.startswith(("BEGIN", "COMMIT"))] == ["BEGIN IMMEDIATE", "COMMIT"]
    assert [store.info(i).events for i in ids] == [3, 3, 3]
    for match in matches:
        play(match, 1)
    store._conn = FailingConnection(store._conn)  # the first match's commands fail to insert
    assert store.save_all([(s, s.mark()) for s in savings]) == [False, True, True]
    assert "could not be saved" in store.take_problem()
    assert [store.info(i).events for i in ids] == [3, 4, 4]
    assert store.save_all([(s, s.mark()) for s in savings]) == [True, True, True]  # caught up
    for match_id, match in zip(ids, matches, strict=True):
        assert same(store.load(match_id), match)


def test_delete_and_abandon(store):
    gone = store.attach(play(new(seed=11), 2))
    left = store.attach(play(new(seed=12), 2))
    assert store.delete(gone) and not store.delete(gone)
    assert store.abandon(left) and not store.abandon(left)
    assert store.unfinished() == [] and store.info(gone) is None
    assert store.info(left).status == "abandoned"
    with pytest.raises(FormatError, match="no saved match"):
        store.load(gone)
    rows = store.conn.execute("SELECT COUNT(*) FROM events WHERE match_id = ?", (gone,)).fetchone()
    assert rows == (0,)  # the log went with it (foreign keys cascade)


def test_statistics_count_finished_matches_per_seat_kind(store):
    bots = [Seat("Ann"), Seat("Bot", "bot", "easy")]
    humans = [Seat("Ann"), Seat("Bo")]
    # deck 3,1,2 with draw, draw, pass, draw: 3 vs 1+2, a shared win
    tie = new(seats=bots, setup={"deck": [3, 1, 2]})
    store.attach(tie)
    for seat, move in [(0, "draw"), (1, "draw"), (0, "pass"), (1, "draw")]:
        assert tie.submit(seat, {"move": move})
    assert tie.outcome.winners == (0, 1)
    won = new(seats=bots, setup={"deck": [9, 1]})
    store.attach(won)
    won.submit(0, {"move": "draw"})
    won.submit(1, {"move": "draw"})
    store.attach(new(seats=humans, setup={"deck": [9, 1]}))  # unfinished: not counted
    abandoned = play(new(seats=humans, seed=2), 2)
    store.abandon(store.attach(abandoned))
    rows = {(r.game, r.kind, r.level): r for r in store.statistics()}
    human, bot = rows["tiny", "human", ""], rows["tiny", "bot", "easy"]
    assert (human.played, human.wins, human.draws, human.losses) == (2, 1, 1, 0)
    assert (bot.played, bot.wins, bot.draws, bot.losses) == (2, 0, 1, 1)
    assert human.average_score == pytest.approx((3 + 9) / 2)
    assert bot.average_score == pytest.approx((3 + 1) / 2)
    assert (human.label, bot.label) == ("Person", "Bot (easy)")
    assert len(rows) == 2


def test_imported_matches_stay_out_of_statistics_unless_asked(store, tmp_path):
    path = tmp_path / "m.json"
    store.export(store.attach(play(new(seed=3))), path)
    store.import_file(path)
    assert sum(r.played for r in store.statistics()) == 2
    assert sum(r.played for r in store.statistics(include_imported=True)) == 4


def test_two_store_objects_writing_at_once_do_not_corrupt_it(bazaar_home):
    stores = [Store.open(), Store.open()]
    results: dict[int, list[tuple[int, Match]]] = {0: [], 1: []}

    def worker(n: int) -> None:
        for k in range(6):
            match = new(seed=100 * n + k)
            match_id = stores[n].attach(match)
            play(match)
            results[n].append((match_id, match))

    threads = [threading.Thread(target=worker, args=(n,)) for n in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    check = Store.open()
    assert check.problem is None
    assert check.conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    for n in (0, 1):
        assert stores[n].problem is None
        for match_id, match in results[n]:
            assert same(check.load(match_id), match)


def test_two_processes_writing_at_once_do_not_corrupt_it(bazaar_home):
    path = bazaar_home / "shared.sqlite3"
    Store.open(path).close()
    procs = [
        subprocess.Popen(
            [sys.executable, str(DRIVER), str(path), "burst", str(seed)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        for seed in (1, 2)
    ]
    outputs = [proc.communicate(timeout=60)[0] for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0]
    ids = [int(line) for out in outputs for line in out.split()]
    assert len(ids) == len(set(ids)) == 2 * 8
    with Store.open(path) as check:
        assert check.problem is None
        assert check.conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        for match_id in ids:
            loaded = check.load(match_id)
            assert loaded.finished
            fresh = Match.from_json(codec.roundtrip(loaded.to_json()))
            assert fresh.state == loaded.state


def test_a_first_launch_waits_while_another_holds_the_write_lock(tmp_path, monkeypatch):
    """Two first launches at once: one has just created the schema (still in rollback mode) and
    the other holds the write lock, checking it. Switching to WAL must wait, not give up.

    The lock is let go from inside the wait itself (its first pause), not after a while on the
    wall clock, so the switch surely meets the lock and surely gets it after waiting."""
    import time
    from types import SimpleNamespace

    path = tmp_path / "bazaar.sqlite3"
    first = storedb.connect(path)
    first.execute(f"PRAGMA application_id = {storedb.APPLICATION_ID}")
    first.execute(f"PRAGMA user_version = {storedb.SCHEMA_VERSION}")
    for statement in (*storedb.SCHEMA, *storedb.ADDED):  # the whole schema, as prepare makes it
        first.execute(statement)
    first.execute("BEGIN IMMEDIATE")
    pauses = []

    def pause(seconds: float) -> None:
        pauses.append(seconds)
        if first.in_transaction:
            first.execute("COMMIT")

    monkeypatch.setattr(storedb, "time", SimpleNamespace(monotonic=time.monotonic, sleep=pause))
    try:
        with Store.open(path) as second:
            assert second.problem is None and second.path == path
            assert second.conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    finally:
        first.close()
    assert len(pauses) == 1  # it met the lock, waited, and switched once the lock was free


def test_a_store_that_cannot_use_its_folder_still_plays(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    store = Store.open(blocker / "bazaar.sqlite3")
    assert store.path is None and "will not be saved" in store.problem
    match_id = store.attach(play(new(seed=1), 3))
    assert store.load(match_id).commands


def test_a_home_that_cannot_be_made_still_plays(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("BAZAAR_HOME", str(blocker / "home"))
    store = Store.open()
    assert store.path is None and "will not be saved" in store.problem
    assert store.load(store.attach(play(new(seed=1), 2))).commands


def test_a_file_of_an_older_bazaar_gains_the_tables_added_since(tmp_path):
    """A saves file made before time in the log was counted (schema 1 and `branches`, no
    `clock`) opens, gains the table, and counts a timed match's moves without its time."""
    from game.core import registry
    from game.core.authority import Authority
    from game.core.referee import Referee

    path = tmp_path / "bazaar.sqlite3"
    old = storedb.connect(path)
    old.execute(f"PRAGMA application_id = {storedb.APPLICATION_ID}")
    old.execute(f"PRAGMA user_version = {storedb.SCHEMA_VERSION}")
    for statement in (*storedb.SCHEMA, storedb.ADDED[0]):  # branches, as an older Bazaar made it
        old.execute(statement)
    old.commit()
    old.close()
    with Store.open(path) as store:
        assert store.problem is None
        tables = {n for (n,) in store.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert tables >= storedb.ADDED_TABLES
        match = Match.new(registry.get("ubongo"), [Seat("Asha")], {"mode": "solo"}, 4, {"pawns": [1]})
        match_id = store.attach(match)
        referee = Referee(Authority(match), {}, people=[0])
        referee.advance(125)  # the boards turn up (the clock's move), two seconds of sand
        assert store.info(match_id).moves == 1 and len(match.commands) == 3
        match.submit(0, {"move": "give_up", "tick": 130})
        assert store.info(match_id).moves == 2
