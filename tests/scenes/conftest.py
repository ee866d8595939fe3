"""What every scene test shares."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def patient_links(monkeypatch):
    """A person's app gives up on a link's attempt after 5 s (`Link.OPEN_SECONDS`) and on a
    request after 10 (`REQUEST_SECONDS`). Here the host, its server and the guests share one
    process, and on a loaded two-core machine a join has taken longer than that ("The host did
    not answer in time", in five tests of two clean clones' suites): the scene tests wait their
    own bounds instead. So for the relay's: a guest's ticket waited 10 s for the host's data
    connection (`relay.TICKET_SECONDS`), and a suite beside another suite's load once ran past
    it. A refused connection is still refused at once."""
    from game.net import client, relay, relaying

    monkeypatch.setattr(client.Link, "OPEN_SECONDS", 120.0)
    monkeypatch.setattr(client, "REQUEST_SECONDS", 120.0)
    monkeypatch.setattr(relay, "TICKET_SECONDS", 120.0)
    monkeypatch.setattr(relay, "HELLO_SECONDS", 120.0)
    monkeypatch.setattr(relaying, "OPEN_SECONDS", 120.0)
