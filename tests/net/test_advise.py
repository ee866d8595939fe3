"""A hint over the network is the server's (`advise`, issue 53 item 5): its room's referee thinks
it where its bots think, on the hint budget, one at a time a seat, only for a seat of the
connection; `serve --no-hints` refuses it. The client never asks a bot."""

from __future__ import annotations

import threading

from game.core import registry
from game.core.referee import HINT_LEVEL, hint_rng
from game.core.ruleset import Budget
from game.net import protocol as p
from game.net.client import games
from tests.net.support import BOUND, LOOPBACK, Raw, Serve, free_port, held, seen

SMALL = Budget(iterations=40)  # untimed: the same move whoever thinks it, and quick


def two_people(net, **options):
    net.start(hints=options.pop("hints", SMALL), **options)
    return net.create("jaipur", "online", "online", options={"first": 0}, seed=11)


def test_a_remote_hint_is_the_servers_and_the_client_never_asks_a_bot(net, monkeypatch):
    match_id, codes, _ = two_people(net)
    rules = registry.get("jaipur")
    bot = rules.bot
    client = threading.current_thread()

    def not_here(level):
        assert threading.current_thread() is not client, "the client asked a bot for its hint"
        return bot(level)

    monkeypatch.setattr(type(rules), "bot", lambda self, level: not_here(level))
    window = net.join(codes[0])
    window.ask_hint(0)
    assert window.hinting
    seen(window, lambda: not window.hinting, "the server's hint")
    hint = window.hint()
    assert hint is not None and hint.problem == "" and hint.at == window.count
    # the hint bot's choice on seat 0's own view, from the hint's stream of the match's seed
    at = window.count
    match = net.on_loop(lambda: net.srv.rooms[match_id].match)
    view, legal = net.on_loop(lambda: (match.view(0), match.legal(0)))
    assert hint.command == bot(HINT_LEVEL).choose(view, legal, hint_rng(11, 0, at), SMALL)
    assert window.hint() is None  # taken once


def test_one_hint_in_flight_a_seat_answered_once_thought(net):
    _, codes, _ = two_people(net)
    later = held(net)
    raw = net.raw()
    welcome = raw.join(codes[0])
    raw.send({"type": "advise", "id": 100, "seat": 0})
    again = raw.ask({"type": "advise", "seat": 0})
    assert not again["ok"] and again["error"]["code"] == p.HINTING
    later.run()
    answer = raw.until(lambda m: m.get("id") == 100)
    assert answer["ok"] and answer["command"] in raw_legal(raw)
    assert answer["at"] == welcome["count"]
    later.run()  # (nothing more is asked)
    assert raw.ask({"type": "ping"})["ok"]


def raw_legal(raw: Raw) -> list:
    return raw.ask({"type": "legal", "seat": 0})["commands"]


def test_a_hint_about_a_moment_that_passed_is_refused_as_moved_on(net):
    _, codes, _ = two_people(net)
    later = held(net)
    raw = net.raw()
    raw.join(codes[0])
    raw.send({"type": "advise", "id": 100, "seat": 0})
    move = raw_legal(raw)[0]
    assert raw.ask({"type": "submit", "seat": 0, "command": move})["ok"]
    answer = raw.until(lambda m: m.get("id") == 100)
    assert not answer["ok"] and answer["error"]["code"] == p.MOVED_ON
    assert not later.jobs or all(f.cancelled() for f, _, _ in later.jobs)


def test_a_hint_for_a_seat_not_yours_or_with_no_move_is_refused(net):
    _, codes, _ = two_people(net)
    raw = net.raw()
    raw.join(codes[1])  # seat 1: not to act (seat 0 begins)
    other = raw.ask({"type": "advise", "seat": 0})
    assert not other["ok"] and other["error"]["code"] == p.NOT_YOURS
    idle = raw.ask({"type": "advise", "seat": 1})
    assert not idle["ok"] and idle["error"]["code"] == p.REFUSED


def test_a_server_without_hints_refuses_them(net):
    _, codes, _ = two_people(net, hints=None)
    raw = net.raw()
    raw.join(codes[1])
    answer = raw.ask({"type": "advise", "seat": 1})
    assert not answer["ok"] and answer["error"]["code"] == p.NO_HINTS
    window = net.join(codes[0])  # the table hears it as a hint that did not come, and why
    window.ask_hint(0)
    seen(window, lambda: not window.hinting, "the refusal")
    hint = window.hint()
    assert hint is not None and hint.command is None and "no hints" in hint.problem


def test_serve_no_hints_refuses_them(tmp_path):
    port = free_port()
    server = Serve(port, tmp_path / "data", tmp_path / "serve.log", 0.0, "--no-hints")
    try:
        raw = Raw((LOOPBACK, port))
        try:
            seats = [{"name": "A", "kind": "online"}, {"name": "B", "kind": "online"}]
            create = {"type": "create", "v": p.VERSION, "game": "jaipur", "seats": seats, "games": games()}
            made = raw.ask(create)
            assert made["type"] == "created", made
            assert raw.join(made["codes"]["0"])["type"] == "welcome"
            answer = raw.ask({"type": "advise", "seat": 0}, bound=BOUND)
            assert not answer["ok"] and answer["error"]["code"] == p.NO_HINTS
        finally:
            raw.close()
    finally:
        server.stop()
