"""The committed icons are complete and well formed: the PNG the window uses, the Windows ICO
and the macOS ICNS that `build/make_icons.py` writes."""

import io
import struct
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "build" / "icons"


def _png(data: bytes) -> pygame.Surface:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    return pygame.image.load(io.BytesIO(data), "x.png")


def test_the_window_icon_is_256_pixels_with_transparent_corners():
    image = pygame.image.load(str(ROOT / "assets" / "icon.png"))
    assert image.get_size() == (256, 256)
    assert image.get_at((0, 0)).a == 0 and image.get_at((128, 128)).a == 255


def test_the_ico_holds_every_size_from_16_to_256():
    data = (ICONS / "bazaar.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    sizes = []
    for k in range(count):
        w, h, _, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * k)
        side = w or 256
        assert h == w and bits == 32 and planes == 1
        blob = data[offset : offset + length]
        assert len(blob) == length
        if side == 256:
            assert _png(blob).get_size() == (256, 256)
        else:  # a BITMAPINFOHEADER for a 32-bit image twice as tall (colour + mask)
            header, bw, bh, _, bpp = struct.unpack_from("<IiiHH", blob)
            assert (header, bw, bh, bpp) == (40, side, 2 * side, 32)
            mask_row = ((side + 31) // 32) * 4
            assert length == 40 + 4 * side * side + mask_row * side
        sizes.append(side)
    assert sorted(sizes) == [16, 24, 32, 48, 64, 128, 256]


def test_the_icns_entries_are_pngs_of_the_sizes_their_types_name():
    data = (ICONS / "bazaar.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    expected = {b"icp4": 16, b"icp5": 32, b"ic11": 32, b"icp6": 64, b"ic12": 64, b"ic07": 128}
    expected |= {b"ic08": 256, b"ic13": 256, b"ic09": 512, b"ic14": 512, b"ic10": 1024}
    found = {}
    at = 8
    while at < len(data):
        kind, length = data[at : at + 4], struct.unpack_from(">I", data, at + 4)[0]
        found[kind] = _png(data[at + 8 : at + length]).get_size()
        at += length
    assert at == len(data)
    assert found == {kind: (side, side) for kind, side in expected.items()}
