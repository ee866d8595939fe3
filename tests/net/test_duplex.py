"""A TLS socket shared by websockets' reading thread and the writing one (game/net/duplex.py):
every call into the session runs under its one lock, and no wait for the network holds it.
OpenSSL allows no read and write on one session at once: unguarded, 5 connections of 1500 to a
local TLS server lost their handshake's answer."""

from __future__ import annotations

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
    real = duplex.select.select
    waited: list[bool] = []

    def select(*args):
        waited.append(shared.lock.locked())
        return real(*args)

    monkeypatch.setattr(duplex.select, "select", select)
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
