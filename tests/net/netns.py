"""Two homes behind NAT routers and an "internet" between them, in Linux network namespaces
the test makes and removes itself:

    home A (host) 192.168.1.2 ── router A: lan 192.168.1.1, wan 11.0.1.1 (nft masquerade, miniupnpd)
                                    │
                                 internet 11.0.1.254 / 11.0.2.254 (routes only)
                                    │
    home B (guest) 192.168.2.2 ── router B: lan 192.168.2.1, wan 11.0.2.1 (nft masquerade)

Nothing links the namespaces to the machine's own network, so their addresses (11.0.x.x is
outside every reserved range, which miniupnpd insists on for its WAN side) exist only inside
them. Router A forwards from the internet only what miniupnpd maps.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

BOUND = 30.0  # seconds: only ever a failure bound

ROUTER_A_WAN = "11.0.1.1"
ROUTER_B_WAN = "11.0.2.1"
HOME_A = "192.168.1.2"

# what miniupnpd's nftables build expects: its chains in `inet filter` and `inet nat`, jumped to
# from the hooks (Debian's nft_init.sh fails as shipped); router A drops what it does not map
ROUTER_A_NFT = """
table inet filter {
    chain forward {
        type filter hook forward priority 0; policy drop;
        ct state established,related accept
        iifname "lan" accept
        jump miniupnpd
    }
    chain miniupnpd {
    }
}
table inet nat {
    chain prerouting {
        type nat hook prerouting priority -100; policy accept;
        jump prerouting_miniupnpd
    }
    chain postrouting {
        type nat hook postrouting priority 100; policy accept;
        jump postrouting_miniupnpd
        oifname "wan" masquerade
    }
    chain prerouting_miniupnpd {
    }
    chain postrouting_miniupnpd {
    }
}
"""
ROUTER_B_NFT = """
table inet nat {
    chain postrouting {
        type nat hook postrouting priority 100; policy accept;
        oifname "wan" masquerade
    }
}
"""
MINIUPNPD_CONF = """
ext_ifname=wan
listening_ip=lan
http_port=0
enable_natpmp=no
enable_upnp=yes
secure_mode=yes
system_uptime=yes
uuid={uuid}
lease_file={folder}/leases
upnp_table_name=filter
upnp_nat_table_name=nat
upnp_forward_chain=miniupnpd
upnp_nat_chain=prerouting_miniupnpd
upnp_nat_postrouting_chain=postrouting_miniupnpd
allow 1024-65535 192.168.1.0/24 1024-65535
deny 0-65535 0.0.0.0/0 0-65535
"""


def unavailable() -> str | None:
    """Why namespaces with miniupnpd cannot be made here, or None."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    for tool in ("ip", "nft", "miniupnpd"):
        if shutil.which(tool) is None and not Path(f"/usr/sbin/{tool}").exists():
            return f"{tool} is not installed (apt-get install miniupnpd nftables)"
    probe = f"bzprobe{os.getpid()}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if made.returncode != 0:
        return f"ip netns add failed: {made.stderr.strip()}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


def run(*args: str, ns: str | None = None, stdin: str | None = None) -> str:
    command = ["ip", "netns", "exec", ns, *args] if ns else list(args)
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=BOUND)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)}: {done.stderr.strip()}")
    return done.stdout


