"""Draws Bazaar's icon, a market stall in the app's colours, and writes it in every format.

    python build/make_icons.py

writes `assets/icon.png` (the window icon, and the Linux menu icon), `build/icons/bazaar.ico`
(Windows: the executable and the installer) and `build/icons/bazaar.icns` (macOS). The outputs
are committed, so neither a checkout nor a build needs this script; rerun it when the art changes.

Only pygame is needed: each size is drawn at four times its size and scaled down smoothly,
small sizes from a simpler drawing (fewer stripes, no scallops) so they stay readable, and the
ICO and ICNS containers are written here directly.
"""

from __future__ import annotations

import os
import struct
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game.ui import theme  # noqa: E402

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS entry types: PNG data at these pixel sizes (the @2x types share a size with the next 1x).
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"ic11", 32),
    (b"icp6", 64),
    (b"ic12", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic13", 256),
    (b"ic09", 512),
    (b"ic14", 512),
    (b"ic10", 1024),
)
MAC_MARGIN = 100 / 1024  # Apple's icon grid keeps the tile inside 824 of 1024 pixels
WOOD, WOOD_LIGHT = theme.ACCENT_DARK, (196, 132, 44)
CREAM = theme.TEXT
GOODS = ((200, 60, 70), (230, 180, 60), (150, 90, 170), (120, 196, 128), (220, 120, 50))


