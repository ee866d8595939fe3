"""Faults in words (issue 51, item 4): an exception while deciding one request refuses that
request alone, with a code and the catalogue's words (the exception's text in the log only);
one in a match's referee pauses that match alone: its people are told, the log names it, the
other rooms answer on, and it goes on once the server tries again (every RETRY_SECONDS, or
when one of its people connects). A match the store cannot load at the start is logged and
listed, and the others run."""

from __future__ import annotations

import json
import logging
import sqlite3
from typing import Any

import pytest

from game.core.storedb import FILENAME as STORE_FILE
from game.net import failures
from game.net import protocol as p
from game.net import room as room_module
from tests.net.support import Raw

pytestmark = pytest.mark.usefixtures("fast_players")

SECRET = "SECRET-7f3a"  # in every injected exception's text: it must never reach a client


def table(net) -> tuple[int, Raw, dict[str, Any]]:
    """A Jaipur match of a person (to move first) and our bot, and the person's raw client."""
    match_id, codes, _ = net.create("jaipur", "online", "bot", options={"first": 0}, seed=5)
    client = net.raw()
    welcome = client.join(codes[0])
    assert welcome["type"] == "welcome" and welcome["to_act"] == [0]
    return match_id, client, welcome


def break_bots(net, match_id: int) -> None:
    """The room's referee fails collecting its bot's move (its own drive, not a request)."""

    def broken(*args: Any) -> bool:
        raise RuntimeError(f"the referee broke collecting a move: {SECRET}")

    net.on_loop(lambda: setattr(net.srv.rooms[match_id].referee, "_collect", broken))


def heard(client: Raw, kind: str) -> dict[str, Any]:
    """The first message of `kind` the client got, read already or to come."""
    for frame in client.frames:
        message = json.loads(frame)
        if message["type"] == kind:
            return message
    return client.until(lambda m: m["type"] == kind)


def leaked(*clients: Raw) -> list[str]:
    return [f for c in clients for f in c.frames if SECRET in f]


def names(caplog, match_id: int, words: str) -> bool:
    return any(
        r.name == "bazaar.net" and f"match {match_id} {words}" in r.getMessage() for r in caplog.records
    )


def test_a_fault_in_one_referee_pauses_that_match_alone(net, caplog):
    caplog.set_level(logging.INFO, logger="bazaar.net")
    broken, mine, welcome = table(net)
    other, theirs, their_welcome = table(net)
    break_bots(net, broken)
    # the person moves; the bot's turn comes, and collecting its move fails
    assert mine.ask({"type": "submit", "seat": 0, "command": welcome["legal"]["0"][0]})["ok"]
    paused = heard(mine, "paused")
    assert paused["code"] == p.FAULT and paused["message"] == failures.PAUSED_WORDS
    assert paused["clock"] is None  # (Jaipur has no sand to stop)
    assert names(caplog, broken, "paused")
    # the other room answers on: a ping, and a move and its bot's answer
    assert theirs.ask({"type": "ping"})["ok"] is True
    assert theirs.ask({"type": "submit", "seat": 0, "command": their_welcome["legal"]["0"][0]})["ok"]
    theirs.until(lambda m: m["type"] == "update" and m["to_act"] == [0])
    # the paused match answers too, but plays nothing until it goes on
    assert mine.ask({"type": "ping"})["ok"] is True
    refused = mine.ask({"type": "submit", "seat": 0, "command": welcome["legal"]["0"][0]})
    assert refused["ok"] is False and refused["error"]["code"] == p.PAUSED
    assert net.on_loop(lambda: net.srv.rooms[broken].paused) is True
    assert not net.on_loop(lambda: net.srv.rooms[other].paused)
    assert not leaked(mine, theirs)


