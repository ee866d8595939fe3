"""The end of a match: who won, the scores, and a rematch.

`Results` is the one result sheet every game shows: the frame (the game's title, the headline,
the rules' summary, the buttons Menu and Rematch) and a table with a row for each player, a
star beside each winner. A game says only what is its own, through small hooks:

    columns()         the table's columns after the player: heading, width, alignment
    row(seat)         the cells of one seat's row, one per column (text, `Cell` or a drawing)
    order()           the seats in the order of the rows (default: seat order)
    subline(seat)     the small line under a player's name (default: person or bot and level)
    draw_mark(...)    the seat's token before its name (`mark_width` reserves its room)
    extra_lines()     lines in small type under the table (a note, a tie-break, past rounds)
    summary_line()    the line under the headline (default: the rules' summary, with names)
    draw_row(...)     a whole row, for a game whose row is more than cells

The frame stacks headline, summary, table and extra lines in the room between the title bar and
the buttons, tightening its gaps and the headline when a long table needs the room.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, Msg, msg, tr
from game.core.seats import level_name
from game.core.window import Window
from game.scenes.base import Screen
from game.scenes.waiting import opening
from game.ui import text, theme
from game.ui.widgets import Button, panel

if TYPE_CHECKING:
    from pygame.typing import ColorLike

    from game.scenes.asked import Opened
    from game.scenes.host import Host

TOP, BOTTOM = 100, 588  # under the title bar, above the buttons (y 600)
PAD = 28  # the table's inner margin, left and right
STAR = 34  # room for the winner's star
HEAD_H = 30  # the row of column headings


def star(surface: pygame.Surface, centre: tuple[int, int], r: int, colour: ColorLike) -> None:
    points = []
    for k in range(10):
        angle = math.pi / 2 + k * math.pi / 5
        radius = r if k % 2 == 0 else r * 0.45
        points.append((centre[0] + radius * math.cos(angle), centre[1] - radius * math.sin(angle)))
    pygame.draw.polygon(surface, colour, points)


@dataclass(frozen=True)
class Column:
    """A column of the table after the player: `heading` ("" for none), its `width` in pixels
    (with the gap before it) and where its cells stand ("right", as numbers do, or "left")."""

    heading: str | Msg
    width: int
    align: str = "right"


@dataclass(frozen=True)
class Cell:
    """One cell's text; `lead`: the column that decides (the score), large and in the winner's
    colour."""

    text: str | Msg
    size: int = 20
    face: str = "regular"
    lead: bool = False


Drawing = Callable[[pygame.Surface, pygame.Rect], None]  # a cell drawn into its rect


def score(value: float | int, lead: bool = True) -> Cell:
    """A score as a cell: whole numbers without a decimal point."""
    shown = f"{value:g}" if isinstance(value, float) else str(value)
    return Cell(shown, 28, "black", lead)


@dataclass
class Layout:
    """Where the frame puts each part, worked out from what the screen has to show."""

    headline: tuple[int, int]  # (centre y, size)
    summary: list[tuple[str, int]]  # (line, top)
    table: pygame.Rect
    rows: dict[int, pygame.Rect]  # seat -> its row, in the order shown
    extras: list[tuple[str, int]]  # (line, top)


class Results(Screen):
    name = "results"
    title = N_("Match over")
    row_height = 60  # a name and the line under it
    name_width = 250  # the player's name and its subline
    mark_width = 0  # a seat's token before the name (0: none)
    min_width = 620
    extra_size = 16

    def __init__(self, app: Host, window: Window, match_id: int | None = None):
        super().__init__(app)
        self.window = window
        self.outcome = window.outcome
        # the match is over: a seat joined at another computer need not be remembered; over the
        # network every screen may ask for a rematch, which its server makes once all did
        app.matches.ended(window)
        self.link = window.connection
        self.carrying = False  # the rematch made: its table is opening
        menu = self.group.add(Button((380, 600, 240, 60), N_("Menu"), self.to_menu, tid="menu"))
        rematch = Button((660, 600, 240, 60), N_("Rematch"), self.rematch, primary=True, tid="rematch")
        self.group.add(rematch)
        # the focus starts no match: Enter pressed once too often after "See the result" goes
        # to the menu, never into a new match
        self.group.focus(menu)
        app.sounds.play("seal")

    # -- what the match says --------------------------------------------------------------
    def headline(self) -> str:
        names = self.window.names
        winners = self.outcome.winners if self.outcome else ()
        if len(winners) == 1:
            return msg("{name} wins", name=names[winners[0]])
        if winners:
            return msg("Shared win: {names}", names=" & ".join(names[w] for w in winners))
        return N_("No winner")

    def summary_line(self) -> str | Msg:
        """The rules' summary, translated, with names for the seats it speaks of ("Seat 1" as
        the language words it, so also an older save's plain English)."""
        summary = tr(self.outcome.summary) if self.outcome else ""
        for i, name in enumerate(self.window.names):
            summary = summary.replace(tr(msg("Seat {seat}", seat=i + 1)), name)
        return summary

    def won(self, seat: int) -> bool:
        return self.outcome is not None and seat in self.outcome.winners

    # -- the hooks a game fills -------------------------------------------------------------
    def columns(self) -> list[Column]:
        return [Column(N_("Score"), 140)]

    def row(self, seat: int) -> list[str | Msg | Cell | Drawing]:
        scores = self.outcome.scores if self.outcome else ()
        return [score(scores[seat])] if seat < len(scores) else [""]

    def order(self) -> list[int]:
        return list(range(len(self.window.players)))

    def subline(self, seat: int) -> str | Msg:
        player = self.window.players[seat]
        return N_("person") if not player.is_bot else msg("bot · {level}", level=level_name(player.level))

    def draw_mark(self, surface: pygame.Surface, centre: tuple[int, int], seat: int) -> None:
        """The seat's token, `mark_width` wide, before its name: none on the common sheet."""

    def extra_lines(self) -> list[str | Msg]:
        return []

    # -- the frame ----------------------------------------------------------------------------
    def table_width(self) -> int:
        inner = STAR + self.mark_width + self.name_width + sum(c.width for c in self.columns())
        return max(self.min_width, inner + 2 * PAD)

    def layout(self) -> Layout:
        seats = self.order()
        headed = any(c.heading for c in self.columns())
        table_h = 12 + (HEAD_H if headed else 0) + self.row_height * len(seats) + 12
        summary_text = self.summary_line()
        summary = list(text.wrap(summary_text, 1000, 20)) if summary_text else []
        extras = [line for extra in self.extra_lines() for line in text.wrap(extra, 980, self.extra_size)]
        extra_step = self.extra_size + 6
        # roomy if it fits, else a smaller headline and tighter gaps
        for size, gap in ((54, 26), (46, 14), (40, 8)):
            head_h = size + 14 + gap // 2  # the headline and the room under it
            total = head_h + 26 * len(summary) + gap + table_h + (gap // 2 + extra_step * len(extras))
            if total <= BOTTOM - TOP:
                break
        y = TOP + max(0, (BOTTOM - TOP - total) // 2)
        headline = (y + (size + 14) // 2, size)
        y += head_h
        summary_at = [(line, y + 26 * k) for k, line in enumerate(summary)]
        y += 26 * len(summary) + gap
        box = pygame.Rect(0, y, self.table_width(), table_h)
        box.centerx = theme.WIDTH // 2
        top = box.y + 12 + (HEAD_H if headed else 0)
        rows = {
            seat: pygame.Rect(box.x, top + self.row_height * k, box.w, self.row_height)
            for k, seat in enumerate(seats)
        }
        y = box.bottom + gap // 2 + 4
        extras_at = [(line, y + extra_step * k) for k, line in enumerate(extras)]
        return Layout(headline, summary_at, box, rows, extras_at)

    def cell_rects(self, row: pygame.Rect) -> list[pygame.Rect]:
        """Each column's room in a row (its heading's too, with the heading row's y)."""
        rects, right = [], row.right - PAD
        for column in reversed(self.columns()):
            rects.append(pygame.Rect(right - column.width, row.y, column.width, row.h))
            right -= column.width
        return rects[::-1]

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        text.blit(surface, self.window.game.title, (theme.WIDTH - 60, 46), 22, theme.MUTED, anchor="midright")
        at = self.layout()
        (y, size) = at.headline
        line, size = text.fit(self.headline(), theme.WIDTH - 120, size, "black", 30)
        text.blit(surface, line, (theme.WIDTH // 2, y), size, theme.ACCENT, "black", "center")
        for line, top in at.summary:
            text.blit(surface, line, (theme.WIDTH // 2, top + 13), 20, theme.TEXT, anchor="center")
        self.draw_table(surface, at)
        for line, top in at.extras:
            text.blit(surface, line, (theme.WIDTH // 2, top), self.extra_size, theme.MUTED, anchor="midtop")
        self.group.draw(surface)
        wanted = self.rematch_words()
        if wanted:
            text.blit(surface, wanted, (theme.WIDTH // 2, 684), 18, theme.ACCENT, "bold", "center")

    def rematch_words(self) -> str:
        """Who wants a rematch of a match over the network, as this screen sees it: "Bilal
        wants a rematch", or once this screen asked, "Waiting for Asha"."""
        link = self.link
        if link is None:
            return ""
        news = link.rematch
        names = self.window.names
        if news is not None and news.token:
            return msg("Starting the rematch…")
        if news is not None and self.window.seats <= news.agreed and news.waiting:
            return msg("Waiting for {names}", names=" & ".join(names[s] for s in sorted(news.waiting)))
        if news is not None and news.agreed - self.window.seats:
            others = sorted(news.agreed - self.window.seats)
            if len(others) == 1:
                return msg("{name} wants a rematch", name=names[others[0]])
            return msg("{names} want a rematch", names=" & ".join(names[s] for s in others))
        return msg("Asking for a rematch…") if self.asked else ""

    @property
    def asked(self) -> bool:
        return bool(getattr(self.link, "rematch_asked", False))

    def update(self, ticks: int) -> None:
        """Over the network: the news of who wants a rematch, and once the server made it, its
        table."""
        link = self.link
        if link is None or self.carrying:
            return
        link.pump()
        news = link.rematch
        if news is not None and news.token:
            self.carrying = True
            opening(self.app, lambda answered: self.app.matches.carry_on(self.window, answered), self.show)

    def draw_table(self, surface: pygame.Surface, at: Layout) -> None:
        panel(surface, at.table, theme.BG_DEEP)
        columns = self.columns()
        if any(c.heading for c in columns):
            heads = pygame.Rect(at.table.x, at.table.y + 12, at.table.w, HEAD_H)
            for column, rect in zip(columns, self.cell_rects(heads), strict=True):
                if column.heading:
                    line, size = text.fit(column.heading, rect.w - 12, 15, "bold", 12)
                    pos = (rect.right, rect.centery) if column.align == "right" else (rect.x, rect.centery)
                    text.blit(surface, line, pos, size, theme.MUTED, "bold", f"mid{column.align}")
        for k, (seat, rect) in enumerate(at.rows.items()):
            if k:  # a hairline between players
                pygame.draw.line(surface, theme.PANEL, (rect.x + PAD, rect.y), (rect.right - PAD, rect.y))
            self.draw_row(surface, rect, seat)

    def draw_row(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """The player (a star if they won, their token, name and subline), then the cells."""
        won = self.won(seat)
        colour = theme.ACCENT if won else theme.TEXT
        x, y = rect.x + PAD, rect.centery
        if won:  # the font has no star glyph: draw one
            star(surface, (x + 13, y), 13, theme.ACCENT)
        x += STAR
        if self.mark_width:
            self.draw_mark(surface, (x + self.mark_width // 2 - 4, y), seat)
            x += self.mark_width
        sub = self.subline(seat)
        name, size = text.fit(self.window.names[seat], self.name_width - 10, 24, "bold", 15)
        text.blit(surface, name, (x, y - 11 if sub else y), size, colour, "bold", "midleft")
        if sub:
            line, small = text.fit(sub, self.name_width - 10, 15, smallest=12)
            text.blit(surface, line, (x, y + 16), small, theme.MUTED, anchor="midleft")
        for column, cell, box in zip(self.columns(), self.row(seat), self.cell_rects(rect), strict=True):
            if callable(cell):
                cell(surface, box)
                continue
            cell = cell if isinstance(cell, Cell) else Cell(cell)
            ink = colour if cell.lead else theme.TEXT
            pos = (box.right, y) if column.align == "right" else (box.x, y)
            line, size = text.fit(cell.text, box.w - 8, cell.size, cell.face, 12)
            text.blit(surface, line, pos, size, ink, cell.face, f"mid{column.align}")

    # -- the buttons ----------------------------------------------------------------------------
    def to_menu(self) -> None:
        self.app.home()

    def back(self) -> None:
        self.to_menu()

    def rematch(self) -> None:
        """The same players and options again: at once for a match at this screen; over the
        network this screen asks, and the rematch starts once every screen did."""
        if self.link is not None:
            self.link.ask_rematch()
            return
        opening(self.app, lambda answered: self.app.matches.rematch(self.window, answered), self.show)

    def show(self, opened: Opened) -> None:
        """The rematch's table (a hosted one with the invites of seats nobody carried on)."""
        from game.scenes.invites import InviteSheet
        from game.scenes.online import opened_table

        table = opened_table(self.app, opened)
        self.app.home()
        self.app.push(table)
        if opened.invites:
            self.app.push(InviteSheet(self.app, table))
