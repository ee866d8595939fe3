"""Where our bots think: a worker process (game/core/thinking.py MINDS) for any bot whose move
may take a while, so a hard bot's search never holds the interpreter of the frame or of a
server's loop; a thread of our own process for a light one.

A job handed to a worker process costs about half a millisecond of CPU of our own and the
worker's (the arguments and the random source pickled, the pool's threads woken, the answer
brought back), some ten times an easy Jaipur bot's whole move. So each kind of bot (its class
and level) is weighed by the CPU its own moves took, wherever they ran (not the time a move
waited for a busy worker: a light bot weighed that way followed the hard ones into the worker
and waited there behind their searches): when the heaviest of its last WEIGHED_MOVES moves
took under LIGHT_SECONDS, it thinks on the light bots' one thread (`Minds.light_thread`), else
in a worker. The heaviest, not the middle: a hard Gin Rummy or Taj Mahal bot makes about half
its moves in a fraction of a millisecond (one card to draw, no choice worth a search) and the
rest in a tenth of a second or more, which must not hold the loop's interpreter. A move a full
collection of the interpreter's fell in is not weighed (`Costed`): the whole heap's collection
is the process's cost, not the bot's, and must not send an easy bot behind the hard ones'
searches. A kind not yet weighed goes to a worker once they are up; before, it is weighed on a
thread, and only a heavy one starts them: a table of light bots never starts a process. (A
light bot's move thought at once on the loop instead cost the server as much CPU at 250
matches, the thread's hand-offs against the loop's, and lengthened the round trips: on a thread
it runs while the loop waits on its sockets.) The answers are the same wherever a bot thinks
(its view, legal list, budget and random source go with it). `WEIGHED` is the app's and its
servers' (one weight per kind for all of them).
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future, InvalidStateError
from typing import Any

from game.core import stopping
from game.core.thinking import MINDS, Costed, Minds, apart, cancels, copy

LIGHT_SECONDS = 0.002  # a kind whose moves all take less thinks on a thread
WEIGHED_MOVES = 10  # a kind's weight: the heaviest of its last so many moves

Kind = tuple[type, Any]


class Weighed(Executor):
    """Our bots' work in `minds`' worker processes, or on its threads when light."""

    def __init__(self, minds: Minds, clock: Callable[[], float] = time.thread_time):
        self.minds = minds
        self.clock = clock  # a move's own CPU, in the thread that thinks it (there or here)
        self.costs: dict[Kind, deque[float]] = {}  # per kind of bot, its last moves' costs

    def light(self, kind: Kind) -> bool | None:
        """Whether a kind of bot is light: its last moves all were (None: not weighed yet)."""
        costs = self.costs.get(kind)
        return None if not costs else max(costs) < LIGHT_SECONDS

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        if not apart(fn):
            return self.minds.submit(fn, *args, **kwargs)
        bot = fn.work if isinstance(fn, stopping.Ticketed) else fn  # (a job's stop ticket)
        owner = getattr(bot, "__self__", bot)
        kind = (type(owner), getattr(owner, "level", None))  # a level's search is its own weight
        light = self.light(kind)
        job = Costed(fn, self.clock)
        if light:
            inner = self.minds.light_thread.submit(job, *args, **kwargs)
        elif light is None and self.minds.pool is None:
            inner = self.minds.threads.submit(job, *args, **kwargs)
        else:
            inner = self.minds.submit(job, *args, **kwargs)
        outer: Future = Future()
        inner.add_done_callback(lambda done: self._answered(kind, done, outer))
        cancels(outer, inner)  # dropped: never sent
        return outer

    def _answered(self, kind: Kind, done: Future, outer: Future) -> None:
        """The move's answer to whoever asked, its cost to its kind's weight."""
        if done.cancelled() or done.exception() is not None:
            copy(done, outer)
            return
        value, seconds = done.result()
        if seconds is not None:
            self._weigh(kind, seconds)
        with contextlib.suppress(InvalidStateError):  # dropped (cancelled) meanwhile: nobody waits
            outer.set_result(value)

    def _weigh(self, kind: Kind, seconds: float) -> None:
        self.costs.setdefault(kind, deque(maxlen=WEIGHED_MOVES)).append(seconds)
        if not self.light(kind):
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
