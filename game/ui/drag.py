"""Drag and drop for cards (or anything drawn as one image).

Press on something, move a few pixels and it follows the pointer; release and the table asks
where it was dropped. Press and release without moving is a click, so one mouse gesture can
mean either, as players expect.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.ui.flights import shadow

THRESHOLD = 6  # pixels the pointer must travel before a press becomes a drag


@dataclass
class Drag:
    payload: Any  # what is being dragged, for the table to interpret
    image: pygame.Surface
    grab: tuple[float, float]  # pointer offset from the image centre at the press
    start: tuple[int, int]  # where the press happened
    pos: tuple[int, int]  # the pointer now
    active: bool = False  # moved past the threshold: a drag, not a click

    @property
    def centre(self) -> tuple[int, int]:
        return (int(self.pos[0] - self.grab[0]), int(self.pos[1] - self.grab[1]))


class DragDrop:
    def __init__(self) -> None:
        self.item: Drag | None = None

    def press(
        self, pos: tuple[int, int], payload: Any, image: pygame.Surface, centre: tuple[float, float]
    ) -> None:
        grab = (pos[0] - centre[0], pos[1] - centre[1])
        self.item = Drag(payload, image, grab, pos, pos)

    def move(self, pos: tuple[int, int]) -> bool:
        """Follow the pointer; True once the press has become a drag."""
        item = self.item
        if item is None:
            return False
        item.pos = pos
        if not item.active and max(abs(pos[0] - item.start[0]), abs(pos[1] - item.start[1])) >= THRESHOLD:
            item.active = True
        return item.active

    def release(self, pos: tuple[int, int]) -> Drag | None:
        """End the gesture: the Drag (check `.active` for drag versus click), or None."""
        item, self.item = self.item, None
        if item is not None:
            item.pos = pos
        return item

    def cancel(self) -> None:
        self.item = None

    @property
    def dragging(self) -> bool:
        return self.item is not None and self.item.active

    def payload(self) -> Any:
        return self.item.payload if self.dragging and self.item else None

    def draw(self, surface: pygame.Surface) -> None:
        if not self.dragging or self.item is None:
            return
        image = self.item.image
        rect = image.get_rect(center=self.item.centre)
        soft = shadow(rect.w, rect.h)
        surface.blit(soft, soft.get_rect(center=(rect.centerx + 8, rect.centery + 12)))
        surface.blit(image, rect)
