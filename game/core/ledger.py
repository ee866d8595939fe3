"""One match's writes on the store's thread, and what waits for them.

Whoever plays a match never writes to the store itself: after each change of the match (a
batch of events, a seat handed over) its ledger marks where the match stands and has the
store's thread (game/core/writer.py) write up to there. Whatever tells of the log waits in the
ledger until the write holding it is committed (`after`), and runs in the order it was given;
`saved` is how many of the match's commands the store holds: a move is acknowledged once it
counts it. Meanwhile the match plays on in memory.

A ledger belongs to one thread, the one that plays its match: a server's event loop, or the
app's frame (which drains an `Inbox` every frame). The store's thread only settles futures; what
follows from them is handed back to that thread (`Scheduler.call_soon_threadsafe`).

At most one write of a match is on the store's thread at a time; the changes made meanwhile
go in the next one, together (and the writes of matches that wait at the same time go in one
transaction). A bot's move rides (`Writes.ride`): a server's scribe sends it with the next
write a person waits on, so the two share one transaction and one sync of the disk. A write
that fails (the file locked past its busy timeout, the disk full) is tried again after
RETRY_SECONDS, and what waits for it goes on waiting: nobody is told of a move the store does
not hold.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Protocol

from game.core.match import Entry, Match
from game.core.ruleset import Event
from game.core.store import Mark, Saving

log = logging.getLogger("bazaar.store")

RETRY_SECONDS = 1.0  # after a failed write, the next try


class Scheduler(Protocol):
    """Where a ledger's own work runs: an asyncio loop, or an `Inbox`."""

    def call_soon_threadsafe(self, callback: Callable[..., Any], *args: Any) -> Any: ...

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Any: ...


class Writes(Protocol):
    """Where a ledger's writes go: the store's thread (`Writer`), or a server's scribe."""

    def save(self, saving: Saving, mark: Mark) -> Future[bool]: ...

    def ride(self, write: Callable[[], None]) -> None:
        """Call `write` (a ledger's, for a bot's move) when it is time: at once, or with the
        next write a person waits on."""


class Inbox:
    """A `Scheduler` for a thread with a loop of its own (the app's frames): calls handed to it
    from any thread run when that thread calls `run`."""

    def __init__(self) -> None:
        self._soon: deque[tuple[Callable[..., Any], tuple[Any, ...]]] = deque()
        self._later: list[tuple[float, int, Callable[..., Any], tuple[Any, ...]]] = []
        self._order = itertools.count()
        self._lock = threading.Lock()

    def call_soon_threadsafe(self, callback: Callable[..., Any], *args: Any) -> None:
        with self._lock:
            self._soon.append((callback, args))

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> None:
        with self._lock:
            heapq.heappush(self._later, (time.monotonic() + delay, next(self._order), callback, args))

    def run(self) -> None:
        """Run what was handed over, and what is due."""
        now = time.monotonic()
        with self._lock:
            due = list(self._soon)
            self._soon.clear()
            while self._later and self._later[0][0] <= now:
                _, _, callback, args = heapq.heappop(self._later)
                due.append((callback, args))
        for callback, args in due:
            callback(*args)


