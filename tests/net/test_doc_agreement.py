"""The server against its own doc (docs/network.md), probed by a raw client on loopback as an
outside author would (issue 43, "The server against its own doc" and "Closed to strangers"):
the 20th strike closes, every request with a readable id is answered under that id, numbers
JSON cannot hold are refused and never written, view_at takes only counts of the log, moves
carry only the keys their game declares, and a client's create names no seed unless the
server was started to allow it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.core import codec
from game.net import protocol as p


def refused(answer: dict, code: str) -> str:
    assert answer["type"] == "reply" and answer["ok"] is False, answer
    assert answer["error"]["code"] == code, answer
    return answer["error"]["message"]


def strict(text: str) -> Any:
    """JSON as a strict parser reads it: Infinity and NaN are no JSON."""

    def no(name: str) -> Any:
        raise AssertionError(f"{name} in a frame: {text[:200]}")

    return json.loads(text, parse_constant=no)


TWO = [{"name": "Asha", "kind": "online"}, {"name": "Bilal", "kind": "bot", "level": "easy"}]


def test_the_twentieth_strike_is_answered_then_closes_the_connection(net):
    net.create("jaipur", "online", "bot")
    client = net.raw()
    for _ in range(p.STRIKES):
        client.send({"type": "join", "v": p.VERSION, "code": "AAAA-BBBB-CCCC-DDDD"})
        assert client.error()["code"] == p.BAD_CODE  # each of the 20 is answered
    code, reason = client.closed()
    assert code == 1008 and "too many" in reason


def test_a_strike_short_of_twenty_leaves_the_connection_open(net):
    net.create("jaipur", "online", "bot")
    client = net.raw()
    for _ in range(p.STRIKES - 1):
        client.send("{")
        assert client.error()["code"] == p.BAD_JSON
    assert refused(client.ask({"type": "legal", "seat": 0}), p.NOT_READY)  # the 20th: answered
    assert client.closed()[0] == 1008


def overflowing(message: dict, rid: int) -> str:
    """The request as a client's own JSON library writes it: the marker "1e999!" becomes the
    number 1e999 (valid JSON text, but infinite once read)."""
    return p.encode({**message, "id": rid}).replace('"1e999!"', "1e999").replace('"-1e999!"', "-1e999")


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "submit", "seat": 0}, p.BAD_MESSAGE),  # no command
        ({"type": "frobnicate"}, p.UNKNOWN_TYPE),
        ({"type": "create", "v": p.VERSION, "seats": TWO}, p.BAD_MESSAGE),  # no game
        ({"type": "create", "v": p.VERSION, "game": "jaipur"}, p.BAD_MESSAGE),  # no seats
        ({"type": "hello", "v": 1, "token": "x"}, p.VERSION_MISMATCH),
        ({"type": "ping", "x": "1e999!"}, p.BAD_MESSAGE),
    ],
)
def test_a_refused_request_is_answered_under_its_id(net, message, code):
    client = net.raw()
    client.send(overflowing(message, 41))
    refused(client.until(lambda m: m.get("id") == 41), code)  # a reply under this request's id


def test_a_refused_hello_or_join_comes_under_its_id_and_without_one_as_an_error(net):
    """The doc's one promise (issue 55, item 23): every refusal of a request with a readable id
    comes under that id, hello and join included; without an id it is an `error` message."""
    _match, codes, _token = net.create("jaipur", "online", "online")
    client = net.raw()
    refused(client.ask({"type": "hello", "v": p.VERSION, "token": "no-such-token"}), p.BAD_TOKEN)
    refused(client.ask({"type": "join", "v": p.VERSION, "code": "AAAA-BBBB-CCCC-DDDD"}), p.BAD_CODE)
    games = {"type": "join", "v": p.VERSION, "code": codes[0], "games": {"goofspiel": "1.0"}}
    refused(client.ask(games), p.MISSING_GAME)  # the client lacks the match's game
    named = {"type": "join", "v": p.VERSION, "code": codes[0], "name": ""}
    refused(client.ask(named), p.BAD_MESSAGE)  # no name at all
    assert client.join(codes[0])["type"] == "welcome"
    other = net.raw()
    refused(other.ask({"type": "join", "v": p.VERSION, "code": codes[0]}), p.CODE_USED)
    other.send({"type": "join", "v": p.VERSION, "code": codes[0]})
    assert other.error()["code"] == p.CODE_USED  # no id: an error of its own


def test_the_doc_names_the_protocol_version_every_message_carries():
    """Issue 55, item 23: the protocol section's heading said "Version 2" while every example
    carried another `v`: both are the protocol's constant."""
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "network.md").read_text(encoding="utf-8")
    section = doc[doc.index("\n## The protocol\n") :]
    assert section.split("\n", 3)[3].startswith(f"Version {p.VERSION} "), section[:200]
    carried = {int(v) for v in re.findall(r'"v": (\d+)', doc)}
    assert carried == {p.VERSION}
    said = re.findall(r"within version (\d+)|`v` is not (\d+)", doc)  # what the protocol is now
    assert said and {int(a or b) for a, b in said} == {p.VERSION}


