"""Dropping a job stops its work (game/core/thinking.py, game/core/stopping.py; issue 52): a
queued job never runs, a running search stops at its next iteration, and the worker (a thread
or a process) is free for the next job. The jobs dropped are Jaipur's hard search over a
billion rollouts, days of work: only a drop ends them within the bounds, which are safety
bounds on waits for an event or a future, never a measure of time."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from game.core import bots, registry, stopping
from game.core.match import Match, Seat
from game.core.ruleset import Budget
from game.core.thinking import Minds, Thinking

ENDLESS = Budget(iterations=10**9)
BOUND = 60.0  # seconds: a safety bound on each wait


def turn() -> tuple[dict, list, random.Random]:
    """Jaipur's first turn: many legal moves, so hard searches."""
    rules = registry.get("jaipur")
    match = Match.new(rules, [Seat("A", "bot", "hard"), Seat("B", "bot", "hard")], {}, 3)
    (seat,) = match.to_act
    return match.view(seat), match.legal(seat), random.Random(1)


class Started:
    """Jaipur's hard bot, saying when its search starts."""

    level = "hard"

    def __init__(self) -> None:
        self.started = threading.Event()
        self.bot = registry.get("jaipur").bot("hard")

    def choose(self, view: Any, legal: list, rng: random.Random, budget: Budget) -> Any:
        self.started.set()
        return self.bot.choose(view, legal, rng, budget)


def test_a_dropped_job_on_a_thread_stops_and_a_queued_one_never_runs():
    view, legal, rng = turn()
    pool = ThreadPoolExecutor(max_workers=1)
    try:
        thinking = Thinking(pool)
        running, queued = Started(), Started()
        thinking.start("a", 0, 0, running.choose, view, legal, rng, ENDLESS)
        thinking.start("b", 0, 0, queued.choose, view, legal, rng, ENDLESS)  # behind it: one worker
        assert running.started.wait(BOUND)
        first, second = thinking.jobs["a"].future, thinking.jobs["b"].future
        thinking.drop("b")
        thinking.drop("a")
        assert not thinking.busy
        assert second.cancelled()
        assert first.result(BOUND) in legal  # the search stopped with its best so far
        assert pool.submit(lambda: "free").result(BOUND) == "free"
        assert not queued.started.is_set()
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def test_a_job_asked_again_stops_the_one_before():
    view, legal, rng = turn()
    pool = ThreadPoolExecutor(max_workers=1)
    try:
        thinking = Thinking(pool)
        old = Started()
        thinking.start("a", 0, 0, old.choose, view, legal, rng, ENDLESS)
        assert old.started.wait(BOUND)
        before = thinking.jobs["a"].future
        thinking.start("a", 1, 0, registry.get("jaipur").bot("easy").choose, view, legal, rng, Budget())
        assert before.result(BOUND) in legal
        assert thinking.jobs["a"].future.result(BOUND) in legal
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


@pytest.fixture(scope="module")
def minds() -> Iterator[Minds]:
    minds = Minds(processes=1)  # one worker: the next job waits for it
    minds.start()
    assert minds.up.wait(BOUND), "the worker process did not start"
    yield minds
    minds.shutdown(wait=True, cancel_futures=True)


def test_the_worker_processes_see_the_drops_made_here(minds, monkeypatch):
    view, legal, rng = turn()
    sent = []
    pool = minds.pool
    assert pool is not None
    real = pool.submit
    monkeypatch.setattr(pool, "submit", lambda fn, *a: sent.append(fn) or real(fn, *a))
    dropped, kept = stopping.ticket(), stopping.ticket()
    stopping.drop(dropped)
    work = bots.RandomBot().choose
    assert minds.submit(stopping.Ticketed(work, dropped), view, legal, rng, Budget()).result(BOUND) is None
    assert minds.submit(stopping.Ticketed(work, kept), view, legal, rng, Budget()).result(BOUND) in legal
    assert len(sent) == 2, "both went to the worker process"


def test_a_job_dropped_in_a_worker_process_frees_the_worker(minds):
    view, legal, rng = turn()
    hard = registry.get("jaipur").bot("hard")
    thinking = Thinking(minds)
    thinking.start("a", 0, 0, hard.choose, view, legal, rng, ENDLESS)
    thinking.drop("a")
    thinking.start("b", 0, 0, hard.choose, view, legal, rng, Budget(iterations=40))
    assert thinking.jobs["b"].future.result(BOUND) in legal