def test_a_paused_match_goes_on_when_the_server_tries_again(net, caplog, monkeypatch):
    caplog.set_level(logging.INFO, logger="bazaar.net")
    monkeypatch.setattr(room_module, "RETRY_SECONDS", 0.05)
    broken, mine, welcome = table(net)
    count = welcome["count"]
    break_bots(net, broken)
    assert mine.ask({"type": "submit", "seat": 0, "command": welcome["legal"]["0"][0]})["ok"]
    heard(mine, "paused")
    # a new referee from the log: the bot's move comes, and the person is to move again
    assert mine.until(lambda m: m["type"] == "resumed")["clock"] is None
    update = mine.until(lambda m: m["type"] == "update" and m["to_act"] == [0])
    assert update["count"] > count + 1
    assert names(caplog, broken, "goes on")
    assert not leaked(mine)


def test_a_paused_match_goes_on_when_its_person_connects_again(net):
    broken, mine, welcome = table(net)
    break_bots(net, broken)
    assert mine.ask({"type": "submit", "seat": 0, "command": welcome["legal"]["0"][0]})["ok"]
    heard(mine, "paused")
    mine.close()  # (RETRY_SECONDS is a minute: only coming back tries it again here)
    again = net.raw()
    back = again.hello(welcome["token"])
    assert back["type"] == "welcome"
    if "paused" not in back and back["to_act"] != [0]:
        back = again.until(lambda m: m["type"] == "update" and m["to_act"] == [0])
    assert "paused" not in back and back["to_act"] == [0]  # the bot moved: it goes on


class Faulty:
    """A game's rules that raise on one marked command (and decide every other as before)."""

    def __init__(self, real: Any):
        self.real = real

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def decide(self, state: Any, seat: Any, command: Any, rng: Any) -> Any:
        if command.get("good") == SECRET:
            raise KeyError(f"the rules fell over on {SECRET}")
        return self.real.decide(state, seat, command, rng)


def test_a_request_the_rules_raise_on_is_refused_alone_in_words(net, caplog):
    caplog.set_level(logging.INFO, logger="bazaar.net")
    match_id, client, welcome = table(net)

    def fault() -> None:
        match = net.srv.rooms[match_id].match
        match.ruleset = Faulty(match.ruleset)

    net.on_loop(fault)
    for kind in ("submit", "check"):
        answer = client.ask({"type": kind, "seat": 0, "command": {"move": "take", "good": SECRET}})
        assert answer["ok"] is False and answer["error"] == {"code": p.FAULT, "message": failures.FAULT_WORDS}
        assert SECRET not in json.dumps(answer)
    # the connection stays, and the next requests work
    assert client.ask({"type": "ping"})["ok"] is True
    assert client.ask({"type": "submit", "seat": 0, "command": welcome["legal"]["0"][0]})["ok"] is True
    client.until(lambda m: m["type"] == "update" and m["to_act"] == [0])  # the bot answered
    assert not net.on_loop(lambda: net.srv.rooms[match_id].paused)
    assert not leaked(client)
    # the exception's text is in the log, with the match
    faults = [r for r in caplog.records if f"match {match_id}: a " in r.getMessage() and r.exc_info]
    assert [r.getMessage().split(":")[1].strip() for r in faults] == [
        "a submit request failed",
        "a check request failed",
    ]
    assert all(SECRET in str(r.exc_info[1]) for r in faults)


def test_resume_all_logs_and_lists_the_matches_it_cannot_load(net, caplog):
    caplog.set_level(logging.INFO, logger="bazaar.net")
    damaged, _, _ = net.create("jaipur", "online", "bot", seed=1)
    sound, _, _ = net.create("jaipur", "online", "bot", seed=2)
    net.stop()
    with sqlite3.connect(net.data / STORE_FILE) as db:
        db.execute("UPDATE events SET body = '{' WHERE match_id = ?", (damaged,))
    db.close()
    net.start()
    listed = net.srv.not_loaded
    assert list(listed) == [damaged] and listed[damaged]
    assert net.on_loop(lambda: dict(net.srv.opened)) == {sound: 1}  # loaded (and resting: nobody is there)
    assert any(
        f"match {damaged} could not be loaded: {listed[damaged]}" in r.getMessage() for r in caplog.records
    )
