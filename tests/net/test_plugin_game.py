"""A server plays a match of a game installed as its own distribution (the test game,
tests/plugins/goofspiel, installed by tests/conftest.py): nothing of the network names it."""

from __future__ import annotations

import random

from game.core.match import Match, verify
from tests.net.support import play, random_legal

TEST_GAME = "goofspiel"


def test_a_server_plays_a_match_of_the_installed_game(net, fast_players):
    net.start()
    match_id, codes, _ = net.create(TEST_GAME, "online", "online", seed=5)
    windows = [net.join(codes[seat]) for seat in sorted(codes)]
    assert play(windows, random.Random(5), random_legal) == 12  # six prizes, two bids each
    record = net.record(match_id)
    assert verify(record)[0] and Match.from_json(record).outcome is not None


def test_a_guest_without_the_game_is_told_what_to_install_and_keeps_the_invite(net):
    """hello and join name the client's games: a guest lacking the match's game (or with
    another major version of it) is refused with the game, its version and what to install,
    and the invite stays unspent for when it has installed it."""
    from game.core import registry
    from game.net import protocol as p

    net.start()
    _, codes, host_token = net.create(TEST_GAME, "human", "online", seed=5)
    plugin = registry.plugin(TEST_GAME)
    guest = net.raw()
    for theirs in ({"jaipur": "1.0"}, {TEST_GAME: "999.0"}):
        guest.send({"type": "join", "v": p.VERSION, "code": codes[1], "games": theirs})
        error = guest.until(lambda m: m["type"] == "error")["error"]
        assert error["code"] == p.MISSING_GAME and error["lacking"] == "client"
        assert (error["game"], error["version"], error["distribution"]) == (
            TEST_GAME,
            plugin.version,
            plugin.distribution,
        )
    guest.send({"type": "join", "v": p.VERSION, "code": codes[1], "games": {TEST_GAME: plugin.version}})
    assert guest.until(lambda m: m["type"] in ("welcome", "error"))["type"] == "welcome"
    host = net.raw()
    host.send({"type": "hello", "v": p.VERSION, "token": host_token, "games": {}})
    assert host.until(lambda m: m["type"] == "error")["error"]["code"] == p.MISSING_GAME


def test_a_server_without_the_game_says_so(net, monkeypatch):
    """A match stored by a server whose game has since gone: the guest is told the host lacks
    it, in its own words, and no retry is made."""
    from game.core import registry
    from game.net import protocol as p
    from game.net.client import NetError

    net.start()
    _, codes, _ = net.create(TEST_GAME, "human", "online", seed=5)
    others = [name for name in registry.names() if name != TEST_GAME]
    monkeypatch.setattr(registry, "names", lambda: others)
    try:
        net.join(codes[1])
    except NetError as exc:
        assert exc.code == p.MISSING_GAME
        assert str(exc) == f"The host does not have the game {TEST_GAME}."
    else:
        raise AssertionError("a match of a game the server lacks was joined")
