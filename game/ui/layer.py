"""A cached layer: what changes only when a move is made (the felt, the panels, a token pile)
is painted once and blitted every frame, and painted again only when its key changes."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame


class Layer:
    def __init__(self) -> None:
        self.key: Hashable = None
        self.surface: pygame.Surface | None = None
        self.paints = 0  # how often it was painted (a test can see it is not every frame)

    def draw(self, surface: pygame.Surface, key: Hashable, paint: Callable[[pygame.Surface], None]) -> None:
        if self.surface is None or key != self.key or self.surface.get_size() != surface.get_size():
            layer = pygame.Surface(surface.get_size())
            paint(layer)
            self.surface = layer.convert() if pygame.display.get_surface() else layer
            self.key = key
            self.paints += 1
        surface.blit(self.surface, (0, 0))
