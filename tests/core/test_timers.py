"""Tick-driven timers: exact, ordered, and stopped by not ticking."""

from game.core.timers import Scheduler, ticks


def test_seconds_convert_to_ticks_at_60_per_second():
    assert ticks(45) == 2700 and ticks(0.5) == 30


def test_actions_run_when_due_in_order():
    s, seen = Scheduler(), []
    s.after(10, lambda: seen.append("b"))
    s.after(5, lambda: seen.append("a"))
    s.after(10, lambda: seen.append("c"))
    s.advance(4)
    assert seen == []
    s.advance(1)
    assert seen == ["a"]
    s.advance(100)
    assert seen == ["a", "b", "c"] and s.now == 105


def test_cancelled_timer_never_runs_and_pausing_is_not_ticking():
    s, seen = Scheduler(), []
    t = s.after(3, lambda: seen.append("x"))
    s.after(6, lambda: seen.append("y"))
    s.cancel(t)
    s.advance(5)
    assert seen == [] and s.pending == 1
    s.advance(1)
    assert seen == ["y"]


def test_a_timer_scheduled_by_an_action_counts_from_its_due_tick():
    s, seen = Scheduler(), []
    s.after(2, lambda: s.after(2, lambda: seen.append(s.now)))
    s.advance(10)
    assert seen == [4]
