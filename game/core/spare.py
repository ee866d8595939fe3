"""Timed bot jobs on the cores nothing else wants (in a worker process, Linux).

A worker thinks at nice 10, so the frame and a server's loop go first; but a core busy with a
nice-10 search is not a free core to Linux: a waking server loop is put behind the search's
turn (on two cores, while four hard bots thought in a server's one worker, its loop waited for a
CPU 0.8 to 1.0 s more in 10 s). A thread at SCHED_IDLE leaves its core counted free, and
anything that wakes takes it at once (0.2 to 0.3 s more). But SCHED_IDLE beside programs that
keep every core busy gets about 0.3% of a core: a hard Taj Mahal bot's move took 7.5 s instead
of under one.

So a job whose budget is timed (a person waits; the clock ends the search on time) goes to the
worker's idle thread while the machine has a core to spare, judged by what the last timed job
got on its thread: an idle thread's job that got under half a core says there is none, and the
next go to the worker's own nice-10 thread; a nice-10 job that got nine tenths of a core says
nothing else wanted it, and the next go back to the idle thread. A job under a work budget
(`sim`, the tests, the bench) always stays at nice 10: it must end, however busy the machine.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from game.core.ruleset import Budget

STARVED = 0.5  # an idle thread's job that got less of a core than this: no core is spare
FREE = 0.9  # a nice-10 job that got this much of a core: nothing else wanted it
JUDGED_S = 0.05  # a job shorter than this (wall seconds) says too little to judge by


class Verdict:
    """Where a worker's next timed job goes (`idle`), from what the last ones got."""

    def __init__(self) -> None:
        self.idle = True

    def record(self, idle: bool, cpu: float, wall: float) -> None:
        """A timed job that ran `wall` seconds on the idle thread (or not) and used `cpu` of them."""
        if wall < JUDGED_S:
            return
        share = cpu / wall
        if idle and share < STARVED:
            self.idle = False
        elif not idle and share >= FREE:
            self.idle = True


@dataclass(frozen=True)
class Placed:
    """`work` in a worker process, on the thread its budget and the machine call for."""

    work: Callable[..., Any]

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not any(isinstance(a, Budget) and a.timed for a in args) or not hasattr(os, "SCHED_IDLE"):
            return self.work(*args, **kwargs)
        if VERDICT.idle:
            return _idle_thread().submit(_judged, True, self.work, *args, **kwargs).result()
        return _judged(False, self.work, *args, **kwargs)


VERDICT = Verdict()  # this worker's
_idle: ThreadPoolExecutor | None = None  # this worker's idle thread, made at its first timed job


def _judged(idle: bool, work: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    wall, cpu = time.perf_counter(), time.thread_time()
    try:
        return work(*args, **kwargs)
    finally:
        VERDICT.record(idle, time.thread_time() - cpu, time.perf_counter() - wall)


def _idle_thread() -> ThreadPoolExecutor:
    global _idle
    if _idle is None:
        _idle = ThreadPoolExecutor(max_workers=1, thread_name_prefix="idle", initializer=_to_idle)
    return _idle


def _to_idle() -> None:
    """This thread at SCHED_IDLE (Linux's policies are a thread's); left at nice 10 if refused."""
    with contextlib.suppress(OSError):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
