"""The end of a visit (who won what and the points it brought) and the final standings."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypedDict

import pygame

from game.core.i18n import N_, Msg, msg, msg_n
from game.rules.tajmahal.face.data import CARDS
from game.rules.tajmahal.face.words import CATEGORY, GOOD, SPECIAL, listing, place
from game.scenes.results import Cell, Column, Drawing, Results, score
from game.scenes.sheet import Sheet
from game.scenes.tajmahal import art
from game.scenes.tajmahal.preview import clauses
from game.ui import text, theme

if TYPE_CHECKING:
    from game.core.face import Event
    from game.core.window import Window
    from game.scenes.host import Host

REASONS = {
    "special": msg("the special card"),
    "taj": msg("the Taj Mahal"),
    "points2": msg("a bonus tile"),
    "palaces": msg("palaces"),
    "hand": msg("cards in hand"),
}


class VisitRow(TypedDict):
    won: list[Msg]  # categories
    built: list[Msg]  # palaces, where
    points: int
    why: list[Msg]  # the points, by reason
    specials: list[Msg]  # special cards taken


class VisitSummary(TypedDict):
    """A visit's end as its sheet shows it (VisitSheet's words besides the app)."""

    visit: int
    province: str
    rows: list[VisitRow]
    names: list[str]
    last: bool


def visit_summary(events: list[Event], seats: int) -> list[VisitRow]:
    """Per seat: categories won, cities built on, points by reason, special cards taken (as
    messages, translated where they are drawn)."""
    rows: list[VisitRow] = [
        {"won": [], "built": [], "points": 0, "why": [], "specials": []} for _seat in range(seats)
    ]
    for e in events:
        kind = e["type"]
        if kind == "withdraw":
            rows[e["seat"]]["won"] += [CATEGORY[c] for c in e["won"]]
        elif kind == "build":
            city = place(e["city"])
            if e["kind"] == "mogul":
                built = msg("the mogul's palace in {city}", city=city)
            elif e.get("bonus"):
                built = msg(
                    "a palace in {city} ({bonus} bonus)", city=city, bonus=art.bonus_short(e["bonus"])
                )
            else:
                built = msg("a palace in {city}", city=city)
            rows[e["seat"]]["built"].append(built)
        elif kind == "score" and e["reason"] != "hand":
            row = rows[e["seat"]]
            row["points"] += e["points"]
            why = GOOD[e["good"]] if e.get("good") else REASONS[e["reason"]]
            if e["reason"] == "palaces" and e.get("chain"):
                line = msg_n(
                    "{points} for palaces ({n} more province joined)",
                    "{points} for palaces ({n} more provinces joined)",
                    e["chain"],
                    points=e["points"],
                )
            else:
                line = msg("{points} for {why}", points=e["points"], why=why)
            row["why"].append(line)
        elif kind == "special":
            special = CARDS[e["card"]].special
            rows[e["seat"]]["specials"].append(CATEGORY.get(special) or SPECIAL[special])
    return rows


def joined(items: list[Msg], template: str) -> Msg:
    """Items joined by a two-place template (a literal, so the catalogue has it)."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = Msg(template, {"first": item, "rest": out})
    return out


def summary_line(row: VisitRow) -> Msg:
    parts = [msg("won {what}", what=listing(row["won"]))]
    if row["built"]:
        parts.append(msg("built {what}", what=listing(row["built"])))
    if row["why"]:
        parts.append(msg("points: {what}", what=joined(row["why"], N_("{first} + {rest}"))))
    if row["specials"]:
        cards = joined(row["specials"], N_("{first} and {rest}"))
        n = len(row["specials"])
        parts.append(msg_n("takes the {cards} card", "takes the {cards} cards", n, cards=cards))
    return clauses(parts)


class VisitSheet(Sheet):
    name = "tajmahal-visit"
    animated = False

    def __init__(
        self,
        app: Host,
        visit: int,
        province: str,
        rows: list[VisitRow],
        names: list[str],
        last: bool,
        on_close: Callable[[], None],
    ):
        height = 170 + 76 * len(rows) + 10
        label = N_("See the final scoring") if last else N_("Next visit")
        super().__init__(app, (920, height), label, on_close, 300)
        self.visit, self.province, self.rows, self.names = visit, province, rows, names

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        b = self.box
        title: str = msg(
            "Visit {visit} of 12: {province} is done", visit=self.visit, province=place(self.province)
        )
        title, size = text.fit(title, b.w - 60, 30, "black", smallest=20)
        text.blit(surface, title, (b.centerx, b.y + 40), size, theme.TEXT, "black", "center")
        for seat, row in enumerate(self.rows):
            y = b.y + 84 + 76 * seat
            art.seat_mark(surface, seat, (b.x + 40, y + 14), 9)
            name, size = text.fit(self.names[seat], b.w - 200, 21, "bold", smallest=15)
            text.blit(surface, name, (b.x + 60, y + 14), size, theme.ACCENT, "bold", "midleft")
            gained = f"+{row['points']}" if row["points"] else "—"
            text.blit(surface, gained, (b.right - 36, y + 14), 26, theme.TEXT, "black", "midright")
            for k, line in enumerate(text.wrap(summary_line(row), b.w - 190, 16)[:2]):
                text.blit(surface, line, (b.x + 60, y + 36 + 19 * k), 16, theme.MUTED, anchor="midleft")
        self.group.draw(surface)


class TajMahalResult(Results):
    """The common result sheet with the hand bonus, the palaces (the tie-break) and the
    totals of every player, best first, and the tie-break in words."""

    mark_width = 26
    row_height = 54  # five players, the note and the buttons on one screen
    name_width = 220

    def __init__(self, app: Host, window: Window, match_id: int | None = None) -> None:
        super().__init__(app, window, match_id)
        self.hand = self.hand_points()  # read once: the match is over

    def hand_points(self) -> list[int]:
        out = [0] * len(self.window.players)
        for e in self.window.events():
            if e["type"] == "score" and e["reason"] == "hand":
                out[e["seat"]] += e["points"]
        return out

    def palaces(self) -> list[int]:
        return self.outcome.details.get("palaces", []) if self.outcome else []

    def order(self) -> list[int]:
        scores, palaces = self.outcome.scores if self.outcome else (), self.palaces()
        n = len(self.window.players)
        return sorted(
            range(n),
            key=lambda i: (-(scores[i] if i < len(scores) else 0), -(palaces[i] if i < len(palaces) else 0)),
        )

    def columns(self) -> list[Column]:
        return [Column(N_("Hand bonus"), 150), Column(N_("Palaces"), 130), Column(N_("Score"), 130)]

    def row(self, seat: int) -> list[str | Msg | Cell | Drawing]:
        palaces, scores = self.palaces(), self.outcome.scores if self.outcome else ()
        return [
            f"+{self.hand[seat]}",
            str(palaces[seat]) if seat < len(palaces) else "",
            score(scores[seat] if seat < len(scores) else 0),
        ]

    def draw_mark(self, surface: pygame.Surface, centre: tuple[int, int], seat: int) -> None:
        art.seat_mark(surface, seat, centre, 8)

    def extra_lines(self) -> list[str | Msg]:
        return [
            N_(
                "Hand bonus: 1 per white and special card, plus 1 per card of your most numerous colour. "
                "Ties go to the most palaces, then the win is shared."
            )
        ]


# the outcome's summary speaks of seats; the result screen names the people
