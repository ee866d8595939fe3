"""A dropped bot job stops its work: each job thinking off the caller's thread has a ticket,
and dropping it writes the ticket into a slot of an array shared with the worker processes
(given to each as it starts, `share`); the job's search asks `stopped()` between iterations
(through its budget's clock, game/core/ruleset.py) and returns at once. A job dropped before
it starts never runs its work.

Tickets only grow, and ticket `t` lives in slot `t % SLOTS` holding the last ticket dropped
there: no slot is ever freed or locked, and a later job sharing a slot is not stopped by an
earlier one's drop. Only a job still running after SLOTS newer ones were started and one of
them dropped could miss its own drop: it then runs to its end, as every job once did.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

SLOTS = 4096

_flags: Sequence[int] | None = None  # this process's view of the shared slots
_tickets = itertools.count(1)
_lock = threading.Lock()
_running = threading.local()  # the ticket of the job this thread runs (0: none)


def flags() -> Sequence[int]:
    """The shared slots, made on first use ('spawn''s kind, so they go to spawned workers)."""
    global _flags
    import multiprocessing  # here, not at start-up: every budget imports this module

    with _lock:
        if _flags is None:
            try:
                _flags = multiprocessing.get_context("spawn").RawArray("q", SLOTS)
            except OSError:  # no shared memory (a restricted system, where bots think on threads)
                _flags = [0] * SLOTS
        return _flags


def share(shared: Sequence[int]) -> None:
    """In a worker process as it starts: the slots its jobs' drops are written to."""
    global _flags
    _flags = shared


def ticket() -> int:
    return next(_tickets)


def drop(ticket: int) -> None:
    flags()[ticket % SLOTS] = ticket


def _dropped(ticket: int) -> bool:
    return ticket != 0 and _flags is not None and _flags[ticket % SLOTS] == ticket


def stopped() -> bool:
    """Whether the job this thread runs was dropped (never, outside a ticketed job)."""
    return _dropped(getattr(_running, "ticket", 0))


@dataclass(frozen=True)
class Ticketed:
    """`work` run under `ticket` (it and its arguments pickle to a worker when `work` does)."""

    work: Callable[..., Any]
    ticket: int

    def __call__(self, *args: Any) -> Any:
        if _dropped(self.ticket):
            return None  # dropped while queued: nobody waits for its answer
        _running.ticket = self.ticket
        try:
            return self.work(*args)
        finally:
            _running.ticket = 0
