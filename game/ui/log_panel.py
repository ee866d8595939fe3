"""The move log panel: the newest lines that fit its rows, each whole (wrapped onto the rows
below it, indented), the newest bright. Only a line longer than the whole panel is cut with
"…", and it is then a target whose tip is the whole line (shown on hover or focus)."""

from __future__ import annotations

import pygame

from game.core import i18n
from game.core.i18n import N_, tr
from game.ui import card_text, linebreak, text, theme
from game.ui.targets import Target

SIZE = 15
INDENT = 12  # a wrapped line's further rows, so each move starts at the margin


class LogPanel:
    def __init__(self, x: int, y: int, width: int, rows: int, step: int = 22, title: str = N_("Last moves")):
        self.x, self.y, self.width, self.rows, self.step, self.title = x, y, width, rows, step, title
        # the last lines laid out, and how: a frame asks for them three times (its targets,
        # their rects, the drawing) and the log changes only with a move
        self._laid: tuple[tuple[tuple[str, ...], str], list[tuple[str, tuple[str, ...]]]] | None = None

    def wrapped(self, line: str) -> tuple[str, ...]:
        """The line, translated, in rows: the first as wide as the panel, the rest indented;
        what a colon leads to starts a row of its own when the line wraps ("…, Asha had 0:" /
        "undercut, Asha scores …")."""
        whole = tr(line)
        if len(text.wrap(whole, self.width, SIZE)) == 1:
            return (whole,)
        first, *more = linebreak.clauses(whole)
        head = text.wrap(first, self.width, SIZE)[0]
        rest = [first[len(head) :].strip(), *more]
        return (head, *(row for part in rest if part for row in text.wrap(part, self.width - INDENT, SIZE)))

    def shown(self, lines: list[str]) -> list[tuple[str, tuple[str, ...]]]:
        """(full line, its rows as drawn) for the newest lines whose rows fit the panel, oldest
        first; a newest line longer than the whole panel keeps the rows there are, its last
        cut with "…"."""
        key = (tuple(lines), i18n.language())
        if self._laid is None or self._laid[0] != key:
            self._laid = (key, self._lay_out(lines))
        return self._laid[1]

    def _lay_out(self, lines: list[str]) -> list[tuple[str, tuple[str, ...]]]:
        out: list[tuple[str, tuple[str, ...]]] = []
        room = self.rows
        for line in reversed(lines):
            rows = self.wrapped(line)
            if len(rows) > room:
                if not out:
                    last = text.fit(" ".join(rows[room - 1 :]), self.width - INDENT, SIZE, smallest=SIZE)[0]
                    out.append((line, (*rows[: room - 1], last)))
                break
            out.append((line, rows))
            room -= len(rows)
        return out[::-1]

    def row_rect(self, k: int, rows: int = 1) -> pygame.Rect:
        """The rect of `rows` rows from row `k` (0 is the first under the title)."""
        return pygame.Rect(self.x, self.y + 24 + self.step * k - self.step // 2, self.width, self.step * rows)

    def line_rects(self, lines: list[str]) -> list[pygame.Rect]:
        """Each shown line's rect, over all its rows, in the order of `shown`."""
        out, k = [], 0
        for _, rows in self.shown(lines):
            out.append(self.row_rect(k, len(rows)))
            k += len(rows)
        return out

    def targets(self, lines: list[str]) -> list[Target]:
        """A line cut short (longer than the whole panel), so hover and focus can read it whole."""
        shown = self.shown(lines)
        return [
            Target(f"log.{k}", full, "log", rect, tip=full)
            for k, ((full, rows), rect) in enumerate(zip(shown, self.line_rects(lines), strict=True))
            if rows[-1].endswith("…") and not tr(full).endswith("…")
        ]

    def draw(self, surface: pygame.Surface, lines: list[str], four_colour: bool = False) -> None:
        text.blit(surface, self.title, (self.x, self.y), SIZE, theme.ACCENT, "bold", "midleft")
        shown = self.shown(lines)
        k = 0
        for n, (_, rows) in enumerate(shown):
            colour = theme.TEXT if n == len(shown) - 1 else theme.MUTED
            for j, row in enumerate(rows):
                at = (self.x + (INDENT if j else 0), self.row_rect(k).centery)
                card_text.blit(surface, row, at, SIZE, colour, anchor="midleft", four_colour=four_colour)
                k += 1
