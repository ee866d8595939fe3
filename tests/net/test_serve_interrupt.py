"""Ctrl-C at the terminal running `python -m game serve` reaches its whole process group: the
server stores its last moves and stops, its bots' workers and its scribe end with it, and
nothing but the server's own lines is printed (a worker interrupted mid-wait printed a
traceback)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from game.core import selfcall
from tests.net.support import BOUND, LOOPBACK, Raw, free_port, until
from tests.net.test_bots_apart import scribes, workers

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="process groups and /proc")


def group(pgid: int) -> bool:
    """Whether a process of the group is still running."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def test_ctrl_c_stops_the_server_and_all_it_started_without_a_traceback(tmp_path):
    port, data, log = free_port(), tmp_path / "server", tmp_path / "server.log"
    command = selfcall.command(
        "serve", "--host", LOOPBACK, "--port", str(port), "--plain", "--data", str(data)
    )
    with open(log, "w") as err:
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
    try:
        until(lambda: "worker processes" in log.read_text(), "its bots' workers are up")
        until(lambda: scribes(proc.pid) == 1, "its scribe is up")
        Raw((LOOPBACK, port)).close()  # it answers
        assert workers(proc.pid), "its bots' workers run"
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
        assert proc.wait(BOUND) == 0
        until(lambda: not group(proc.pid), "every process of its group ended")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(BOUND)
    said = log.read_text()
    assert "server closed" in said
    assert "Traceback" not in said and "KeyboardInterrupt" not in said, said
