"""Where our bots think: a worker process (game/core/thinking.py MINDS) for any bot whose move
takes a while, so a hard bot's search never holds the interpreter of the frame or of a server's
loop; a thread of our own process for a light one.

A job handed to a worker process costs about half a millisecond of CPU of our own and the
worker's (the arguments and the random source pickled, the pool's threads woken, the answer
brought back), some ten times an easy Jaipur bot's whole move. So each kind of bot (its class
and level) is weighed by its last move: under LIGHT_SECONDS (on a thread, the CPU it held the
interpreter for; in a worker, the time to its answer) it thinks on a thread next time, else in
a worker. A kind not yet weighed goes to a worker once they are up; before, it is weighed on a
thread, and only a heavy one starts them: a table of light bots never starts a process. The
answers are the same wherever a bot thinks (its view, legal list, budget and random source go
with it). `WEIGHED` is the app's and its servers' (one weight per kind for all of them).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

from game.core import stopping
from game.core.thinking import MINDS, Minds, apart

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
        self.light: dict[tuple[type, Any], bool] = {}  # per kind of bot, whether its last move was light

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        if not apart(fn):
            return self.minds.submit(fn, *args, **kwargs)
        bot = fn.work if isinstance(fn, stopping.Ticketed) else fn  # (a job's stop ticket)
        owner = getattr(bot, "__self__", bot)
        kind = (type(owner), getattr(owner, "level", None))  # a level's search is its own weight
        light = self.light.get(kind)
        if light or (light is None and self.minds.pool is None):
            return self.minds.threads.submit(self._timed, kind, fn, *args, **kwargs)
        started = self.clock()
        future = self.minds.submit(fn, *args, **kwargs)
        # in a worker the time seen is an upper bound (a queue before it): light if it was light
        future.add_done_callback(lambda _f: self._weigh(kind, self.clock() - started))
        return future

    def _timed(self, kind: tuple[type, Any], fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        started = self.thread_clock()
        try:
            return fn(*args, **kwargs)
        finally:
            self._weigh(kind, self.thread_clock() - started)

    def _weigh(self, kind: tuple[type, Any], seconds: float) -> None:
        self.light[kind] = seconds < LIGHT_SECONDS
        if not self.light[kind]:
            self.minds.start()  # (once) the next move of its kind goes to a worker when up

    def start(self) -> None:
        """The workers brought up now (`up` is set once they answer)."""
        self.minds.start()

    @property
    def up(self) -> threading.Event:
        return self.minds.up

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """The minds are shared (the app's): they are not ours to stop."""


WEIGHED = Weighed(MINDS)
