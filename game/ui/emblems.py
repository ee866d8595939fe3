"""Small drawn emblems for each game, used on the menu tiles."""

from __future__ import annotations

import pygame

GOODS = [(200, 60, 70), (230, 180, 60), (190, 196, 206), (150, 90, 170), (220, 120, 50), (140, 90, 50)]


def _card(surface, rect, fill, border=(250, 244, 230)):
    pygame.draw.rect(surface, fill, rect, border_radius=6)
    pygame.draw.rect(surface, border, rect, 2, border_radius=6)


def jaipur(surface: pygame.Surface, c: tuple[int, int]) -> None:
    for i, colour in enumerate(GOODS[:5]):
        rect = pygame.Rect(0, 0, 34, 50)
        rect.center = (c[0] - 56 + i * 28, c[1] + abs(i - 2) * 4)
        _card(surface, rect, colour)


def ginrummy(surface: pygame.Surface, c: tuple[int, int]) -> None:
    for i in range(5):
        rect = pygame.Rect(0, 0, 36, 52)
        rect.center = (c[0] - 48 + i * 24, c[1])
        _card(surface, rect, (248, 246, 240), (60, 60, 70))
        red = i % 2 == 0
        pygame.draw.circle(surface, (200, 40, 50) if red else (30, 30, 40), (rect.x + 10, rect.y + 12), 4)


def tajmahal(surface: pygame.Surface, c: tuple[int, int]) -> None:
    x, y = c
    ivory = (246, 238, 220)
    pygame.draw.rect(surface, ivory, (x - 44, y - 2, 88, 30))
    pygame.draw.circle(surface, ivory, (x, y - 6), 24)
    pygame.draw.polygon(surface, ivory, [(x - 4, y - 30), (x, y - 42), (x + 4, y - 30)])
    for dx in (-58, 58):
        pygame.draw.rect(surface, ivory, (x + dx - 4, y - 30, 8, 58))
    pygame.draw.rect(
        surface, (60, 50, 80), (x - 9, y + 8, 18, 20), border_top_left_radius=9, border_top_right_radius=9
    )


def ubongo(surface: pygame.Surface, c: tuple[int, int]) -> None:
    cells = {
        (0, 0): 0,
        (1, 0): 0,
        (1, 1): 0,
        (2, 1): 1,
        (3, 1): 1,
        (3, 0): 1,
        (0, 1): 2,
        (0, 2): 2,
        (1, 2): 3,
        (2, 2): 3,
        (3, 2): 3,
    }
    colours = [(86, 180, 233), (230, 159, 0), (0, 158, 115), (204, 121, 167)]
    size = 20
    ox, oy = c[0] - 2 * size, c[1] - int(1.5 * size)
    for (cx, cy), k in cells.items():
        rect = pygame.Rect(ox + cx * size, oy + cy * size, size - 2, size - 2)
        pygame.draw.rect(surface, colours[k], rect, border_radius=4)


EMBLEMS = {"jaipur": jaipur, "ginrummy": ginrummy, "tajmahal": tajmahal, "ubongo": ubongo}
