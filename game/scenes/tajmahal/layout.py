"""Where everything sits on the Taj Mahal table (logical 1280 x 720).

The map fills the left, scaled from the level's 768 x 704 pixels; the own hand lies under
it. The right-hand panel holds, top to bottom: the visit and the display with the deck and
discard counts, one row per player (cards played this visit by category, tiles, goods,
score), the action bar, and the buttons.
"""

from __future__ import annotations

import pygame

MAP_SCALE = 0.9
MAP_ORIGIN = (4, 4)
MAP_RECT = pygame.Rect(4, 4, round(768 * MAP_SCALE), round(704 * MAP_SCALE))


def on_map(x: float, y: float) -> tuple[int, int]:
    """A point of the level file on the screen."""
    return (round(MAP_ORIGIN[0] + x * MAP_SCALE), round(MAP_ORIGIN[1] + y * MAP_SCALE))


CARD_W, CARD_H = 50, 70
MINI_W, MINI_H = 22, 28  # a played card in a player's row: a chip with its symbols

# The own hand, under the map.
HAND_Y = 677  # the focus ring around a card stays inside the window
HAND_LEFT = 10
HAND_RIGHT = MAP_RECT.right - 6
LIFT = 10


def hand(j: int, n: int) -> tuple[int, int]:
    step = min(CARD_W + 6, (HAND_RIGHT - HAND_LEFT - CARD_W) / max(1, n - 1))
    return (round(HAND_LEFT + CARD_W / 2 + step * j), HAND_Y)


PANEL = pygame.Rect(702, 4, 574, 520)
PX = PANEL.x + 10  # the panel's left margin

HEADER_Y = 20
DISPLAY_Y = 94  # the centre line of the display's cards
DISPLAY_LEFT = PX + 26


def display(i: int) -> tuple[int, int]:
    return (DISPLAY_LEFT + 54 * i, DISPLAY_Y)


DECK = (PANEL.right - 56, DISPLAY_Y)
CAPTION_Y = DISPLAY_Y + 45  # under the display and the deck

# Player rows, under a header of two lines: each category's symbol, then its name.
CAT_SYMBOL_Y = 156
CATS_Y = 172  # the categories' names, "Played this visit" and "Score"
ROWS_TOP = 181
ROWS_BOTTOM = PANEL.bottom - 4
CAT_X = PX + 172  # the first category column's centre
CAT_STEP = 46
NAME_DY, PLAYS_DY = 12, 27  # a row's name and the line under it ("plays red", "withdrawn")


def row(seat: int, seats: int) -> pygame.Rect:
    h = (ROWS_BOTTOM - ROWS_TOP) // seats
    return pygame.Rect(PANEL.x + 4, ROWS_TOP + h * seat, PANEL.w - 8, h - 4)


def category(k: int) -> int:
    return CAT_X + CAT_STEP * k


def played(seat: int, seats: int, k: int, n: int) -> tuple[int, int]:
    """The k-th of n cards a player played this visit, a chip under their name; side by side
    up to six, closer beyond (they stop short of the belongings under the categories)."""
    r = row(seat, seats)
    span = category(0) - 22 - (r.x + 12)
    step = min(MINI_W + 3, (span - MINI_W) / max(1, n - 1))
    return (round(r.x + 12 + MINI_W / 2 + step * k), r.bottom - MINI_H // 2 - 1)


def score_at(seat: int, seats: int) -> tuple[int, int]:
    r = row(seat, seats)
    return (r.right - 12, r.y + 18)


ACTION_BAR = pygame.Rect(702, 528, 574, 96)
PLAY_RECT = (702, 632, 118, 64)
WITHDRAW_RECT = (826, 632, 118, 64)
