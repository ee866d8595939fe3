"""The network tests' server: one a test, on loopback and a free port, stopped at the end."""

from __future__ import annotations

import pytest

from game.net import protocol as p
from tests.net.support import Net


@pytest.fixture
def net(tmp_path):
    n = Net(tmp_path / "server")
    yield n
    n.stop()


@pytest.fixture
def fast_players(monkeypatch):
    """The tests' players move faster than any person (a whole match in a second): the rate
    limit, whose test is test_bad_input's, is raised so it does not slow them down."""
    monkeypatch.setattr(p, "RATE", 100_000.0)
    monkeypatch.setattr(p, "BURST", 100_000)
