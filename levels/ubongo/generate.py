"""Write levels/ubongo/board-01.tmx .. board-36.tmx (and the tileset image) from a seed.

Run from the repository root:  python levels/ubongo/generate.py [--seed N]
The boards come from game/rules/ubongo/face/generate.py (every row proved by the solver); the
files are plain Tiled 1.x maps that open and can be edited in Tiled. The game checks every
board again when it loads it.
"""

from __future__ import annotations

import argparse
import struct
import sys
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from game.rules.ubongo.face import generate, levels  # noqa: E402

EASY_RGB = (86, 180, 233)  # sky blue and orange: told apart by colour-blind players too
HARD_RGB = (230, 159, 0)


def png(width: int, height: int, pixel) -> bytes:
    """A small RGB PNG written with the standard library."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def tile_pixel(x: int, y: int) -> tuple[int, int, int]:
    t = levels.TILE
    colour = EASY_RGB if x < t else HARD_RGB
    edge = x % t in (0, t - 1) or y in (0, t - 1)
    return (40, 40, 40) if edge else colour


def write(seed: int, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    (out / "cells.png").write_bytes(png(2 * levels.TILE, levels.TILE, tile_pixel))
    written = []
    for b in generate.generate(seed):
        easy = levels.Side(b.easy.cells, b.easy.rows)
        hard = levels.Side(b.hard.cells, b.hard.rows)
        path = out / f"board-{b.number:02d}.tmx"
        path.write_text(levels.tmx_text(b.number, easy, hard), encoding="utf-8")
        written.append(path)
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=generate.SEED)
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args()
    paths = write(args.seed, args.out)
    for path in paths:
        levels.read_board(path)  # the loader's own checks
    print(f"wrote {len(paths)} boards to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
