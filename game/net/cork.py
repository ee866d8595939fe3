"""Clients' frames made in one stretch of a server loop's work, written to each socket in one piece.

A move's news leaves when the scribe's process answers its write (game/net/scribe.py), and a
person's move gives its seat two messages at that moment: the update, then the reply to the
move. Each written on its own is a system call, and on loopback the call also delivers the
bytes to the reader: 69 µs a write in a cProfile of the loop under `net.matches` at 250 matches,
where a person's move took four of them. Inside `corked()` a connection's frames wait, and at
its end each connection writes what it gathered in one call: nothing is held past the work that
made it, and nothing changes order.

The cork is the calling thread's and task's (a context variable): a process may run several
servers' loops (the tests do), and a frame is written on the loop that made it.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator
from contextvars import ContextVar

log = logging.getLogger("bazaar.net")

_flushes: ContextVar[list[Callable[[], None]] | None] = ContextVar("corked", default=None)


@contextlib.contextmanager
def corked() -> Iterator[None]:
    """Hold the frames sent meanwhile (`defer`); each connection writes them at the end.
    Inside another cork, the outer one's end writes them."""
    if _flushes.get() is not None:
        yield
        return
    flushes: list[Callable[[], None]] = []
    token = _flushes.set(flushes)
    try:
        yield
    finally:
        _flushes.reset(token)
        for flush in flushes:  # every one, whatever another's write raised: none stays corked
            try:
                flush()
            except Exception:
                log.exception("a client's messages could not be written")


def defer(flush: Callable[[], None]) -> bool:
    """Whether a cork is in: then `flush` runs at its end (the caller asks once until it runs)."""
    flushes = _flushes.get()
    if flushes is None:
        return False
    flushes.append(flush)
    return True
