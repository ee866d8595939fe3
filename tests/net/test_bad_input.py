"""Bad input over a real socket, from a raw WebSocket client (no RemoteWindow in between).

Issue 35, "Bad input": malformed JSON, unknown message types, commands for another seat, a
stolen or stale token, a spent code, oversized frames, floods, silent and slow clients: each
gets a clear error or a closed connection, and the other seats and matches carry on. The
authority checks every command with the rules; a timed game takes the server's clock.
"""

from __future__ import annotations

import random
import socket
import time
from dataclasses import replace

import pytest
from websockets.exceptions import ConnectionClosed

from game.core import registry
from game.core.ruleset import Rejected
from game.net import protocol as p
from game.net import server
from game.net.server import Server
from tests.net.support import BOUND, held, play, seen, until


def refused(answer: dict, code: str) -> str:
    """The error's message, once the answer is that error."""
    assert answer["type"] == "reply" and answer["ok"] is False, answer
    assert answer["error"]["code"] == code, answer
    assert answer["error"]["message"]
    return answer["error"]["message"]


# -- what is not a request ---------------------------------------------------------------------


def test_malformed_json_gets_an_error_and_the_connection_stays_usable(net):
    match_id, codes, _ = net.create("jaipur", "online", "bot")
    client = net.raw()
    client.send("{")
    assert client.error()["code"] == p.BAD_JSON
    client.send("[1, 2, 3]")
    assert client.error()["code"] == p.BAD_MESSAGE
    assert client.join(codes[0])["type"] == "welcome"  # before hello, and still usable
    for text in ("nonsense", '{"type": "ping", "id": 1,', "[" * 30_000, '{"id": ' + "7" * 5000 + "}"):
        client.send(text)
        assert client.error()["code"] == p.BAD_JSON
    client.send('{"type": "ping", "id": 1, "x": NaN}')
    assert client.error()["code"] == p.BAD_JSON
    client.send('{"type": "hello", "v": 1, "token": "\\udc00"}')
    assert client.error()["code"] == p.BAD_JSON
    client.send(b'{"type": "ping", "id": 2}')
    assert "binary" in client.error()["message"]
    client.send({"type": "ping"})  # a request without its id
    assert client.error()["code"] == p.BAD_MESSAGE
    assert client.ask({"type": "ping"})["ok"] is True
    assert client.ask({"type": "legal", "seat": 0})["commands"]


def test_unknown_types_are_named_and_the_connection_stays_usable(net):
    match_id, codes, _ = net.create("jaipur", "online", "bot")
    client = net.raw()
    assert client.join(codes[0])["type"] == "welcome"
    for kind in ("dance", "welcome", "update", "reply", 7, None, ["ping"]):
        assert "unknown message type" in refused(client.ask({"type": kind}), p.UNKNOWN_TYPE)
        client.send({"type": kind})  # without an id: an error of its own
        assert client.error()["code"] == p.UNKNOWN_TYPE
    assert client.ask({"type": "ping"})["ok"] is True


def test_requests_before_hello_are_not_ready(net):
    client = net.raw()
    for kind in ("ping", "legal", "submit"):
        answer = client.ask({"type": kind, "seat": 0, "command": {}, "count": 0})
        refused(answer, p.NOT_READY)


# -- seats, tokens and codes -------------------------------------------------------------------


def test_a_command_for_another_seat_changes_nothing(net):
    match_id, codes, _ = net.create("jaipur", "online", "online", options={"first": 1})
    mine, theirs = net.raw(), net.raw()
    assert mine.join(codes[0])["seats"] == [0]
    assert theirs.join(codes[1])["seats"] == [1]
    command = net.legal(match_id, 1)[0]  # legal for seat 1, whose turn it is
    before = net.count(match_id)
    for seat in (1, "1", True, 1.0, None, [1], -1, 2):
        message = refused(mine.ask({"type": "submit", "seat": seat, "command": command}), p.NOT_YOURS)
        assert "you do not play seat" in message
        refused(mine.ask({"type": "check", "seat": seat, "command": command}), p.NOT_YOURS)
        refused(mine.ask({"type": "legal", "seat": seat}), p.NOT_YOURS)
    assert net.count(match_id) == before
    assert not [f for f in mine.frames if '"type":"update"' in f]  # nothing happened to tell
    # the same command from its own seat is played
    assert theirs.ask({"type": "submit", "seat": 1, "command": command})["ok"] is True
    assert net.count(match_id) > before


