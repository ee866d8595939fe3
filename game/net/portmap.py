"""Asking the home router to open the host's port (UPnP IGD, through miniupnpc), so friends in
other houses reach the table directly, and the addresses an invite offers besides home.

`Portmap` does the work, synchronously: it finds the router, maps the port (the same port
outside when it is free, else another), reads the router's public address, renews the
mapping before its lease ends and removes it. What it mapped is kept in a small file of the
data folder, written before the router is asked, so a mapping left by a killed app is removed
at the next start. `Keeper` runs it on a thread of its own: miniupnpc's calls block for
seconds, and neither the frame nor the server's loop may wait on them.

NAT-PMP and PCP are not spoken (docs/network.md, "the paths", says why).
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import logging
import queue
import random
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from game.core.files import write_atomic

log = logging.getLogger(__name__)

FILE = "portmap.json"  # in the data folder: the mapping made, until it is removed
LEASE = 3600  # seconds a mapping lives on the router unless renewed
DESCRIPTION = "Bazaar"
TRIES = 4  # other external ports tried when the host's own is taken on the router
SEEK_MS = 500  # how long discovery listens for each kind of router (miniupnpc asks for 4 in turn)

# How friends reach the table, as the host's invite sheet says it
HOME = "home"  # on this network only: nothing mapped
MAPPED = "mapped"  # the router forwards the port; nobody outside has come in yet
OUTSIDE = "outside"  # someone from a public address has connected

# Why the table stays at home, as the sheet says it (empty: the router was not asked)
ASKING = "asking"  # the router is being asked now
NO_ROUTER = "no-router"  # no router answered UPnP: it is switched off, or there is none
SILENT = "silent"  # the router did not say its public address
PRIVATE = "private"  # its public address is private: another router stands outside it
SHARED = "shared"  # its public address is the carrier's (100.64.0.0/10), shared among homes
REFUSED = "refused"  # it refused to map the port
LAPSED = "lapsed"  # it refused to renew a mapping it had made
CARRIER = ipaddress.ip_network("100.64.0.0/10")
ERROR_CHARS = 48  # of the router's own words for a refusal, as the sheet shows them


def offered(host: str) -> bool:
    """Whether an address may be offered to friends elsewhere: a global one only, never a
    private, carrier-grade NAT (100.64.0.0/10), link-local, documentation or multicast one."""
    try:
        ip = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def global_v6() -> str | None:
    """This computer's global IPv6 address, if it has one. Asking the system for the route to
    a documentation address reads the source it would use, and sends nothing."""
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_DGRAM) as probe:
            probe.connect(("2001:db8::1", 9))
            found = str(probe.getsockname()[0])
    except OSError:
        return None
    return found if offered(found) else None


class Router(Protocol):
    """An internet gateway that maps ports: miniupnpc's, or a test's."""

    lan: str  # this computer's address as the router sees it

    def public(self) -> str: ...  # the router's external address

    def holder(self, port: int) -> tuple[str, int] | None: ...  # where an external TCP port goes

    def add(self, port: int, lan: str, inner: int, lease: int) -> None: ...  # raises when refused

    def remove(self, port: int) -> None: ...


class Upnp:
    """The router found by miniupnpc (UPnP IGD). Every call blocks: run on Keeper's thread."""

    def __init__(self, upnp: Any):
        self.upnp = upnp
        self.lan = str(upnp.lanaddr)

    def public(self) -> str:
        return str(self.upnp.externalipaddress() or "")

    def holder(self, port: int) -> tuple[str, int] | None:
        found = self.upnp.getspecificportmapping(port, "TCP")
        return None if found is None else (str(found[0]), int(found[1]))

    def add(self, port: int, lan: str, inner: int, lease: int) -> None:
        try:
            self.upnp.addportmapping(port, "TCP", lan, inner, DESCRIPTION, "", lease)
        except Exception as exc:  # miniupnpc says every refusal with a bare Exception
            if "OnlyPermanentLeasesSupported" not in str(exc):
                raise
            self.upnp.addportmapping(port, "TCP", lan, inner, DESCRIPTION, "", 0)

    def remove(self, port: int) -> None:
        self.upnp.deleteportmapping(port, "TCP")


def discover() -> Router | None:
    """The router of this network that maps ports, or None (no UPnP, or it is switched off)."""
    try:
        import miniupnpc
    except ImportError:
        return None
    upnp = miniupnpc.UPnP()
    upnp.discoverdelay = SEEK_MS
    try:
        if upnp.discover() == 0:
            return None
        upnp.selectigd()
    except Exception as exc:  # "No UPnP device discovered" and the like
        log.info("no router to map a port: %s", exc)
        return None
    return Upnp(upnp)


