"""Drawing the Gin Rummy table's parts. Nothing here decides anything."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, _, _n, tr
from game.scenes.ginrummy import layout as L
from game.ui import card_text, playing_cards, text, theme
from game.ui.widgets import panel

if TYPE_CHECKING:
    from game.core.face import View

FELT = (30, 86, 64)
FELT_LIGHT = (40, 104, 78)
FELT_LINE = (22, 66, 49)
RAIL = (70, 44, 30)
RAIL_LIGHT = (104, 68, 44)
MELD_INK = (150, 226, 160)
DEAD_INK = (255, 170, 110)
LAYOFF_INK = (200, 150, 255)

Ink = tuple[int, int, int]  # an RGB colour, as theme and the inks above are


def face(code: str, w: int, h: int, four: bool) -> pygame.Surface:
    return playing_cards.face(code, four, w, h)


def back(w: int, h: int) -> pygame.Surface:
    return playing_cards.back(w, h)


@cache
def backdrop() -> pygame.Surface:
    """The room, the rail and the felt with a soft light in the middle (drawn once)."""
    surface = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    surface.fill(theme.BG)
    rail = L.FELT.inflate(8, 8)
    pygame.draw.rect(surface, RAIL, rail, border_radius=24)
    pygame.draw.rect(surface, RAIL_LIGHT, rail, 2, border_radius=24)
    felt = pygame.Surface(L.FELT.size, pygame.SRCALPHA)
    pygame.draw.rect(felt, FELT, felt.get_rect(), border_radius=20)
    glow = pygame.Surface(L.FELT.size, pygame.SRCALPHA)
    cx, cy = L.FELT.w // 2, L.FELT.h // 2
    for k in range(12, 0, -1):  # a light over the table
        rx, ry = int(cx * k / 11), int(cy * k / 11)
        shade = tuple(int(a + (b - a) * (1 - k / 12)) for a, b in zip(FELT, FELT_LIGHT, strict=True))
        pygame.draw.ellipse(glow, shade, (cx - rx, cy - ry, 2 * rx, 2 * ry))
    mask = pygame.Surface(L.FELT.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=20)
    glow.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    felt.blit(glow, (0, 0))
    surface.blit(felt, L.FELT.topleft)
    pygame.draw.rect(surface, FELT_LINE, L.FELT, 2, border_radius=20)
    panel(surface, L.PANEL, theme.BG_DEEP)
    panel(surface, L.BAR, theme.BG_DEEP)
    return surface.convert() if pygame.display.get_surface() else surface


@cache
def shade(w: int, h: int, alpha: int) -> pygame.Surface:
    """A dark rounded patch that sets a box apart from the felt."""
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surface, (0, 0, 0, alpha), surface.get_rect(), border_radius=14)
    return surface


def outline(surface: pygame.Surface, rect: pygame.Rect, colour: Ink, width: int = 3, grow: int = 6) -> None:
    pygame.draw.rect(surface, colour, rect.inflate(grow, grow), width, border_radius=10 + grow // 2)


def stock(surface: pygame.Surface, count: int, lit: Ink | None) -> pygame.Rect:
    rect = L.card_rect(L.STOCK)
    if count <= 0:
        pygame.draw.rect(surface, FELT_LINE, rect, 2, border_radius=9)
    else:
        image = back(L.HAND_W, L.HAND_H)
        for k in range(min(4, (count + 7) // 8), 0, -1):  # the thicker the pile, the more edges show
            surface.blit(image, rect.move(-2 * k, -2 * k))
        surface.blit(image, rect)
    text.blit(
        surface, _("Stock · {n}", n=count), (rect.centerx, rect.bottom + 16), 16, theme.TEXT, anchor="center"
    )
    if lit:
        outline(surface, rect, lit)
    return rect


def discard_pile(
    surface: pygame.Surface, pile: list[str], hidden: set[str], four: bool, lit: Ink | None
) -> pygame.Rect:
    """The pile's top card face up, with the cards below peeking out at an angle."""
    rect = L.card_rect(L.DISCARD)
    shown = [c for c in pile if c not in hidden]
    if not shown:
        pygame.draw.rect(surface, FELT_LINE, rect, 2, border_radius=9)
    else:
        for k, code in enumerate(shown[-3:-1]):
            image = tilted(code, (-7, 5)[k % 2] if len(shown) > 2 else 5, four)
            surface.blit(image, image.get_rect(center=rect.center))
        surface.blit(face(shown[-1], L.HAND_W, L.HAND_H, four), rect)
    label = _("Discard pile") if len(pile) < 2 else _("Discard pile · {n}", n=len(pile))
    text.blit(surface, label, (rect.centerx, rect.bottom + 16), 16, theme.TEXT, anchor="center")
    if lit:
        outline(surface, rect, lit)
    return rect


