"""Whole matches over the socket: RemoteWindow clients playing random legal moves against the
server's bots, in every game of the registry (issue 35, "Tests and measurements").

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
from tests import games
from tests.net.support import play, random_legal, seats, ubongo_player, until

pytestmark = pytest.mark.usefixtures("fast_players")


def seats_for(game: str) -> tuple[str, ...]:
    """Two clients and the server's bot where the game takes three seats, else a client and
    the bot (its fewest seats when it takes more)."""
    low, high = games.seat_range(game)
    count = min(high, max(low, 3))
    return (*["online"] * (count - 1), "bot")


def rate_for(game: str) -> float:
    """The server's clock rate: a timed game's 45 s hourglass runs out in about a second."""
    return 2400.0 if registry.face(game).timed else 60.0


def whole_match(net, game: str, choose) -> dict:
    """A match of `game` played to its end by clients choosing with `choose`, checked; the
    server's record of it."""
    net.start(rate=rate_for(game))
    match_id, codes, _ = net.create(game, *seats_for(game), seed=35)
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
    return record


@pytest.mark.parametrize("game", games.games())
def test_a_whole_match_over_the_socket(net, game):
    whole_match(net, game, random_legal)


def test_ubongo_solves_sent_by_a_client_are_taken_at_the_servers_tick(net):
    record = whole_match(net, "ubongo", ubongo_player)
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
