"""Where everything sits on the Jaipur table (logical 1280 x 720)."""

from __future__ import annotations

import pygame

from game.rules.jaipur.cards import GOODS

MARKET_Y, HAND_Y, OPP_Y = 262, 478, 86
CARD_STEP = 98
LEFT = 330


def market(i: int) -> tuple[int, int]:
    return (LEFT + CARD_STEP * i, MARKET_Y)


def hand(j: int) -> tuple[int, int]:
    return (LEFT + 92 * j, HAND_Y)


def opp_hand(j: int) -> tuple[int, int]:
    return (LEFT + 34 * j, OPP_Y)


DECK = (170, MARKET_Y)
DISCARD = (850, MARKET_Y)
HERD = (170, HAND_Y)
OPP_HERD = (850, OPP_Y)
BOT_DECK = (LEFT, OPP_Y)  # solo: the action deck where the opponent's hand would be


def bot_revealed(k: int) -> tuple[int, int]:
    return (LEFT + 100 + 44 * k, OPP_Y)


# Right-hand panel: token piles, bonus piles, camel token, log.
PANEL = pygame.Rect(930, 12, 338, 590)
TOKEN_R = 16


def token(good: str, k: int) -> tuple[int, int]:
    row = GOODS.index(good)
    return (1004 + 29 * k, 44 + 46 * row)


def bonus(size: int) -> tuple[int, int]:
    return (968, 332 + 36 * (size - 3))


CAMEL_TOKEN = (968, 446)


def earned(mine: bool, k: int) -> tuple[int, int]:
    """The k-th token a player earned this round, in a row beside the name."""
    return (LEFT - 10 + 27 * k, 586 if mine else 172)


def card_rect(centre: tuple[int, int], w: int = 84, h: int = 118, lift: int = 0) -> pygame.Rect:
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (centre[0], centre[1] - lift)
    return rect


ACTION_BAR = pygame.Rect(40, 616, 870, 92)
