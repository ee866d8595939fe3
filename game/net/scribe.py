"""A server's match writes in a process of their own (`python -m game serve`).

The store's thread shares Python's lock with the event loop, and SQLite's module gives the lock
up at each statement: under load a write cost two to three times its own work in hand-offs
between the two threads, and stretched the loop's round trips. In a process of its own a write
costs its own work, on another core.

The loop encodes a write's rows (`Saving.append`: plain values) and sends them down a socket;
the process writes the ones that wait together in one transaction (the disk synced once for
them), and answers what came of each, which the loop takes into the match's saver
(`Saving.applied`) before the ledger hears it. A move is still told only once it is committed.

A transaction and its sync cost about as much for one write as for several, and a server under
load commits about as many bots' moves as people's: so a bot's move rides (`ride`), sent with
the next write a person waits on, in RIDE_SECONDS at the latest, and at once when no person's
write came in the last RIDE_SECONDS (none is likely to come: a quiet server, or bots alone).
A bot's move is seen that much later, behind a pause of most of a second (`Drive.bot_pause`).
A person's write goes at once, unless the last turn of the loop that wrote held several: then
the turn's writes go together at its end (`_turn_over`), one transaction where a busy server
decides several moves a turn, and no wait on a quiet one.

Until the process answers, and for good once its link is lost, writes go to the store's thread
as before (`Writer`). A write whose answer was lost with the link is looked up in the store (its
rows there, or not), so a match is never taken for one continued elsewhere. Loads, creates and
the other calls stay on the store's thread: a room leaves memory only once its writes are
answered, so a load reads every write before it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import pickle
import signal
import socket
import struct
import threading
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from game.core import storedb
from game.core.cores import Cores, keep
from game.core.store import Append, Applied, Mark, Saving, Store
from game.core.writer import BATCH, Writer
from game.net import cork
from game.net.reads import READ_BYTES, small_reads

log = logging.getLogger("bazaar.store")

HEADER = struct.Struct("!i")  # a frame: its length, then its bytes
READY = b"R"  # the process's first byte: the file is open
RIDE_SECONDS = 0.05  # a bot's move waits at most this long for a person's write to go with


class Scribe:
    """The matches' writes of a server that owns its store; `save` as `Writer.save`. Every
    method but the start's thread runs on the server's loop."""

    def __init__(self, store: Store, fallback: Writer, cores: Cores | None = None):
        self.store, self.fallback = store, fallback
        self.cores = cores  # where the process runs (game/core/cores.py; None: where it is put)
        self.link: asyncio.Transport | None = None  # set once the process answered
        self.up = threading.Event()  # set then (tests and tools wait on it; the loop never does)
        self.process: Any = None  # multiprocessing's process
        self._waiting: dict[int, tuple[Saving, Mark, Append, Future[bool]]] = {}
        self._serial = 0
        self._closed = False
        self._riders: list[Callable[[], None]] = []  # bots' writes waiting for company
        self._riding: asyncio.TimerHandle | None = None  # when they go alone
        self._person_at = float("-inf")  # (the loop's clock) the last write a person waits on
        self._out: list[bytes] | None = None  # riders' frames, gathered to go in one piece
        self._held: list[bytes] = []  # people's frames held for the turn's end
        self._turn = 0  # people's writes in this turn of the loop
        self._crowded = False  # the last turn that wrote held several: hold this turn's

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start the process on a thread (spawning takes a while, and the loop must not wait);
        until it answers, writes go to the store's thread."""
        if self.store.path is not None:
            threading.Thread(
                target=self._spawn, args=(loop, self.store.path), daemon=True, name="scribe"
            ).start()

    def _spawn(self, loop: asyncio.AbstractEventLoop, path: Path) -> None:
        try:
            ours, theirs = socket.socketpair()
            process = multiprocessing.get_context("spawn").Process(
                target=serve,
                args=(theirs, str(path), storedb.BUSY_MS, self.cores),
                name="bazaar-scribe",
                daemon=True,
            )
            process.start()
            theirs.close()
            if ours.recv(1) != READY:
                raise OSError("the writing process ended before it opened the store")
        except Exception as exc:  # no processes here (a restricted system): the thread it is
            log.warning("the store's writes stay on its thread: no process of their own (%r)", exc)
            return
        with contextlib.suppress(RuntimeError):  # the loop is gone: the process sees its end
            loop.call_soon_threadsafe(self._connect, loop, ours, process)

    def _connect(self, loop: asyncio.AbstractEventLoop, sock: socket.socket, process: Any) -> None:
        self.process = process
        if self._closed:
            sock.close()  # its end of file stops the process
            return
        task = loop.create_task(loop.create_connection(lambda: _Link(self), sock=sock))
        task.add_done_callback(_said)

    def save(self, saving: Saving, mark: Mark) -> Future[bool]:
        link = self.link
        if link is None or link.is_closing():
            return self.fallback.save(saving, mark)
        future: Future[bool] = Future()
        append = saving.append(mark)
        if append is None:  # nothing to write (stored already, or no longer saved)
            future.set_result(True)
            return future
        self._serial += 1
        self._waiting[self._serial] = (saving, mark, append, future)
        body = pickle.dumps((self._serial, append), pickle.HIGHEST_PROTOCOL)
        frame = HEADER.pack(len(body)) + body
        if self._out is not None:  # a rider's: it goes with the writes that called it
            self._out.append(frame)
        else:
            loop = asyncio.get_running_loop()
            self._person_at = loop.time()
            self._held.append(frame)
            self._turn += 1
            if self._turn == 1:
                loop.call_soon(self._turn_over)
            if not self._crowded:
                self._send()
        return future

    def _turn_over(self) -> None:
        """At the loop's next turn: what this one held goes in one piece (one transaction), and
        the next turn holds its writes too if this one had several."""
        self._crowded = self._turn > 1
        self._turn = 0
        if self._held:
            self._send()

    def ride(self, write: Callable[[], None]) -> None:
        """Call `write` (a bot's move, its ledger's) with the next person's write, in one
        piece down the socket and so in one transaction, or in RIDE_SECONDS at the latest; at
        once when the process is not up or no person's write came in the last RIDE_SECONDS."""
        loop = asyncio.get_running_loop()
        self._riders.append(write)
        link = self.link
        if self._held:  # a person's write goes at the turn's end: this one with it
            return
        if link is None or link.is_closing() or loop.time() - self._person_at > RIDE_SECONDS:
            self._send()
        elif self._riding is None:
            self._riding = loop.call_later(RIDE_SECONDS, self._send)

    def _send(self) -> None:
        """Down the socket in one piece: the riders' writes, then the people's held."""
        riders, self._riders = self._riders, []
        if self._riding is not None:
            self._riding.cancel()
            self._riding = None
        self._out = []
        try:
            for write in riders:
                write()
        finally:
            out, self._out = self._out, None
        out += self._held
        self._held = []
        if out and self.link is not None:
            self.link.write(b"".join(out))

    def answered(self, answers: list[tuple[int, Applied]]) -> None:
        for serial, result in answers:
            saving, mark, _, future = self._waiting.pop(serial)
            future.set_result(saving.applied(mark, result))

    def lost(self, why: BaseException | None) -> None:
        """The link is gone: the writes whose answers it took are looked up on the store's
        thread, and the next go there."""
        self.link = None
        self._send()  # the riders, to the store's thread (the people's held: looked up below)
        waiting, self._waiting = self._waiting, {}
        if self._closed:  # the server stopped (its ledgers too): what it did not wait for is lost
            return
        log.warning("the store's writing process is gone (%r): writes go to the store's thread", why)
        for saving, mark, append, future in waiting.values():
            looked = self.fallback.call(_looked_up, self.store, append)
            looked.add_done_callback(lambda done, s=saving, m=mark, f=future: _settle(done, s, m, f))

    def close(self, timeout: float | None = None) -> bool:
        """No more writes here; the process ends once it wrote what it was sent (within
        `timeout` seconds when given). False when it has not ended by then."""
        self._closed = True
        if self.link is not None:
            self._send()  # what this turn held
            # the end now, not at the loop's next turn (the caller may be waiting below): what
            # the process was sent is written, then it stops
            with contextlib.suppress(OSError):
                self.link.get_extra_info("socket").shutdown(socket.SHUT_WR)
            self.link.close()
        if self.process is None:
            return True
        self.process.join(timeout)
        return not self.process.is_alive()