def answer(process: subprocess.Popen[str], bound: float) -> dict[str, Any]:
    """The next JSON line `process` prints (fails after `bound` seconds or at its end)."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], bound)
    text = process.stdout.readline() if ready else ""
    if not text:
        process.kill()
        raise AssertionError(
            f"no answer within {bound:g} s: {process.stderr.read() if process.stderr else ''}"
        )
    return json.loads(text)


class Homes:
    """The five namespaces, wired; `close()` removes them and whatever runs in them."""

    def __init__(self) -> None:
        tag = f"bz{os.getpid() % 100000}"
        self.host, self.router_a, self.internet = f"{tag}hA", f"{tag}rA", f"{tag}in"
        self.router_b, self.guest = f"{tag}rB", f"{tag}hB"
        self.names = [self.host, self.router_a, self.internet, self.router_b, self.guest]
        self.folder = Path(tempfile.mkdtemp(prefix="bazaar-netns-"))
        self.daemons: list[subprocess.Popen[bytes]] = []
        try:
            self._build()
        except BaseException:
            self.close()
            raise

    def _link(self, a: str, a_if: str, b: str, b_if: str) -> None:
        run("ip", "-n", a, "link", "add", a_if, "type", "veth", "peer", "name", b_if, "netns", b)

    def _address(self, ns: str, ifname: str, cidr: str) -> None:
        run("ip", "-n", ns, "addr", "add", cidr, "dev", ifname)
        run("ip", "-n", ns, "link", "set", "dev", ifname, "up")

    def _build(self) -> None:
        for ns in self.names:
            run("ip", "netns", "add", ns)
            run("ip", "-n", ns, "link", "set", "lo", "up")
        self._link(self.router_a, "lan", self.host, "eth0")
        self._link(self.router_a, "wan", self.internet, "toa")
        self._link(self.router_b, "wan", self.internet, "tob")
        self._link(self.router_b, "lan", self.guest, "eth0")
        self._address(self.host, "eth0", f"{HOME_A}/24")
        self._address(self.router_a, "lan", "192.168.1.1/24")
        self._address(self.router_a, "wan", f"{ROUTER_A_WAN}/24")
        self._address(self.internet, "toa", "11.0.1.254/24")
        self._address(self.internet, "tob", "11.0.2.254/24")
        self._address(self.router_b, "wan", f"{ROUTER_B_WAN}/24")
        self._address(self.router_b, "lan", "192.168.2.1/24")
        self._address(self.guest, "eth0", "192.168.2.2/24")
        run("ip", "-n", self.host, "route", "add", "default", "via", "192.168.1.1")
        run("ip", "-n", self.guest, "route", "add", "default", "via", "192.168.2.1")
        run("ip", "-n", self.router_a, "route", "add", "default", "via", "11.0.1.254")
        run("ip", "-n", self.router_b, "route", "add", "default", "via", "11.0.2.254")
        for ns in (self.router_a, self.internet, self.router_b):
            run("sysctl", "-q", "-w", "net.ipv4.ip_forward=1", ns=ns)
        run("nft", "-f", "-", ns=self.router_a, stdin=ROUTER_A_NFT)
        run("nft", "-f", "-", ns=self.router_b, stdin=ROUTER_B_NFT)

    def start_miniupnpd(self) -> None:
        """Router A's UPnP IGD, with its own configuration, pid and lease files; returns once
        it answers discovery (its SSDP socket is open)."""
        conf = self.folder / "miniupnpd.conf"
        conf.write_text(MINIUPNPD_CONF.format(uuid=uuid.uuid4(), folder=self.folder))
        (self.folder / "leases").touch()
        log = (self.folder / "miniupnpd.log").open("wb")
        command = ["ip", "netns", "exec", self.router_a, "miniupnpd", "-d", "-f", str(conf)]
        command += ["-P", str(self.folder / "miniupnpd.pid")]
        self.daemons.append(subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT))
        deadline = time.monotonic() + BOUND
        while ":1900 " not in run("ss", "-uln", ns=self.router_a):
            if self.daemons[-1].poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"miniupnpd did not start: {self.log()}")
            time.sleep(0.05)

    def log(self) -> str:
        path = self.folder / "miniupnpd.log"
        return path.read_text(errors="replace")[-2000:] if path.exists() else ""

    def mapped(self) -> str:
        """Router A's port forwards, as miniupnpd wrote them into nftables."""
        return run("nft", "list", "chain", "inet", "nat", "prerouting_miniupnpd", ns=self.router_a)

    def python(self, ns: str, *args: str) -> subprocess.Popen[str]:
        """This project's Python, inside `ns`."""
        root = Path(__file__).resolve().parents[2]
        env = {**os.environ, "PYTHONPATH": str(root), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        command = ["ip", "netns", "exec", ns, sys.executable, *args]
        return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)

    def out_of_reach(self, *targets: tuple[str, int]) -> None:
        """With a listener in home A on port 8765, none of `targets` takes a connection from
        the guest's home (AssertionError when one does)."""
        listener = self.python(
            self.host,
            "-c",
            "import socket; s = socket.create_server(('0.0.0.0', 8765)); print('{}', flush=True); s.accept()",
        )
        try:
            answer(listener, BOUND)
            for target in targets:
                probe = f"import socket;socket.create_connection({target!r},timeout=2)"
                tried = subprocess.run(
                    ["ip", "netns", "exec", self.guest, sys.executable, "-c", probe],
                    capture_output=True,
                    timeout=BOUND,
                )
                assert tried.returncode != 0, f"{target} took a connection from the guest's home"
        finally:
            listener.kill()
            listener.wait(BOUND)

    def close(self) -> None:
        for daemon in self.daemons:
            daemon.terminate()
            try:
                daemon.wait(BOUND)
            except subprocess.TimeoutExpired:
                daemon.kill()
                daemon.wait(BOUND)
        for ns in self.names:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)
