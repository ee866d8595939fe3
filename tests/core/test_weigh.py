"""A server's bots: a light one (an easy Jaipur bot) thinks on a thread once weighed, where a job
costs a tenth of a worker process's round trip; a heavy one stays in the worker processes.
Each kind of bot is weighed apart, whatever wraps its move (its stop ticket), by the CPU of its
own moves (the clock read in the thread that thinks it), the heaviest of its last few: a search
bot whose moves are half quick (a hard Gin Rummy bot's) never searches on a thread."""

from __future__ import annotations

import gc
from concurrent.futures import Future, ThreadPoolExecutor

from game.core import registry, stopping, weigh
from game.core.match import Match, Seat
from game.core.rng import stream
from game.core.ruleset import Budget
from game.core.thinking import Costed
from game.core.weigh import Weighed


class Threads(ThreadPoolExecutor):
    """MINDS' threads, counted."""

    def __init__(self):
        super().__init__(1)
        self.used = 0

    def submit(self, fn, /, *args, **kwargs) -> Future:
        self.used += 1
        return super().submit(fn, *args, **kwargs)


class Minds:
    """MINDS as the server sees it, its 'processes' counted (run here, at once)."""

    def __init__(self, up: bool = True):
        self.threads = Threads()  # kinds not weighed yet, before the workers are up
        self.light_thread = Threads()  # kinds weighed light
        self.apart = 0
        self.pool = object() if up else None  # the workers are up
        self.started = 0

    def start(self) -> None:
        self.started += 1

    def submit(self, fn, /, *args, **kwargs) -> Future:
        self.apart += 1
        future: Future = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def moves(executor: Weighed, n: int, level: str = "easy") -> list:
    """`n` moves of a Jaipur bot, asked as Thinking asks (each under a stop ticket), one after
    another: each is weighed before the next is asked."""
    rules = registry.get("jaipur")
    match = Match.new(rules, [Seat("a", "online", ""), Seat("b", "bot", level)], {"first": 1}, 5)
    bot = rules.bot(level)
    view, legal = match.view(1), match.legal(1)
    answers = []
    for i in range(n):
        job = stopping.Ticketed(bot.choose, stopping.ticket())
        answers.append(executor.submit(job, view, legal, stream("bot", 5, 1, i), Budget()).result(30))
    return answers


def ticking(step: float):
    """A clock that moves `step` seconds each time it is read: every move takes `step`."""
    return costing([step] * 1000)


def costing(costs: list[float]):
    """A clock read twice a move (its start, its end): the moves take `costs`, in turn."""
    readings = iter([0.0] + [x for cost in costs for x in (cost, 0.0)])
    now = [0.0]

    def read() -> float:
        now[0] += next(readings)
        return now[0]

    return read


def test_a_light_bot_thinks_on_a_thread_once_weighed_a_heavy_one_in_a_worker():
    light = Minds()
    weighed = Weighed(light, ticking(weigh.LIGHT_SECONDS / 2))
    answers = moves(weighed, 5)
    used = (light.apart, light.light_thread.used, light.threads.used)
    assert used == (1, 4, 0), "weighed once in a worker, then on the light thread"
    # another kind is not taken for light: it is weighed in a worker first
    moves(weighed, 1, "medium")
    assert light.apart == 2
    heavy = Minds()
    same = moves(Weighed(heavy, ticking(weigh.LIGHT_SECONDS)), 5)
    assert same == answers, "the same answers wherever they were thought"
    assert (heavy.apart, heavy.light_thread.used, heavy.threads.used) == (5, 0, 0)
    for minds in (light, heavy):
        minds.threads.shutdown()
        minds.light_thread.shutdown()


def test_before_the_workers_are_up_a_light_bot_never_starts_them_and_a_heavy_one_does():
    cold = Minds(up=False)
    light = moves(Weighed(cold, ticking(weigh.LIGHT_SECONDS / 2)), 3)
    assert (cold.apart, cold.started) == (0, 0), "no process for light bots"
    assert (cold.threads.used, cold.light_thread.used) == (1, 2), "weighed on a thread, then on the light one"
    heavy = Minds(up=False)
    same = moves(Weighed(heavy, ticking(weigh.LIGHT_SECONDS)), 3)
    assert heavy.started > 0, "a heavy kind brings the workers up for its next move"
    assert heavy.light_thread.used == 0
    assert same == light
    for minds in (cold, heavy):
        minds.threads.shutdown()
        minds.light_thread.shutdown()


def test_a_kind_weighs_its_heaviest_recent_move():
    """A search bot whose moves are half quick (one card to draw) thinks in a worker every
    move: its slow ones must not hold the loop's interpreter. An easy bot's one slow move sends
    it to the workers until that move is WEIGHED_MOVES moves old, then it thinks on a thread
    again."""
    light, heavy = weigh.LIGHT_SECONDS / 2, weigh.LIGHT_SECONDS * 4
    searching = Minds()
    moves(Weighed(searching, costing([heavy, light] * 6)), 12, "medium")  # (a hard one's costs)
    assert searching.apart == 12, "every move in a worker"
    easy = Minds()
    n = weigh.WEIGHED_MOVES
    moves(Weighed(easy, costing([light, light, heavy] + [light] * (n + 2))), n + 5)
    # the first weighed in a worker, two on a thread (the second slow), n apart, two on a thread
    assert easy.apart == 1 + n
    assert searching.light_thread.used == 0
    assert easy.light_thread.used == 4, "two on the light thread before the n in a worker, two after"
    for minds in (searching, easy):
        minds.threads.shutdown()
        minds.light_thread.shutdown()


def test_a_move_a_full_collection_fell_in_is_not_weighed():
    """The whole heap collected in a light bot's move is the process's cost, not the bot's: the
    move is not weighed, and the kind stays where it thinks."""

    def collects() -> str:
        gc.collect()
        return "moved"

    assert Costed(collects, ticking(weigh.LIGHT_SECONDS * 4))() == ("moved", None)
    assert Costed(lambda: "moved", ticking(weigh.LIGHT_SECONDS / 2))() == ("moved", weigh.LIGHT_SECONDS / 2)
