"""The network tests' server: one a test, on loopback and a free port, stopped at the end."""

from __future__ import annotations

import pytest

from tests.net.support import Net


@pytest.fixture
def net(tmp_path):
    n = Net(tmp_path / "server")
    yield n
    n.stop()
