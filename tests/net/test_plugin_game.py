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