class Ledger:
    """The writes of one match, by the store's thread, and the calls waiting for them. Every
    method runs on the thread that plays the match (`loop` runs what follows from a write)."""

    def __init__(self, saving: Saving, match: Match, writer: Writes, loop: Scheduler):
        self.saving = saving
        self.writer = writer
        self.loop = loop
        self.changes = 0  # changes of the match seen
        self.stored = 0  # of them, the first so many are stored
        self.mark = saving.mark()
        self.saved = self.mark.commands  # the match's commands the store holds
        self.writing = False  # a write is on the store's thread, or waits to be tried again
        self.failures = 0  # writes that failed in a row
        self.waiting: deque[tuple[int, Callable[[], None]]] = deque()
        self.closed = False
        self.owner = threading.get_ident()  # the thread that plays the match
        self.asking = False  # inside `_write`: a write answered at once is still handed over
        self.pressing = False  # a person's change is among those not yet written
        self.riding = False  # bots' changes alone wait for their write's turn (`Writes.ride`)
        self.match = match
        match.listeners.append(self._changed)  # before the room's authority: its news comes after

    @property
    def idle(self) -> bool:
        """Everything the match holds is stored."""
        return self.stored == self.changes

    @property
    def unsaved(self) -> int:
        """The match's commands the store does not hold yet."""
        return self.mark.commands - self.saved

    def after(self, call: Callable[[], None]) -> None:
        """Call `call` once every change so far is stored: at once if it is, else after
        those already waiting."""
        if self.idle and not self.waiting:
            call()
        else:
            self.waiting.append((self.changes, call))

    def _changed(self, match: Match, entry: Entry | None, events: list[Event]) -> None:
        self.changes += 1
        self.mark = self.saving.mark()  # between two changes: what a write may read up to
        self.pressing = self.pressing or not _a_bots(match, entry)
        if not self.writing:
            self._next()

    def _next(self) -> None:
        """Write the changes not written yet: now when a person's is among them (a bot's that
        rides goes along), else when the writer calls for them."""
        if self.pressing:
            self._write()
        elif not self.riding:
            self.riding = True
            self.writer.ride(self._ridden)

    def _ridden(self) -> None:
        if self.riding:
            self._write()

    def _write(self) -> None:
        if self.closed:
            return
        self.riding = self.pressing = False
        self.writing = True
        changes, mark = self.changes, self.mark
        self.asking = True  # (a match's listener may be calling: its news must come first)
        try:
            future = self.writer.save(self.saving, mark)
            future.add_done_callback(lambda done: self._hand_back(done, changes, mark.commands))
        except RuntimeError:  # the store's thread was closed: its owner stops
            self.writing = False
        finally:
            self.asking = False

    def _hand_back(self, done: Future[bool], changes: int, commands: int) -> None:
        """What follows from the write goes to the match's thread: from the store's thread,
        handed over; a server's scribe answers on the match's thread itself, so at once."""
        if threading.get_ident() == self.owner and not self.asking:
            self._written(done, changes, commands)
            return
        with contextlib.suppress(RuntimeError):  # that loop is closed: nobody is left to tell
            self.loop.call_soon_threadsafe(self._written, done, changes, commands)

    def _written(self, done: Future[bool], changes: int, commands: int) -> None:
        if self.closed:
            return  # its owner stopped: nobody is left to tell
        error = done.exception() if not done.cancelled() else None
        if done.cancelled() or error is not None or not done.result():
            self.failures += 1
            why = "cancelled" if done.cancelled() else repr(error) if error else "see the store's message"
            log.warning(
                "match %s: a write failed (%s, %d in a row); its news waits, and it is tried again",
                self.saving.match_id,
                why,
                self.failures,
            )
            self.loop.call_later(RETRY_SECONDS, self._write)
            return
        self.failures = 0
        self.writing = False
        self.stored, self.saved = changes, commands
        while self.waiting and self.waiting[0][0] <= changes:
            self._call(self.waiting.popleft()[1])
        if self.changes > changes:
            self._next()  # what changed while that write was under way

    def _call(self, call: Callable[[], Any]) -> None:
        try:
            call()
        except Exception:  # one connection's trouble must not keep the others' news back
            log.exception("match %s: what waited for a write failed", self.saving.match_id)

    def close(self) -> None:
        """Write nothing more (the store closes); a write under way ends by itself."""
        self.closed = True

    def detach(self) -> None:
        """Stop listening to the match (its room leaves memory, everything stored): the match
        and this ledger would otherwise hold each other, freed only by a full collection of the
        interpreter's, which a server makes every ten minutes (game/net/collector.py)."""
        with contextlib.suppress(ValueError):
            self.match.listeners.remove(self._changed)


def _a_bots(match: Match, entry: Entry | None) -> bool:
    """Whether a change is a bot's move: its people see it a moment later than played anyway
    (a bot's pause), so its write may wait for company."""
    return entry is not None and entry.seat is not None and match.seats[entry.seat].is_bot
