"""The guest's way to a host: the invite's candidates tried staggered, TLS checked by the pin,
and the WebSocket opened over the socket that won.

As ICE and OpenTTD do, the host's addresses are tried home first, the next one started every
STAGGER_SECONDS while earlier ones are still trying (at once when they have all failed); the
first to finish its TLS handshake with the invite's key wins, and the others are closed. With a
pin the guest asks no certificate authority (the host's certificate is self-signed): it takes
whatever certificate comes, then compares its public key's pin with the invite's before anything
of ours (the WebSocket handshake, a join code, a seat token) is sent. A `bazaars://` invite is
checked against the system's authorities, and against its pin too when it has one. An invite
with no pin and no TLS is plain ws:// (an older Bazaar, or `serve --plain` behind a proxy or on
a trusted network). The invite's relay, when it names one, is the last candidate: relaying.dial
gives a socket piped through it to the host, and the same TLS and pin check run over it, end to
end, so the relay carries only ciphertext.
"""

from __future__ import annotations

import contextlib
import hmac
import queue
import socket
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from websockets.sync.client import ClientConnection, connect

from game.core.i18n import N_, Msg
from game.net import failures, relaying
from game.net.duplex import Duplex
from game.net.identity import pin_of_certificate
from game.net.invite import Invite, address

STAGGER_SECONDS = 0.25  # between the starts of two candidates while the earlier still tries
LOOK_SECONDS = 0.05  # how often a race looks whether it was given up
HOME, INTERNET, RELAY = N_("at home"), N_("over the internet"), N_("through the relay")


@dataclass(frozen=True)
class Way:
    """One candidate of an invite: an address, and how it reaches the host (words, or none
    when the invite has a single way)."""

    host: str
    port: int
    how: str = ""
    relay: bool = False  # the invite's relay, which pipes to the host (relaying.dial)

    @property
    def address(self) -> str:
        return address(self.host, self.port)

    @property
    def url(self) -> str:  # what failure words name it by
        return f"ws://{self.address}/"


class WrongKey(Exception):
    """The host answered with a certificate of another key than the invite's."""


def ways(route: Invite) -> list[Way]:
    """The candidates in the order they are tried: home first, then the others, the relay last
    (only with a pin: the relay knows the host by it, and only the pin proves who answers)."""
    found = route.candidates
    relay = [Way(*route.relay, RELAY, relay=True)] if route.relay is not None and route.pin else []
    if len(found) == 1 and not relay:
        return [Way(*found[0])]
    return [Way(h, p, HOME if k == 0 else INTERNET) for k, (h, p) in enumerate(found)] + relay


def route_of(url: str) -> Invite:
    """A ws:// or wss:// URL as a route without a pin: what a seat remembered before pins, and
    the tests' own servers, are reached by (wss:// then checked against the authorities)."""
    parts = urlsplit(url)
    secure = parts.scheme == "wss"
    return Invite(parts.hostname or "", parts.port or (443 if secure else 80), "", tls=secure)


def client_context(route: Invite) -> ssl.SSLContext:
    """TLS for this route: the system's authorities for bazaars://; for a pin alone none at all
    (no authority, no name: the key is checked by its pin once the handshake is done)."""
    if route.tls:
        return ssl.create_default_context()
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def secured(sock: socket.socket, route: Invite, way: Way, timeout: float) -> socket.socket:
    """`sock` after the TLS handshake, its peer's key checked against the pin (WrongKey when
    it is another); closed on any failure. Nothing of ours has been sent on it yet."""
    try:
        sock.settimeout(timeout)
        tls = client_context(route).wrap_socket(sock, server_hostname=way.host if route.tls else None)
        if route.pin is not None:
            shown = pin_of_certificate(tls.getpeercert(True) or b"")
            if not hmac.compare_digest(shown, route.pin):
                tls.close()
                raise WrongKey(way.address)
        tls.settimeout(None)
        return tls
    except BaseException:
        sock.close()
        raise


def _dial(route: Invite, way: Way, timeout: float) -> socket.socket:
    """A TCP socket to the candidate; the relay's, already piped to the host."""
    if way.relay and route.pin is not None:
        return relaying.dial((way.host, way.port), route.pin, timeout)
    return socket.create_connection((way.host, way.port), timeout=timeout)


def _open(route: Invite, way: Way, timeout: float) -> socket.socket:
    deadline = time.monotonic() + timeout
    sock = _dial(route, way, timeout)
    if not route.secure:
        sock.settimeout(None)
        return sock
    return secured(sock, route, way, max(0.01, deadline - time.monotonic()))


