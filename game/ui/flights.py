"""Cards and tokens flying across the table, so a player sees what happened.

A table draws its *new* view while flights run, skipping every slot a flight is still
travelling to (its `mask`), and draws the flights on top. When the last one lands the table
is simply the new view again. Flights count ticks; nothing here reads the clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pygame

from game.ui.tween import ease_in_out, lerp, lerp2


@cache
def shadow(w: int, h: int) -> pygame.Surface:
    """A soft dark shape under something lifted off the table (cached per size)."""
    surface = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
    for k, alpha in ((0, 40), (2, 60), (4, 80)):
        pygame.draw.rect(surface, (6, 4, 10, alpha), (k, k, w + 8 - 2 * k, h + 8 - 2 * k), border_radius=10)
    return surface


@dataclass
class Flight:
    image: pygame.Surface
    start: tuple[float, float]  # centre positions
    end: tuple[float, float]
    duration: int
    delay: int = 0
    mask: Any = None  # the slot this flight fills, hidden until it lands
    on_land: Callable[[], None] | None = None
    flip_to: pygame.Surface | None = None  # turn over halfway (a card revealed as it travels)
    arc: float = 0.0  # lift in pixels at the middle of the path
    end_scale: float = 1.0  # size on landing, relative to the image (a card going far away)
    elapsed: int = 0
    landed: bool = field(default=False)

    def advance(self, ticks: int) -> None:
        self.elapsed += ticks
        if not self.landed and self.elapsed >= self.delay + self.duration:
            self.landed = True
            if self.on_land:
                self.on_land()

    @property
    def t(self) -> float:
        raw = (self.elapsed - self.delay) / max(1, self.duration)
        return ease_in_out(max(0.0, min(1.0, raw)))

    def draw(self, surface: pygame.Surface) -> None:
        if self.elapsed < self.delay or self.landed:
            return
        t = self.t
        x, y = lerp2(self.start, self.end, t)
        y -= self.arc * 4 * t * (1 - t)
        shrink = lerp(1.0, self.end_scale, t)
        if self.flip_to is not None:
            # squash to nothing and open up again with the other face
            image = self.image if t < 0.5 else self.flip_to
            w = max(1, int(image.get_width() * abs(1 - 2 * t) * shrink))
            image = pygame.transform.smoothscale(image, (w, max(1, int(image.get_height() * shrink))))
        else:
            image = self.image
            scale = (1 + 0.08 * 4 * t * (1 - t)) * shrink  # a little larger mid-flight, as if lifted
            if abs(scale - 1) > 0.001:
                size = (int(image.get_width() * scale), int(image.get_height() * scale))
                image = pygame.transform.smoothscale(image, size)
        soft = shadow(image.get_width(), image.get_height())
        surface.blit(soft, soft.get_rect(center=(int(x) + 6, int(y) + 8)))
        surface.blit(image, image.get_rect(center=(int(x), int(y))))


class Flights:
    def __init__(self) -> None:
        self.items: list[Flight] = []

    def add(self, flight: Flight) -> Flight:
        self.items.append(flight)
        return flight

    def advance(self, ticks: int) -> None:
        for flight in self.items:
            flight.advance(ticks)
        self.items = [f for f in self.items if not f.landed]

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def masked(self, key: Any) -> bool:
        return any(f.mask == key for f in self.items)

    def finish(self) -> None:
        for flight in list(self.items):
            flight.advance(10**6)
        self.items = []

    def draw(self, surface: pygame.Surface) -> None:
        for flight in sorted(self.items, key=lambda f: f.elapsed >= f.delay):
            flight.draw(surface)


def lerp_colour(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (int(lerp(a[0], b[0], t)), int(lerp(a[1], b[1], t)), int(lerp(a[2], b[2], t)))


class Choreography:
    """Adds flights one after another, each starting `gap` ticks after the one before, timed by
    the animation-speed setting (`speed` scales ticks) and landing with a sound. A subclass
    turns each game event into flights in a method `on_<event type>`."""

    step = 26  # ticks one flight takes
    gap = 7  # ticks between the starts of two flights

    def __init__(
        self,
        flights: Flights,
        speed: Callable[[float], int],
        sound: Callable[[str], None],
        delay: int = 0,  # ticks before the first flight starts
    ):
        self.flights, self.speed, self.sound = flights, speed, sound
        self.delay = delay
        self.instant = speed(self.step) == 0  # the animation setting is Instant: no flights
        self.heard: set[str] = set()

    def fly(
        self,
        image: pygame.Surface,
        start: tuple[float, float],
        end: tuple[float, float],
        mask: Any = None,
        flip_to: pygame.Surface | None = None,
        arc: float = 30.0,
        sound: str | None = "card",
        gap: int | None = None,
        step: int | None = None,
        end_scale: float = 1.0,
    ) -> Flight:
        if self.instant:  # land at once; each sound is heard once per batch, not once per card
            if sound and sound not in self.heard:
                self.heard.add(sound)
                self.sound(sound)
            return Flight(image, start, end, 0, 0, mask, landed=True)
        landing = (lambda: self.sound(sound)) if sound else None
        flight = Flight(
            image,
            start,
            end,
            self.speed(step or self.step),
            self.speed(self.delay),
            mask,
            landing,
            flip_to,
            arc,
            end_scale,
        )
        self.delay += self.gap if gap is None else gap
        return self.flights.add(flight)

    def batch(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            handler = getattr(self, f"on_{event['type']}", None)
            if handler:
                handler(event)
