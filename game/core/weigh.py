"""Where a server's bots think: a worker process (game/core/thinking.py MINDS) for any bot
whose move takes a while, so a hard bot's search never holds the loop's interpreter; a thread of
the server's own process for a light one.

A job handed to a worker process costs the server about half a millisecond of CPU of its own
and the worker's (the arguments and the random source pickled, the pool's threads woken, the
answer brought back), some ten times an easy Jaipur bot's whole move. So each kind of bot is
weighed by its last move: under LIGHT_SECONDS (on a thread, the CPU it held the interpreter
for; in a worker, the time to its answer) it thinks on a thread next time, else in a worker.
A kind not yet weighed goes to a worker. The answers are the same wherever a bot thinks (its
view, legal list, budget and random source go with it).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

from game.core import stopping
from game.core.thinking import Minds, apart

LIGHT_SECONDS = 0.002  # a move that takes less holds the loop's interpreter for no longer


class Weighed(Executor):
    """Our bots' work in `minds`' worker processes, or on its threads when light."""

    def __init__(
        self,
        minds: Minds,
        clock: Callable[[], float] = time.perf_counter,
        thread_clock: Callable[[], float] = time.thread_time,
    ):
        self.minds = minds
        self.clock = clock  # a move in a worker: the time from asking to its answer
        self.thread_clock = thread_clock  # on a thread: its own CPU, whatever else ran meanwhile
        self.light: dict[type, bool] = {}  # per kind of bot, whether its last move was light

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        if not apart(fn):
            return self.minds.submit(fn, *args, **kwargs)
        bot = fn.work if isinstance(fn, stopping.Ticketed) else fn  # (a job's stop ticket)
        kind = type(getattr(bot, "__self__", bot))
        if self.light.get(kind, False):
            return self.minds.threads.submit(self._timed, kind, fn, *args, **kwargs)
        started = self.clock()
        future = self.minds.submit(fn, *args, **kwargs)
        # in a worker the time seen is an upper bound (a queue before it): light if it was light
        future.add_done_callback(lambda _f: self._weigh(kind, self.clock() - started))
        return future

    def _timed(self, kind: type, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        started = self.thread_clock()
        try:
            return fn(*args, **kwargs)
        finally:
            self._weigh(kind, self.thread_clock() - started)

    def _weigh(self, kind: type, seconds: float) -> None:
        self.light[kind] = seconds < LIGHT_SECONDS

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """The minds are shared (the app's): they are not ours to stop."""
