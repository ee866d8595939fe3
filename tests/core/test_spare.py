"""Where a worker's timed bot jobs think (game/core/spare.py): at SCHED_IDLE while the machine
has a core to spare, judged by what the last timed job got on its thread; at nice 10 once an
idle thread's job starved, until a nice-10 job got nearly a whole core. Jobs under a work
budget always think on the caller's (the worker's own) thread."""

from __future__ import annotations

import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from game.core import spare
from game.core.ruleset import AT_TABLE, Budget
from game.core.spare import FREE, JUDGED_S, STARVED, Placed, Verdict


def test_an_idle_threads_job_that_starved_sends_the_next_to_nice_10_until_one_there_gets_a_whole_core():
    verdict = Verdict()
    assert verdict.idle  # a fresh worker: the machine has a core to spare
    verdict.record(True, cpu=0.9, wall=1.0)
    assert verdict.idle
    verdict.record(True, cpu=(STARVED - 0.01), wall=1.0)  # under half a core at SCHED_IDLE
    assert not verdict.idle
    verdict.record(False, cpu=0.6, wall=1.0)  # nice 10 shared its core: still none spare
    assert not verdict.idle
    verdict.record(False, cpu=FREE, wall=1.0)  # nothing else wanted the core
    assert verdict.idle


def test_a_job_too_short_to_judge_changes_nothing():
    verdict = Verdict()
    verdict.record(True, cpu=0.0, wall=JUDGED_S / 2)
    assert verdict.idle
    verdict.idle = False
    verdict.record(False, cpu=JUDGED_S / 2, wall=JUDGED_S / 2)
    assert not verdict.idle


@pytest.fixture
def worker(monkeypatch):
    """This process as a worker with a fresh verdict; its idle thread an ordinary one (the test
    process is not put at SCHED_IDLE), named so the test sees where a job ran."""
    monkeypatch.setattr(spare, "VERDICT", Verdict())
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="idle")
    monkeypatch.setattr(spare, "_idle", pool)
    yield
    pool.shutdown(wait=True)


def where(budget: Budget, pause: float = 0.0) -> str:
    time.sleep(pause)  # waiting uses no CPU: to the verdict, a job that got none of its core
    return threading.current_thread().name


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux's scheduling policies")
def test_timed_jobs_go_to_the_idle_thread_until_one_starves_there_and_work_budgets_never_do(worker):
    here = threading.current_thread().name
    assert Placed(where)(Budget()) == here  # a work budget: the worker's own thread, always
    assert Placed(where)(AT_TABLE).startswith("idle")
    assert Placed(where)(AT_TABLE, 2 * JUDGED_S).startswith("idle")  # ...and got no CPU there
    assert not spare.VERDICT.idle
    assert Placed(where)(AT_TABLE) == here  # the next timed job: nice 10