@dataclass(frozen=True)
class Standing:
    """How friends reach the table, and why not directly, at one moment: one object swapped
    whole, so the frame reads it consistently while the keeper's thread changes it."""

    path: str = HOME  # HOME, MAPPED or OUTSIDE
    why: str = ""  # at HOME: ASKING, or what stopped the mapping (NO_ROUTER, REFUSED, ...)
    error: str = ""  # the router's own words for a refusal, short
    address: str = ""  # the router's public address, when known
    port: int = 0  # mapped outside, on that address

    @property
    def asking(self) -> bool:
        return self.why == ASKING


def short(exc: BaseException) -> str:
    """A router's refusal in a few words: its first line, cut to fit the sheet's note."""
    words = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    return words if len(words) <= ERROR_CHARS else words[: ERROR_CHARS - 1].rstrip() + "…"


@dataclass(frozen=True)
class Mapping:
    port: int  # outside, on the router's public address
    lan: str  # this computer's address behind the router
    inner: int  # the port the host listens on

    def to_json(self) -> str:
        return json.dumps({"port": self.port, "lan": self.lan, "inner": self.inner})


class Portmap:
    """The host's port mapping on its router: made, renewed and removed, one call at a time."""

    def __init__(
        self,
        folder: Path,
        find: Callable[[], Router | None] = discover,
        clock: Callable[[], float] = time.monotonic,
        lease: int = LEASE,
        rng: random.Random | None = None,
    ):
        self.file = folder / FILE
        self.find = find
        self.clock = clock
        self.lease = lease
        self.rng = rng or random.Random()
        self.router: Router | None = None
        self.mapping: Mapping | None = None
        self.renew_at = 0.0  # by `clock`: renew then, half the lease ahead of its end
        self.standing = Standing()
        self._lock = threading.Lock()  # `seen` runs on the server's loop, the rest on the keeper's

    @property
    def state(self) -> str:
        return self.standing.path

    def _stand(self, standing: Standing) -> str:
        with self._lock:
            self.standing = standing
        return standing.path

    def _router(self) -> Router | None:
        if self.router is None:
            self.router = self.find()
        return self.router

    def clean(self) -> None:
        """Remove a mapping an earlier run left (killed before it could): the file says which,
        and the router's entry is removed only while it still points at that computer."""
        try:
            kept = json.loads(self.file.read_text(encoding="utf-8"))
            left = Mapping(int(kept["port"]), str(kept["lan"]), int(kept["inner"]))
        except FileNotFoundError:
            return
        except (OSError, ValueError, KeyError, TypeError):
            self.file.unlink(missing_ok=True)  # unreadable: nothing it names can be trusted
            return
        router = self._router()
        if router is None:
            return  # no router now: the file waits for a start that finds it
        try:
            if router.holder(left.port) == (left.lan, left.inner):
                router.remove(left.port)
        except Exception as exc:
            log.info("the mapping left by an earlier run stays: %s", exc)
            return
        self.file.unlink(missing_ok=True)

    def open(self, inner: int) -> str:
        """Map `inner`, this computer's TCP port, on the router; the state it leaves."""
        if self.mapping is not None:
            return self.state
        self._stand(Standing(why=ASKING))
        router = self._router()
        if router is None:
            return self._stand(Standing(why=NO_ROUTER))
        try:
            public = router.public()
        except Exception as exc:
            log.info("the router does not say its public address: %s", exc)
            return self._stand(Standing(why=SILENT, error=short(exc)))
        if not public:
            return self._stand(Standing(why=SILENT))
        if not offered(public):  # the carrier's NAT or a private network outside: no use
            log.info("the router's public address %s is not reachable from the internet", public)
            return self._stand(Standing(why=SHARED if _carrier(public) else PRIVATE, address=public))
        ports = [inner, *(self.rng.randrange(49152, 65536) for _ in range(TRIES))]
        refused = ""  # the router's last refusal (none: every port tried was another computer's)
        for port in ports:
            mapping = Mapping(port, router.lan, inner)
            try:
                if router.holder(port) not in (None, (mapping.lan, inner)):
                    continue  # another computer's
                write_atomic(self.file, mapping.to_json())  # before asking: a kill leaves it known
                router.add(port, mapping.lan, inner, self.lease)
            except Exception as exc:
                log.info("the router refused to map port %d: %s", port, exc)
                self.file.unlink(missing_ok=True)
                refused = short(exc)
                continue
            self.mapping = mapping
            self.renew_at = self.clock() + self.lease / 2
            return self._stand(Standing(MAPPED, address=public, port=port))
        return self._stand(Standing(why=REFUSED, error=refused, address=public))

    def renew(self) -> None:
        """Ask the router again before the lease ends; a mapping it no longer takes is dropped."""
        mapping, router = self.mapping, self.router
        if mapping is None or router is None:
            return
        try:
            router.add(mapping.port, mapping.lan, mapping.inner, self.lease)
        except Exception as exc:
            log.info("the router no longer maps port %d: %s", mapping.port, exc)
            self._forget(Standing(why=LAPSED, error=short(exc), address=self.standing.address))
            return
        self.renew_at = self.clock() + self.lease / 2

    def close(self) -> None:
        """Remove the mapping (hosting stopped)."""
        mapping, router = self.mapping, self.router
        if mapping is None or router is None:
            return
        with contextlib.suppress(Exception):  # gone already: the file is dropped all the same
            if router.holder(mapping.port) == (mapping.lan, mapping.inner):
                router.remove(mapping.port)
        self._forget(Standing())

    def _forget(self, standing: Standing) -> None:
        self.mapping = None
        self._stand(standing)
        self.file.unlink(missing_ok=True)

    def seen(self, peer: str) -> None:
        """Someone connected from `peer`: from a public address, the path outside works."""
        if not offered(peer):
            return
        with self._lock:
            if self.standing.path == MAPPED:
                self.standing = replace(self.standing, path=OUTSIDE)

    @property
    def candidate(self) -> tuple[str, int] | None:
        """The router's public address and the mapped port, for an invite's via=."""
        standing = self.standing
        return None if standing.path == HOME else (standing.address, standing.port)


