"""Whole matches over the socket: RemoteWindow clients playing random legal moves against the
server's bots, in all four games (issue 35, "Tests and measurements").

Rules checked: the match finishes; every client saw the same outcome, the server's; the log the
server stored re-decides move by move (`verify`); a timed game (Ubongo) runs on the server's
clock, with solves sent by a client. And a finished match nobody watches leaves memory, so it
does not count against the rooms a server holds.
"""

from __future__ import annotations

import random

import pytest

from game.core import registry
from game.core.codec import roundtrip
from game.core.match import Match, verify
from game.net import protocol as p
from tests.net.support import play, random_legal, seats, ubongo_player, until

pytestmark = pytest.mark.usefixtures("fast_players")


GAMES = [
    # game, seats, options, the server's clock rate, how the clients choose
    ("jaipur", ("online", "bot"), {}, 60.0, random_legal),
    ("ginrummy", ("online", "bot"), {"target": 100}, 60.0, random_legal),
    ("tajmahal", ("online", "online", "bot"), {}, 60.0, random_legal),
    # a 45 s hourglass in 1.1 s: the race runs on the server's time, whatever the clients say
    ("ubongo", ("online", "online", "bot"), {}, 2400.0, ubongo_player),
]


@pytest.mark.parametrize(("game", "kinds", "options", "rate", "choose"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_match_over_the_socket(net, game, kinds, options, rate, choose):
    net.start(rate=rate)
    match_id, codes, _ = net.create(game, *kinds, options=options, seed=35)
    windows = [net.join(codes[seat]) for seat in sorted(codes)]
    assert [sorted(w.seats) for w in windows] == [[seat] for seat in sorted(codes)]
    moves = play(windows, random.Random(35), choose, refused_ok=registry.get(game).timed)
    assert moves > 0
    record = net.record(match_id)
    ok, why = verify(record)
    assert ok, why
    truth = Match.from_json(record).outcome
    assert truth is not None
    for window in windows:
        assert window.finished
        assert window.outcome is not None
        assert window.outcome.to_json() == roundtrip(truth.to_json())  # winners, scores, details
        assert window.count == len(record["events"])
        assert window.commands(window.viewer) == [
            c["command"] for c in record["commands"] if c["seat"] == window.viewer
        ]
    if game == "ubongo":  # the clients' solves were taken, each at the server's tick
        solves = [c for c in record["commands"] if c["seat"] == 0 and c["command"]["move"] == "solve"]
        assert solves and all(isinstance(c["command"]["tick"], int) for c in solves)


def test_a_match_nobody_needs_now_is_unloaded_and_counts_no_more(net):
    net.start(max_rooms=2)
    first, _, token = net.create("jaipur", "bot", "bot")
    net.create("jaipur", "bot", "bot")
    until(lambda: net.on_loop(net.srv.keys.hosted) == [], "both bots' matches finished")
    until(lambda: net.on_loop(lambda: len(net.srv.rooms)) == 0, "the finished rooms were unloaded")
    # a match waiting on people none of whom is here rests too, and loads for whoever comes
    waiting, codes, _ = net.create("jaipur", "online", "online")
    until(lambda: net.on_loop(lambda: waiting not in net.srv.rooms), "the match nobody joined rests")
    net.join(codes[0])
    assert net.on_loop(lambda: waiting in net.srv.rooms)
    _, more, _ = net.create("jaipur", "online", "online")
    net.join(more[0])  # two matches with someone at them: the server is full
    with pytest.raises(ValueError, match="as many matches"):
        net.create("jaipur", "online", "bot")
    # a finished match is loaded again for whoever comes back to it, and shows its end
    watcher = net.rejoin(token)
    assert watcher.finished and watcher.seats == frozenset()
    assert watcher.view()["seat"] is None  # a spectator's table: no hand
    assert verify(net.record(first))[0]


def test_one_connection_makes_a_bounded_number_of_matches(net, monkeypatch):
    from game.net import server

    monkeypatch.setattr(server, "CREATES", 3)
    client = net.raw()
    create = {"type": "create", "v": p.VERSION, "game": "jaipur", "seats": seats("online", "bot")}
    made = [client.ask(create) for _ in range(4)]
    assert [m["type"] for m in made[:3]] == ["created"] * 3
    assert made[3]["ok"] is False and made[3]["error"]["code"] == "full"
