"""Timers that count ticks of game time (60 a second), never wall time.

Tests advance time exactly by calling `advance`; pausing is simply not advancing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

TICKS_PER_SECOND = 60


def ticks(seconds: float) -> int:
    return round(seconds * TICKS_PER_SECOND)


@dataclass(order=True)
class _Timer:
    due: int
    order: int
    action: Callable[[], None] = field(compare=False)
    cancelled: bool = field(default=False, compare=False)


class Scheduler:
    """Runs actions after a number of ticks, in due order (ties in scheduling order)."""

    def __init__(self) -> None:
        self.now = 0
        self._timers: list[_Timer] = []
        self._count = 0

    def after(self, delay: int, action: Callable[[], None]) -> _Timer:
        self._count += 1
        timer = _Timer(self.now + max(0, delay), self._count, action)
        self._timers.append(timer)
        self._timers.sort()
        return timer

    def cancel(self, timer: _Timer) -> None:
        timer.cancelled = True

    def clear(self) -> None:
        self._timers.clear()

    @property
    def pending(self) -> int:
        return sum(not t.cancelled for t in self._timers)

    def advance(self, n: int = 1) -> None:
        target = self.now + n
        while self._timers and self._timers[0].due <= target:
            timer = self._timers.pop(0)
            self.now = max(self.now, timer.due)
            if not timer.cancelled:
                timer.action()
        self.now = target
