"""SIGKILL a process in the middle of a match: every command it reported is still there."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.core import codec
from game.core.match import Match, verify
from game.core.store import Store
from tests.core.storegames import play

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("store_driver.py")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_match_keeps_every_committed_command(bazaar_home):
    path = bazaar_home / "kill.sqlite3"
    proc = subprocess.Popen(
        [sys.executable, str(DRIVER), str(path), "kill", "5"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    try:  # it passes without end, writing all the while: the kill lands mid-match, mid-write
        match_id = int(proc.stdout.readline().split()[1])
        committed = [int(proc.stdout.readline()) for _ in range(8)]
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    committed += [int(line) for line in proc.stdout.read().split()]  # printed before the kill landed
    assert proc.returncode == -signal.SIGKILL
    assert committed == list(range(len(committed)))

    with Store.open(path) as store:
        assert store.problem is None
        match = store.load(match_id)
        # every reported command is there; at most the one in flight beyond them
        assert len(committed) <= len(match.commands) <= len(committed) + 1
        ok, why = verify(match.to_json())  # whole commands only: each with all its events
        assert ok, why
        fresh = Match.from_json(codec.roundtrip(match.to_json()))
        assert fresh.state == match.state
        play(match)  # and the match plays on to the end, still saving
        assert match.finished
        assert store.load(match_id).to_json() == match.to_json()
        assert store.info(match_id).status == "finished"
