"""An outcome's details reach a client only as its game declares them (issue 53): the room sends
the outcome its seat's window shows, so over a real socket a detail the game does not declare
is None in every frame (`frames`: each one the clients received, recorded before it was read),
and a declared one comes through."""

from __future__ import annotations

import random

import pytest

from game.core import registry
from game.core.match import Match
from game.core.ruleset import Outcome
from game.core.secrets import PUBLIC, Secrets
from tests.core.tinygame import RULESET, Tiny
from tests.net.support import play

pytestmark = pytest.mark.usefixtures("fast_players")

SECRET = 9_000_001  # in no hand, count or seed of the tiny game: in a frame only if it leaked


def test_an_outcomes_undeclared_detail_reaches_no_client(net, monkeypatch, frames):
    def outcome(self, state):
        if state.deck:
            return None
        return Outcome((0,), (1.0, 0.0), details={"secret": [SECRET], "rounds": 1})

    monkeypatch.setattr(Tiny, "outcome", outcome)
    declared = Secrets(events=Tiny.secrets.events, view=Tiny.secrets.view, outcome={"rounds": PUBLIC})
    monkeypatch.setattr(Tiny, "secrets", declared)
    registry.register(RULESET)
    match_id, codes, _ = net.create("tiny", "online", "online", seed=1)
    windows = [net.join(codes[seat]) for seat in sorted(codes)]
    play(windows, random.Random(1))
    truth = Match.from_json(net.record(match_id)).outcome
    assert truth is not None and truth.details["secret"] == [SECRET]  # the rules made it
    for window in windows:
        assert window.finished
        assert window.outcome.details == {"secret": None, "rounds": 1}
    assert any('"rounds"' in frame for frame in frames)  # the outcome did come over the socket
    assert not any(str(SECRET) in frame for frame in frames)
