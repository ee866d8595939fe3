"""The round's score sheet: goods tokens, bonus tokens turned over one by one, the camel
token, totals, and the seal with the tie-break explained when it decided."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.scenes.base import Overlay
from game.scenes.jaipur import art
from game.ui import text, theme
from game.ui.widgets import Button

REVEAL_EVERY = 24  # ticks between bonus tokens turning over


class RoundSheet(Overlay):
    name = "jaipur-sheet"

    def __init__(
        self, app, event: dict[str, Any], names: list[str], solo: bool, on_close: Callable[[], None]
    ):
        super().__init__(app, (820, 560))
        self.event, self.names, self.solo, self.on_close = event, names, solo, on_close
        self.sheet = event["sheet"]
        self.elapsed = 0
        self.total_bonus = max(len(s["bonus"]) for s in self.sheet["seats"])
        last = event["match_winner"] is not None
        b = self.box
        self.button = Button(
            (b.centerx - 130, b.bottom - 80, 260, 58),
            "See the result" if last else "Next round",
            self.close,
            primary=True,
        )
        self.group.add(self.button)
        self.group.move_focus(1)

    @property
    def revealed(self) -> int:
        return self.elapsed // REVEAL_EVERY

    def update(self, ticks: int) -> None:
        before = self.revealed
        self.elapsed += ticks
        if self.revealed != before and self.revealed <= self.total_bonus:
            self.app.sounds.play("token")

    def close(self) -> None:
        if self.revealed <= self.total_bonus:  # first press shows everything at once
            self.elapsed = REVEAL_EVERY * (self.total_bonus + 1)
            return
        self.app.pop()
        self.on_close()

    def back(self) -> None:
        self.close()

    def explanation(self) -> str:
        seats, winner, tiebreak = self.sheet["seats"], self.event["winner"], self.sheet["tiebreak"]
        if winner is None:
            return "Tied on points, bonus tokens and goods tokens: no seal, another round."
        name = self.names[winner]
        if tiebreak == "points":
            return f"{name} takes the seal with {seats[winner]['total']} rupees."
        key = "bonus_count" if tiebreak == "bonus tokens" else "goods_count"
        a, b = seats[winner][key], seats[1 - winner][key]
        return (
            f"Tied at {seats[0]['total']} rupees: {name} has more {tiebreak} ({a} to {b}) and takes the seal."
        )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        b = self.box
        text.blit(
            surface, f"Round {self.event['round']}", (b.centerx, b.y + 40), 34, theme.TEXT, "black", "center"
        )
        rows = [("Goods tokens", 120), ("Bonus tokens", 200), ("Camel token", 270), ("Total", 330)]
        if self.solo:
            rows.insert(1, ("Tokens left in the piles", 160))
        for label, y in rows:
            text.blit(surface, label, (b.x + 36, b.y + y), 19, theme.MUTED, anchor="midleft")
        shown = min(self.revealed, self.total_bonus)
        done = self.revealed > self.total_bonus
        for seat, data in enumerate(self.sheet["seats"]):
            x = b.x + 400 + 220 * seat
            text.blit(surface, self.names[seat], (x + 90, b.y + 86), 22, theme.ACCENT, "bold", "center")
            goods = sum(v for _, v in data["goods"])
            text.blit(surface, f"{goods}  ({len(data['goods'])})", (x + 90, b.y + 120), 22, anchor="center")
            if self.solo:
                left = sum(v for _, v in data["leftover"])
                text.blit(surface, f"{left}" if seat == 1 else "—", (x + 90, b.y + 160), 22, anchor="center")
            for k, (_, value) in enumerate(data["bonus"]):
                image = art.token("bonus", value if k < shown else None, 15)
                cx = x + 90 + (k - (len(data["bonus"]) - 1) / 2) * 32
                surface.blit(image, image.get_rect(center=(int(cx), b.y + 200 + (0 if k < 6 else 0))))
            if not data["bonus"]:
                text.blit(surface, "—", (x + 90, b.y + 200), 22, anchor="center")
            text.blit(
                surface,
                str(data["camel"]) if data["camel"] else "—",
                (x + 90, b.y + 270),
                22,
                anchor="center",
            )
            total = data["total"] if done else "…"
            colour = theme.ACCENT if done and self.event["winner"] == seat else theme.TEXT
            text.blit(surface, str(total), (x + 90, b.y + 330), 32, colour, "black", "center")
        pygame.draw.line(surface, theme.LINE, (b.x + 30, b.y + 300), (b.right - 30, b.y + 300))
        if done:
            for k, line in enumerate(text.wrap(self.explanation(), b.w - 80, 20)):
                text.blit(surface, line, (b.centerx, b.y + 386 + 26 * k), 20, theme.TEXT, anchor="center")
            seals = self.event["seals"]
            text.blit(
                surface,
                f"Seals: {self.names[0]} {seals[0]} · {self.names[1]} {seals[1]}",
                (b.centerx, b.y + 446),
                18,
                theme.MUTED,
                anchor="center",
            )
        self.group.draw(surface)
