"""Where everything sits on the Gin Rummy table (logical 1280 x 720)."""

from __future__ import annotations

import pygame

from game.ui.fan import spread

FELT = pygame.Rect(16, 12, 924, 600)
PANEL = pygame.Rect(950, 12, 310, 600)  # lined up with the corner buttons below it
BAR = pygame.Rect(16, 624, 924, 88)
LOG_Y = PANEL.bottom - 156  # the "Last moves" title in the panel; five lines below it
MID_X = FELT.centerx

# card sizes: my hand and the piles, the opponent's hand, the reveal, the pile's history
HAND_W, HAND_H = 100, 140
OPP_W, OPP_H = 72, 100
SPREAD_W, SPREAD_H = 80, 112
MINI_W, MINI_H = 48, 67

HAND_Y = 472
HAND_WIDTH = 860
HAND_STEP, HAND_GAP = 62, 26
LIFT_HOVER, LIFT_SELECTED = 14, 30
GROUP_LABEL_Y = HAND_Y + HAND_H // 2 + 22

OPP_Y = 92
OPP_STEP = 30
OPP_SPREAD_Y = HAND_Y  # a face-down hand at the bottom (pass-and-play before a hand-off)

STOCK = (330, 286)
DISCARD = (470, 286)
METER = pygame.Rect(610, 214, 300, 146)  # my live deadwood, beside the piles

TOP_NAME = (40, 40)
BOTTOM_NAME = (40, 592)

# the reveal after a knock: the top seat's melds above, the bottom seat's below
SPREAD_TOP_Y = 120
SPREAD_BOTTOM_Y = 448
SPREAD_STEP, SPREAD_GAP = 40, 30
SPREAD_LABEL = SPREAD_H // 2 + 18  # below a row's centre: the group labels
RESULT = pygame.Rect(552, 206, 368, 172)


def card_rect(centre: tuple[float, float], w: int = HAND_W, h: int = HAND_H, lift: float = 0) -> pygame.Rect:
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (round(centre[0]), round(centre[1] - lift))
    return rect


def hand_centres(groups: list[int]) -> list[float]:
    return spread(groups, MID_X, HAND_W, HAND_WIDTH, HAND_STEP, HAND_GAP, 30)


def opp_centres(count: int, y: float = OPP_Y) -> list[tuple[float, float]]:
    return [(x, y) for x in spread([count], MID_X, OPP_W, 560, OPP_STEP)]


def spread_centres(groups: list[int], y: float) -> list[tuple[float, float]]:
    return [(x, y) for x in spread(groups, MID_X, SPREAD_W, HAND_WIDTH, SPREAD_STEP, SPREAD_GAP, 18)]


# the discard pile's history: oldest first, in rows, in a box above the piles
HISTORY_ROW, HISTORY_STEP, HISTORY_ROW_H = 22, 28, 80


def history_box(count: int) -> pygame.Rect:
    rows = max(1, (count + HISTORY_ROW - 1) // HISTORY_ROW)
    cols = min(max(count, 1), HISTORY_ROW)
    box = pygame.Rect(0, 0, max(440, HISTORY_STEP * (cols - 1) + MINI_W + 40), 48 + HISTORY_ROW_H * rows)
    box.bottomleft = (40, DISCARD[1] - HAND_H // 2 - 4)
    box.top = max(FELT.y + 4, box.top)
    return box


def history_centres(count: int) -> list[tuple[float, float]]:
    box = history_box(count)
    out = []
    for i in range(count):
        row, col = divmod(i, HISTORY_ROW)
        out.append(
            (box.x + 20 + MINI_W / 2 + HISTORY_STEP * col, box.y + 46 + MINI_H / 2 + HISTORY_ROW_H * row)
        )
    return out


# -- what shows of overlapping cards (the target map's shapes) --------------------------------
Point = tuple[float, float]
Shape = pygame.Rect | tuple[Point, ...]  # a rectangle, or a polygon


def uncovered(rect: pygame.Rect, above: pygame.Rect | None) -> Shape:
    """What shows of a card with the next card of its row (`above`) drawn over it: the whole
    rectangle, its left strip, or an L when the two sit at different heights (a lifted card).
    Listed in drawing order and hit-tested last-first, these shapes find exactly the card drawn
    on top; their middles are points a click lands on."""
    if above is None or not rect.colliderect(above) or above.left <= rect.left:
        return pygame.Rect(rect)
    left, top, right, bottom, x = rect.left, rect.top, rect.right, rect.bottom, above.left
    if above.top <= top and above.bottom >= bottom:
        return pygame.Rect(left, top, x - left, rect.h)
    if above.top > top:  # the next card sits lower: my top shows across my whole width
        y = above.top
        return ((left, top), (right, top), (right, y), (x, y), (x, bottom), (left, bottom))
    y = above.bottom  # the next card sits higher: my bottom shows
    return ((left, top), (x, top), (x, y), (right, y), (right, bottom), (left, bottom))


def strips(spans: list[tuple[float, float]], top: float, bottom: float) -> Shape:
    """Several x ranges of one band of cards (a meld's cards, between laid-off ones) as one
    shape: joined where they touch, a comb-shaped polygon where they do not."""
    merged: list[list[float]] = []
    for x0, x1 in sorted(spans):
        if merged and x0 <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], x1)
        else:
            merged.append([x0, x1])
    if len(merged) == 1:
        ((x0, x1),) = merged
        return pygame.Rect(round(x0), round(top), round(x1 - x0), round(bottom - top))
    points: list[Point] = []
    for x0, x1 in merged:  # up and down each strip, along the bottom edge between them
        points += [(x0, bottom), (x0, top), (x1, top), (x1, bottom)]
    return tuple(points)