def test_a_spent_or_unknown_code_opens_nothing(net):
    match_id, codes, _ = net.create("jaipur", "online", "online")
    first = net.raw()
    assert first.join(codes[0])["type"] == "welcome"
    again = net.raw()
    error = again.join(codes[0])
    assert error["type"] == "error" and error["error"]["code"] == p.CODE_USED
    assert "used already" in error["error"]["message"]
    typed = codes[0].lower().replace("-", " ")  # however it is typed, it is spent
    assert again.join(typed)["error"]["code"] == p.CODE_USED
    for code in ("0000-0000-0000-0000", "", "x" * 200, 12345, None, {"code": codes[1]}):
        answer = again.join(code)
        assert answer["type"] == "error" and answer["error"]["code"] == p.BAD_CODE, (code, answer)
    # the code of the other seat still works from this connection, and opens that seat only
    assert again.join(codes[1])["seats"] == [1]


def test_a_bad_name_on_join_is_refused_and_spends_nothing_and_a_good_one_names_the_seat(net):
    """Issue 55, item 20: a join may carry the guest's own name for the seat."""
    match_id, codes, _ = net.create("jaipur", "online", "online")
    raw = net.raw()
    for name in ("", "   ", "x" * (p.NAME_MAX + 1), "a\nb", 7, ["Mina"]):
        raw.send({"type": "join", "v": p.VERSION, "code": codes[0], "name": name})
        answer = raw.until(lambda m: m["type"] in ("welcome", "error"))
        assert answer["type"] == "error" and answer["error"]["code"] == p.BAD_MESSAGE, (name, answer)
    raw.send({"type": "join", "v": p.VERSION, "code": codes[0], "name": " Mina "})
    welcome = raw.until(lambda m: m["type"] in ("welcome", "error"))
    players = welcome.get("players") or welcome["match"]["players"]
    assert welcome["type"] == "welcome" and players[0]["name"] == "Mina", welcome


def test_a_stale_or_made_up_token_opens_nothing_and_a_token_opens_its_seat_only(net):
    match_id, codes, host_token = net.create("jaipur", "human", "online")
    guest = net.raw()
    welcome = guest.join(codes[1])
    token = welcome["token"]
    assert welcome["seats"] == [1] and welcome["host"] is False
    assert list(welcome["seen"]) == ["1"]  # its seat's eyes only
    guest.close()
    stranger = net.raw()
    for wrong in (token[:-1], token + "x", "A" * 43, "", "t" * 500, 5, None, [token]):
        answer = stranger.hello(wrong)
        assert answer["type"] == "error" and answer["error"]["code"] == p.BAD_TOKEN, (wrong, answer)
    back = stranger.hello(token)  # the same connection may still say hello properly
    assert back["type"] == "welcome" and back["seats"] == [1]
    refused(stranger.ask({"type": "legal", "seat": 0}), p.NOT_YOURS)
    refused(stranger.ask({"type": "hand_to_bot", "seat": 0, "level": "easy"}), p.NOT_HOST)
    # the host's app started again: its old token is stale
    fresh = net.on_loop(net.srv.host_again, match_id)
    stale = net.raw()
    assert stale.hello(host_token)["error"]["code"] == p.BAD_TOKEN
    assert stale.hello(fresh)["seats"] == [0]


