"""Two homes behind NAT routers and an "internet" between them, in Linux network namespaces
the test makes and removes itself:

    home A (host) 192.168.1.2 ── router A: lan 192.168.1.1, wan 11.0.1.1 (nft masquerade, miniupnpd)
                                    │
                                 internet 11.0.1.254 / 11.0.2.254 (routes; a relay at 11.0.3.1)
                                    │
    home B (guest) 192.168.2.2 ── router B: lan 192.168.2.1, wan 11.0.2.1 (nft masquerade)

Nothing links the namespaces to the machine's own network, so their addresses (11.0.x.x is
outside every reserved range, which miniupnpd insists on for its WAN side) exist only inside
them. Router A forwards from the internet only what miniupnpd maps (nothing, when it does not
run). The "internet" has an address of its own for a relay (`python -m game relay`, a public
machine), and can record every frame that crosses it (`capture`).
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

BOUND = 30.0  # seconds: only ever a failure bound

ROUTER_A_WAN = "11.0.1.1"
ROUTER_B_WAN = "11.0.2.1"
HOME_A = "192.168.1.2"
RELAY = "11.0.3.1"  # the internet's own public machine
RELAY_PORT = 8766

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
        self.relay_log = self.folder / "relay.log"
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
        run("ip", "-n", self.internet, "addr", "add", f"{RELAY}/32", "dev", "lo")
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

    def python(self, ns: str, *args: str, log: Path | None = None) -> subprocess.Popen[str]:
        """This project's Python, inside `ns` (its standard error to `log`, when given: a
        daemon's, which nobody reads while it runs)."""
        root = Path(__file__).resolve().parents[2]
        env = {**os.environ, "PYTHONPATH": str(root), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        command = ["ip", "netns", "exec", ns, sys.executable, *args]
        with log.open("a") if log is not None else contextlib.nullcontext(subprocess.PIPE) as err:
            return subprocess.Popen(
                command, text=True, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err
            )

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

    def start_relay(self) -> subprocess.Popen[str]:
        """`python -m game relay` on the internet's public machine, once it listens (stopped
        by `close`, or killed by the test)."""
        relay = self.python(
            self.internet,
            "-m",
            "game",
            "relay",
            "--host",
            RELAY,
            "--port",
            str(RELAY_PORT),
            log=self.relay_log,
        )
        self.daemons.append(relay)  # type: ignore[arg-type]
        assert relay.stdout is not None
        ready, _, _ = select.select([relay.stdout], [], [], BOUND)
        said = relay.stdout.readline() if ready else ""
        if "relaying on" not in said:
            relay.kill()
            raise RuntimeError(f"the relay did not start: {said} {self.relay_log.read_text()[-2000:]}")
        return relay

    def capture(self, path: Path) -> subprocess.Popen[str]:
        """Every frame that crosses the internet, in and out of each of its links, written to
        `path` (see `tcp_streams`) until the process is stopped; returns once it records."""
        recorder = self.python(self.internet, "-c", CAPTURE, str(path))
        self.daemons.append(recorder)  # type: ignore[arg-type]
        assert recorder.stdout is not None
        ready, _, _ = select.select([recorder.stdout], [], [], BOUND)
        if not ready or recorder.stdout.readline().strip() != "recording":
            recorder.kill()
            err = recorder.stderr.read() if recorder.stderr else ""
            raise RuntimeError(f"the capture did not start: {err}")
        return recorder

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


# A raw AF_PACKET socket for every protocol on every link of the namespace it runs in: each frame
# as it was on the wire, written at once (length first), so a stopped recorder loses nothing.
CAPTURE = """
import os, socket, struct, sys
sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(0x0003))
sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 22)
out = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
print("recording", flush=True)
while True:
    frame = sock.recv(1 << 18)
    os.write(out, struct.pack("!I", len(frame)) + frame)
"""


def frames(path: Path) -> list[bytes]:
    """The frames a capture wrote."""
    data, found, at = path.read_bytes(), [], 0
    while at + 4 <= len(data):
        size = int.from_bytes(data[at : at + 4], "big")
        found.append(data[at + 4 : at + 4 + size])
        at += 4 + size
    return found


Flow = tuple[str, int, str, int]  # source address and port, destination address and port


def tcp_streams(path: Path) -> dict[Flow, bytes]:
    """Each TCP direction's bytes as its receiver read them (IPv4 over Ethernet): segments put
    in order by sequence number, each byte once, though a forwarded frame is seen on both links,
    so that nothing split across segments escapes a search."""
    segments: dict[Flow, dict[int, bytes]] = defaultdict(dict)
    starts: dict[Flow, int] = {}
    for frame in frames(path):
        if len(frame) < 34 or frame[12:14] != b"\x08\x00" or frame[23] != 6:
            continue
        ip = frame[14:]
        ihl, total = (ip[0] & 0x0F) * 4, int.from_bytes(ip[2:4], "big")
        tcp = ip[ihl:total]
        flow = (socket_address(ip[12:16]), int.from_bytes(tcp[0:2], "big"))
        flow += (socket_address(ip[16:20]), int.from_bytes(tcp[2:4], "big"))
        seq, offset, flags = int.from_bytes(tcp[4:8], "big"), (tcp[12] >> 4) * 4, tcp[13]
        if flags & 0x02:  # SYN: the stream's first byte is the next
            starts[flow] = (seq + 1) % 2**32
        payload = bytes(tcp[offset:])
        if payload:
            segments[flow].setdefault(seq, payload)
    streams = {}
    for flow, parts in segments.items():
        first = starts.get(flow, min(parts))
        data = bytearray()
        for seq in sorted(parts, key=lambda s: (s - first) % 2**32):
            skip = len(data) - (seq - first) % 2**32  # a retransmission's bytes already here
            data += parts[seq][max(0, skip) :]
        streams[flow] = bytes(data)
    return streams


def socket_address(packed: bytes) -> str:
    return ".".join(str(b) for b in packed)