def test_numbers_json_cannot_hold_are_refused_and_nothing_is_stored(net):
    match_id, codes, _ = net.create("jaipur", "online", "online", options={"first": 0})
    client = net.raw()
    assert client.join(codes[0])["type"] == "welcome"
    before = net.record(match_id)
    legal = net.legal(match_id, 0)
    for command in ({**legal[0], "x": "1e999!"}, {"move": "sell", "good": "cloth", "count": "-1e999!"}):
        client.send(overflowing({"type": "submit", "seat": 0, "command": command}, 7))
        answer = client.until(lambda m: m.get("id") == 7)
        assert "too large" in refused(answer, p.BAD_MESSAGE)
    assert net.record(match_id) == before
    assert client.ask({"type": "ping"})["ok"] is True


def test_a_stored_infinity_never_reaches_a_frame_and_the_room_plays_on(net):
    """A log stored before the refusal may hold one (the rules read past an extra key): the
    room still loads and plays, and what it sends is strict JSON."""
    match_id, codes, _ = net.create("jaipur", "online", "online", options={"first": 0})
    client = net.raw()
    assert client.join(codes[0])["type"] == "welcome"

    def old_command() -> None:
        match = net.srv.rooms[match_id].match
        assert match.submit(0, {**match.legal(0)[0], "x": float("inf")})  # below the window

    net.on_loop(old_command)
    update = client.until(lambda m: m["type"] == "update")
    assert update["commands"]["0"][0]["x"] is None  # sent as null
    for frame in client.frames:
        strict(frame)
    assert codec.dumps({"x": float("inf")}) == '{"x":null}'
    assert p.encode({"x": [float("nan")]}) == '{"x":[null]}'
    other = net.raw()
    assert other.join(codes[1])["type"] == "welcome"
    legal = other.ask({"type": "legal", "seat": 1})["commands"]
    assert other.ask({"type": "submit", "seat": 1, "command": legal[0]})["ok"] is True
    for frame in client.frames + other.frames:
        strict(frame)


def test_view_at_takes_only_a_count_of_the_log(net):
    match_id, codes, _ = net.create("jaipur", "online", "online")
    client = net.raw()
    assert client.join(codes[0])["type"] == "welcome"
    count = net.count(match_id)
    for bad in (-1, count + 1, 10**9):
        assert f"from 0 to {count}" in refused(client.ask({"type": "view_at", "count": bad}), p.BAD_MESSAGE)
    for good in (0, count):
        assert client.ask({"type": "view_at", "count": good})["ok"] is True


def test_a_move_with_a_key_its_game_does_not_declare_is_refused_and_not_stored(net):
    match_id, codes, _ = net.create("jaipur", "online", "online", options={"first": 0})
    client = net.raw()
    assert client.join(codes[0])["type"] == "welcome"
    before = net.record(match_id)
    legal = net.legal(match_id, 0)[0]
    padded = {**legal, "note": "x" * 60_000}
    for kind in ("check", "submit"):
        answer = client.ask({"type": kind, "seat": 0, "command": padded})
        if kind == "check":
            assert "'note'" in answer["reason"]
        else:
            assert "'note'" in refused(answer, p.REFUSED)
    assert net.record(match_id) == before
    assert client.ask({"type": "submit", "seat": 0, "command": legal})["ok"] is True


def test_a_create_with_a_seed_is_refused_unless_the_server_allows_seeds(net):
    client = net.raw()
    for seed in (7, "7", 1.5, True, None):
        answer = client.ask({"type": "create", "v": p.VERSION, "game": "jaipur", "seats": TWO, "seed": seed})
        assert "seed" in refused(answer, p.BAD_MESSAGE)
    assert net.on_loop(lambda: dict(net.srv.rooms)) == {}
    made = client.ask({"type": "create", "v": p.VERSION, "game": "jaipur", "seats": TWO})
    assert made["type"] == "created"
