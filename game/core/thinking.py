"""Bots and hints thinking off the UI thread, several at once.

Each job is keyed (a bot's seat, or "hint") and remembers the log length it was asked at. Under
automation the jobs run synchronously when started, so a driven table is deterministic and
nothing waits on a thread.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

_EXECUTOR = ThreadPoolExecutor(max_workers=4, thread_name_prefix="bot")


@dataclass
class Job:
    future: Future
    at: int  # the log length when it was asked
    wait: int  # ticks it must still stay on screen before its answer is used (a bot's pause)


class Thinking:
    def __init__(self, synchronous: bool = False):
        self.synchronous = synchronous
        self.jobs: dict[Any, Job] = {}

    def start(self, key: Any, at: int, wait: int, work: Callable[..., Any], *args: Any) -> None:
        if self.synchronous:
            future: Future = Future()
            try:
                future.set_result(work(*args))
            except Exception as exc:  # reported when the answer is collected, as from a thread
                future.set_exception(exc)
        else:
            future = _EXECUTOR.submit(work, *args)
        self.jobs[key] = Job(future, at, wait)

    def __contains__(self, key: Any) -> bool:
        return key in self.jobs

    @property
    def busy(self) -> bool:
        return bool(self.jobs)

    def advance(self, n: int) -> None:
        for job in self.jobs.values():
            job.wait -= n

    def ready(self, key: Any) -> Job | None:
        """The finished job under `key` whose pause is over, taken off the list; else None."""
        job = self.jobs.get(key)
        if job is None or job.wait > 0 or not job.future.done():
            return None
        del self.jobs[key]
        return job

    def drop(self, key: Any) -> None:
        self.jobs.pop(key, None)
