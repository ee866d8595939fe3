"""`python -m game serve` has its bots think in worker processes from the start: a hard bot's
search never holds the interpreter its event loop runs in, not even the first bots' before
the workers would have come up (until then they would think on threads of the loop's process)."""

from __future__ import annotations

import os
from pathlib import Path

from game.core.storedb import FILENAME as STORE_FILE
from game.core.thinking import MINDS
from game.net import protocol as p
from tests.net.support import LOOPBACK, Raw, Serve, descendants, free_port, until


def workers(pid: int) -> dict[int, float]:
    """Our bots' worker processes `pid` has started ('spawn' children but its scribe): the CPU
    seconds each has used."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        if int(stat[1]) == pid and b"spawn_main" in command and not writes(int(entry)):
            found[int(entry)] = (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")
    return found


def scribes(pid: int) -> int:
    """How many of the processes `pid` started hold the store file open."""
    return sum(map(writes, descendants(pid)))


def writes(pid: int) -> bool:
    """Whether the process holds the store file open: the server's scribe, no bots' worker."""
    try:
        return any(
            os.readlink(f"/proc/{pid}/fd/{fd}").endswith(STORE_FILE) for fd in os.listdir(f"/proc/{pid}/fd")
        )
    except OSError:
        return False


def test_serve_starts_its_bot_workers_and_no_bot_thinks_on_its_threads(tmp_path):
    port, data, log = free_port(), tmp_path / "server", tmp_path / "server.log"
    served = Serve(port, data, log, bot_pause=0.0)
    client = None
    try:
        pid = served.proc.pid
        until(lambda: "worker processes" in log.read_text(), "the server says its bot workers are up")
        until(lambda: scribes(pid) == 1, "its scribe has the store open (it is no bots' worker)")
        idle = workers(pid)
        assert len(idle) == MINDS.processes
        client = Raw((LOOPBACK, port))
        seats = [{"name": "Asha", "kind": "online"}, {"name": "Bilal", "kind": "bot", "level": "hard"}]
        create = {"type": "create", "v": p.VERSION, "game": "jaipur", "seats": seats}
        created = client.ask({**create, "options": {"first": 1}, "seed": 3})  # the bot moves first
        welcome = client.join(created["codes"]["0"])
        if 0 not in welcome["to_act"]:
            client.until(lambda m: m["type"] == "update" and 0 in m["to_act"])
        # the bot's search ran in a worker: its CPU went up, the server's loop did not think
        now = workers(pid)
        assert sum(now.values()) > sum(idle.values()), "no worker thought: the bot was on a thread"
    finally:
        if client is not None:
            client.close()
        served.stop()
