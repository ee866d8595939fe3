"""Bots and hints thinking off the caller's thread, several at once.

Each job is keyed (a bot's seat, or a hint) and remembers the moment it was asked about.
Without an executor the jobs run synchronously when started (`sim`, game.automation, tests),
so a driven match is deterministic and nothing waits on a thread. `notify`, when given, is
called from a worker thread as a job finishes (a server's event loop wakes on it).

`MINDS` is where the app (its tables, its hints, the server it hosts) has its bots think: our
own bots in worker processes, so a hard bot's search never holds this process's interpreter
lock and the frame keeps its pace; an outside program's seat, a tutorial's scripted seat and
anything else on threads. The processes start on a background thread the first time a bot is
asked (start-up is not slowed); until they are up, and if they ever die, bots think on threads,
with the same answers (a bot's choice depends on its view, legal list, budget and random
source alone: all of them go to the worker).

In a worker, a job whose budget is timed (a person waits, and the clock ends the search on
time) thinks where only a core nothing else wants runs it while the machine has one to spare
(game/core/spare.py); a job under a work budget (`sim`, the tests, the bench) at nice 10.

Dropping a job stops its work (game/core/stopping.py): a queued one is cancelled or, already
handed to a worker, returns as it starts; a running one's search stops at its next iteration.
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
import time
import weakref
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, Future, InvalidStateError, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from game.core import stopping
from game.core.cores import Cores, keep
from game.core.spare import Placed

log = logging.getLogger(__name__)

# the random player's module: its bots think in worker processes, as every declared game's do
APART = "game.core.bots"
NICE = 10  # the workers' lower priority (Unix): a core both want goes to the app first


def apart(work: Callable[..., Any]) -> bool:
    """Whether `work` is one of our bots' methods (it and its arguments go to a worker process
    and back; its object keeps no state between moves)."""
    while isinstance(work, stopping.Ticketed | Costed):
        work = work.work
    owner = getattr(work, "__self__", None)
    if owner is None:
        return False
    module = type(owner).__module__
    if module == APART:
        return True
    from game.core import registry

    # a game's bots live in its ruleset's package (game.rules.jaipur, or a plugin's own)
    games = (p.ruleset.partition(":")[0].rpartition(".")[0] for p in registry.plugins().values())
    return any(module.startswith(package + ".") for package in games if package)


@dataclass(frozen=True)
class Costed:
    """`work`, answering with what it returned and the CPU seconds its thread spent on it:
    a bot's own cost, wherever it ran (game/core/weigh.py), not the time it waited there. None
    for a move a full collection of the interpreter's fell in: that cost is the process's (a
    server's heap, collected on its loop), not the bot's."""

    work: Callable[..., Any]
    clock: Callable[[], float] = time.thread_time

    def __call__(self, *args: Any, **kwargs: Any) -> tuple[Any, float | None]:
        full = _full_collections()
        started = self.clock()
        value = self.work(*args, **kwargs)
        spent = self.clock() - started
        return value, spent if _full_collections() == full else None


def _full_collections() -> int:
    return gc.get_stats()[-1]["collections"]  # the oldest generation's: the whole heap's


def _prepare(flags: Any, cores: Cores | None) -> None:
    """In each worker as it starts: it ends with the app (even one killed, which never says
    so: a worker holds its own queue's ends and would wait on it for ever), it sees the jobs
    dropped (`flags`, stopping.py), it runs on `cores` (a server's, game/core/cores.py), and
    every game's rules and bots are loaded before the first move."""
    from game.core import registry

    stopping.share(flags)
    keep(cores)
    # Ctrl-C at a terminal reaches the whole group: the app or the server decides what it
    # means (a worker interrupted mid-wait only printed a traceback), and a worker ends with it
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent.sentinel,), daemon=True).start()
    if hasattr(os, "setpriority"):  # where cores are short, the frame goes first (the budget is time)
        os.setpriority(os.PRIO_PROCESS, 0, NICE)

    for name in registry.games():
        rules = registry.get(name)
        for level in rules.bot_levels:
            rules.bot(level)


def _end_with(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])  # ready when the app's process is gone
    os._exit(0)


def _ready() -> bool:
    return True


class Minds(Executor):
    """Our bots in worker processes ('spawn': the same on every system, and in the bundle its
    own program again, build/launch.py), everything else on threads."""

    def __init__(self, processes: int, threads: int = 4):
        self.processes = processes
        self.threads = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="bot")
        # the moves of bots weighed light (game/core/weigh.py), one after another on one thread
        # of their own: a move that comes while another is thought is taken without a wake-up,
        # where the pool woke a thread a move (a server at 250 matches spent 4% more CPU so), and
        # nothing slow (a search not yet weighed, an outside program's wait) is queued before them
        self.light_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-light")
        self.pool: ProcessPoolExecutor | None = None  # set once its workers are up
        self.cores: Cores | None = None  # where the workers run, if set before `start`
        self.up = threading.Event()
        self.lock = threading.Lock()
        self.starting = False

    def start(self) -> None:
        """Start the workers on a background thread (once); `up` is set when they answer."""
        with self.lock:
            if self.starting:
                return
            self.starting = True
        threading.Thread(target=self._start, daemon=True, name="minds").start()

    def _start(self) -> None:
        if sys.platform == "linux":  # this thread alone (Linux's priorities are a thread's):
            # the workers it starts inherit it, so even their start-up gives way to the frame
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
        try:
            context = multiprocessing.get_context("spawn")
            pool = ProcessPoolExecutor(
                self.processes,
                mp_context=context,
                initializer=_prepare,
                initargs=(stopping.flags(), self.cores),
            )
            # as many at once as workers: each submit finding none idle starts one, here
            for answered in [pool.submit(_ready) for _ in range(self.processes)]:
                answered.result()
        except Exception as exc:  # no processes here (a restricted system): threads it is
            log.warning("bots think on threads: no worker processes (%r)", exc)
            return
        self.pool = pool
        self.up.set()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        pool = self.pool
        if not apart(fn) or pool is None:
            if apart(fn):
                self.start()
            return self.threads.submit(fn, *args, **kwargs)
        try:
            inner = pool.submit(Placed(fn), *args, **kwargs)
        except (BrokenProcessPool, RuntimeError):  # a worker died, or shut down: threads
            self.pool = None
            return self.threads.submit(fn, *args, **kwargs)
        outer: Future = Future()

        def settle(done: Future) -> None:
            if done.cancelled():
                outer.cancel()
            elif isinstance(done.exception(), BrokenProcessPool):  # thought again here
                self.pool = None
                again = self.threads.submit(fn, *args, **kwargs)
                again.add_done_callback(lambda f: copy(f, outer))
            else:
                copy(done, outer)

        inner.add_done_callback(settle)
        cancels(outer, inner)  # not yet sent: never is
        return outer

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pool, self.pool = self.pool, None
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=cancel_futures)
        self.threads.shutdown(wait=wait, cancel_futures=cancel_futures)
        self.light_thread.shutdown(wait=wait, cancel_futures=cancel_futures)


