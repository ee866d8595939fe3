"""Goofspiel's table: the prize, each hand, the face-down bids and the scores. It imports its
own face and the app's generic scene parts only, never its machinery."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame

from game.core.face import Command
from game.scenes.table import Table
from game.scenes.table.base import Gesture
from game.scenes.tables import TableSpec
from game.ui import text, theme
from game.ui.action_bar import ActionBar
from game.ui.corner import corner_buttons
from game.ui.flights import Flights
from game.ui.targets import Target
from game.ui.widgets import Group
from goofspiel.face import CARDS

BAR = pygame.Rect(24, 616, 892, 92)
CARD_W, CARD_H, GAP = 84, 120, 16


def card_rect(row_y: int, i: int) -> pygame.Rect:
    left = (1280 - CARDS * CARD_W - (CARDS - 1) * GAP) // 2
    return pygame.Rect(left + i * (CARD_W + GAP), row_y, CARD_W, CARD_H)


def card(surface: pygame.Surface, rect: pygame.Rect, value: int | None, colour=theme.PANEL) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=8)
    pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=8)
    if value is not None:
        text.blit(surface, str(value), rect.center, 40, theme.TEXT, "bold", "center", as_is=True)


class GoofspielTable(Table):
    def __init__(self, app, window, match_id=None):
        super().__init__(app, window, match_id)
        self.flights = Flights()
        self.hint_button, self.menu_button = corner_buttons(self.hint_clicked, self.pause)
        self.buttons = Group([self.hint_button, self.menu_button])
        self.action_bar = ActionBar(BAR)
        self.v: dict[str, Any] = self.view()

    def on_events(self, events: list[dict[str, Any]]) -> None:
        self.v = self.view()
        if any(e["type"] == "bid" for e in events):
            self.app.sounds.play("bid")

    def on_viewer_changed(self) -> None:
        self.v = self.view()

    def mine(self) -> int:
        return self.viewer if self.viewer is not None else 0

    def targets(self) -> list[Target]:
        seat, acting = self.mine(), self.acting_human
        hand = self.v["hands"][seat] if self.viewer is not None else []
        out = [
            Target(f"card.{c}", str(c), "card", card_rect(440, c - 1), acting == seat and c != self.v["bid"])
            for c in hand
        ]
        return out + [b.target() for b in self.buttons.widgets if b.visible]  # with their tips

    def choose(self, tid: str, back: bool = False) -> None:
        button = next((b for b in self.buttons.widgets if b.tid == tid), None)
        if button is not None:
            button.activate()
        elif tid.startswith("card.") and self.acting_human is not None:
            self.submit(self.acting_human, {"move": "bid", "card": int(tid.removeprefix("card."))})

    def gestures(self, seat: int, command: Command) -> Iterator[Gesture]:
        if self.acting_human == seat and command.get("move") == "bid":
            yield ("click", f"card.{command['card']}")

    def bar(self) -> tuple[str, str, str]:
        if self.window.finished:
            return "The match is over", " · ".join(map(str, self.v["scores"])), "over"
        if self.acting_human is not None:
            return "Bid a card, face down", f"Prize {self.v['round']['prize']}", "idle"
        return "Waiting for a bid", "", "waiting"

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        v, seat = self.v, self.mine()
        other = 1 - seat
        text.blit(surface, "Goofspiel", (40, 40), 30, theme.TEXT, "bold", "midleft")
        for s, y in ((other, 110), (seat, 560)):
            score = f"{self.window.names[s]}: {v['scores'][s]}"
            text.blit(surface, score, (40, y), 22, theme.MUTED, anchor="midleft", as_is=True)
        for i, _ in enumerate(v["hands"][other]):
            card(surface, card_rect(60, i).inflate(-30, -40), None, theme.BG_DEEP)
        prize = pygame.Rect(0, 0, CARD_W + 20, CARD_H + 20)
        prize.center = (640, 300)
        card(surface, prize, v["round"]["prize"], theme.BG_DEEP)
        left = f"{len(v['round']['deck'])} prizes face down"
        text.blit(surface, left, (640, 390), 18, theme.MUTED, anchor="center", as_is=True)
        for s, x in ((other, 460), (seat, 820)):  # a bid laid face down shows its back
            if v["round"]["placed"][s]:
                card(surface, pygame.Rect(x - 40, 250, 80, 110), v["bid"] if s == self.viewer else None)
        for t in self.targets():
            if t.id.startswith("card."):
                lit = theme.ACCENT if t.id in (self.hover, self.focus) else theme.PANEL
                card(surface, t.bounds, int(t.id.removeprefix("card.")), lit)
        self.draw_overlay(surface)


def emblem(surface: pygame.Surface, c: tuple[int, int]) -> None:
    """Three cards fanned."""
    for i in range(3):
        card(surface, pygame.Rect(c[0] - 54 + 34 * i, c[1] - 30, 40, 60), i + 1)


SPEC = TableSpec(
    table="goofspiel.table:GoofspielTable",
    tagline="Bid for each prize with a card laid face down.",
    emblem=emblem,
)
