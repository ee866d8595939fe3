"""Drawing a PieceHandler: the board, the pieces (colour, letter and pattern each, so a piece
reads without colour), the ghost of the piece in hand (solid when it fits, hatched with a
dashed outline when it does not) and the brief turn and flip animations."""

from __future__ import annotations

import math
from functools import cache

import pygame

from game.ui import text, theme
from game.ui.polyomino import ANIM_TICKS, PieceHandler
from game.ui.polyomino_shapes import Board, Shapes, outline

COLOURS = {
    "A": (214, 92, 78),
    "B": (78, 140, 214),
    "C": (96, 178, 98),
    "D": (228, 186, 60),
    "E": (160, 104, 200),
    "F": (232, 138, 54),
    "G": (70, 184, 176),
    "H": (216, 112, 168),
    "I": (150, 176, 70),
    "J": (120, 120, 220),
    "K": (196, 150, 104),
    "L": (92, 160, 130),
}
PATTERNS = {
    "A": "stripes_h",
    "B": "stripes_v",
    "C": "diag_up",
    "D": "diag_down",
    "E": "dots",
    "F": "checks",
    "G": "grid",
    "H": "rings",
    "I": "plus",
    "J": "cross",
    "K": "diamond",
    "L": "zigzag",
}


def _darker(c: tuple[int, int, int], k: float = 0.55) -> tuple[int, int, int]:
    return (int(c[0] * k), int(c[1] * k), int(c[2] * k))


