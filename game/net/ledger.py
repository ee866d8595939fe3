"""One match's writes on a server, and what waits for them.

The server's event loop never writes to the store: after each change of a match (a batch of
events, a seat handed over) its ledger marks where the match stands and has the store's thread
write up to there. Whatever tells of the log (a welcome, an update, a move's reply) waits in
the ledger until the write holding it is committed, and goes out in the order it was given.
Meanwhile the loop plays on: moves are decided in memory at once, and answers that tell
nothing of the log (pings, legal moves, checks, presence, the clock) go out at once.

At most one write of a match is on the store's thread at a time; the changes made meanwhile
go in the next one, together (and the writes of the server's matches that wait at the same
time go in one transaction: game/net/writer.py). A write that fails (the file locked past its
busy timeout, the disk full) is tried again after RETRY_SECONDS, and what waits for it goes on
waiting: nobody is told of a move the store does not hold.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from typing import Any

from game.core.match import Entry, Match
from game.core.ruleset import Event
from game.core.store import Saving
from game.net.writer import Writer

log = logging.getLogger("bazaar.net")

RETRY_SECONDS = 1.0  # after a failed write, the next try


class Ledger:
    """The writes of one match, by the store's thread, and the calls waiting for them. Every
    method runs on the event loop's thread."""

    def __init__(self, saving: Saving, match: Match, writer: Writer):
        self.saving = saving
        self.writer = writer
        self.loop = asyncio.get_running_loop()
        self.changes = 0  # changes of the match seen
        self.stored = 0  # of them, the first so many are stored
        self.mark = saving.mark()
        self.writing = False  # a write is on the store's thread, or waits to be tried again
        self.failures = 0  # writes that failed in a row
        self.waiting: deque[tuple[int, Callable[[], None]]] = deque()
        self.closed = False
        match.listeners.append(self._changed)  # before the room's authority: its news comes after

    @property
    def idle(self) -> bool:
        """Everything the match holds is stored."""
        return self.stored == self.changes

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
        if not self.writing:
            self._write()

    def _write(self) -> None:
        if self.closed:
            return
        self.writing = True
        changes, mark = self.changes, self.mark
        try:
            future = asyncio.wrap_future(self.writer.save(self.saving, mark), loop=self.loop)
        except RuntimeError:  # the store's thread was closed: the server stops
            self.writing = False
            return
        future.add_done_callback(lambda done: self._written(done, changes))

    def _written(self, done: asyncio.Future[bool], changes: int) -> None:
        if self.closed:
            return  # the server stopped: nobody is left to tell
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
        self.stored = changes
        while self.waiting and self.waiting[0][0] <= changes:
            self._call(self.waiting.popleft()[1])
        if self.changes > changes:
            self._write()  # what changed while that write was under way

    def _call(self, call: Callable[[], Any]) -> None:
        try:
            call()
        except Exception:  # one connection's trouble must not keep the others' news back
            log.exception("match %s: sending what waited for a write failed", self.saving.match_id)

    async def flush(self) -> None:
        """Wait until everything the match holds is stored (the server stops)."""
        if not self.idle:
            stored = self.loop.create_future()
            self.after(lambda: stored.done() or stored.set_result(None))
            await stored

    def close(self) -> None:
        """Write nothing more (the store closes); a write under way ends by itself."""
        self.closed = True
