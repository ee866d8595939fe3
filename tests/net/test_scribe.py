"""A server's match writes in a process of their own (game/net/scribe.py, what `serve` runs):
once the process is up every move is written there, none on the store's thread, and the store
holds each match as the server does; a process lost with writes unanswered loses no move (each
is looked up, and written again on the store's thread where it is missing); a stopping server
ends it. test_store_off_loop.py runs its store tests with both kinds of writes."""

from __future__ import annotations

import contextlib
import os
import pickle
import random
import signal
import socket
import sqlite3

import pytest

from game.core import ledger
from game.core.match import Match
from game.core.store import Store
from game.core.storedb import FILENAME as STORE_FILE
from game.core.writer import BATCH
from game.net import cork, scribe
from game.net.scribe import HEADER, _Frames, _looked_up, _unframed
from tests.core.storegames import DOUBLE, new, play
from tests.net.support import BOUND, Net, until
from tests.net.support import play as play_online
from tests.net.test_store_off_loop import HELD, Lock, stored

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="Linux's /proc and signals")


def scribed(net: Net) -> Net:
    net.start(scribe=True)
    assert net.srv.scribe is not None and net.srv.scribe.up.wait(BOUND), "the scribe's process is up"
    return net


def commands_of(match: dict) -> list[tuple[int | None, dict]]:
    return [(c["seat"], c["command"]) for c in match["commands"]]


def test_once_up_every_write_is_the_scribes_and_the_store_holds_the_match(net):
    scribed(net)
    statements: list[str] = []
    net.on_loop(lambda: net.srv.store.conn.set_trace_callback(statements.append))  # the thread's
    match_id, codes, _ = net.create("jaipur", "online", "online", options={"first": 0}, seed=21)
    windows = [net.join(codes[0]), net.join(codes[1])]
    made = play_online(windows, random.Random(4))
    record = net.record(match_id)
    until(lambda: stored(net.data / STORE_FILE, match_id) == commands_of(record), "the whole match stored")
    assert made == len(record["commands"]) and Match.from_json(record).finished
    inserts = {s.split(" (")[0] for s in statements if s.startswith("INSERT")}
    assert inserts == {"INSERT INTO matches", "INSERT INTO seats", "INSERT INTO events"}, (
        "the thread wrote the new match (its create, the deal); every move went to the scribe"
    )
    process = net.srv.scribe.process
    net.stop()
    assert process.exitcode == 0, "a stopping server ends its scribe, which ends cleanly"


def test_a_scribe_lost_with_writes_unanswered_loses_no_move(net, monkeypatch):
    """The process is killed while its write waits on another program's lock: the move it was
    sent is not in the store, so it is written again on the store's thread, and told once it is."""
    monkeypatch.setattr(ledger, "RETRY_SECONDS", 0.05)
    scribed(net)
    match_id, codes, _ = net.create("jaipur", "online", "online", options={"first": 0}, seed=22)
    a = net.raw()
    move = a.join(codes[0])["legal"]["0"][0]
    a.ask({"type": "ping"})
    lock = Lock(net.data / STORE_FILE)
    try:
        a.send({"type": "submit", "id": HELD, "seat": 0, "command": move})
        a.ask({"type": "ping"})  # decided, and sent to the scribe, which waits on the lock
        os.kill(net.srv.scribe.process.pid, signal.SIGKILL)
        until(lambda: net.on_loop(lambda: net.srv.scribe.link is None), "the server saw its scribe gone")
    finally:
        lock.release()
    reply = a.until(lambda m: m.get("id") == HELD)
    assert reply["ok"], reply
    assert stored(net.data / STORE_FILE, match_id) == [(0, move)]
    b = net.raw()
    b.join(codes[1])
    answer = b.ask({"type": "legal", "seat": 1})["commands"][0]
    assert b.ask({"type": "submit", "seat": 1, "command": answer})["ok"], "the match goes on"
    assert stored(net.data / STORE_FILE, match_id) == [(0, move), (1, answer)], "its writes on the thread"