def test_a_seat_opened_again_elsewhere_closes_the_first_connection(net):
    match_id, codes, _ = net.create("jaipur", "online", "bot")
    first = net.raw()
    token = first.join(codes[0])["token"]
    second = net.raw()
    assert second.hello(token)["seats"] == [0]
    assert first.error()["code"] == p.REPLACED
    code, reason = first.closed()
    assert code == 1000 and reason == "replaced"
    assert second.ask({"type": "ping"})["ok"] is True
    assert net.online(match_id) == [True, False]


# -- size, speed and silence -------------------------------------------------------------------


def test_an_oversized_frame_closes_that_connection_only(net):
    one, one_codes, _ = net.create("jaipur", "online", "online", options={"first": 1})
    two, two_codes, _ = net.create("jaipur", "online", "bot")
    big = net.raw()
    assert big.join(one_codes[0])["type"] == "welcome"
    neighbour = net.join(one_codes[1])
    elsewhere = net.join(two_codes[0])
    # a frame of exactly MAX_FRAME bytes is read...
    ping = p.encode({"type": "ping", "id": 1})
    big.send(ping + " " * (p.MAX_FRAME - len(ping)))
    assert big.until(lambda m: m.get("id") == 1)["ok"] is True
    # ...one byte more closes the connection: 1009, message too big
    big.send(ping + " " * (p.MAX_FRAME - len(ping) + 1))
    code, _ = big.closed()
    assert code == 1009
    until(lambda: net.online(one) == [False, True], "the server forgets the closed seat")
    seen(neighbour, lambda: neighbour.online == [False, True], "the neighbour is told")
    # the other seat of that match plays on, and so does another match
    before = neighbour.count
    assert not isinstance(neighbour.submit_sync(1, neighbour.legal(1)[0]), Rejected)
    assert neighbour.count > before
    play([elsewhere], random.Random(2))
    assert elsewhere.finished


def test_a_flood_is_slowed_down_then_closed_and_the_others_carry_on(net):
    match_id, codes, _ = net.create("jaipur", "online", "online", options={"first": 1})
    other = net.join(codes[1])
    opened = time.monotonic()
    flood = net.raw(max_queue=None)  # it reads what comes while it sends, so it sees the close
    assert flood.join(codes[0])["type"] == "welcome"
    sent = 0
    try:
        for i in range(2000):
            flood.send({"type": "ping", "id": i + 100})
            sent += 1
    except ConnectionClosed:
        pass
    code, reason = flood.closed()
    lasted = time.monotonic() - opened
    assert code == 1008 and "too many" in reason
    answers = [m for m in map(p.decode_reply, flood.frames) if m["type"] == "reply"]
    served = [a for a in answers if a["ok"]]
    slowed = [a for a in answers if not a["ok"]]
    assert slowed and all(a["error"]["code"] == p.SLOW_DOWN for a in slowed)
    assert len(slowed) == p.STRIKES  # the 20th strike is answered, then the connection closes
    # the burst (less the join), and what the rate refilled while it lasted
    assert p.BURST - 1 <= len(served) <= p.BURST + p.RATE * lasted
    # nothing is answered after the strike that closes it (the pings the flood sent after the
    # close, if its sends outran the close: how many is the machines' timing, not asserted)
    assert answers[-1] is slowed[-1] and len(answers) <= sent
    # the other seat plays on, and sees the flooder gone
    seen(other, lambda: other.online == [False, True], "the other seat is told")
    before = other.count
    assert not isinstance(other.submit_sync(1, random.Random(1).choice(other.legal(1))), Rejected)
    assert other.count > before


def test_strikes_are_forgiven_with_time_so_a_long_session_is_not_closed(net, monkeypatch):
    monkeypatch.setattr(p, "STRIKE_SECONDS", 0.05)
    match_id, codes, _ = net.create("jaipur", "online", "online")
    client = net.raw()
    assert client.join(codes[0])["type"] == "welcome"
    for _ in range(2):
        for _ in range(p.STRIKES - 5):
            client.send("{")
            assert client.error()["code"] == p.BAD_JSON
        time.sleep(1.0)  # the server's clock forgives a strike every 0.05 s; no thread is awaited
    assert client.ask({"type": "ping"})["ok"] is True  # 30 strikes in all, never 20 at once
    for _ in range(p.STRIKES + 1):
        client.send("{")
    assert client.closed()[0] == 1008  # as many at once still close it


