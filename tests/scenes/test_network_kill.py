"""Killing the host's app with SIGKILL mid-match and starting it again: the match is hosted
again from its saves and the guest's app reconnects by itself and plays on to the end."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
from pathlib import Path

from game.automation import Session

DRIVER = Path(__file__).with_name("host_driver.py")
WAIT = 60.0  # seconds any one expected message may take before the test fails


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(mode: str, env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(DRIVER), mode], stdout=subprocess.PIPE, text=True, env=env, cwd=Path.cwd()
    )


def guest_moves(guest: Session, rng: random.Random, until) -> None:
    """Play the guest's seat (1) while `until()` is false, waiting on the server otherwise."""
    for _ in range(5000):
        if until():
            return
        table = guest.table
        guest.app.step(1)
        if table.connection.status != "online" or table.waits_elsewhere():
            assert table.window.wait(WAIT) or until(), "no news from the host"
            continue
        for _ in range(120):  # let the cards land
            if guest.settled() or table.waits_elsewhere():
                break
            guest.app.step(1)
        if not guest.settled():
            continue
        if table.people_waiting():
            guest.perform(1, rng.choice(guest.legal(1)))
        elif (asked := guest.attention()) is not None and asked["scene"] != "results":
            guest.click(asked["target"])
    raise AssertionError(f"the guest's loop did not end: {guest.scene}, {guest.table.window.to_act}")


def test_the_host_killed_mid_match_hosts_it_again_and_the_guest_reconnects(tmp_path):
    env = {**os.environ, "BAZAAR_HOME": str(tmp_path / "host"), "BAZAAR_PORT": str(free_port())}
    host = start("new", env)
    try:
        assert host.stdout
        invite = host.stdout.readline().split()[1]
        guest = Session.join(invite)
        rng = random.Random(2)
        played = guest.table.window
        guest_moves(guest, rng, lambda: played.count > 20)
        host.send_signal(signal.SIGKILL)
        host.wait(timeout=WAIT)
        # the guest sees the link drop and keeps trying
        while guest.table.connection.status == "online":
            assert played.wait(WAIT), "the guest never noticed the host was gone"
        count = played.count
        host = start("resume", env)
        assert host.stdout and host.stdout.readline().strip() == "resumed"
        while guest.table.connection.status != "online":
            assert played.wait(WAIT), "the guest did not reconnect"
        assert played.count >= count  # nothing it had seen was lost
        guest_moves(guest, rng, lambda: played.finished)
        assert played.outcome is not None
        finished = [line.strip() for line in host.stdout if line.strip() == "finished"]
        assert finished, "the host's app did not reach the end"
        host.wait(timeout=WAIT)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait(timeout=WAIT)
