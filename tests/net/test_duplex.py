"""A TLS socket shared by websockets' reading thread and the writing one (game/net/duplex.py):
every call into the session runs under its one lock, and no wait for the network holds it.
OpenSSL allows no read and write on one session at once: unguarded, 5 connections of 1500 to a
local TLS server lost their handshake's answer."""

from __future__ import annotations

import os
import socket
import ssl

import pytest

from game.net import duplex
from game.net.duplex import Duplex


class Session:
    """An SSLSocket's calls as the session sees them: whether the lock was held at each, a read
    that must first wait for the network, and writes taken two bytes at a time."""

    def __init__(self, ready: socket.socket, waits: int = 1):
        self.ready = ready  # a socket with a byte to read: select finds it readable at once
        self.waits = waits
        self.duplex: Duplex | None = None
        self.held: list[tuple[str, bool]] = []
        self.sent = b""
        self.blocking = True

    def setblocking(self, flag: bool) -> None:
        self.blocking = flag

    def gettimeout(self) -> float | None:
        return None

    def fileno(self) -> int:
        return self.ready.fileno()

    def recv(self, size: int) -> bytes:
        assert self.duplex is not None
        self.held.append(("recv", self.duplex.lock.locked()))
        if self.waits:
            self.waits -= 1
            raise ssl.SSLWantReadError()
        return b"move"

    def send(self, data: memoryview) -> int:
        assert self.duplex is not None
        self.held.append(("send", self.duplex.lock.locked()))
        self.sent += bytes(data[:2])
        return min(2, len(data))


@pytest.fixture
def ready():
    ours, theirs = socket.socketpair()
    theirs.sendall(b"!")
    yield ours
    ours.close()
    theirs.close()


def test_every_call_into_the_session_holds_the_lock_and_no_wait_does(ready, monkeypatch):
    session = Session(ready)
    shared = Duplex(session)  # type: ignore[arg-type]
    session.duplex = shared
    assert session.blocking is False, "non-blocking: a wait is select's, outside the lock"
    real = duplex._ready
    waited: list[bool] = []

    def ready_(*args):
        waited.append(shared.lock.locked())
        return real(*args)

    monkeypatch.setattr(duplex, "_ready", ready_)
    assert shared.recv(64) == b"move"
    shared.sendall(b"hello")
    assert session.sent == b"hello", "every byte, in pieces"
    assert session.held == [("recv", True), ("recv", True), ("send", True), ("send", True), ("send", True)]
    assert waited == [False], "the read waited for the network without the lock"


def test_a_wait_longer_than_the_timeout_is_a_timeout(ready):
    session = Session(ready, waits=10**6)
    shared = Duplex(session)  # type: ignore[arg-type]
    session.duplex = shared
    ready.recv(1)  # nothing to read: the wait finds nothing
    shared.settimeout(0.0)
    with pytest.raises(TimeoutError):
        shared.recv(64)


def test_a_wait_takes_a_descriptor_past_1024(ready):
    """A long-running process (a whole run of the tests) holds more than 1024 descriptors, which
    select cannot take: the whole run's joins failed through a Duplex that waited in select."""
    resource = pytest.importorskip("resource")  # (Unix: Windows's select counts sockets)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    enough = 1100 if hard == resource.RLIM_INFINITY else min(hard, 1100)
    if enough < 1100:
        pytest.skip(f"this system allows {hard} descriptors a process, too few to pass 1024")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, enough), hard))
    held = []
    try:
        while not held or held[-1] <= 1024:
            held.append(os.open(os.devnull, os.O_RDONLY))
        high, other = socket.socketpair()
        assert high.fileno() > 1024
        other.sendall(b"!")
        assert duplex._ready(high, True, 0.0), "readable, and waited on past 1024"
        high.close()
        other.close()
    finally:
        for fd in held:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