def _carrier(address: str) -> bool:
    """Whether an IPv4 address is the carrier's own (100.64.0.0/10, RFC 6598)."""
    try:
        return ipaddress.ip_address(address) in CARRIER
    except ValueError:
        return False


def clean_left(folder: Path, find: Callable[[], Router | None] = discover) -> threading.Thread | None:
    """At the app's start: a mapping a killed run left is removed, on a thread (the router's
    answers take seconds). No thread when none was left, which is nearly always."""
    if not (folder / FILE).exists():
        return None
    thread = threading.Thread(target=Portmap(folder, find).clean, daemon=True, name="portmap-clean")
    thread.start()
    return thread


_OPEN, _CLOSE, _QUIT = "open", "close", "quit"


class Keeper:
    """Runs a Portmap on a thread: asked to open or close, it renews meanwhile by itself."""

    def __init__(self, portmap: Portmap):
        self.portmap = portmap
        self.settled = threading.Event()  # the last open asked has been answered, either way
        self._wishes: queue.Queue[tuple[str, int]] = queue.Queue()
        self._thread = threading.Thread(target=self._run, daemon=True, name="portmap")
        self._thread.start()

    @property
    def state(self) -> str:
        return self.portmap.state

    @property
    def standing(self) -> Standing:
        return self.portmap.standing

    @property
    def candidate(self) -> tuple[str, int] | None:
        return self.portmap.candidate

    def open(self, port: int) -> None:
        self.settled.clear()
        self._wishes.put((_OPEN, port))

    def close(self) -> None:
        self._wishes.put((_CLOSE, 0))

    def seen(self, peer: str) -> None:
        """Called on the server's loop: cheap, and never blocks."""
        self.portmap.seen(peer)

    def stop(self, timeout: float = 10.0) -> None:
        """Remove the mapping and end the thread (waits `timeout` at most)."""
        self._wishes.put((_QUIT, 0))
        self._thread.join(timeout)

    def _run(self) -> None:
        portmap = self.portmap
        with contextlib.suppress(Exception):
            portmap.clean()
        while True:
            wait = max(0.0, portmap.renew_at - portmap.clock()) if portmap.mapping is not None else None
            try:
                wish, port = self._wishes.get(timeout=wait)
            except queue.Empty:
                portmap.renew()
                continue
            try:
                if wish == _OPEN:
                    portmap.open(port)
                else:
                    portmap.close()
            except Exception:  # a router that answers nonsense leaves the table at home
                log.exception("port mapping failed")
            finally:
                if wish == _OPEN:
                    self.settled.set()
            if wish == _QUIT:
                return
