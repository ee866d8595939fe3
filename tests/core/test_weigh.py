"""A server's bots: a light one (an easy Jaipur bot) thinks on a thread once weighed, where a job
costs a tenth of a worker process's round trip; a heavy one stays in the worker processes.
Each kind of bot is weighed apart, whatever wraps its move (its stop ticket), by the CPU of its
own moves (the clock read in the thread that thinks it), the middle of its last three: one odd
move does not move it."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from game.core import registry, stopping, weigh
from game.core.match import Match, Seat
from game.core.rng import stream
from game.core.ruleset import Budget
from game.core.weigh import Weighed


class Minds:
    """MINDS as the server sees it, its 'processes' counted (run here, at once)."""

    def __init__(self, up: bool = True):
        self.threads = ThreadPoolExecutor(1)
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
    assert light.apart == 1, "weighed once in a worker, then on a thread"
    # another kind is not taken for light: it is weighed in a worker first
    moves(weighed, 1, "medium")
    assert light.apart == 2
    heavy = Minds()
    same = moves(Weighed(heavy, ticking(weigh.LIGHT_SECONDS)), 5)
    assert same == answers, "the same answers wherever they were thought"
    assert heavy.apart == 5
    light.threads.shutdown()
    heavy.threads.shutdown()


def test_before_the_workers_are_up_a_light_bot_never_starts_them_and_a_heavy_one_does():
    cold = Minds(up=False)
    light = moves(Weighed(cold, ticking(weigh.LIGHT_SECONDS / 2)), 3)
    assert (cold.apart, cold.started) == (0, 0), "weighed on a thread: no process for light bots"
    heavy = Minds(up=False)
    same = moves(Weighed(heavy, ticking(weigh.LIGHT_SECONDS)), 3)
    assert heavy.started > 0, "a heavy kind brings the workers up for its next move"
    assert same == light
    cold.threads.shutdown()
    heavy.threads.shutdown()


def test_one_slow_move_keeps_a_light_bot_on_its_thread_and_one_quick_one_a_heavy_bot_apart():
    """An easy bot whose one move was slow (a collection fell in it) stays on a thread: it is
    not sent to the workers, where it would wait behind the hard bots' searches; a hard bot
    whose one move was quick (a single legal move) is not brought onto a thread for its next."""
    light, heavy = weigh.LIGHT_SECONDS / 2, weigh.LIGHT_SECONDS * 4
    easy = Minds()
    moves(Weighed(easy, costing([light, light, heavy, light, light])), 5)
    assert easy.apart == 1, "weighed once in a worker, then on a thread, the slow move too"
    hard = Minds()
    moves(Weighed(hard, costing([heavy, heavy, light, heavy])), 4, "medium")  # (its costs, a hard one's)
    assert hard.apart == 4, "every move in a worker"
    mostly = Minds()
    moves(Weighed(mostly, costing([light, heavy, heavy, light])), 4)
    assert mostly.apart == 3, "two slow moves of three: the workers, until most are quick again"
    for minds in (easy, hard, mostly):
        minds.threads.shutdown()
