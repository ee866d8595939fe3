"""A TLS socket two threads may use at once, one reading and one writing.

websockets' synchronous connection reads on a thread of its own and writes on the caller's, each
straight on its socket. On a plain socket the kernel keeps the two apart; on Python's SSLSocket
they are OpenSSL's `SSL_read` and `SSL_write` on one session at the same time, which OpenSSL does
not allow: now and then a record was lost, and the guest waited for a handshake answer that had
come (a join that failed with "Something other than a Bazaar host answered", or hung until its
time ran out: 5 of 1500 connections to a local TLS server, none of 4000 through `Duplex`).

`Duplex` runs every call into the session under one lock and never holds it while it waits for
the network: the socket is non-blocking, and a call that must wait lets the lock go and waits in
`poll` (its timeout, as the socket's, is the caller's). Everything else is the socket's own.
"""

from __future__ import annotations

import select
import ssl
import threading
from collections.abc import Callable
from typing import Any, TypeVar

A = TypeVar("A")
T = TypeVar("T")


class Duplex:
    """`tls` (its handshake done) for websockets: `recv` and `sendall` one at a time in the
    session, each free to wait for the network while the other runs."""

    def __init__(self, tls: ssl.SSLSocket):
        self.tls = tls
        self.lock = threading.Lock()
        self.timeout: float | None = tls.gettimeout()
        tls.setblocking(False)

    def recv(self, size: int) -> bytes:
        return self._turn(self.tls.recv, size)

    def sendall(self, data: bytes | bytearray | memoryview) -> None:
        left = memoryview(data).cast("B")
        while left:
            left = left[self._turn(self.tls.send, left) :]

    def settimeout(self, timeout: float | None) -> None:
        self.timeout = timeout

    def gettimeout(self) -> float | None:
        return self.timeout

    def shutdown(self, how: int) -> None:
        with self.lock:
            self.tls.shutdown(how)

    def close(self) -> None:
        with self.lock:
            self.tls.close()

    def __getattr__(self, name: str) -> Any:  # fileno, getpeername, setsockopt, ...
        return getattr(self.tls, name)

    def _turn(self, call: Callable[[A], T], arg: A) -> T:
        """`call(arg)` under the lock once the session can go on; the waits between, outside it."""
        while True:
            with self.lock:
                try:
                    return call(arg)
                except ssl.SSLWantReadError:
                    reading = True
                except ssl.SSLWantWriteError:
                    reading = False
            if not _ready(self.tls, reading, self.timeout):
                raise TimeoutError("timed out")


def _ready(sock: ssl.SSLSocket, reading: bool, timeout: float | None) -> bool:
    """Whether `sock` can be read (or written) within `timeout` seconds (None: no limit). poll
    where there is one: select takes no descriptor past 1024, which a long-running process (or
    a whole run of the tests) reaches."""
    if not hasattr(select, "poll"):  # Windows: its select counts sockets, not their numbers
        wanted = ([sock], []) if reading else ([], [sock])
        return any(select.select(*wanted, [], timeout))
    waiter = select.poll()  # (no kernel object: one a wait costs nothing to make)
    waiter.register(sock, select.POLLIN if reading else select.POLLOUT)
    return bool(waiter.poll(None if timeout is None else timeout * 1000))