def test_a_bots_move_rides_with_the_next_persons_write_in_one_transaction(net, monkeypatch):
    """Match A: a person, then an easy bot; match B: two people. A's bot moves right after its
    person (a person's write came within RIDE_SECONDS): its write waits, and goes with B's
    person's move, one transaction for both (one answer from the process)."""
    monkeypatch.setattr(scribe, "RIDE_SECONDS", BOUND * 4)  # no wait runs out within the test
    scribed(net)
    transactions: list[int] = []
    answered = net.srv.scribe.answered
    net.srv.scribe.answered = lambda answers: (transactions.append(len(answers)), answered(answers))
    a_id, a_codes, _ = net.create("jaipur", "online", "bot", options={"first": 0}, seed=23)
    b_id, b_codes, _ = net.create("jaipur", "online", "online", options={"first": 0}, seed=24)
    a, b = net.raw(), net.raw()
    a_move = a.join(a_codes[0])["legal"]["0"][0]
    b_move = b.join(b_codes[0])["legal"]["0"][0]
    assert a.ask({"type": "submit", "seat": 0, "command": a_move})["ok"]
    until(lambda: net.on_loop(lambda: len(net.srv.rooms[a_id].match.commands)) == 2, "A's bot moved")
    assert stored(net.data / STORE_FILE, a_id) == [(0, a_move)], "the bot's move waits to ride"
    assert transactions == [1], "the person's move went alone"
    assert b.ask({"type": "submit", "seat": 0, "command": b_move})["ok"]
    assert stored(net.data / STORE_FILE, b_id) == [(0, b_move)]
    assert stored(net.data / STORE_FILE, a_id) == commands_of(net.record(a_id)), "A's bot's move too"
    assert len(commands_of(net.record(a_id))) == 2
    assert transactions == [1, 2], "B's person's move took A's bot's along: one transaction"


def test_after_a_turn_of_several_writes_a_turns_writes_go_in_one_transaction(net):
    """A quiet server sends a person's write at once. A turn of the loop that decides two moves
    (a busy server's usual case) marks the next turn that writes: its writes go down the socket
    in one piece at its end, one transaction; and a turn of one write unmarks the next."""
    scribed(net)
    pieces: list[int] = []  # frames in each piece sent to the process
    transactions: list[int] = []
    answered = net.srv.scribe.answered
    net.srv.scribe.answered = lambda answers: (transactions.append(len(answers)), answered(answers))
    clients, rooms = [], []
    for seed in range(25, 30):
        match_id, codes, _ = net.create("jaipur", "online", "online", options={"first": 0}, seed=seed)
        client = net.raw()
        move = client.join(codes[0])["legal"]["0"][0]
        clients.append(client)
        rooms.append((match_id, move))

    def turn(which: list[int]) -> list[int]:
        """Submit in these rooms in one call on the loop: the pieces sent within the turn."""
        link = net.srv.scribe.link
        if not hasattr(link, "counted"):
            write = link.write
            link.write = lambda data: (pieces.append(len(_unframed(bytearray(data)))), write(data))
            link.counted = True
        pieces.clear()
        for k in which:
            match_id, move = rooms[k]
            room = net.srv.rooms[match_id]
            [conn] = room.conns
            assert room._request(conn, {"type": "submit", "id": HELD, "seat": 0, "command": move}) is None
        return list(pieces)

    def answered_all(which: list[int]) -> None:
        for k in which:
            assert clients[k].until(lambda m: m.get("id") == HELD)["ok"]

    assert net.on_loop(lambda: turn([0, 1])) == [1, 1], "quiet: each went at once"
    answered_all([0, 1])
    assert net.on_loop(lambda: turn([2, 3])) == [], "after a turn of two: held within the turn"
    answered_all([2, 3])
    assert pieces == [2], "and sent in one piece at its end"
    assert net.on_loop(lambda: turn([4])) == [], "held (the last turn that wrote held two)"
    answered_all([4])
    assert transactions[-2:] == [2, 1], "one transaction for the turn of two, one for the last"
    assert not net.on_loop(lambda: net.srv.scribe._crowded), "a turn of one: the next goes at once"
    for match_id, move in rooms:
        assert stored(net.data / STORE_FILE, match_id) == [(0, move)]


@pytest.fixture
def saved(tmp_path):
    with contextlib.closing(Store.open(tmp_path / STORE_FILE)) as store:
        match = new(seed=5, ruleset=DOUBLE)
        match_id = store.attach(match)
        yield store, match_id, store.saving(match), match


