"""Our bots think in worker processes (game/core/thinking.py `Minds`, issue 51): each game's
hard bot plays a whole match there, choosing exactly what it chooses on this thread for the
same seed under an iterations budget (its view, legal list, budget and random source all
pickle, and it keeps nothing between moves). Every wait is on a future, bounded."""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Iterator
from typing import Any

import pytest

from game.core import bots, registry
from game.core.authority import Authority
from game.core.match import Match, Seat
from game.core.outside import ProgramBot
from game.core.referee import Referee
from game.core.ruleset import AT_TABLE, Budget
from game.core.spare import Placed
from game.core.thinking import MINDS, NICE, Minds, Thinking, apart

BUDGET = Budget(seconds=3600.0, iterations=12)  # short, and never cut by the clock
SECONDS = 120.0  # safety bound on any one answer
STEPS = 20_000
LATE_SECONDS = 0.3


@pytest.fixture(scope="module")
def minds() -> Iterator[Minds]:
    minds = Minds(processes=2)
    minds.start()
    assert minds.up.wait(SECONDS), "the worker processes did not start"
    yield minds
    minds.shutdown(wait=True, cancel_futures=True)


class Lockstep(Thinking):
    """Each job is waited for as it starts: the bot still thinks in a worker, but no tick passes
    while its answer is out. (A table does not wait: in a race a late answer goes in when it
    comes, and `referee.advance` moves time a tick at a time meanwhile, so which of two
    answers came first by the clock on the wall would decide their order.)"""

    def start(self, key: Any, at: int, wait: int, work: Any, *args: Any) -> None:
        super().start(key, at, wait, work, *args)
        self.jobs[key].future.result(SECONDS)


def late(work: Any, *args: Any) -> Any:
    """A job that answers late, as a worker behind others on a busy machine (in the worker)."""
    time.sleep(LATE_SECONDS)
    return work(*args)


def play(game: str, thinking: Thinking, seed: int) -> list[tuple[int, Any]]:
    """A match of hard bots to its end."""
    rules = registry.get(game)
    seats = [Seat(f"Hard {i + 1}", "bot", "hard") for i in range(max(2, rules.min_seats))]
    match = Match.new(rules, seats, {}, seed)
    players = {i: bots.for_seat(rules, s) for i, s in enumerate(seats)}
    referee = Referee(Authority(match), players, thinking, budget=BUDGET)
    try:
        for _ in range(STEPS):
            if match.finished:
                return [(c.seat, c.command) for c in match.commands]
            assert all(job.future.done() for job in thinking.jobs.values()), "every answer is in"
            referee.advance(min(referee.quiet(), 600))
        raise AssertionError(f"{game}: no end after {STEPS} steps")
    finally:
        referee.close()


@pytest.mark.parametrize("game", registry.games())  # every declared game, not a test's own
def test_a_hard_bot_in_a_worker_process_plays_as_it_does_here(minds, monkeypatch, game):
    sent = []
    pool = minds.pool
    assert pool is not None
    real = pool.submit

    def counted(fn, *args, **kwargs):
        sent.append(fn)
        if len(sent) == 1:  # the first answer comes late (a worker behind others): the same game
            return real(functools.partial(late, fn), *args, **kwargs)
        return real(fn, *args, **kwargs)

    monkeypatch.setattr(pool, "submit", counted)
    apart_moves = play(game, Lockstep(minds), seed=5)
    here = play(game, Thinking(), seed=5)
    assert apart_moves == here
    by_bots = [seat for seat, _ in here if seat is not None]  # not the rules' time entries
    assert len(sent) >= len(by_bots) > 0, "every bot move was thought in a worker process"
    assert all(fn.work.work.__self__.level == "hard" for fn in sent)  # Placed(Ticketed(choose)): its ticket


def test_an_outside_program_and_a_bot_of_elsewhere_think_on_threads():
    rules = registry.get("jaipur")
    assert apart(rules.bot("hard").choose) and apart(bots.RandomBot().choose)
    program = ProgramBot(["false"])
    try:
        assert not apart(program.choose)
    finally:
        program.close()

    class Spy:
        def choose(self, *args):
            return None

    assert not apart(Spy().choose) and not apart(print)


def test_the_workers_end_with_an_app_that_is_killed(tmp_path):
    """A killed app says nothing to its workers: each notices its parent gone and ends."""
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    script = (
        "from game.core.thinking import MINDS\n"
        "MINDS.start()\n"
        "assert MINDS.up.wait(120)\n"
        "print(*[p.pid for p in MINDS.pool._processes.values()], flush=True)\n"
        "import time; time.sleep(600)\n"
    )
    app = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert app.stdout is not None
        workers = [int(pid) for pid in app.stdout.readline().split()]
        assert len(workers) == MINDS.processes >= 1  # every core but one (at least one)
    finally:
        app.send_signal(signal.SIGKILL)
        app.wait(60)

    def alive(pid: int) -> bool:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return False
        return state not in ("Z", "X")

    for _ in range(600):  # a minute at most, as a safety bound: each ends as soon as it notices
        if not any(alive(pid) for pid in workers):
            break
        time.sleep(0.1)
    assert not any(alive(pid) for pid in workers), "a worker outlived the app"


def policy(budget: Budget) -> tuple[int, int]:
    """In a worker: the scheduling policy and nice value of the thread a job under `budget` ran on."""
    return os.sched_getscheduler(0), os.getpriority(os.PRIO_PROCESS, 0)


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux's scheduling policies")
def test_workers_think_below_the_frame_and_the_loop_and_a_work_budget_thinks_on_a_busy_machine(minds):
    """A worker runs at nice 10 under the ordinary policy: the frame and a server's loop go
    first, and where other programs keep every core busy it still gets its share. A job under a
    work budget always thinks there: at SCHED_IDLE beside two busy programs it got 0.4% of a
    core and a hard bot's move took minutes. A timed job thinks at SCHED_IDLE while the machine
    has a core to spare (game/core/spare.py; a fresh worker's verdict: it has)."""
    pool = minds.pool
    assert pool is not None
    assert pool.submit(os.sched_getscheduler, 0).result(SECONDS) == os.SCHED_OTHER
    assert pool.submit(os.getpriority, os.PRIO_PROCESS, 0).result(SECONDS) == NICE
    assert pool.submit(Placed(policy), BUDGET).result(SECONDS) == (os.SCHED_OTHER, NICE)
    assert pool.submit(Placed(policy), AT_TABLE).result(SECONDS)[0] == os.SCHED_IDLE
