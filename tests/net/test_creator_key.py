"""`serve --creator-key KEY` (or $BAZAAR_CREATOR_KEY): a `create` makes a match only with the
key, so the app's Host can make matches on a public server that strangers cannot fill; without
a key a server takes `create` as before, and `--no-create` with a key is refused at start (the
key already refuses strangers). Loopback only."""

from __future__ import annotations

import os
import subprocess

from game.core import selfcall
from game.net import protocol as p
from tests.net.support import BOUND, LOOPBACK, ROOT, Raw, Serve, free_port, seats

KEY = "open-sesame-42"


def create(client: Raw, **extra: object) -> dict:
    return client.ask(
        {"type": "create", "v": p.VERSION, "game": "jaipur", "seats": seats("online", "online"), **extra}
    )


def test_a_server_with_a_creator_key_makes_matches_only_for_the_key(tmp_path):
    port = free_port()
    server = Serve(port, tmp_path / "data", tmp_path / "log", 0.0, "--creator-key", KEY)
    try:
        client = Raw((LOOPBACK, port))
        for extra in ({}, {"key": "guess"}, {"key": 42}):
            refused = create(client, **extra)
            assert refused["error"]["code"] == p.NOT_HOST
            assert "creator key" in refused["error"]["message"]
        made = create(client, key=KEY)
        assert made["type"] == "created" and sorted(made["codes"]) == ["0", "1"]
        client.ws.close()
    finally:
        server.stop()


def test_no_create_and_a_creator_key_exclude_each_other(tmp_path):
    command = selfcall.command("serve", "--host", LOOPBACK, "--port", "0", "--plain", "--no-create")
    command += ["--data", str(tmp_path / "data")]
    env = {**os.environ, "BAZAAR_CREATOR_KEY": KEY}  # the key from the environment counts too
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=BOUND)
    assert done.returncode != 0
    assert "--no-create and a creator key exclude each other" in done.stderr
