"""Cards and tokens flying across the table, so a player sees what happened.

A table draws its *new* view while flights run, skipping every slot a flight is still
travelling to (its `mask`), and draws the flights on top. When the last one lands the table
is simply the new view again. Flights count ticks; nothing here reads the clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui.tween import ease_in_out, lerp, lerp2


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
        image = self.image
        shrink = lerp(1.0, self.end_scale, t)
        if self.flip_to is not None:
            # squash to nothing and open up again with the other face
            image = self.image if t < 0.5 else self.flip_to
            w = max(1, int(image.get_width() * abs(1 - 2 * t) * shrink))
            image = pygame.transform.smoothscale(image, (w, max(1, int(image.get_height() * shrink))))
        scale = (1 + 0.08 * 4 * t * (1 - t)) * (shrink if self.flip_to is None else 1)  # lifted mid-flight
        if abs(scale - 1) > 0.001 and self.flip_to is None:
            size = (int(image.get_width() * scale), int(image.get_height() * scale))
            image = pygame.transform.smoothscale(image, size)
        shadow = pygame.Rect(0, 0, image.get_width(), image.get_height())
        shadow.center = (int(x) + 6, int(y) + 8)
        pygame.draw.rect(surface, (10, 8, 14), shadow, border_radius=8)
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
