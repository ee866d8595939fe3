"""Drawing the Jaipur table from a view. Nothing here decides anything.

What changes only when a move is made (the felt, the panels, the token piles) is painted
once into a background layer and blitted each frame; cards, tokens in flight and the action
bar's text are drawn on top.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core import i18n
from game.core.face import View
from game.core.i18n import N_, msg
from game.rules.jaipur.face.cards import BONUS_SIZES, CAMEL, EMPTY_PILES_TO_END, GOODS, SEALS_TO_WIN
from game.scenes.jaipur import art
from game.scenes.jaipur import layout as L
from game.ui import marks, text, theme
from game.ui.layer import Layer
from game.ui.widgets import panel

FELT = (38, 58, 52)
FELT_DARK = (28, 44, 40)
FELT_INK = (150, 170, 160)  # captions on the felt


class Background:
    """The table without anything that moves, repainted only when the token piles change."""

    def __init__(self) -> None:
        self.layer = Layer()

    def draw(self, surface: pygame.Surface, v: View) -> None:
        key = (
            tuple(tuple(v["tokens"][g]) for g in GOODS),
            tuple(v["bonus"][str(s)] for s in BONUS_SIZES),
            v.get("camel_token"),
            i18n.generation,  # the panel's words, in the language chosen
        )
        self.layer.draw(surface, key, lambda layer: paint(layer, v))


def paint(surface: pygame.Surface, v: View) -> None:
    surface.fill(theme.BG)
    pygame.draw.rect(surface, FELT, L.FELT, border_radius=18)
    pygame.draw.rect(surface, FELT_DARK, L.FELT, 3, border_radius=18)
    pygame.draw.line(surface, FELT_DARK, (48, L.DIVIDER_Y), (L.FELT.right - 24, L.DIVIDER_Y), 2)
    token_panel(surface, v)
    panel(surface, L.ACTION_BAR, theme.BG_DEEP)


def caption(surface: pygame.Surface, centre: tuple[int, int], h: int, label: str) -> None:
    text.blit(surface, label, (centre[0], centre[1] + h // 2 + L.LABEL_GAP), 16, FELT_INK, anchor="center")


def pile(
    surface: pygame.Surface, centre: tuple[int, int], image: pygame.Surface, count: int, label: str
) -> None:
    """A face-down or face-up pile with a little thickness; empty, an outline. The caption
    under it carries the count, so nothing sits on top of the cards."""
    rect = L.card_rect(centre, image.get_width(), image.get_height())
    if count <= 0:
        pygame.draw.rect(surface, FELT_DARK, rect, 2, border_radius=9)
    else:
        for k in range(min(3, count - 1), 0, -1):  # a hint of thickness
            surface.blit(image, rect.move(-2 * k, -2 * k))
        surface.blit(image, rect)
    caption(surface, centre, rect.h, label)


def card(
    surface: pygame.Surface,
    image: pygame.Surface,
    centre: tuple[int, int],
    selected: bool = False,
    focused: bool = False,
    hint: bool = False,
    lift: int = 0,
    hover: bool = False,
) -> pygame.Rect:
    """A card on the table: lifted and ringed when selected, raised a little under the mouse."""
    lift += L.LIFT if selected else 6 if hover else 0
    rect = L.card_rect(centre, image.get_width(), image.get_height(), lift)
    surface.blit(image, rect)
    marks.draw(surface, rect, selected, hover, hint, focused)
    return rect


def seal(surface: pygame.Surface, c: tuple[int, int], r: int) -> None:
    """A seal of excellence: a saffron disc, ringed and marked at its centre."""
    pygame.draw.circle(surface, theme.ACCENT, c, r)
    pygame.draw.circle(surface, theme.ACCENT_DARK, c, r, r // 5)
    pygame.draw.circle(surface, theme.ACCENT_DARK, c, r * 2 // 5)


def seals(surface: pygame.Surface, mine: bool, won: int) -> None:
    for k in range(SEALS_TO_WIN):
        c = L.seal(mine, k)
        if k < won:
            seal(surface, c, 10)
        else:
            pygame.draw.circle(surface, FELT_DARK, c, 10)
            pygame.draw.circle(surface, FELT_INK, c, 10, 1)


def player_strip(
    surface: pygame.Surface,
    v: View,
    seat: int,
    mine: bool,
    masked: Callable[[object], bool],
    name: str,
    acting: bool,
) -> None:
    """A side's name, seals of excellence and the tokens it earned this round: goods face up,
    bonus tokens face down (marked with their pile), the camel token once awarded."""
    seals(surface, mine, v["seals"][seat])
    colour = theme.ACCENT if acting else theme.TEXT
    text.blit(surface, name, L.name(mine), 20, colour, "bold", "midleft")
    row = v["earned"][seat]
    tokens = [art.token(g, val, L.EARNED_R) for g, val in row["goods"]]
    tokens += [art.bonus_back(size, L.EARNED_R) for size in row["bonus"]]
    if v.get("camel_token") == seat:
        tokens.append(art.token(CAMEL, 5, L.EARNED_R))
    for k, image in enumerate(tokens):
        if not masked(("earned", seat, k)):
            surface.blit(image, image.get_rect(center=L.earned(mine, k, len(tokens))))


def token_panel(surface: pygame.Surface, v: View) -> None:
    panel(surface, L.PANEL, theme.BG_DEEP)
    sold_out = 0
    for good in GOODS:
        values = v["tokens"][good]
        y = L.token(good, 0)[1]
        art.symbol(surface, good, (960, y), 13)
        if not values:
            sold_out += 1
            text.blit(surface, N_("sold out"), (990, y), 15, theme.MUTED, anchor="midleft")
        for k in range(len(values) - 1, -1, -1):  # top of the pile drawn last, leftmost
            image = art.token(good, values[k], L.TOKEN_R)
            surface.blit(image, image.get_rect(center=L.token(good, k)))
    colour = theme.DANGER if sold_out == EMPTY_PILES_TO_END - 1 else theme.MUTED
    # both of the round's ends, the piles and the deck (a size smaller when a language needs it)
    ends = msg("Round ends: {end} piles sold out ({n} now) or no deck", n=sold_out, end=EMPTY_PILES_TO_END)
    words, size = text.fit(ends, 1252 - 946, 15, smallest=13)
    text.blit(surface, words, (946, L.SOLD_OUT_Y), size, colour, anchor="midleft", as_is=True)
    for size in BONUS_SIZES:
        centre = L.bonus(size)
        left = v["bonus"][str(size)]
        for k in range(min(left, 4) - 1, -1, -1):
            image = art.bonus_back(size, 17)
            surface.blit(image, image.get_rect(center=(centre[0] + 2 * k, centre[1] - 2 * k)))
        if not left:
            pygame.draw.circle(surface, theme.LINE, centre, 17, 1)
        if size == 5:
            line = msg("Bonus for {size} or more cards: {left} left", size=size, left=left)
        else:
            line = msg("Bonus for {size} cards: {left} left", size=size, left=left)
        text.blit(surface, line, (centre[0] + 30, centre[1]), 15, anchor="midleft")
    holder = v.get("camel_token")
    if holder is None:
        image = art.token(CAMEL, 5, 17)
        surface.blit(image, image.get_rect(center=L.CAMEL_TOKEN))
    else:
        pygame.draw.circle(surface, theme.LINE, L.CAMEL_TOKEN, 17, 1)
    what = N_("Camel token: 5 to the larger herd") if holder is None else N_("Camel token awarded")
    text.blit(surface, what, (L.CAMEL_TOKEN[0] + 30, L.CAMEL_TOKEN[1]), 15, anchor="midleft")
    pygame.draw.line(surface, theme.LINE, (946, L.LOG_Y - 16), (1252, L.LOG_Y - 16))


def status(surface: pygame.Surface, round_no: int, line: str) -> None:
    text.blit(surface, msg("Round {n}", n=round_no), (48, 34), 22, theme.ACCENT, "black", "midleft")
    text.blit(surface, line, (48, 60), 16, FELT_INK, anchor="midleft")
