"""Where things sit on the Ubongo table at 1280x720."""

from __future__ import annotations

import pygame

HEADER = pygame.Rect(16, 10, 860, 56)  # round, the die's symbol and the row it chose
PLAY = pygame.Rect(24, 78, 848, 522)  # the puzzle (board and tray) or the gem board
ACTION_BAR = pygame.Rect(16, 616, 920, 92)
GIVE_UP = pygame.Rect(ACTION_BAR.right - 200, ACTION_BAR.y + 16, 184, 64)

SIDE = pygame.Rect(892, 10, 372, 606)  # the hourglass and the players
# The hourglass stands in its room and turns over inside it (scaled a little where its tilted
# outline needs more): the time beside the room is never drawn over
GLASS_ROOM = pygame.Rect(SIDE.x + 10, SIDE.y + 8, 132, 168)
GLASS = pygame.Rect(0, 0, 76, 150)
GLASS.center = GLASS_ROOM.center
TIME_AT = (GLASS_ROOM.right + 18, SIDE.y + 62)
PLAYERS_Y = SIDE.y + 186
PLAYER_H = 104  # one row per seat: up to four fit

# The gem board (start fields, and once a person has solved): a start field, then 12 gems, per
# row; beneath it, the corner where the person's own puzzle stays in sight, frozen
ROW_H = 60
GEM_ROWS_RECT = pygame.Rect(PLAY.x + 8, PLAY.y + 48, PLAY.w - 16, 6 * ROW_H)
# above the rows, the board's title and its note (no tooltip covers them)
GEM_CAPTION = pygame.Rect(PLAY.x + 8, PLAY.y + 2, PLAY.w - 16, 36)
CORNER = pygame.Rect(PLAY.x + 8, GEM_ROWS_RECT.bottom + 6, 150, PLAY.bottom - GEM_ROWS_RECT.bottom - 12)
START_W = 170  # the start fields, where the pawns stand
GEM_STEP = 54

DIE_BIG = pygame.Rect(0, 0, 150, 150)
DIE_BIG.center = (PLAY.centerx, PLAY.centery - 30)
DIE_SMALL = pygame.Rect(HEADER.x + 170, HEADER.y + 4, 48, 48)


def player_rect(index: int) -> pygame.Rect:
    return pygame.Rect(SIDE.x + 10, PLAYERS_Y + index * PLAYER_H, SIDE.w - 20, PLAYER_H - 8)


def row_rect(row: int) -> pygame.Rect:
    return pygame.Rect(GEM_ROWS_RECT.x, GEM_ROWS_RECT.y + row * ROW_H, GEM_ROWS_RECT.w, ROW_H - 6)


def gem_centre(row: int, index: int) -> tuple[int, int]:
    """Where the `index`-th gem from the head of a row lies (the head at the left)."""
    r = row_rect(row)
    return (r.x + START_W + 34 + index * GEM_STEP, r.centery)


def pawn_centre(row: int, seat: int) -> tuple[int, int]:
    """Pawns on one start field stand side by side, right of the row's number."""
    r = row_rect(row)
    return (r.x + 54 + seat * 34, r.centery)
