"""Helpers for the small emblems drawn on the menu's game tiles and the rules index. Each game
draws its own (its `TableSpec.emblem`, in game/scenes/<game>/spec.py)."""

from __future__ import annotations

import pygame


def card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: tuple[int, int, int],
    border: tuple[int, int, int] = (250, 244, 230),
) -> None:
    """A small rounded card with a border."""
    pygame.draw.rect(surface, fill, rect, border_radius=6)
    pygame.draw.rect(surface, border, rect, 2, border_radius=6)