def pattern(surface: pygame.Surface, rect: pygame.Rect, kind: str, colour: tuple[int, int, int]) -> None:
    """One cell's pattern, drawn inside `rect`."""
    ink = _darker(colour, 0.72)
    s = rect.w
    step = max(8, s // 4)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    x0, y0, x1, y1 = rect.x, rect.y, rect.right, rect.bottom
    if kind == "stripes_h":
        for y in range(y0 + step // 2, y1, step):
            pygame.draw.line(surface, ink, (x0, y), (x1, y), 3)
    elif kind == "stripes_v":
        for x in range(x0 + step // 2, x1, step):
            pygame.draw.line(surface, ink, (x, y0), (x, y1), 3)
    elif kind == "diag_up":
        for d in range(-s, s, step):
            pygame.draw.line(surface, ink, (x0 + d, y1), (x0 + d + s, y0), 3)
    elif kind == "diag_down":
        for d in range(-s, s, step):
            pygame.draw.line(surface, ink, (x0 + d, y0), (x0 + d + s, y1), 3)
    elif kind == "dots":
        for y in range(y0 + step // 2, y1, step):
            for x in range(x0 + step // 2, x1, step):
                pygame.draw.circle(surface, ink, (x, y), 3)
    elif kind == "checks":
        q = s // 4
        for j in range(4):
            for i in range(4):
                if (i + j) % 2:
                    pygame.draw.rect(surface, ink, (x0 + i * q, y0 + j * q, q, q))
    elif kind == "grid":
        for k in range(x0 + step // 2, x1, step):
            pygame.draw.line(surface, ink, (k, y0), (k, y1), 1)
        for k in range(y0 + step // 2, y1, step):
            pygame.draw.line(surface, ink, (x0, k), (x1, k), 1)
    elif kind == "rings":
        for y in range(y0 + step // 2, y1, step):
            for x in range(x0 + step // 2, x1, step):
                pygame.draw.circle(surface, ink, (x, y), 4, 1)
    elif kind == "plus":
        for y in range(y0 + step // 2, y1, step):
            for x in range(x0 + step // 2, x1, step):
                pygame.draw.line(surface, ink, (x - 3, y), (x + 3, y), 2)
                pygame.draw.line(surface, ink, (x, y - 3), (x, y + 3), 2)
    elif kind == "cross":
        for d in range(-s, s, step):
            pygame.draw.line(surface, ink, (x0 + d, y0), (x0 + d + s, y1), 1)
            pygame.draw.line(surface, ink, (x0 + d, y1), (x0 + d + s, y0), 1)
    elif kind == "diamond":
        for y in range(y0 + step // 2, y1, step):
            for x in range(x0 + step // 2, x1, step):
                pygame.draw.polygon(surface, ink, [(x, y - 4), (x + 4, y), (x, y + 4), (x - 4, y)])
    elif kind == "zigzag":
        for y in range(y0 + step // 2, y1, step):
            pts = [(x, y + (3 if (x - x0) // 5 % 2 else -3)) for x in range(x0, x1 + 5, 5)]
            pygame.draw.lines(surface, ink, False, pts, 2)
    surface.set_clip(clip)


@cache
def piece_image(shapes: Shapes, letter: str, flip: int, rot: int, size: int) -> pygame.Surface:
    """The piece in one orientation: coloured patterned cells, a dark border along its
    outline, and its letter on the cell nearest its middle."""
    cells = shapes.oriented(letter, flip, rot)
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    image = pygame.Surface((w * size, h * size), pygame.SRCALPHA)
    colour = COLOURS[letter]
    for x, y in cells:
        r = pygame.Rect(x * size, y * size, size, size)
        pygame.draw.rect(image, colour, r)
        pattern(image, r.inflate(-4, -4), PATTERNS[letter], colour)
        pygame.draw.rect(image, _darker(colour, 0.8), r, 1)
    points = [(x * size, y * size) for x, y in outline(cells)]
    edge = _darker(colour, 0.4)
    pygame.draw.polygon(image, edge, [(min(px, w * size - 2), min(py, h * size - 2)) for px, py in points], 3)
    mx = sum(x + 0.5 for x, _ in cells) / len(cells)
    my = sum(y + 0.5 for _, y in cells) / len(cells)
    lx, ly = min(cells, key=lambda c: (c[0] + 0.5 - mx) ** 2 + (c[1] + 0.5 - my) ** 2)
    centre = (lx * size + size // 2, ly * size + size // 2)
    pygame.draw.circle(image, (250, 246, 236), centre, size * 0.3)
    pygame.draw.circle(image, edge, centre, size * 0.3, 2)
    text.blit(image, letter, centre, max(14, int(size * 0.42)), (30, 24, 20), "black", "center", as_is=True)
    return image


def draw_board(surface: pygame.Surface, board: Board) -> None:
    frame = board.rect.inflate(16, 16)
    pygame.draw.rect(surface, theme.BG_DEEP, frame, border_radius=8)
    for c in board.cells:
        r = board.cell_rect(c)
        pygame.draw.rect(surface, (226, 214, 190), r)
        pygame.draw.rect(surface, (150, 134, 110), r, 1)
    pts = [board.cell_rect((x, y)).topleft for x, y in outline(board.cells)]
    pygame.draw.polygon(surface, theme.ACCENT_DARK, pts, 3)


def dashed(surface: pygame.Surface, colour, points, width: int = 3, dash: int = 8) -> None:
    n = len(points)
    for i in range(n):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1)
        for k in range(0, int(length), 2 * dash):
            a = k / length
            b = min(k + dash, length) / length
            pygame.draw.line(
                surface,
                colour,
                (x1 + (x2 - x1) * a, y1 + (y2 - y1) * a),
                (x1 + (x2 - x1) * b, y1 + (y2 - y1) * b),
                width,
            )


def draw_ghost(surface: pygame.Surface, handler: PieceHandler, over: bool = False) -> None:
    """Where the piece in hand would lie. Fits: filled in its colour with a solid green
    outline. Does not fit: red hatching and a dashed red outline. `over`: the pass drawn
    on top of the piece in hand, so the verdict is never hidden under it."""
    ghost = handler.ghost()
    if ghost is None:
        return
    letter, cells, fits = ghost
    board = handler.board
    s = board.cell
    rects = [board.cell_rect(c) for c in cells]
    pts = [board.cell_rect(c).topleft for c in outline(cells)]
    box = rects[0].unionall(rects[1:])
    layer = pygame.Surface(box.size, pygame.SRCALPHA)  # only as large as the ghost: drawn every frame
    local = [r.move(-box.x, -box.y) for r in rects]
    if fits:
        if not over:
            for r in local:
                pygame.draw.rect(layer, (*COLOURS[letter], 150), r)
            surface.blit(layer, box)
        pygame.draw.polygon(surface, theme.GOOD, pts, 4)
        return
    for r in local:
        if not over:
            pygame.draw.rect(layer, (*theme.DANGER, 70), r)
        layer.set_clip(r)
        for d in range(-s, s, 12):
            pygame.draw.line(layer, (*theme.DANGER, 235), (r.x + d, r.y), (r.x + d + s, r.bottom), 3)
        layer.set_clip(None)
    surface.blit(layer, box)
    dashed(surface, theme.DANGER, pts, 4)


def _blit_piece(surface: pygame.Surface, handler: PieceHandler, letter: str, alpha: int = 255) -> None:
    p = handler.pieces[letter]
    image = piece_image(handler.shapes, letter, p.flip, p.rot, handler.cell)
    ox, oy = handler.origin(letter)
    rect = image.get_rect(topleft=(ox, oy))
    anim = handler.anim(letter)
    hold = handler.hold if handler.hold and handler.hold.letter == letter else None
    if hold is not None and hold.mouse:
        pivot = hold.pointer
    else:
        i = hold.pivot if hold else 0
        cx, cy = p.cells()[i]
        pivot = (ox + cx * handler.cell + handler.cell // 2, oy + cy * handler.cell + handler.cell // 2)
    if anim is not None:
        frac = anim.left / ANIM_TICKS
        vx, vy = rect.centerx - pivot[0], rect.centery - pivot[1]
        if anim.kind == "rot":
            angle = 90 * frac * anim.sign  # pygame turns counter-clockwise for positive angles
            t = math.radians(angle)
            nx = vx * math.cos(t) + vy * math.sin(t)
            ny = -vx * math.sin(t) + vy * math.cos(t)
            image = pygame.transform.rotate(image, angle)
            rect = image.get_rect(center=(round(pivot[0] + nx), round(pivot[1] + ny)))
        else:
            k = 1 - 2 * frac
            w = max(1, int(abs(k) * image.get_width()))
            image = pygame.transform.scale(image, (w, image.get_height()))
            if k < 0:
                image = pygame.transform.flip(image, True, False)
            rect = image.get_rect(center=(round(pivot[0] + vx * k), rect.centery))
    if hold is not None and hold.mouse and hold.active:
        shade = pygame.Surface(image.get_size(), pygame.SRCALPHA)
        shade.blit(image, (0, 0))
        shade.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(shade, rect.move(6, 9))
    if alpha < 255:
        image = image.copy()
        image.set_alpha(alpha)
    surface.blit(image, rect)


def draw_ground(surface: pygame.Surface, handler: PieceHandler) -> None:
    """What never moves: the board and the tray's slots (a scene may cache it)."""
    draw_board(surface, handler.board)
    for letter in handler.letters:
        pygame.draw.rect(surface, theme.PANEL, handler.pieces[letter].slot, border_radius=8)


def draw(surface: pygame.Surface, handler: PieceHandler, focus: bool = True, ground: bool = True) -> None:
    """Board, tray slots (unless `ground` is False: drawn already), pieces, the ghost of the
    piece in hand and the selection ring."""
    if ground:
        draw_ground(surface, handler)
    hold = handler.hold.letter if handler.hold else None
    for letter in handler.draw_order():
        if letter != hold:
            _blit_piece(surface, handler, letter)
    if hold is not None:
        draw_ghost(surface, handler)
        _blit_piece(surface, handler, hold, 170 if handler.ghost() else 255)
        draw_ghost(surface, handler, over=True)
    if focus and handler.selected and handler.selected != hold and handler.anim(handler.selected) is None:
        pts = handler.polygon(handler.selected)
        if pts:
            pygame.draw.polygon(surface, theme.FOCUS, pts, 2)
