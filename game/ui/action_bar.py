"""The action bar under a table: what the person can do now, in a title and a line of detail,
coloured by its mood, with the table's action buttons at its right end. A greyed-out button
says why when pointed at or focused (its target's tip)."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.ui import card_text, text, theme
from game.ui.targets import Target

# mood -> title size, face, colour; then the detail's colour and face
MOODS: dict[str, tuple[int, str, tuple, tuple, str]] = {
    "idle": (22, "bold", theme.TEXT, theme.MUTED, "regular"),
    "move": (24, "black", theme.ACCENT, theme.TEXT, "regular"),
    "good": (22, "bold", theme.TEXT, theme.GOOD, "regular"),
    "hint": (22, "bold", theme.GOOD, theme.MUTED, "regular"),
    "refused": (22, "bold", theme.TEXT, theme.DANGER, "bold"),
    "waiting": (22, "bold", theme.MUTED, theme.MUTED, "regular"),
    "moving": (22, "bold", theme.TEXT, theme.MUTED, "regular"),
    "over": (22, "bold", theme.MUTED, theme.MUTED, "regular"),
}


class ActionBar:
    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], four_colour: bool = False):
        self.rect = pygame.Rect(rect)
        self.four_colour = four_colour  # card codes in the lines ("7H") drawn as rank and suit

    def width(self, right: int | None = None) -> int:
        """Room for the words, left of `right` (the first action button) when given."""
        return (right if right is not None else self.rect.right) - self.rect.x - 36

    def fits(self, line: str, right: int | None = None) -> bool:
        return text.fit(line, self.width(right), 16, smallest=14)[0] == line

    def draw(
        self,
        surface: pygame.Surface,
        title: str,
        detail: str,
        mood: str = "idle",
        right: int | None = None,
        pointed: Target | None = None,
        note: str = "",
    ) -> None:
        """`pointed`: a greyed-out target under the pointer or focus, whose reason replaces
        the detail line. `note`: a standing how-to in quiet ink on the last line (the detail
        then has one line)."""
        if pointed is not None and not pointed.enabled and pointed.tip:
            detail, mood = pointed.tip, "refused" if mood != "over" else mood
        size, face, colour, detail_colour, detail_face = MOODS[mood]
        x, width = self.rect.x + 20, self.width(right)
        if not self.fits_at(title, width, 17, face):  # too long for one row: two, and the rest smaller
            self.draw_long(surface, title, detail, note, (face, colour, detail_colour, detail_face), width)
            return
        title, size = text.fit(title, width, size, face, smallest=17)
        lines = list(text.wrap(detail, width, 16, detail_face)[:2]) if detail else []
        faces = [(detail_colour, detail_face, 16)] * len(lines)
        if note:  # the detail keeps one line, smaller or cut if need be
            lines, faces = [], []
            if detail:
                line, detail_size = text.fit(detail, width, 16, detail_face, smallest=14)
                lines, faces = [line], [(detail_colour, detail_face, detail_size)]
            line, note_size = text.fit(note, width, 16, smallest=14)
            lines.append(line)
            faces.append((theme.MUTED, "regular", note_size))
        y = self.rect.y + 30 if lines else self.rect.centery
        if len(lines) == 2:
            y -= 6
        card_text.blit(surface, title, (x, y), size, colour, face, "midleft", self.four_colour)
        for k, (line, (ink, line_face, line_size)) in enumerate(zip(lines, faces, strict=True)):
            line_y = self.rect.y + 62 + 18 * k - 9 * (len(lines) - 1)
            card_text.blit(surface, line, (x, line_y), line_size, ink, line_face, "midleft", self.four_colour)

    @staticmethod
    def fits_at(line: str, width: int, size: int, face: str) -> bool:
        return text.width(line, size, face) <= width

    @staticmethod
    def rows(line: str, width: int, size: int, face: str, most: int) -> list[str]:
        """`line` in at most `most` rows; only what is longer still is cut, in its last row."""
        rows = list(text.wrap(line, width, size, face))
        if len(rows) > most:
            whole, at = tr(line), 0
            for row in rows[: most - 1]:
                at = whole.index(row, at) + len(row)
            rest = whole[at:].strip()
            rows = [*rows[: most - 1], text.fit(rest, width, size, face, smallest=size)[0]]
        return rows

    def draw_long(
        self, surface: pygame.Surface, title: str, detail: str, note: str, inks: tuple, width: int
    ) -> None:
        """A headline too long for one row (a hint naming three cards and what each does), in
        two rows at the smallest title size, the detail and note below in two smaller rows."""
        face, colour, detail_colour, detail_face = inks
        x, top = self.rect.x + 20, self.rect.y + 20
        for k, row in enumerate(self.rows(title, width, 17, face, 2)):
            card_text.blit(surface, row, (x, top + 20 * k), 17, colour, face, "midleft", self.four_colour)
        below: list[tuple[str, tuple, str]] = []
        if detail:
            below += [
                (row, detail_colour, detail_face)
                for row in self.rows(detail, width, 14, detail_face, 2 - bool(note))
            ]
        if note:
            below += [(row, theme.MUTED, "regular") for row in self.rows(note, width, 14, "regular", 1)]
        for k, (row, ink, row_face) in enumerate(below):
            card_text.blit(
                surface, row, (x, top + 42 + 16 * k), 14, ink, row_face, "midleft", self.four_colour
            )
