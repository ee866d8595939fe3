"""`python -m game serve` keeps its loop on cores of its own, and its scribe and its bots'
workers on the others (game/core/cores.py): on two cores, bots thinking at the lowest priority
beside the loop stretched other rooms' round trips by a third, and apart they did not."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.core import cores, selfcall
from game.core.thinking import MINDS
from tests.net.support import BOUND, LOOPBACK, Raw, descendants, free_port, until
from tests.net.test_bots_apart import workers, writes


def test_the_last_cores_go_to_the_rest_and_the_others_to_the_loop():
    assert cores.split(frozenset({0, 1}), 1) == ({0}, {1})
    assert cores.split(frozenset({0, 1, 2, 3}), 3) == ({0}, {1, 2, 3})
    assert cores.split(frozenset(range(8)), 4) == ({0, 1, 2, 3}, {4, 5, 6, 7})
    # a set of cores the system gave (a container's), not counted from zero
    assert cores.split(frozenset({2, 5, 7}), 4) == ({2}, {5, 7})


def test_one_core_or_none_known_is_not_split():
    assert cores.split(frozenset({3}), 1) is None
    assert cores.split(frozenset(), 1) is None  # a system that cannot say (nor set) them


def threads(pid: int) -> list[int]:
    return [int(t) for t in os.listdir(f"/proc/{pid}/task")]


@pytest.mark.skipif(sys.platform != "linux", reason="cores are set on Linux (/proc)")
def test_serve_puts_its_loop_apart_from_its_scribe_and_its_bots(tmp_path: Path):
    parts = cores.split(cores.allowed(), MINDS.processes)
    if parts is None:
        pytest.skip("one core: nothing to split")
    loop, rest = parts
    port, data = free_port(), tmp_path / "server"
    log = tmp_path / "server.log"
    command = selfcall.command(
        "serve", "--host", LOOPBACK, "--port", str(port), "--plain", "--data", str(data)
    )
    with open(log, "w") as err:
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err)
    try:
        until(lambda: "worker processes" in log.read_text(), "its bots' workers are up")
        until(lambda: any(map(writes, descendants(proc.pid))), "its scribe is up")
        Raw((LOOPBACK, port)).close()  # it answers
        for thread in threads(proc.pid):  # the loop's, and every thread of its process
            assert os.sched_getaffinity(thread) == loop, thread
        scribe = next(p for p in descendants(proc.pid) if writes(p))
        assert {frozenset(os.sched_getaffinity(t)) for t in threads(scribe)} == {rest}
        found = workers(proc.pid)
        assert len(found) == MINDS.processes
        for worker in found:
            assert {frozenset(os.sched_getaffinity(t)) for t in threads(worker)} == {rest}, worker
    finally:
        proc.terminate()
        proc.wait(BOUND)
