"""A hand of cards spread in a row, and card positions that glide when the order changes.

`spread` places cards left to right in groups (a gap between groups), overlapping as much as
the width needs; `insertion` says where a card dropped at some x would go. `Glide` keeps the
position each card is drawn at and eases it toward where it belongs, so sorting, regrouping
and drag-and-drop slide instead of jump. Any card game can use both.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

import pygame

Point = tuple[float, float]


def spread(
    groups: Sequence[int],
    centre_x: float,
    card_w: int,
    width: float,
    step: float,
    gap: float = 0.0,
    min_step: float = 16.0,
) -> list[float]:
    """The centre x of every card, group after group.

    Cards overlap so that `step` pixels of each show; when the whole row would be wider than
    `width` the step shrinks (never below `min_step`). Empty groups take no room.
    """
    sizes = [g for g in groups if g > 0]
    n = sum(sizes)
    if n == 0:
        return []
    gaps = gap * (len(sizes) - 1)
    if n > 1 and card_w + step * (n - 1) + gaps > width:
        step = max(min_step, (width - card_w - gaps) / (n - 1))
    total = card_w + step * (n - 1) + gaps
    x = centre_x - total / 2 + card_w / 2
    out: list[float] = []
    for size in sizes:
        for _ in range(size):
            out.append(x)
            x += step
        x += gap
    return out


def insertion(centres: Sequence[float], x: float) -> int:
    """The index a card dropped at `x` takes among cards centred at `centres` (left to right)."""
    return sum(1 for c in centres if c < x)


def fanned(images: Sequence[pygame.Surface], step: int) -> pygame.Surface:
    """Several cards overlapping left to right as one image (a meld picked up together)."""
    if len(images) == 1:
        return images[0]
    w, h = images[0].get_size()
    surface = pygame.Surface((w + step * (len(images) - 1), h), pygame.SRCALPHA)
    for k, image in enumerate(images):
        surface.blit(image, (step * k, 0))
    return surface


class Glide:
    """Drawn positions that ease toward their targets: a fraction `rate` of the way each tick."""

    def __init__(self, rate: float = 0.28) -> None:
        self.rate = rate
        self.pos: dict[Hashable, Point] = {}
        self.target: dict[Hashable, Point] = {}

    def aim(self, targets: dict[Hashable, Point]) -> None:
        """Set where every card belongs; a card seen for the first time starts there."""
        for key, point in targets.items():
            self.target[key] = point
            self.pos.setdefault(key, point)

    def forget(self, keys: Iterable[Hashable]) -> None:
        """Cards that left this place (they will start afresh wherever they appear next)."""
        for key in keys:
            self.pos.pop(key, None)
            self.target.pop(key, None)

    def keep_only(self, keys: Iterable[Hashable]) -> None:
        wanted = set(keys)
        for key in [k for k in self.pos if k not in wanted]:
            self.forget([key])

    def at(self, key: Hashable) -> Point:
        return self.pos.get(key) or self.target.get(key) or (0.0, 0.0)

    def advance(self, ticks: int) -> None:
        keep = (1 - self.rate) ** ticks
        for key, (tx, ty) in self.target.items():
            x, y = self.pos.get(key, (tx, ty))
            nx, ny = tx + (x - tx) * keep, ty + (y - ty) * keep
            if abs(nx - tx) < 0.5 and abs(ny - ty) < 0.5:
                nx, ny = tx, ty
            self.pos[key] = (nx, ny)

    @property
    def settled(self) -> bool:
        return all(self.pos.get(k) == t for k, t in self.target.items())