def cancels(outer: Future, inner: Future) -> None:
    """A cancel of `outer` cancels `inner` (work not started never is), through a weak reference:
    `inner`'s own callback holds `outer`, and the two holding each other would outlive the move
    until a full collection of the interpreter's (a server makes one every ten minutes,
    game/net/collector.py). An executor holds a job's future until it is done."""
    ref = weakref.ref(inner)
    outer.add_done_callback(lambda f: f.cancelled() and (work := ref()) is not None and work.cancel())


def copy(done: Future, into: Future) -> None:
    """`done`'s outcome (its answer, what it raised, or its cancel) into `into`."""
    try:
        if done.cancelled():
            into.cancel()
        elif done.exception() is not None:
            into.set_exception(done.exception())
        else:
            into.set_result(done.result())
    except InvalidStateError:  # dropped (cancelled) meanwhile: nobody waits for it
        pass


# the app's: every core but one, which stays the frame's or the server loop's (on two cores, two
# workers busy with hard bots stretched 250 other rooms' p99 from 8 ms to 50; one left it alone,
# docs/network.md); a bot and a hint wanted at once take turns there
MINDS = Minds(processes=max(1, min(4, (os.cpu_count() or 2) - 1)))


class Settled:
    """A job done at once (thinking with no executor): its answer or what it raised, read as a
    finished Future is. `sim`, the bench and the tests ask a bot at every move: no lock and no
    condition are made for an answer that is already there."""

    __slots__ = ("_value", "_error")

    def __init__(self, value: Any = None, error: BaseException | None = None):
        self._value, self._error = value, error

    def done(self) -> bool:
        return True

    def cancelled(self) -> bool:
        return False

    def cancel(self) -> bool:
        return False

    def result(self, timeout: float | None = None) -> Any:
        if self._error is not None:
            raise self._error
        return self._value

    def exception(self, timeout: float | None = None) -> BaseException | None:
        return self._error


@dataclass
class Job:
    future: Future | Settled
    at: int  # the log length it was asked at
    due: int  # the thinker's tick from which its answer may be used (a bot's pause)
    ticket: int = 0  # its stop flag's (stopping.py), 0 for one done at once


class Thinking:
    def __init__(self, executor: Executor | None = None, notify: Callable[[], None] | None = None):
        self.executor = executor
        self.notify = notify
        self.now = 0  # ticks given to `advance`
        self.jobs: dict[Hashable, Job] = {}

    @property
    def synchronous(self) -> bool:
        return self.executor is None

    def start(self, key: Hashable, at: int, wait: int, work: Callable[..., Any], *args: Any) -> None:
        self.drop(key)  # a job asked again: the old answer is never wanted
        ticket = 0
        future: Future | Settled
        if self.executor is None:
            try:
                future = Settled(work(*args))
            except Exception as exc:  # reported when the answer is collected, as from a thread
                future = Settled(error=exc)
        else:
            ticket = stopping.ticket()
            future = self.executor.submit(stopping.Ticketed(work, ticket), *args)
            if self.notify is not None:
                notify = self.notify
                future.add_done_callback(lambda _f: notify())
        self.jobs[key] = Job(future, at, self.now + max(0, wait), ticket)

    def __contains__(self, key: Hashable) -> bool:
        return key in self.jobs

    @property
    def busy(self) -> bool:
        return bool(self.jobs)

    def advance(self, n: int) -> None:
        self.now += n

    def ready(self, key: Hashable) -> Job | None:
        """The finished job under `key` whose pause is over, taken off the list; else None."""
        job = self.jobs.get(key)
        if job is None or job.due > self.now or not job.future.done():
            return None
        del self.jobs[key]
        return job

    def wait(self) -> int | None:
        """Ticks until the first finished job's pause is over (0: one is ready now), None when
        no job has finished yet."""
        done = [job.due - self.now for job in self.jobs.values() if job.future.done()]
        return max(0, min(done)) if done else None

    def drop(self, key: Hashable) -> None:
        """Forget the job under `key` and stop its work: cancelled while queued, else its
        search stops at its next iteration (a bot's budget's clock asks)."""
        job = self.jobs.pop(key, None)
        if job is not None and not job.future.done():
            job.future.cancel()
            stopping.drop(job.ticket)
