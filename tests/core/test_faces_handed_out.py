"""A replay gives a scene the game's face, never the ruleset (issue 53, "One door"): its
rewind and each of its windows (a remote seat's window: tests/net/test_remote_face.py)."""

from __future__ import annotations

import pytest

from game.core import registry
from game.core.replays import Rewind
from game.core.ruleset import Ruleset
from tests import games
from tests.core.test_history import played


@pytest.mark.parametrize("game", games.games())
def test_a_replay_hands_out_the_face(game):
    rewind = Rewind(played(game, moves=6))
    for held in (rewind.game, rewind.window(rewind.end, rewind.viewers[0]).game):
        assert held is registry.face(game)
        assert not isinstance(held, Ruleset)
