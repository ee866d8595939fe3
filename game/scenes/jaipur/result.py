"""The end of a Jaipur match: the common result screen, plus every round's score in a line."""

from __future__ import annotations

import pygame

from game.scenes.results import Results
from game.ui import text, theme


class JaipurResult(Results):
    def round_lines(self) -> list[str]:
        names = self.match.names
        lines = []
        for sheet in self.outcome.details.get("sheets", []) if self.outcome else []:
            totals = " to ".join(f"{names[i]} {s['total']}" for i, s in enumerate(sheet["seats"]))
            winner = sheet["winner"]
            if winner is None:
                result = "tied, no seal"
            elif sheet["tiebreak"] == "points":
                result = f"seal to {names[winner]}"
            else:
                result = f"seal to {names[winner]} on {sheet['tiebreak']}"
            lines.append(f"Round {sheet['round']}:  {totals}  ·  {result}")
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lines = self.round_lines()[-5:]  # ties can make a long match: the last five rounds
        top = 476 if len(lines) <= 4 else 466
        step = 26 if len(lines) <= 4 else 22
        for k, line in enumerate(lines):
            text.blit(surface, line, (theme.WIDTH // 2, top + step * k), 18, theme.MUTED, anchor="center")