def test_a_silent_client_is_closed_after_hello_seconds(net, monkeypatch):
    monkeypatch.setattr(p, "HELLO_SECONDS", 0.3)
    match_id, codes, _ = net.create("jaipur", "online", "online")  # nothing moves by itself
    silent = net.raw()
    chatty = net.raw()  # asks things but never says who it is: the deadline holds as well
    for _ in range(3):
        refused(chatty.ask({"type": "ping"}), p.NOT_READY)
    joined = net.raw()
    assert joined.join(codes[0])["type"] == "welcome"
    assert joined.recv()["type"] == "presence"
    assert silent.closed(BOUND) == (1008, "say hello first")
    assert chatty.closed(BOUND) == (1008, "say hello first")
    # one that joined in time is not closed once the deadline has passed
    with pytest.raises(TimeoutError):
        joined.recv(3 * p.HELLO_SECONDS)
    assert joined.ask({"type": "ping"})["ok"] is True


def narrowed(handle):
    """The server's connections with small buffers: 4 KiB in the kernel, 1 KiB in asyncio's
    transport (a slow link's are full soon)."""

    async def narrow(self, ws):
        ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        ws.transport.set_write_buffer_limits(high=1024)
        await handle(self, ws)

    return narrow


def test_a_client_that_never_reads_is_dropped_and_the_match_goes_on(net, monkeypatch):
    """The buffers between the server and its clients are made small (as a slow link keeps
    them full), so a client that reads nothing fills its outbox after a few updates; the server
    cuts it off at once and the others play to the end. Ubongo: the silent seat's sand runs out
    each round, nobody waits for it."""
    monkeypatch.setattr(p, "OUTBOX", 16)
    ubongo = registry.get("ubongo")  # the silent screen never says ready
    monkeypatch.setattr(ubongo, "timing", replace(ubongo.timing, ready_seconds=0.05))
    monkeypatch.setattr(Server, "handle", narrowed(Server.handle))
    net.start(rate=9600.0)  # 160 times real time: a 45 s hourglass in about a third of a second
    match_id, codes, _ = net.create("ubongo", "online", "online", "bot")
    narrow_socket = socket.create_connection(net.address, timeout=BOUND)
    narrow_socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    silent = net.raw(sock=narrow_socket, max_queue=1)
    assert silent.join(codes[0])["type"] == "welcome"
    silent.send({"type": "submit", "id": 1, "seat": 0, "command": {"move": "pawn", "row": 0}})
    # from here on it reads nothing
    active = net.join(codes[1])

    def give_up(window, seat, rng):
        legal = window.legal(seat)
        return legal[0] if legal else None

    dropped = {}

    def watch(window, seat, rng):
        if not dropped and not window.online[0]:
            dropped["at"] = window.count
        return give_up(window, seat, rng)

    play([active], random.Random(3), watch, refused_ok=True)
    assert active.finished and active.outcome is not None
    assert dropped, "the silent seat stayed online to the end"
    assert dropped["at"] < len(net.record(match_id)["events"])  # while the match went on
    silent.closed(BOUND)  # cut off: what it had buffered, then the end of the stream