class _Race:
    """The candidates' attempts, each on a thread of its own: the first socket that arrives
    wins, and any that arrives after the race is over is closed by its own thread."""

    def __init__(self) -> None:
        self.results: queue.Queue[tuple[Way, socket.socket | BaseException]] = queue.Queue()
        self.lock = threading.Lock()
        self.over = False

    def start(self, route: Invite, way: Way, timeout: float) -> None:
        threading.Thread(target=self._try, args=(route, way, timeout), daemon=True, name="reach").start()

    def _try(self, route: Invite, way: Way, timeout: float) -> None:
        try:
            got: socket.socket | BaseException = _open(route, way, timeout)
        except Exception as exc:
            got = exc
        with self.lock:
            if not self.over:
                self.results.put((way, got))
                return
        if isinstance(got, socket.socket):
            got.close()

    def end(self) -> None:
        with self.lock:
            self.over = True
        while True:
            try:
                _, got = self.results.get_nowait()
            except queue.Empty:
                return
            if isinstance(got, socket.socket):
                got.close()


def reach(
    route: Invite,
    timeout: float,
    stop: threading.Event | None = None,
    trying: Callable[[Way], None] | None = None,
) -> tuple[socket.socket, Way]:
    """A socket to the host, TLS done and its key checked, and the way that won; or
    failures.Unreached with words for all that failed (each candidate has `timeout` seconds).
    `stop` set gives the race up (Unreached) within LOOK_SECONDS."""
    candidates = ways(route)
    race = _Race()
    failed: list[tuple[Way, BaseException]] = []
    started, running, next_at = 0, 0, time.monotonic()
    try:
        while True:
            if stop is not None and stop.is_set():
                raise failures.Unreached(failures.cancelled())
            now = time.monotonic()
            if started < len(candidates) and (now >= next_at or running == 0):
                way = candidates[started]
                if trying is not None:
                    trying(way)
                race.start(route, way, timeout)
                started, running, next_at = started + 1, running + 1, now + STAGGER_SECONDS
            if running == 0:
                failed.sort(key=lambda item: candidates.index(item[0]))  # home first, as tried
                raise failures.Unreached(unreached_words(failed))
            wait = LOOK_SECONDS if started == len(candidates) else min(LOOK_SECONDS, next_at - now)
            try:
                way, got = race.results.get(timeout=max(0.001, wait))
            except queue.Empty:
                continue
            running -= 1
            if isinstance(got, BaseException):
                failed.append((way, got))
                continue
            return got, way
    finally:
        race.end()


def answered(exc: BaseException) -> bool:
    """Whether the candidate's failure came from something that answered there (a key, a
    certificate, or bytes that are no TLS), not from silence or a refused port."""
    return isinstance(exc, WrongKey | ssl.SSLError)


def unreached_words(failed: list[tuple[Way, BaseException]]) -> Msg:
    """What went wrong with every candidate, as one thing to say: the host's key changed only
    when every candidate that answered showed another key."""
    heard = [(w, e) for w, e in failed if answered(e)]
    if heard and all(isinstance(e, WrongKey) for _, e in heard):
        return failures.key_changed(", ".join(w.address for w, _ in heard))
    other = [(w, e) for w, e in heard if not isinstance(e, WrongKey)]
    refused = [e for _, e in failed if isinstance(e, relaying.RelayError) and e.reason != "unreachable"]
    if refused and not other:  # nothing answered but the relay, which said why (the host is not there)
        return failures.from_relay(refused[0].words)
    if other or len(failed) == 1:
        way, exc = (other or failed)[0]
        return failures.failure_words(exc, way.url)
    return failures.none_answered([w.address for w, _ in failed])


def connect_ws(
    route: Invite,
    timeout: float,
    stop: threading.Event | None = None,
    trying: Callable[[Way], None] | None = None,
    **options: Any,
) -> ClientConnection:
    """The WebSocket to the host over the socket `reach` won (`options`: websockets' own).
    The URL given to websockets is ws:// since the TLS is done already."""
    sock, way = reach(route, timeout, stop, trying)
    if isinstance(sock, ssl.SSLSocket):  # websockets reads and writes on two threads at once
        sock = Duplex(sock)  # type: ignore[assignment]
    try:
        return connect(way.url, sock=sock, open_timeout=timeout, **options)
    except BaseException:
        with contextlib.suppress(OSError):
            sock.close()
        raise
