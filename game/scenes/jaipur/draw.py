"""Drawing the Jaipur table from a view. Nothing here decides anything."""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.jaipur.cards import BONUS_SIZES, CAMEL, GOODS
from game.scenes.jaipur import art
from game.scenes.jaipur import layout as L
from game.ui import text, theme
from game.ui.flights import Flights
from game.ui.widgets import panel

FELT = (38, 58, 52)
FELT_DARK = (28, 44, 40)


def backdrop(surface: pygame.Surface) -> None:
    surface.fill(theme.BG)
    table = pygame.Rect(24, 12, 892, 592)
    pygame.draw.rect(surface, FELT, table, border_radius=18)
    pygame.draw.rect(surface, FELT_DARK, table, 3, border_radius=18)
    pygame.draw.line(surface, FELT_DARK, (48, 372), (892, 372), 2)


def pile(surface, centre, image, count: int, label: str, show_count: bool = True) -> None:
    rect = L.card_rect(centre, image.get_width(), image.get_height())
    if count <= 0:
        pygame.draw.rect(surface, FELT_DARK, rect, 2, border_radius=9)
    else:
        for k in range(min(3, count - 1), 0, -1):  # a hint of thickness
            surface.blit(image, rect.move(-2 * k, -2 * k))
        surface.blit(image, rect)
    text.blit(surface, label, (rect.centerx, rect.bottom + 14), 16, theme.MUTED, anchor="center")
    if show_count and count > 0:
        badge = pygame.Rect(0, 0, 38, 26)
        badge.center = (rect.right - 6, rect.top + 6)
        pygame.draw.rect(surface, theme.BG_DEEP, badge, border_radius=13)
        pygame.draw.rect(surface, theme.ACCENT, badge, 2, border_radius=13)
        text.blit(surface, str(count), badge.center, 16, theme.TEXT, "bold", "center")


def card(surface, image, centre, selected=False, focused=False, hint=False, lift=0) -> pygame.Rect:
    rect = L.card_rect(centre, image.get_width(), image.get_height(), lift + (14 if selected else 0))
    surface.blit(image, rect)
    if selected:
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(6, 6), 4, border_radius=11)
    if hint:
        pygame.draw.rect(surface, theme.GOOD, rect.inflate(10, 10), 3, border_radius=13)
    if focused:
        pygame.draw.rect(surface, theme.FOCUS, rect.inflate(14, 14), 2, border_radius=14)
    return rect


def seals(surface, pos, won: int, colour=theme.ACCENT) -> None:
    for k in range(2):
        c = (pos[0] + 22 * k, pos[1])
        if k < won:
            pygame.draw.circle(surface, colour, c, 9)
            pygame.draw.circle(surface, theme.ACCENT_DARK, c, 9, 2)
        else:
            pygame.draw.circle(surface, theme.LINE, c, 9, 2)


def earned_row(surface, v: dict[str, Any], seat: int, mine: bool, flights: Flights, name: str) -> None:
    y = L.earned(mine, 0)[1]
    text.blit(surface, name, (48, y - 9), 20, theme.TEXT, "bold", "midleft")
    seals(surface, (58, y + 16), v["seals"][seat])
    text.blit(surface, "seals", (104, y + 16), 14, theme.MUTED, anchor="midleft")
    row = v["earned"][seat]
    tokens = [art.token(g, val, 13) for g, val in row["goods"]] + [
        art.token("bonus", None, 13) for _ in row["bonus"]
    ]
    for k, image in enumerate(tokens):
        if flights.masked(("earned", seat, k)):
            continue
        surface.blit(image, image.get_rect(center=L.earned(mine, k)))
    if v.get("camel_token") == seat:
        image = art.token(CAMEL, 5, 13)
        surface.blit(image, image.get_rect(center=L.earned(mine, len(tokens))))


def token_panel(surface, v: dict[str, Any]) -> None:
    panel(surface, L.PANEL, theme.BG_DEEP)
    for good in GOODS:
        values = v["tokens"][good]
        y = L.token(good, 0)[1]
        art.symbol(surface, good, (958, y), 11)
        if not values:
            text.blit(surface, "sold out", (995, y), 15, theme.MUTED, anchor="midleft")
        for k in range(len(values) - 1, -1, -1):  # top of the pile drawn last, leftmost
            image = art.token(good, values[k], L.TOKEN_R)
            surface.blit(image, image.get_rect(center=L.token(good, k)))
    for size in BONUS_SIZES:
        centre = L.bonus(size)
        left = v["bonus"][str(size)]
        if left:
            for k in range(min(left, 4) - 1, -1, -1):
                image = art.token("bonus", None, 18)
                surface.blit(image, image.get_rect(center=(centre[0] + 2 * k, centre[1] - 2 * k)))
        what = f"Bonus for selling {size}{' or more' if size == 5 else ''} cards · {left} left"
        text.blit(surface, what, (centre[0] + 28, centre[1]), 15, theme.TEXT, anchor="midleft")
    image = art.token(CAMEL, 5, 18)
    holder = v.get("camel_token")
    if holder is None:
        surface.blit(image, image.get_rect(center=L.CAMEL_TOKEN))
    what = "Camel token: 5 to the larger herd" if holder is None else "Camel token awarded"
    text.blit(surface, what, (L.CAMEL_TOKEN[0] + 28, L.CAMEL_TOKEN[1]), 15, theme.TEXT, anchor="midleft")
    pygame.draw.line(surface, theme.LINE, (946, 474), (1252, 474))


def log_lines(surface, lines: list[str]) -> None:
    text.blit(surface, "Last moves", (946, 492), 15, theme.ACCENT, "bold", anchor="midleft")
    recent = lines[-4:]
    for k, line in enumerate(recent):
        shown = line if len(line) <= 44 else line[:43] + "…"
        colour = theme.TEXT if k == len(recent) - 1 else theme.MUTED
        text.blit(surface, shown, (946, 516 + 21 * k), 15, colour, anchor="midleft")


def status(surface, round_no: int, line: str) -> None:
    text.blit(surface, f"Round {round_no}", (48, 36), 22, theme.ACCENT, "black", "midleft")
    text.blit(surface, line, (48, 62), 16, theme.MUTED, anchor="midleft")
