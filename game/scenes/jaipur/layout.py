"""Where everything sits on the Jaipur table (logical 1280 x 720).

Three bands on the felt: the opponent (or the solo rule bot) at the top, the market in the
middle, the person at the screen at the bottom; the token piles and the log on the right.
"""

from __future__ import annotations

import pygame

from game.rules.jaipur.face.cards import GOODS

FELT = pygame.Rect(24, 12, 892, 592)
CARD_W, CARD_H = 84, 118
SMALL_W, SMALL_H = 60, 84  # the far side of the table: opponent's hand, solo action cards

OPP_Y, MARKET_Y, HAND_Y = 72, 268, 466
OPP_STRIP_Y, MY_STRIP_Y = 150, 578  # name, seals and earned tokens of each side
DIVIDER_Y = 366
LEFT = 330  # the first market slot and the first hand card
CARD_STEP, HAND_STEP = 98, 88  # seven hand cards end inside the felt
LABEL_GAP = 14  # a pile's caption sits this far below its card
LIFT = 14  # a selected card is drawn this much higher, and is clicked there


def market(i: int) -> tuple[int, int]:
    return (LEFT + CARD_STEP * i, MARKET_Y)


def hand(j: int) -> tuple[int, int]:
    return (LEFT + HAND_STEP * j, HAND_Y)


def opp_hand(j: int) -> tuple[int, int]:
    return (LEFT + 28 * j, OPP_Y)


DECK = (170, MARKET_Y)
DISCARD = (850, MARKET_Y)
HERD = (170, HAND_Y)
OPP_HERD = (866, OPP_Y)
BOT_DECK = (LEFT, OPP_Y)  # solo: the action deck where the opponent's hand would be


def bot_revealed(k: int) -> tuple[int, int]:
    return (LEFT + 96 + 62 * k, OPP_Y)


EARNED_R = 13  # the tokens a player earned, in their strip (smaller than the piles' TOKEN_R)


def earned(mine: bool, k: int, n: int = 0) -> tuple[int, int]:
    """The k-th of n tokens a player earned this round, in a row on their side; a long row
    closes up so it never leaves the felt."""
    step = 27 if n <= 21 else 560 / n
    return (int(LEFT - 10 + step * k), MY_STRIP_Y if mine else OPP_STRIP_Y)


def seal(mine: bool, k: int) -> tuple[int, int]:
    return (60 + 24 * k, MY_STRIP_Y if mine else OPP_STRIP_Y)


def name(mine: bool) -> tuple[int, int]:
    return (112, MY_STRIP_Y if mine else OPP_STRIP_Y)


def card_rect(centre: tuple[int, int], w: int = CARD_W, h: int = CARD_H, lift: int = 0) -> pygame.Rect:
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (centre[0], centre[1] - lift)
    return rect


# Right-hand panel: token piles, bonus piles, camel token, log.
PANEL = pygame.Rect(930, 12, 338, 592)
TOKEN_R = 16


def token(good: str, k: int) -> tuple[int, int]:
    row = GOODS.index(good)
    return (1004 + 29 * k, 42 + 44 * row)


SOLD_OUT_Y = 300


def bonus(size: int) -> tuple[int, int]:
    return (970, 338 + 36 * (size - 3))


CAMEL_TOKEN = (970, 446)
LOG_Y = 486
ACTION_BAR = pygame.Rect(24, 616, 892, 92)