@cache
def tilted(code: str, angle: int, four: bool) -> pygame.Surface:
    return pygame.transform.rotozoom(face(code, L.HAND_W, L.HAND_H, four), angle, 1.0)


def dealer_chip(surface: pygame.Surface, centre: tuple[int, int]) -> None:
    pygame.draw.circle(surface, (250, 246, 236), centre, 14)
    pygame.draw.circle(surface, theme.ACCENT_DARK, centre, 14, 2)
    pygame.draw.circle(surface, theme.ACCENT, centre, 10, 2)
    text.blit(surface, N_("D"), (centre[0], centre[1] + 1), 15, theme.ACCENT_TEXT, "black", "center")


def nameplate(
    surface: pygame.Surface,
    pos: tuple[int, int],
    name: str,
    note: str,
    dealer: bool,
    to_act: bool,
    right: int = theme.WIDTH,
    below: bool = False,
) -> None:
    """A seat's name, the dealer chip and a note ("bot · easy · 12 points"), the note made
    smaller if need be to end before `right` (the cards beside it); `below`: the note on a row
    under the name, where a name and chip beside a face-down hand leave it too little room."""
    x, y = pos
    if to_act:
        pygame.draw.circle(surface, theme.ACCENT, (x + 6, y), 6)
        x += 20
    rect = text.blit(surface, name, (x, y), 22, theme.TEXT, "black", "midleft")
    if dealer:
        dealer_chip(surface, (rect.right + 22, y))
        rect.w += 36
    if note:
        at = (x, y + 24) if below else (rect.right + 14, y + 2)
        note, size = text.fit(note, right - at[0], 15 if below else 16, smallest=12)
        text.blit(surface, note, at, size, theme.MUTED, anchor="midleft")


def meter(surface: pygame.Surface, lines: tuple[str, int, str, str, bool], four: bool) -> None:
    """My live deadwood and what it allows: (title, value, status, note, good)."""
    title, value, status, note, good = lines
    box = L.METER
    surface.blit(shade(box.w, box.h, 70), box)
    title, size = text.fit(title, box.w - 40, 17, "bold", 13)
    text.blit(surface, title, (box.x + 20, box.y + 26), size, theme.MUTED, "bold", "midleft")
    colour = MELD_INK if good else (theme.TEXT if value <= 10 else DEAD_INK)
    number = text.blit(surface, str(value), (box.x + 20, box.y + 84), 64, colour, "black", "midleft")
    x = max(box.x + 110, number.right + 20)
    status, size = text.fit(status, box.right - 12 - x, 18, "bold", 13)
    text.blit(surface, status, (x, box.y + 72), size, MELD_INK if good else theme.TEXT, "bold", "midleft")
    card_text.blit(surface, tr(note), (x, box.y + 98), 16, theme.MUTED, anchor="midleft", four_colour=four)
    text.blit(
        surface,
        N_("Knock at 10 or less · gin at 0"),
        (box.x + 20, box.bottom - 20),
        14,
        theme.MUTED,
        anchor="midleft",
    )


