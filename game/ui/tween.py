"""Tick-driven motion: a value moving from a to b over a number of ticks with easing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp2(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (lerp(a[0], b[0], t), lerp(a[1], b[1], t))


@dataclass
class Tween:
    """Progress from 0 to 1 over `duration` ticks, starting after `delay` ticks."""

    duration: int
    delay: int = 0
    ease: Callable[[float], float] = ease_out
    on_done: Callable[[], None] | None = None
    elapsed: int = 0
    payload: dict = field(default_factory=dict)

    def advance(self, ticks: int) -> bool:
        """Move on; True once finished (on_done runs exactly once)."""
        was_done = self.done
        self.elapsed += ticks
        if self.done and not was_done and self.on_done:
            self.on_done()
        return self.done

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def t(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.started else 0.0
        raw = (self.elapsed - self.delay) / self.duration
        return self.ease(max(0.0, min(1.0, raw)))


class Tweens:
    """A set of running tweens; the table waits for them before the next move."""

    def __init__(self) -> None:
        self.items: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        self.items.append(tween)
        return tween

    def advance(self, ticks: int) -> None:
        for tween in list(self.items):
            tween.advance(ticks)
        self.items = [t for t in self.items if not t.done]

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def finish(self) -> None:
        """Jump every tween to its end (a player in a hurry clicked)."""
        while self.items:
            self.advance(10**6)
