"""UPnP across two homes (tests/net/netns.py): the host maps its port on its router's miniupnpd,
a guest in the other home joins through the router's public address and they play Jaipur to
the end; the mapping is gone once hosting stops. These never skip in CI (CI=true); elsewhere
only where namespaces cannot be made, saying why."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from tests.net import netns

BOUND = 120.0  # seconds: a failure bound for a whole match played across the namespaces
PEER = str(Path(__file__).with_name("netns_peer.py"))


def line(process: subprocess.Popen[str], bound: float = BOUND) -> dict[str, Any]:
    return netns.answer(process, bound)


def test_a_guest_in_another_home_plays_through_the_mapped_port(homes: netns.Homes, tmp_path: Path) -> None:
    # router A forwards nothing it was not asked to: a join goes through the mapping or nowhere
    homes.out_of_reach((netns.ROUTER_A_WAN, 8765))
    homes.start_miniupnpd()
    host = homes.python(homes.host, PEER, "host", str(tmp_path))
    guest = None
    try:
        mapped = line(host)
        assert mapped["state"] == "mapped", (mapped, homes.log())
        assert mapped["candidate"] == [netns.ROUTER_A_WAN, 8765]
        assert "dport 8765" in homes.mapped() and netns.HOME_A in homes.mapped()
        assert json.loads((tmp_path / "portmap.json").read_text())["port"] == 8765
        guest = homes.python(homes.guest, PEER, "guest", netns.ROUTER_A_WAN, "8765", mapped["code"])
        assert line(guest)["finished"] is True
        over = line(host)
        assert over["finished"] is True
        assert over["state"] == "outside"  # the guest came from router B's public address
        stopped = line(host)
        assert stopped == {"state": "home", "file": False}
        assert "dport 8765" not in homes.mapped()
        assert host.wait(netns.BOUND) == 0 and guest.wait(netns.BOUND) == 0
    finally:
        for process in (host, guest):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait(netns.BOUND)
