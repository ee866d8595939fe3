"""The end of a visit (who won what and the points it brought) and the final standings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.rules.tajmahal.data import CARDS
from game.scenes.results import Results, star
from game.scenes.sheet import Sheet
from game.scenes.tajmahal_table import art
from game.ui import text, theme
from game.ui.widgets import panel

REASONS = {
    "special": "the special card",
    "taj": "the Taj Mahal",
    "points2": "a bonus tile",
    "palaces": "palaces",
    "hand": "cards in hand",
}


def visit_summary(events: list[dict[str, Any]], seats: int) -> list[dict[str, Any]]:
    """Per seat: categories won, cities built on, points by reason, special cards taken."""
    rows = [{"won": [], "built": [], "points": 0, "why": [], "specials": []} for _ in range(seats)]
    for e in events:
        kind = e["type"]
        if kind == "withdraw":
            rows[e["seat"]]["won"] += e["won"]
        elif kind == "build":
            bonus = f" ({art.BONUS_SHORT[e['bonus']]} bonus)" if e.get("bonus") else ""
            what = "the mogul's palace" if e["kind"] == "mogul" else "a palace"
            rows[e["seat"]]["built"].append(f"{what} in {e['city']}{bonus}")
        elif kind == "score" and e["reason"] != "hand":
            row = rows[e["seat"]]
            row["points"] += e["points"]
            why = e["good"] if e.get("good") else REASONS[e["reason"]]
            if e["reason"] == "palaces" and e.get("chain"):
                why += f" ({e['chain']} more province{'s' if e['chain'] > 1 else ''} joined)"
            row["why"].append(f"{e['points']} for {why}")
        elif kind == "special":
            rows[e["seat"]]["specials"].append(CARDS[e["card"]].special)
    return rows


def summary_line(row: dict[str, Any]) -> str:
    parts = [f"won {', '.join(row['won'])}" if row["won"] else "won nothing"]
    if row["built"]:
        parts.append(f"built {', '.join(row['built'])}")
    if row["why"]:
        parts.append(f"points: {' + '.join(row['why'])}")
    if row["specials"]:
        cards = " and ".join(row["specials"])
        parts.append(f"takes the {cards} card{'s' if len(row['specials']) > 1 else ''}")
    return "; ".join(parts)


class VisitSheet(Sheet):
    name = "tajmahal-visit"
    animated = False

    def __init__(
        self,
        app,
        visit: int,
        province: str,
        rows: list[dict[str, Any]],
        names: list[str],
        last: bool,
        on_close: Callable[[], None],
    ):
        height = 170 + 76 * len(rows) + 10
        super().__init__(app, (920, height), "See the final scoring" if last else "Next visit", on_close, 300)
        self.visit, self.province, self.rows, self.names = visit, province, rows, names

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        b = self.box
        title = f"Visit {self.visit} of 12: {self.province} is done"
        text.blit(surface, title, (b.centerx, b.y + 40), 30, theme.TEXT, "black", "center")
        for seat, row in enumerate(self.rows):
            y = b.y + 84 + 76 * seat
            art.seat_mark(surface, seat, (b.x + 40, y + 14), 9)
            text.blit(surface, self.names[seat], (b.x + 60, y + 14), 21, theme.ACCENT, "bold", "midleft")
            gained = f"+{row['points']}" if row["points"] else "—"
            text.blit(surface, gained, (b.right - 36, y + 14), 26, theme.TEXT, "black", "midright")
            for k, line in enumerate(text.wrap(summary_line(row), b.w - 190, 16)[:2]):
                text.blit(surface, line, (b.x + 60, y + 36 + 19 * k), 16, theme.MUTED, anchor="midleft")
        self.group.draw(surface)


class TajMahalResult(Results):
    """The common result screen with the hand bonus, the palaces (the tie-break) and the
    totals of every player, and the tie-break in words."""

    def hand_points(self) -> list[int]:
        out = [0] * len(self.match.seats)
        for e in self.match.events:
            if e["type"] == "score" and e["reason"] == "hand":
                out[e["seat"]] += e["points"]
        return out

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        text.blit(
            surface, self.match.ruleset.title, (theme.WIDTH - 60, 46), 22, theme.MUTED, anchor="midright"
        )
        text.blit(surface, self.headline(), (theme.WIDTH // 2, 140), 50, theme.ACCENT, "black", "center")
        names = self.match.names
        outcome = self.outcome
        if outcome and outcome.summary:
            summary = outcome.summary
            for i, name in enumerate(names):
                summary = summary.replace(f"Seat {i + 1}", name)
            text.blit(surface, summary, (theme.WIDTH // 2, 190), 20, theme.TEXT, anchor="center")
        palaces = outcome.details.get("palaces", []) if outcome else []
        hand = self.hand_points()
        n = len(self.match.seats)
        box = pygame.Rect(0, 0, 820, 46 * n + 56)
        box.midtop = (theme.WIDTH // 2, 222)
        panel(surface, box, theme.BG_DEEP)
        cols = {"hand": box.x + 470, "palaces": box.x + 620, "score": box.right - 30}
        for key, label in (("hand", "Hand bonus"), ("palaces", "Palaces"), ("score", "Score")):
            text.blit(surface, label, (cols[key], box.y + 20), 15, theme.MUTED, "bold", "midright")
        order = sorted(
            range(n),
            key=lambda i: (-(outcome.scores[i] if outcome else 0), -(palaces[i] if i < len(palaces) else 0)),
        )
        for rank, i in enumerate(order):
            y = box.y + 56 + 46 * rank
            won = outcome is not None and i in outcome.winners
            colour = theme.ACCENT if won else theme.TEXT
            if won:
                star(surface, (box.x + 30, y), 12, theme.ACCENT)
            art.seat_mark(surface, i, (box.x + 60, y), 8)
            text.blit(surface, names[i], (box.x + 78, y), 24, colour, "bold", "midleft")
            seat = self.match.seats[i]
            kind = "person" if not seat.is_bot else f"bot · {seat.level}"
            text.blit(surface, kind, (box.x + 270, y), 15, theme.MUTED, anchor="midleft")
            text.blit(surface, f"+{hand[i]}", (cols["hand"], y), 20, theme.TEXT, anchor="midright")
            if i < len(palaces):
                text.blit(surface, str(palaces[i]), (cols["palaces"], y), 20, theme.TEXT, anchor="midright")
            score = outcome.scores[i] if outcome else 0
            text.blit(surface, f"{score:g}", (cols["score"], y), 28, colour, "black", "midright")
        note = (
            "Hand bonus: 1 per white and special card, plus 1 per card of your most numerous colour. "
            "Ties go to the most palaces, then the win is shared."
        )
        for k, line in enumerate(text.wrap(note, 900, 16)):
            text.blit(
                surface, line, (theme.WIDTH // 2, box.bottom + 22 + 20 * k), 16, theme.MUTED, anchor="center"
            )
        self.group.draw(surface)