def group_marks(surface: pygame.Surface, spans: list[tuple[str, float, float, str]], y: int) -> None:
    """A bracket under each group of cards with its label: ("run"|"set"|"deadwood", x0, x1, label)."""
    for kind, x0, x1, label in spans:
        ink = DEAD_INK if kind == "deadwood" else MELD_INK
        pygame.draw.line(surface, ink, (x0, y - 12), (x1, y - 12), 3)
        pygame.draw.line(surface, ink, (x0, y - 18), (x0, y - 12), 3)
        pygame.draw.line(surface, ink, (x1, y - 18), (x1, y - 12), 3)
        text.blit(surface, label, (int((x0 + x1) // 2), y + 4), 16, ink, "bold", "center")


def value_tag(surface: pygame.Surface, rect: pygame.Rect, value: int, step: float) -> None:
    """A deadwood card's points, in its visible strip near the bottom."""
    image = badge(value)
    surface.blit(image, image.get_rect(center=(int(rect.x + min(step, rect.w) / 2), rect.bottom - 16)))


@cache
def badge(value: int) -> pygame.Surface:
    surface = pygame.Surface((30, 20), pygame.SRCALPHA)
    pygame.draw.rect(surface, DEAD_INK, surface.get_rect(), border_radius=10)
    text.blit(surface, str(value), (15, 10), 14, theme.ACCENT_TEXT, "black", "center")
    return surface


def tag(surface: pygame.Surface, rect: pygame.Rect, label: str, colour: Ink) -> None:
    """A small label above a card (new, taken)."""
    image = text.render(label, 13, theme.ACCENT_TEXT, "black")
    box = image.get_rect().inflate(12, 4)
    box.midbottom = (rect.x + 26, rect.y - 2)
    pygame.draw.rect(surface, colour, box, border_radius=8)
    surface.blit(image, image.get_rect(center=box.center))


def bubble(surface: pygame.Surface, anchor: tuple[int, int], line: str, four: bool, up: bool) -> None:
    """What a player just said ("Pass", "Knock!"), in a speech bubble pointing at their name."""
    image = card_text.render(tr(line), 18, theme.ACCENT_TEXT, "bold", four, paper=True)
    box = image.get_rect().inflate(24, 12)
    box.topleft = anchor if up else (anchor[0], anchor[1] - box.h)
    paper = (250, 244, 228)
    pygame.draw.rect(surface, paper, box, border_radius=14)
    tip_y = box.y - 9 if up else box.bottom + 9
    base_y = box.y + 1 if up else box.bottom - 1
    pygame.draw.polygon(surface, paper, [(box.x + 18, base_y), (box.x + 34, base_y), (box.x + 20, tip_y)])
    surface.blit(image, image.get_rect(center=box.center))


KINDS = {"knock": N_("Knock"), "gin": N_("Gin"), "undercut": N_("Undercut"), "dead": N_("Dead hand")}


def score_table(
    surface: pygame.Surface,
    v: View,
    names: list[str],
    span: tuple[int, int],
    cols: tuple[int, int],
    y: int,
    size: int,
    most: int,
) -> int:
    """The score sheet: a row a hand (what happened, points won, running totals), then the
    totals. `span` is the x range, `cols` the right edges of the two totals columns. Returns
    the y below the totals."""
    x0, x1 = span
    row_h, big = int(size * 1.6), size >= 17
    text.blit(surface, N_("Hand"), (x0, y), size, theme.MUTED, "bold", "midleft")
    for seat, cx in enumerate(cols):
        shown = names[seat] if len(names[seat]) <= 12 else names[seat][:11] + "…"
        text.blit(surface, shown, (cx, y), size + 2, theme.ACCENT, "bold", "midright")
    pygame.draw.line(surface, theme.LINE, (x0, y + 15), (x1, y + 15))
    history = v["history"]
    rows = history[-most:]
    y += 22 + row_h // 2
    if len(history) > len(rows):
        line = _n("… {n} earlier hand", "… {n} earlier hands", len(history) - len(rows))
        text.blit(surface, line, (x0, y - 4), size - 2, theme.MUTED, anchor="midleft")
        y += row_h - 4
    if not history:
        text.blit(surface, N_("No hands scored yet"), (x0, y), size, theme.MUTED, anchor="midleft")
        y += row_h
    for k, row in enumerate(rows):
        last = k == len(rows) - 1
        ink = theme.TEXT if last else theme.MUTED
        if big and row["winner"] is not None:
            what = _(
                "{number}. {kind} · {name}",
                number=row["number"],
                kind=tr(KINDS[row["kind"]]),
                name=names[row["winner"]],
            )
        else:
            what = _("{number}. {kind}", number=row["number"], kind=tr(KINDS[row["kind"]]))
        room = cols[0] - 3 * size - int(2.6 * size) - x0  # up to the first points column
        what, what_size = text.fit(what, room, size, smallest=max(11, size - 5))
        text.blit(surface, what, (x0, y), what_size, ink, anchor="midleft")
        for seat, cx in enumerate(cols):
            won = row["points"] if row["winner"] == seat else 0
            gain = f"+{won}" if won else "·"
            text.blit(
                surface, gain, (cx - 3 * size, y), size, MELD_INK if won else theme.LINE, "bold", "midright"
            )
            text.blit(
                surface,
                str(row["totals"][seat]),
                (cx, y),
                size,
                ink,
                "bold" if last else "regular",
                "midright",
            )
        y += row_h
    pygame.draw.line(surface, theme.LINE, (x0, y - row_h // 2 + 2), (x1, y - row_h // 2 + 2))
    y += 8
    text.blit(surface, N_("Total"), (x0, y), size + 2, theme.TEXT, "bold", "midleft")
    for seat, cx in enumerate(cols):
        lead = v["scores"][seat] > v["scores"][1 - seat]
        colour = theme.ACCENT if lead else theme.TEXT
        text.blit(surface, str(v["scores"][seat]), (cx, y), int(size * 1.6), colour, "black", "midright")
    return y + row_h


def score_panel(surface: pygame.Surface, v: View, names: list[str]) -> None:
    """The right-hand panel: the target and the running score sheet; the last moves go below
    the line (a LogPanel at L.LOG_Y)."""
    box = L.PANEL  # its ground is part of the backdrop
    x0, x1 = box.x + 18, box.right - 18
    text.blit(surface, _("Game to {n}", n=v["target"]), (x0, box.y + 24), 18, theme.ACCENT, "bold", "midleft")
    bonuses = _("Undercut {undercut} · gin {gin}", undercut=v["undercut_bonus"], gin=v["gin_bonus"])
    text.blit(surface, bonuses, (x1, box.y + 24), 14, theme.MUTED, anchor="midright")
    score_table(surface, v, names, (x0, x1), (box.x + 196, box.right - 24), box.y + 62, 15, 9)
    pygame.draw.line(surface, theme.LINE, (x0, L.LOG_Y - 14), (x1, L.LOG_Y - 14))


SEAT_INKS = ((120, 190, 255), theme.ACCENT)


def history(
    surface: pygame.Surface, pile: list[str], who: list[int | None], names: list[str], four: bool
) -> None:
    """The whole discard pile, oldest first, each card marked with who threw it."""
    if not pile:
        return
    centres = L.history_centres(len(pile))
    box = L.history_box(len(pile))
    panel(surface, box, theme.BG_DEEP, theme.ACCENT)
    text.blit(
        surface, N_("Discard pile, oldest first"), (box.x + 20, box.y + 24), 17, theme.TEXT, "bold", "midleft"
    )
    x = box.right - 20
    for seat in (1, 0):
        rect = text.blit(surface, names[seat], (x, box.y + 24), 15, theme.MUTED, anchor="midright")
        pygame.draw.circle(surface, SEAT_INKS[seat], (rect.x - 10, rect.centery), 5)
        x = rect.x - 28
    for k, (code, centre) in enumerate(zip(pile, centres, strict=True)):
        rect = L.card_rect(centre, L.MINI_W, L.MINI_H)
        surface.blit(face(code, L.MINI_W, L.MINI_H, four), rect)
        dot = (rect.x + 10, rect.bottom + 7)
        thrower = who[k]
        if thrower is None:
            pygame.draw.circle(surface, theme.MUTED, dot, 5, 2)
        else:
            pygame.draw.circle(surface, SEAT_INKS[thrower], dot, 5)