def test_a_write_whose_answer_was_lost_is_found_stored_or_missing(saved):
    store, match_id, saving, match = saved
    play(match, 2)
    mark = saving.mark()
    append = saving.append(mark)
    assert append is not None
    assert _looked_up(store, append)[0] == "failed", "not written: written again"
    assert store.apply_all([append]) == [("stored", "")]
    assert _looked_up(store, append) == ("stored", ""), "written before the answer was lost"
    assert saving.applied(mark, _looked_up(store, append)) and saving.append(mark) is None
    play(match, 1)
    later = saving.append(saving.mark())
    with contextlib.closing(sqlite3.connect(store.path)) as other:  # another program played on
        other.execute("UPDATE matches SET n_events = n_events + 1 WHERE id = ?", (match_id,))
        other.commit()
    assert _looked_up(store, later) == ("elsewhere", "")
    store.delete(match_id)
    assert _looked_up(store, later) == ("gone", "")


def test_the_appends_store_what_the_store_itself_would(tmp_path, saved):
    """The scribe's path (append, apply, applied) and the store's own (`save`) give the same
    rows."""
    store, match_id, saving, match = saved
    twin = new(seed=5, ruleset=DOUBLE)
    with contextlib.closing(Store.open(tmp_path / "twin.sqlite3")) as other:
        twin_id = other.attach(twin)
        twin_saving = other.saving(twin)
        for steps in (2, 3, None):
            play(match, steps)
            play(twin, steps)
            mark = saving.mark()
            result = store.apply_all([saving.append(mark)])[0]
            assert saving.applied(mark, result)
            assert twin_saving.save(twin_saving.mark())
        assert match.finished
        assert rows(store, match_id) == rows(other, twin_id)


def rows(store: Store, match_id: int) -> list[list[tuple]]:
    """What the store holds of a match, but its id and times."""
    with store.reading() as db:
        return [
            db.execute(query, (match_id,)).fetchall()
            for query in (
                "SELECT game, seed, status, winners, summary, n_events, n_commands FROM matches WHERE id = ?",
                "SELECT seat, name, kind, level, score, result FROM seats WHERE match_id = ? ORDER BY seat",
                "SELECT seq, body FROM events WHERE match_id = ? ORDER BY seq",
                "SELECT seq, seat, body, at FROM commands WHERE match_id = ? ORDER BY seq",
                "SELECT entries FROM clock WHERE match_id = ?",
            )
        ]


def test_the_process_takes_every_write_sent_whole_or_in_pieces_and_stops_at_the_end():
    """The process reads whatever has come (`_Frames`): a frame split across reads waits for
    its rest, at most BATCH are taken for one transaction, and once the loop's end is closed
    every write before it is still taken, in order."""
    ours, theirs = socket.socketpair()
    frames = _Frames(theirs)
    sent = [pickle.dumps((serial, "x" * serial)) for serial in range(BATCH + 3)]
    wire = b"".join(HEADER.pack(len(body)) + body for body in sent)
    cut = HEADER.size + len(sent[0]) + 3  # the first frame whole, the second's first bytes
    ours.sendall(wire[:cut])
    assert frames.take() == [(0, "")], "a whole frame is taken at once"
    ours.sendall(wire[cut:])
    ours.close()
    takes = list(iter(frames.take, []))
    assert all(0 < len(t) <= BATCH for t in takes), "BATCH at most in one transaction"
    assert [job for t in takes for job in t] == [(s, "x" * s) for s in range(1, BATCH + 3)], "all, in order"
    assert frames.take() == [], "the loop's end closed: nothing more"
    theirs.close()


def test_the_news_a_batch_of_answers_releases_leaves_corked():
    """What the answers release (a person's update and the reply to the move) is sent inside
    one cork (game/net/cork.py): each client's frames go out in one write once the batch is in."""

    class Answered:
        def __init__(self) -> None:
            self.corked: list[bool] = []

        def answered(self, answers: list) -> None:
            self.corked.append(cork.defer(lambda: None))

    held = Answered()
    link = scribe._Link(held)  # type: ignore[arg-type]
    bodies = [pickle.dumps([(1, ("stored", ""))]), pickle.dumps([(2, ("stored", ""))])]
    link.data_received(b"".join(HEADER.pack(len(b)) + b for b in bodies))
    assert held.corked == [True, True]
    assert not cork.defer(lambda: None), "the cork ends with the batch"
