"""Ubongo's pictures drawn by code: gems (a shape per colour), pawns (a shape per seat), the
die's six symbols and the hourglass. Every colour has a shape beside it, so the table reads
without colour."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import pygame

from game.core.polyomino import Cell
from game.rules.ubongo.face.constants import COLOURS
from game.scenes.ubongo.handling import SHAPES
from game.ui import polyomino_draw, text, theme

Laid = tuple[str, Sequence[Cell]]  # a piece and the board cells it covers

GEM_COLOURS = {
    "red": (214, 64, 70),
    "blue": (64, 120, 222),
    "green": (70, 170, 92),
    "yellow": (236, 206, 72),
    "purple": (150, 90, 196),
    "amber": (222, 134, 40),
}
# The stone each colour stands for, and its cut: a shape per colour
GEM_NAMES = {
    "red": "ruby",
    "blue": "sapphire",
    "green": "emerald",
    "yellow": "topaz",
    "purple": "amethyst",
    "amber": "amber",
}
GEM_SHAPES = {
    "red": "diamond",
    "blue": "circle",
    "green": "square",
    "yellow": "triangle",
    "purple": "hexagon",
    "amber": "drop",
}
SEAT_COLOURS = ((236, 172, 64), (120, 190, 255), (240, 120, 160), (150, 220, 140))
SEAT_SHAPES = ("circle", "square", "triangle", "diamond")


def polygon(shape: str, centre: tuple[float, float], r: float) -> list[tuple[float, float]]:
    """The outline of a named shape of radius r (a circle as a many-sided polygon)."""
    cx, cy = centre

    def ring(n: int, start: float) -> list[tuple[float, float]]:
        return [
            (cx + r * math.cos(start + 2 * math.pi * k / n), cy + r * math.sin(start + 2 * math.pi * k / n))
            for k in range(n)
        ]

    if shape == "diamond":
        return [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    if shape == "square":
        k = r * 0.8
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if shape == "hexagon":
        return ring(6, 0.0)
    if shape == "drop":
        top = [(cx, cy - r)]
        arc = [
            (cx + r * 0.75 * math.cos(a), cy + r * 0.25 + r * 0.75 * math.sin(a))
            for a in [math.pi * k / 8 for k in range(-1, 10)]
        ]
        return top + arc
    return ring(20, 0.0)


@cache
def gem(colour: str, size: int) -> pygame.Surface:
    """A gem of this colour, in its own cut, with a light facet and a dark rim."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    c = GEM_COLOURS[colour]
    r = size * 0.44
    centre = (size / 2, size / 2)
    pts = polygon(GEM_SHAPES[colour], centre, r)
    pygame.draw.polygon(image, c, pts)
    light = tuple(min(255, int(v * 1.35) + 30) for v in c)
    pygame.draw.polygon(image, light, polygon(GEM_SHAPES[colour], (size * 0.42, size * 0.42), r * 0.38))
    pygame.draw.polygon(image, (28, 20, 24), pts, max(2, size // 14))
    return image


def pawn(surface: pygame.Surface, seat: int, centre: tuple[int, int], r: int, letter: str = "") -> None:
    """A seat's pawn: its shape and colour, with the player's initial on it."""
    pts = polygon(SEAT_SHAPES[seat % 4], centre, r)
    pygame.draw.polygon(surface, SEAT_COLOURS[seat % 4], pts)
    pygame.draw.polygon(surface, (20, 16, 24), pts, 3)
    if letter:
        dy = r * 0.15 if SEAT_SHAPES[seat % 4] == "triangle" else 0
        # a name's initial is drawn as it is, never looked up in the catalogue ("D" is a word there)
        image = text.font(max(12, int(r * 0.9)), "black").render(letter, True, (20, 16, 24))
        surface.blit(image, image.get_rect(center=(centre[0], centre[1] + dy)))


def gem_counts(
    surface: pygame.Surface, held: dict[str, int], x: int, y: int, size: int = 22, step: int = 44
) -> None:
    """Six gems in a row with the count beside each (a dash for none)."""
    for k, colour in enumerate(COLOURS):
        gx = x + k * step
        surface.blit(gem(colour, size), (gx, y - size // 2))
        n = held.get(colour, 0)
        ink = theme.TEXT if n else theme.MUTED
        text.blit(surface, str(n) if n else "–", (gx + size + 3, y), 15, ink, "bold", "midleft")


# -- the die --------------------------------------------------------------------------------
def die_symbol(
    surface: pygame.Surface,
    face: int,
    centre: tuple[int, int],
    size: int,
    ink: tuple[int, int, int] = (40, 30, 24),
) -> None:
    """One of the die's six symbols drawn in a box of `size` (row 1-6: elephant, gazelle, mask,
    spear and shield, baobab, sun)."""
    cx, cy = centre
    s = size / 2
    w = max(2, int(size / 16))
    if face == 0:  # elephant: body, head, ear, trunk, legs
        pygame.draw.ellipse(surface, ink, (cx - s * 0.8, cy - s * 0.45, s * 1.2, s * 0.8))
        pygame.draw.circle(surface, ink, (int(cx + s * 0.45), int(cy - s * 0.3)), int(s * 0.32))
        pygame.draw.lines(
            surface,
            ink,
            False,
            [(cx + s * 0.7, cy - s * 0.2), (cx + s * 0.8, cy + s * 0.3), (cx + s * 0.65, cy + s * 0.6)],
            w + 2,
        )
        for dx in (-0.65, -0.35, 0.0, 0.2):
            pygame.draw.rect(surface, ink, (cx + s * dx, cy + s * 0.2, s * 0.16, s * 0.5))
    elif face == 1:  # gazelle: body, neck, head, two long curved horns, legs
        pygame.draw.ellipse(surface, ink, (cx - s * 0.6, cy - s * 0.05, s * 1.0, s * 0.42))
        pygame.draw.line(surface, ink, (cx + s * 0.3, cy + s * 0.05), (cx + s * 0.5, cy - s * 0.45), w + 2)
        pygame.draw.circle(surface, ink, (int(cx + s * 0.55), int(cy - s * 0.5)), int(s * 0.14))
        for dx in (0.45, 0.6):
            pygame.draw.arc(surface, ink, (cx + s * (dx - 0.5), cy - s * 1.0, s * 0.6, s * 0.9), 0.2, 1.6, w)
        for dx in (-0.5, -0.3, 0.05, 0.25):
            pygame.draw.line(surface, ink, (cx + s * dx, cy + s * 0.3), (cx + s * dx, cy + s * 0.8), w)
    elif face == 2:  # mask: a long oval with eye slits and a mouth
        rect = pygame.Rect(0, 0, int(s * 1.1), int(s * 1.7))
        rect.center = centre
        pygame.draw.ellipse(surface, ink, rect)
        for dx in (-0.25, 0.25):
            pygame.draw.ellipse(
                surface, (250, 244, 230), (cx + s * dx - s * 0.16, cy - s * 0.35, s * 0.32, s * 0.14)
            )
        pygame.draw.rect(surface, (250, 244, 230), (cx - s * 0.15, cy + s * 0.35, s * 0.3, s * 0.12))
    elif face == 3:  # spear and shield: a spear behind an oval shield
        pygame.draw.line(surface, ink, (cx - s * 0.8, cy + s * 0.8), (cx + s * 0.7, cy - s * 0.7), w + 1)
        pygame.draw.polygon(
            surface,
            ink,
            [(cx + s * 0.85, cy - s * 0.85), (cx + s * 0.5, cy - s * 0.65), (cx + s * 0.65, cy - s * 0.5)],
        )
        shield = pygame.Rect(0, 0, int(s * 0.9), int(s * 1.4))
        shield.center = (int(cx - s * 0.1), int(cy + s * 0.05))
        pygame.draw.ellipse(surface, ink, shield)
        pygame.draw.line(
            surface, (250, 244, 230), (shield.centerx, shield.y + 6), (shield.centerx, shield.bottom - 6), w
        )
    elif face == 4:  # baobab: a thick trunk and a flat crown of branches
        pygame.draw.polygon(
            surface,
            ink,
            [
                (cx - s * 0.3, cy + s * 0.85),
                (cx + s * 0.3, cy + s * 0.85),
                (cx + s * 0.18, cy - s * 0.2),
                (cx - s * 0.18, cy - s * 0.2),
            ],
        )
        for dx, dy in ((-0.55, -0.45), (0.0, -0.6), (0.55, -0.45)):
            pygame.draw.line(surface, ink, (cx, cy - s * 0.15), (cx + s * dx, cy + s * dy), w + 1)
            pygame.draw.circle(surface, ink, (int(cx + s * dx), int(cy + s * dy)), int(s * 0.22))
    else:  # sun: a disc and twelve rays
        pygame.draw.circle(surface, ink, centre, int(s * 0.42))
        for k in range(12):
            a = 2 * math.pi * k / 12
            pygame.draw.line(
                surface,
                ink,
                (cx + s * 0.55 * math.cos(a), cy + s * 0.55 * math.sin(a)),
                (cx + s * 0.85 * math.cos(a), cy + s * 0.85 * math.sin(a)),
                w,
            )


def die(surface: pygame.Surface, face: int, rect: pygame.Rect, tilt: float = 0.0) -> None:
    """The die showing `face`, turned by `tilt` degrees (mid-roll)."""
    size = rect.w
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(image, (246, 238, 220), (0, 0, size, size), border_radius=size // 6)
    pygame.draw.rect(image, (120, 96, 64), (0, 0, size, size), 3, border_radius=size // 6)
    die_symbol(image, face, (size // 2, size // 2), int(size * 0.72))
    if tilt:
        image = pygame.transform.rotate(image, tilt)
    surface.blit(image, image.get_rect(center=rect.center))


# -- the hourglass --------------------------------------------------------------------------
def hourglass(
    surface: pygame.Surface,
    rect: pygame.Rect,
    left: float,
    turning: float = 0.0,
    warn: bool = False,
    room: pygame.Rect | None = None,
) -> pygame.Rect:
    """An hourglass in `rect` with `left` (1 full to 0 empty) of its sand still in the top
    bulb; `turning` (0-1) draws it part way through being turned over, its sand all in the bulb
    that comes up (so it stands full when the turn ends); `warn` reddens the frame
    (the last seconds). While it turns it stays inside `room` (a box centred on `rect`), made a
    little smaller where its tilted outline would not fit, so nothing beside the room is ever
    drawn over; without a room it turns at full size. Returns the rectangle drawn."""
    w, h = rect.w, rect.h
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    frame = theme.DANGER if warn else (196, 150, 92)
    glass = (236, 228, 214, 70)
    sand = (232, 196, 120)
    top, bottom, mid = 10, h - 10, h // 2
    bulb = [(8, top), (w - 8, top), (w // 2 + 5, mid), (w - 8, bottom), (8, bottom), (w // 2 - 5, mid)]
    pygame.draw.polygon(image, glass, bulb)
    left = 0.0 if turning else max(0.0, min(1.0, left))
    grains = pygame.Surface((w, h), pygame.SRCALPHA)  # the sand, then kept inside the glass
    # top bulb: sand level falls from the rim to the neck (its area goes with the square of depth)
    depth = (mid - top - 4) * math.sqrt(left)
    if depth > 1:
        y0 = mid - 4 - depth
        half = (w // 2 - 10) * depth / (mid - top - 4) + 4
        pygame.draw.polygon(grains, sand, [(w // 2 - half, y0), (w // 2 + half, y0), (w // 2, mid - 2)])
    # bottom bulb: a heap rising from the floor
    height = (bottom - mid - 6) * (1 - math.sqrt(1 - (1 - left)))
    if height > 1:
        pygame.draw.polygon(
            grains,
            sand,
            [(12, bottom - 2), (w - 12, bottom - 2), (w // 2, max(mid + 4, bottom - 2 - height * 1.6))],
        )
        pygame.draw.rect(grains, sand, (12, bottom - 2 - height * 0.5, w - 24, height * 0.5))
    if 0.0 < left < 1.0 and not turning:
        pygame.draw.line(grains, sand, (w // 2, mid), (w // 2, bottom - 4), 2)  # the falling stream
    grains.blit(_bulb_mask(w, h), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    image.blit(grains, (0, 0))
    pygame.draw.polygon(image, frame, bulb, 3)
    pygame.draw.rect(image, frame, (0, 0, w, 10), border_radius=3)
    pygame.draw.rect(image, frame, (0, h - 10, w, 10), border_radius=3)
    if turning:
        image = turned_within(image, -180 * turning, room.size if room is not None else None)
    return surface.blit(image, image.get_rect(center=rect.center))


@cache
def _bulb_mask(w: int, h: int) -> pygame.Surface:
    """Opaque white inside the glass's two bulbs, clear outside: what the sand is cut to."""
    top, bottom, mid = 10, h - 10, h // 2
    bulb = [(8, top), (w - 8, top), (w // 2 + 5, mid), (w - 8, bottom), (8, bottom), (w // 2 - 5, mid)]
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), bulb)
    return mask


def turned_within(image: pygame.Surface, degrees: float, room: tuple[int, int] | None) -> pygame.Surface:
    """`image` turned by `degrees`, scaled down (never up) so its bounding box fits `room`."""
    w, h = image.get_size()
    a = math.radians(degrees)
    box_w = w * abs(math.cos(a)) + h * abs(math.sin(a))
    box_h = w * abs(math.sin(a)) + h * abs(math.cos(a))
    scale = 1.0 if room is None else min(1.0, (room[0] - 2) / box_w, (room[1] - 2) / box_h)
    out = pygame.transform.rotozoom(image, degrees, scale)
    if room is not None and (out.get_width() > room[0] or out.get_height() > room[1]):
        k = min(room[0] / out.get_width(), room[1] / out.get_height())  # rounding: a pixel or two
        out = pygame.transform.smoothscale(out, (int(out.get_width() * k), int(out.get_height() * k)))
    return out


def clock_text(ticks: int, per_second: int) -> str:
    seconds = max(0, math.ceil(ticks / per_second))
    return f"{seconds // 60}:{seconds % 60:02d}"


def mini_board(
    surface: pygame.Surface,
    cells: Sequence[Sequence[int]],
    placements: Sequence[Laid] | None,
    box: pygame.Rect,
    faded: bool,
) -> None:
    """A puzzle drawn small with its pieces (colour, pattern and letter), fitted into `box`."""
    cells = [tuple(c) for c in cells]
    w = max(c[0] for c in cells) + 1
    h = max(c[1] for c in cells) + 1
    size = max(6, min(box.w // w, box.h // h, 22))
    x0, y0 = box.centerx - w * size // 2, box.centery - h * size // 2
    for c in cells:
        pygame.draw.rect(surface, (120, 110, 100), (x0 + c[0] * size, y0 + c[1] * size, size - 1, size - 1))
    for placed in placements or []:
        piece, where = placed
        found = SHAPES.orientation_for(piece, where)
        if not found:
            continue
        image = polyomino_draw.piece_image(SHAPES, piece, found[0][0], found[0][1], size)
        if faded:
            image = image.copy()
            image.set_alpha(140)
        surface.blit(image, (x0 + min(c[0] for c in where) * size, y0 + min(c[1] for c in where) * size))
