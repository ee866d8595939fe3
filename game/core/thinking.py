"""Bots and hints thinking off the caller's thread, several at once.

Each job is keyed (a bot's seat, or a hint) and remembers the moment it was asked about.
Without an executor the jobs run synchronously when started (`sim`, game.automation, tests),
so a driven match is deterministic and nothing waits on a thread. `notify`, when given, is
called from the worker thread as a job finishes (a server's event loop wakes on it).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

POOL = ThreadPoolExecutor(max_workers=4, thread_name_prefix="bot")  # the app's shared workers


@dataclass
class Job:
    future: Future
    at: int  # the log length it was asked at
    due: int  # the thinker's tick from which its answer may be used (a bot's pause)


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
        if self.executor is None:
            future: Future = Future()
            try:
                future.set_result(work(*args))
            except Exception as exc:  # reported when the answer is collected, as from a thread
                future.set_exception(exc)
        else:
            future = self.executor.submit(work, *args)
            if self.notify is not None:
                notify = self.notify
                future.add_done_callback(lambda _f: notify())
        self.jobs[key] = Job(future, at, self.now + max(0, wait))

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
        self.jobs.pop(key, None)