def test_the_server_stops_even_with_a_client_that_reads_nothing(net, monkeypatch):
    """Stopping closes every connection, and a close waits for the client's; one that reads
    nothing (its buffers full, short of overflowing its outbox) must not hold the server. The
    bots move only when the test runs them, from the spectator's hello on: left to themselves
    they had made a third of their moves by then, or all of them on a busy machine, and the
    updates left were too few to fill the buffers."""
    monkeypatch.setattr(Server, "handle", narrowed(Server.handle))
    net.start()
    bots = held(net)
    match_id, _, host_token = net.create("jaipur", "bot", "bot", seed=5)
    narrow_socket = socket.create_connection(net.address, timeout=BOUND)
    narrow_socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    silent = net.raw(sock=narrow_socket, max_queue=1)
    assert net.count(match_id) <= 1  # nothing moved yet but the deal
    assert silent.hello(host_token)["seats"] == []  # the spectator's updates, unread from now
    until(lambda: bots.run() or net.on_loop(net.srv.keys.hosted) == [], "the bots' match finished")
    stuck = net.on_loop(lambda: [c.outbox.qsize() for c in net.srv.rooms[match_id].conns])
    assert stuck and stuck[0] > 0, "its writer waits on the full buffer"
    thread = net.thread
    started = time.monotonic()
    thread.stop(timeout=BOUND)  # the client still connected, reading nothing
    assert not thread._thread.is_alive(), f"the server is still closing after {BOUND:g} s"
    # it gives the clients STOP_SECONDS to close: not the keepalive's 15 s, nor for ever
    assert time.monotonic() - started < 5 * server.STOP_SECONDS


# -- what the server decides -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "seats", "options", "says"),
    [
        ("jaipur", [{"name": "Asha", "kind": "cmd", "level": "PROGRAM"}, {"name": "B"}], None, "kind"),
        ("jaipur", [{"name": "Asha", "kind": "cmd"}, {"name": "B", "kind": "online"}], None, "kind"),
        ("jaipur", [{"name": "Asha", "kind": "robot"}, {"name": "B"}], None, "kind"),
        ("chess", [{"name": "Asha"}, {"name": "B"}], None, "does not have the game 'chess'"),
        (["jaipur"], [{"name": "Asha"}, {"name": "B"}], None, "unknown game"),
        ("jaipur", [{"name": "Asha"}, {"name": "B"}], {"speed": "fast"}, "no option"),
        ("jaipur", [{"name": "Asha"}, {"name": "B"}], {"first": 5}, "no option"),
        ("ginrummy", [{"name": "Asha"}, {"name": "B"}], {"target": 1000}, "no option"),
        ("jaipur", [{"name": "Asha"}, {"name": "B"}], ["first", 0], "options must be an object"),
        ("jaipur", "two players", None, "seats must be a list"),
        ("jaipur", [], None, "seats must be a list"),
        ("jaipur", [{"name": "Asha"}], None, "takes 2-2 seats"),
        ("jaipur", [{"name": "Asha"}, {"name": "B"}, {"name": "C"}], None, "takes 2-2 seats"),
        ("jaipur", [{"name": ""}, {"name": "B"}], None, "name"),
        ("jaipur", [{"name": "A" * 25}, {"name": "B"}], None, "name"),
        ("jaipur", [{"name": 7}, {"name": "B"}], None, "name"),
        ("jaipur", ["Asha", "B"], None, "a seat must be an object"),
        ("jaipur", [{"name": "Asha", "kind": "bot", "level": "god"}, {"name": "B"}], None, "bot level"),
        ("jaipur", [{"name": "Asha"}, {"name": "B"}], {"variant": "solo"}, "rules"),
    ],
)
def test_create_refuses_what_it_cannot_host(net, tmp_path, game, seats, options, says):
    marker = tmp_path / "ran"
    for seat in seats if isinstance(seats, list) else []:
        if isinstance(seat, dict) and seat.get("level") == "PROGRAM":
            seat["level"] = f"touch {marker}"  # a program the server must never run
    client = net.raw()
    answer = client.ask({"type": "create", "v": p.VERSION, "game": game, "seats": seats, "options": options})
    assert says in refused(answer, p.MISSING_GAME if game == "chess" else p.BAD_MESSAGE)
    assert net.on_loop(lambda: dict(net.srv.rooms)) == {}
    assert net.on_loop(net.srv.keys.hosted) == []
    assert not marker.exists()
    assert client.ask({"type": "ping"})["error"]["code"] == p.NOT_READY  # still connected


