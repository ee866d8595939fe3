"""The bench's network load (game/bench.py): its clients keep within the server's documented
rate, a figure that fails is said and the others still come, the server's CPU is its
whole process tree's, and the busy window's process spins at the hard bots' priority."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game import bench
from game.net import protocol as p
from tests.net.support import BOUND, serving

MORE_THAN_A_BURST = p.BURST + 20


def test_a_bench_seat_keeps_within_the_rate_however_fast_it_asks(tmp_path):
    """More requests at once than the server's burst, sent without waiting for the answers:
    none is refused with slow-down (the seat waits for its pace instead)."""

    async def flood(url: str) -> list[dict]:
        seat = bench._Seat(url, random.Random(1))
        await seat.open()
        try:
            for k in range(MORE_THAN_A_BURST):
                await seat.send({"type": "legal", "id": 1000 + k, "seat": 0})
            answers = []
            while len(answers) < MORE_THAN_A_BURST:
                answer = await asyncio.wait_for(seat.recv(), BOUND)
                if answer.get("id", 0) >= 1000:
                    answers.append(answer)
            return answers
        finally:
            await seat.close()

    with serving(tmp_path / "server") as (_server, _thread, (host, port)):
        answers = asyncio.run(flood(f"ws://{host}:{port}/"))
    refused = [a["error"] for a in answers if not a["ok"]]
    assert not refused, refused[:1]


def test_a_failed_network_figure_is_said_and_the_others_still_come(monkeypatch, capsys):
    def refused() -> tuple[float, float]:
        raise RuntimeError("a legal move was refused: slow-down")

    monkeypatch.setattr(bench, "net_rtt_ms", refused)
    monkeypatch.setattr(bench, "net_update_bytes", lambda: 2300.0)
    failures: list[str] = []
    report = bench.collect(["net.rtt_ms", "net.update_bytes"], failures)
    assert report == {"net.update_bytes": 2300.0}
    assert failures == ["net.rtt_ms"]
    assert "net.rtt_ms: not measured: RuntimeError: a legal move was refused" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="the process tree is read from /proc")
def test_server_cpu_counts_its_children_living_and_ended():
    """A child that spends CPU counts in its parent's tree while it lives and after it ended
    (through the parent's cutime), and not in the parent alone while it lives."""
    spin = (
        "import sys, time\n"
        "while time.process_time() < 0.5: pass\n"  # half a second of CPU, however long it takes
        "print('spun', flush=True)\n"
        "sys.stdin.read()\n"  # then waits, costing nothing, until told to end
    )
    me = os.getpid()  # this test's process: the tree's root
    before = bench._cpu_s(me)
    alone = bench._cpu_s(me, tree=False)
    child = subprocess.Popen(
        [sys.executable, "-c", spin], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None and child.stdin is not None
    try:
        assert child.stdout.readline() == "spun\n"
        living = bench._cpu_s(me) - before
        by_itself = bench._cpu_s(me, tree=False) - alone
    finally:
        child.stdin.close()
        child.wait(BOUND)
    ended = bench._cpu_s(me) - before
    assert living >= 0.45
    assert ended >= 0.45
    assert by_itself < living - 0.4


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="SCHED_IDLE is Linux's")
def test_the_busy_window_spins_at_the_hard_bots_idle_priority():
    """net.rooms_250_busy's process beside the server runs at SCHED_IDLE, as the hard bots'
    timed searches do (game/core/spare.py), and is stopped by `_end`."""
    spinner = bench._spinner()
    try:
        assert os.sched_getscheduler(spinner.pid) == os.SCHED_IDLE
    finally:
        bench._end(spinner)
    assert spinner.returncode is not None