def draw(size: int, margin: float = 0.04) -> pygame.Surface:
    """The icon at `size` pixels; `margin` is the empty border as a fraction of the size."""
    scale = max(2, min(4, 4096 // size))
    big = size * scale
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    simple = size <= 32
    inset = round(big * (0.0 if size <= 16 else margin))
    _paint(canvas, pygame.Rect(inset, inset, big - 2 * inset, big - 2 * inset), simple)
    return pygame.transform.smoothscale(canvas, (size, size))


def _paint(canvas: pygame.Surface, tile: pygame.Rect, simple: bool) -> None:
    u = tile.w / 256  # drawing units: the tile is 256 wide

    def at(x: float, y: float) -> tuple[int, int]:
        return round(tile.x + x * u), round(tile.y + y * u)

    def box(x: float, y: float, w: float, h: float) -> pygame.Rect:
        left, top = at(x, y)
        return pygame.Rect(left, top, round(w * u), round(h * u))

    # the tile: a dusk gradient from the panel colour to the deep background, saffron rim
    radius = round((44 if simple else 52) * u)
    shade = pygame.Surface(tile.size, pygame.SRCALPHA)
    for y in range(tile.h):
        t = y / max(1, tile.h - 1)
        colour = [round(a + (b - a) * t) for a, b in zip(theme.PANEL_HI, theme.BG_DEEP, strict=True)]
        pygame.draw.line(shade, colour, (0, y), (tile.w, y))
    mask = pygame.Surface(tile.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    shade.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.blit(shade, tile)
    rim = max(1, round((10 if simple else 6) * u))
    pygame.draw.rect(canvas, theme.ACCENT_DARK, tile, rim, border_radius=radius)

    # posts and counter
    top, bottom = (62, 112) if simple else (50, 100)
    post_w = 16 if simple else 11
    for x in (48, 208 - post_w):
        pygame.draw.rect(canvas, WOOD, box(x, bottom, post_w, 196 - bottom))
    counter_y = 178 if simple else 176
    pygame.draw.rect(canvas, WOOD, box(32, counter_y, 192, 34), border_radius=round(6 * u))
    pygame.draw.rect(canvas, WOOD_LIGHT, box(32, counter_y, 192, 10), border_radius=round(4 * u))

    # goods heaped on the counter: a row of gems, and a second row on the larger sizes
    rows = [((88, 128, 168), 20)] if simple else [((86, 114, 142, 170), 15), ((100, 128, 156), 15)]
    colours = iter(GOODS * 2)
    y = counter_y
    for xs, r in rows:
        y -= r if y == counter_y else 2 * r - 4
        for x in xs:
            colour = next(colours)
            pygame.draw.circle(canvas, colour, at(x, y), round(r * u))
            if not simple:
                light = [min(255, c + 70) for c in colour]
                pygame.draw.circle(canvas, light, at(x - r / 3, y - r / 3), round(r * u / 3))

    # the striped awning, wider at the bottom, with a scalloped edge on the larger sizes
    stripes = 4 if simple else 6
    left_top, right_top, left_bottom, right_bottom = 52, 204, 28, 228
    for k in range(stripes):
        a, b = k / stripes, (k + 1) / stripes
        colour = theme.ACCENT if k % 2 == 0 else CREAM
        points = [
            (left_top + (right_top - left_top) * a, top),
            (left_top + (right_top - left_top) * b, top),
            (left_bottom + (right_bottom - left_bottom) * b, bottom),
            (left_bottom + (right_bottom - left_bottom) * a, bottom),
        ]
        pygame.draw.polygon(canvas, colour, [at(x, y) for x, y in points])
        if not simple:
            width = (right_bottom - left_bottom) / stripes
            centre = left_bottom + width * (k + 0.5)
            pygame.draw.circle(canvas, colour, at(centre, bottom), round(width / 2 * u))
    ridge = box(left_top - 8, top - 10, right_top - left_top + 16, 14 if simple else 12)
    pygame.draw.rect(canvas, WOOD, ridge, border_radius=round(6 * u))


def png_bytes(surface: pygame.Surface) -> bytes:
    # saved through a file name: pygame compresses PNGs written to file objects far less
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "icon.png"
        pygame.image.save(surface, str(path))
        return path.read_bytes()


def dib_bytes(surface: pygame.Surface) -> bytes:
    """A 32-bit BGRA bitmap with its AND mask, as ICO entries below 256 pixels are stored
    (every Windows version and tool reads these; PNG entries are left to the 256-pixel one)."""
    size = surface.get_width()
    rgba = pygame.image.tobytes(surface, "RGBA", True)  # bottom-up rows, as bitmaps store them
    bgra = bytearray(rgba)
    bgra[0::4], bgra[2::4] = rgba[2::4], rgba[0::4]
    mask_row = ((size + 31) // 32) * 4
    image_bytes = len(bgra) + mask_row * size
    header = struct.pack("<IiiHHIIiiII", 40, size, 2 * size, 1, 32, 0, image_bytes, 0, 0, 0, 0)
    return header + bytes(bgra) + bytes(mask_row * size)  # the alpha channel rules; the mask is clear


def ico_bytes(images: dict[int, pygame.Surface]) -> bytes:
    sizes = sorted(images)
    blobs = [png_bytes(images[s]) if s >= 256 else dib_bytes(images[s]) for s in sizes]
    offset = 6 + 16 * len(sizes)
    directory = b""
    for size, blob in zip(sizes, blobs, strict=True):
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO directory
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
    return struct.pack("<HHH", 0, 1, len(sizes)) + directory + b"".join(blobs)


def icns_bytes(images: dict[int, pygame.Surface]) -> bytes:
    body = b""
    for kind, size in ICNS_TYPES:
        data = png_bytes(images[size])
        body += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    icons = ROOT / "build" / "icons"
    icons.mkdir(exist_ok=True)
    flat = {size: draw(size) for size in ICO_SIZES}
    pygame.image.save(flat[256], str(ROOT / "assets" / "icon.png"))
    (icons / "bazaar.ico").write_bytes(ico_bytes(flat))
    mac = {size: draw(size, MAC_MARGIN) for size in {s for _, s in ICNS_TYPES}}
    (icons / "bazaar.icns").write_bytes(icns_bytes(mac))
    for path in (ROOT / "assets" / "icon.png", icons / "bazaar.ico", icons / "bazaar.icns"):
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