def test_create_refuses_a_seed_the_store_cannot_keep_and_takes_one_it_can(net):
    net.start(allow_seed=True)
    client = net.raw()
    two = [{"name": "Asha", "kind": "online"}, {"name": "Bilal", "kind": "bot", "level": "easy"}]
    for seed in (2**63, 2**70, -1, "7", 1.5, True, None):  # a seed is a whole number
        answer = client.ask({"type": "create", "v": p.VERSION, "game": "jaipur", "seats": two, "seed": seed})
        assert "seed" in refused(answer, p.BAD_MESSAGE)
    made = client.ask({"type": "create", "v": p.VERSION, "game": "jaipur", "seats": two, "seed": 2**63 - 1})
    assert made["type"] == "created" and set(made["codes"]) == {"0"}
    assert net.record(made["match"])["seed"] == 2**63 - 1


def test_a_server_that_takes_no_new_matches_says_so(net):
    net.start(allow_create=False)
    client = net.raw()
    answer = client.ask({"type": "create", "v": p.VERSION, "game": "jaipur", "seats": [{"name": "A"}] * 2})
    refused(answer, p.NOT_HOST)
    assert net.on_loop(lambda: dict(net.srv.rooms)) == {}


def test_the_rules_refusal_comes_back_with_its_reason_and_nothing_changes(net):
    match_id, codes, _ = net.create("jaipur", "online", "bot", options={"first": 0})
    client = net.raw()
    welcome = client.join(codes[0])
    count = welcome["count"]
    for command in (
        {"move": "sell", "good": "diamond", "count": 9},
        {"move": "take", "good": "unicorn"},
        {"move": "fly"},
        {},
    ):
        reason = net.on_loop(lambda c=command: net.srv.rooms[match_id].match.check(0, c))
        assert isinstance(reason, Rejected)
        assert (
            refused(client.ask({"type": "submit", "seat": 0, "command": command}), p.REFUSED) == reason.reason
        )
        assert client.ask({"type": "check", "seat": 0, "command": command})["reason"] == reason.reason
    # a shape the rules do not expect: refused in the rules' words, not a crash
    refused(client.ask({"type": "submit", "seat": 0, "command": {"move": []}}), p.REFUSED)
    assert client.ask({"type": "check", "seat": 0, "command": {"move": []}})["reason"]
    refused(client.ask({"type": "submit", "seat": 0, "command": "take diamond"}), p.BAD_MESSAGE)
    assert net.count(match_id) == count
    assert client.ask({"type": "ping"})["ok"] is True
    assert not [f for f in client.frames if '"type":"update"' in f]


def test_a_timed_game_takes_the_servers_clock_never_the_clients(net):
    net.start(rate=600.0)
    match_id, codes, _ = net.create("ubongo", "online", "online")
    client = net.raw()
    assert client.join(codes[0])["type"] == "welcome"
    for seat_tick in (10**9, -50):
        answer = client.ask(
            {"type": "check", "seat": 0, "command": {"move": "pawn", "row": 0, "tick": seat_tick}}
        )
        assert answer["ok"] and answer["reason"] is None
    assert client.ask({"type": "submit", "seat": 0, "command": {"move": "pawn", "row": 0, "tick": 10**9}})[
        "ok"
    ]
    now = net.on_loop(lambda: net.srv.rooms[match_id].referee.now())
    stored = net.record(match_id)["commands"][-1]
    assert stored["seat"] == 0
    assert 0 <= stored["command"]["tick"] <= now  # the server's time, not 10**9


def test_a_turn_based_game_keeps_the_command_as_sent(net):
    match_id, codes, _ = net.create("jaipur", "online", "bot", options={"first": 0})
    client = net.raw()
    assert client.join(codes[0])["type"] == "welcome"
    command = net.legal(match_id, 0)[0]
    assert client.ask({"type": "submit", "seat": 0, "command": command})["ok"]
    stored = net.record(match_id)["commands"][0]
    assert (stored["seat"], stored["command"]) == (0, command)