class _Link(asyncio.Protocol):
    """The loop's end of the socket: the answers, in frames as the writes (`HEADER`)."""

    def __init__(self, scribe: Scribe):
        self.scribe = scribe
        self.buffer = bytearray()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        small_reads(transport)
        self.scribe.link = transport
        self.scribe.up.set()

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        with cork.corked():  # the news these answers release: a socket write a client
            for answers in _unframed(self.buffer):
                self.scribe.answered(answers)

    def connection_lost(self, exc: Exception | None) -> None:
        self.scribe.lost(exc)


def _said(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning(
            "the store's writing process could not be joined (%r): writes stay on its thread",
            task.exception(),
        )


def _looked_up(store: Store, append: Append) -> Applied:
    """On the store's thread: whether an append whose answer was lost is in the store."""
    held = store.held(append.match_id)
    if held == append.mark:
        return ("stored", "")
    if held == append.held:
        return ("failed", "its writing process ended before it answered")
    return ("gone", "") if held is None else ("elsewhere", "")


def _settle(done: Future[Applied], saving: Saving, mark: Mark, future: Future[bool]) -> None:
    """On the store's thread: the looked-up write's outcome, to its ledger (which hands it to
    the loop, as every write's)."""
    error = done.exception()
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(saving.applied(mark, done.result()))


def serve(sock: socket.socket, path: str, busy_ms: int, cores: Cores | None = None) -> None:
    """The process (on `cores`): write what the loop sends until its end of the socket closes."""
    # Ctrl-C at a terminal reaches the whole group: the server stores its last moves, then
    # closes this link; only then does the process end
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    keep(cores)
    storedb.BUSY_MS = busy_ms  # as long as the server's own connection waits on another's lock
    conn = storedb.connect(path)
    storedb.prepare(conn)  # the file is the server's (checked there): its settings, on this connection
    store = Store(conn, Path(path))
    sock.sendall(READY)
    frames = _Frames(sock)
    while jobs := frames.take():
        results = store.apply_all([append for _, append in jobs])
        body = pickle.dumps([(serial, r) for (serial, _), r in zip(jobs, results, strict=True)])
        try:
            sock.sendall(HEADER.pack(len(body)) + body)
        except OSError:  # the server is gone: its next read finds the rows
            break
    store.close()


class _Frames:
    """The process's end of the socket: each read takes whatever the loop has sent by then
    (one system call for a batch, where a frame at a time cost three)."""

    def __init__(self, sock: socket.socket):
        self.sock = sock
        self.buffer = bytearray()
        self.ended = False

    def take(self) -> list[Any]:
        """The writes sent by now, in order (up to BATCH), waiting for one if none has come;
        none once the loop's end is closed and every write before it was taken."""
        while True:
            jobs = _unframed(self.buffer, BATCH)
            if jobs or self.ended:
                return jobs
            try:
                data = self.sock.recv(READ_BYTES)  # (more waits for the next read)
            except OSError:  # the server is gone: what came before is still written
                data = b""
            if not data:
                self.ended = True
            self.buffer += data


def _unframed(buffer: bytearray, most: int | None = None) -> list[Any]:
    """The whole frames at the start of `buffer` (at most `most`), unpickled and taken off it."""
    found, at = [], 0
    while (most is None or len(found) < most) and len(buffer) - at >= HEADER.size:
        (size,) = HEADER.unpack_from(buffer, at)
        if len(buffer) - at - HEADER.size < size:
            break
        found.append(pickle.loads(buffer[at + HEADER.size : at + HEADER.size + size]))
        at += HEADER.size + size
    del buffer[:at]
    return found
