"""The one thread of a store: every call to it, in the order asked.

A server's store calls and the app's (its tables' writes, the History's and Continue's reads,
and those of the server it hosts, which shares the app's store) all go through here: so a
match loaded again, or a list read, holds every write asked before, and the frame or the event
loop never waits on the file. Its first job is opening the store, when it is given how
(`Writer(Store.open)`: the app): that opening checks the whole file and may wait on another
program's lock (an older file's new tables, a new file another window is making), so the frame
never waits on it either; `opened` answers once it is done. The matches' writes that wait
together go in one transaction (`Store.save_all`), the disk synced once for them all: under
load the thread keeps up with many rooms, each write of which would otherwise wait on its own
sync.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from game.core.store import Mark, Saving, Store

BATCH = 256  # writes at most in one transaction


@dataclass
class _Call:
    fn: Callable[[], Any]
    future: Future[Any] = field(default_factory=Future)


@dataclass
class _Save:
    saving: Saving
    mark: Mark
    future: Future[Any] = field(default_factory=Future)


class Writer:
    """A thread running store calls in order; the writes queued together in one transaction.
    Each call answers with a `concurrent.futures.Future` (asyncio.wrap_future on a loop)."""

    def __init__(self, store: Store | Callable[[], Store]):
        self.opened: Future[Store] = Future()  # the store, once open (at once when given open)
        self._open = store if callable(store) else None
        if isinstance(store, Store):
            self.opened.set_result(store)
        self._jobs: deque[_Call | _Save] = deque()
        self._wake = threading.Condition()
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="store", daemon=True)
        self._thread.start()

    @property
    def store(self) -> Store:
        """The store, waiting for its opening: for the store's own thread and for tools, never
        for a frame (it asks through `call`)."""
        return self.opened.result()

    def save(self, saving: Saving, mark: Mark) -> Future[bool]:
        """Store a match up to `mark` (as Saving.save: False when the write failed)."""
        return self._put(_Save(saving, mark))

    def ride(self, write: Callable[[], None]) -> None:
        """A bot's move is written at once: the writes that wait together share a transaction
        here anyway, and the app's few matches give it no company to wait for."""
        write()

    def call(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        """Run `fn(*args)` on the store's thread, after everything asked before."""
        return self._put(_Call(lambda: fn(*args)))

    def _put(self, job: _Call | _Save) -> Future[Any]:
        with self._wake:
            if self._closing:
                raise RuntimeError("the store's writer is closed")
            self._jobs.append(job)
            self._wake.notify()
        return job.future

    def close(self, timeout: float | None = None) -> bool:
        """Run what is queued, then stop (within `timeout` seconds when given). False when it
        has not stopped by then (a write still waits on the file)."""
        with self._wake:
            self._closing = True
            self._wake.notify()
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _run(self) -> None:
        if self._open is not None:
            _settle(self.opened, self._open)
        while True:
            with self._wake:
                while not self._jobs and not self._closing:
                    self._wake.wait()
                if not self._jobs:
                    return
                job = self._jobs.popleft()
                batch: list[_Save] = []
                if isinstance(job, _Save):
                    batch.append(job)
                    while self._jobs and len(batch) < BATCH:
                        following = self._jobs[0]
                        if not isinstance(following, _Save):
                            break  # a load waits for the writes asked before it, and they for it
                        batch.append(following)
                        self._jobs.popleft()
            if isinstance(job, _Call):
                _settle(job.future, job.fn)
            else:
                self._write(batch)

    def _write(self, batch: list[_Save]) -> None:
        live = [job for job in batch if job.future.set_running_or_notify_cancel()]
        try:
            saved = self.store.save_all([(job.saving, job.mark) for job in live])
        except BaseException as exc:  # a bug, not the file: every one of them hears it
            for job in live:
                job.future.set_exception(exc)
            return
        for job, ok in zip(live, saved, strict=True):
            job.future.set_result(ok)


def _settle(future: Future[Any], call: Callable[[], Any]) -> None:
    if not future.set_running_or_notify_cancel():
        return
    try:
        future.set_result(call())
    except BaseException as exc:  # the caller hears it, as from an executor
        future.set_exception(exc)
