"""The network tests' server: one a test, on loopback and a free port, stopped at the end."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from game.net import protocol as p
from tests.net import netns
from tests.net.support import Net


@pytest.fixture
def net(tmp_path):
    n = Net(tmp_path / "server")
    yield n
    n.stop()


@pytest.fixture
def frames(monkeypatch):
    """Every text frame the client's link receives, in order, recorded before it is read."""
    received: list[str] = []
    decode = p.decode_reply

    def recording(text):
        received.append(text)
        return decode(text)

    monkeypatch.setattr(p, "decode_reply", recording)
    return received


@pytest.fixture
def fast_players(monkeypatch):
    """The tests' players move faster than any person (a whole match in a second): the rate
    limit, whose test is test_bad_input's, is raised so it does not slow them down."""
    monkeypatch.setattr(p, "RATE", 100_000.0)
    monkeypatch.setattr(p, "BURST", 100_000)


@pytest.fixture
def homes() -> Iterator[netns.Homes]:
    """Two homes behind NAT routers and an internet (tests/net/netns.py), removed at the end.
    Never skipped in CI (CI=true); elsewhere only where namespaces cannot be made, saying why."""
    why = netns.unavailable()
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the namespace tests: {why}")
        pytest.skip(why)
    made = netns.Homes()
    try:
        yield made
    finally:
        made.close()
