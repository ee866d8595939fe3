"""Make the Japanese fonts in assets/fonts: Noto Sans CJK JP cut down to what we show.

    python tools/subset_font.py [folder of NotoSansCJK-Regular.ttc and -Bold.ttc]

The source is Debian's fonts-noto-cjk (/usr/share/fonts/opentype/noto, SIL Open Font Licence
1.1, see assets/fonts/OFL-NotoSansJP.txt). The whole face is 20 MB a weight; we keep ASCII and
Latin-1, the punctuation and symbols we draw, kana, full-width forms, the 2,965 kanji of JIS X
0208 level 1 (the common ones, enough for a typed name) and every character the catalogues
(English too: Japanese draws every text in this font), rules texts and tutorials use. Run it
again after adding text with a rarer kanji: tests/core/test_catalogues.py says which
characters are missing.
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "fonts"
WEIGHTS = {"Regular": "NotoSansJP-Regular.otf", "Bold": "NotoSansJP-Bold.otf"}
RANGES = [
    (0x20, 0x7E),
    (0xA0, 0xFF),
    (0x2010, 0x205E),  # dashes, quotes, bullet, ellipsis, ‹ ›, ‼
    (0x2190, 0x2199),  # arrows
    (0x2460, 0x2473),  # circled numbers
    (0x25A0, 0x25FF),  # geometric shapes
    (0x2600, 0x267F),  # stars, suits
    (0x3000, 0x303F),  # CJK punctuation
    (0x3040, 0x30FF),  # hiragana, katakana
    (0xFF01, 0xFF9F),  # full-width and half-width forms
]


def level1_kanji() -> set[str]:
    """JIS X 0208 rows 16-47: the first-level (common) kanji."""
    chars = set()
    for row in range(16, 48):
        for cell in range(1, 95):
            with contextlib.suppress(UnicodeDecodeError):
                chars.add(bytes([0xA0 + row, 0xA0 + cell]).decode("euc_jp"))
    return chars


def used_text() -> set[str]:
    """Every character of the Japanese texts we ship."""
    chars: set[str] = set()
    catalogues = [ROOT / "game" / "locale" / code / "LC_MESSAGES" / "bazaar.po" for code in ("en", "ja")]
    for path in [*catalogues, *ROOT.glob("seeds/ja/*.md")]:
        chars |= set(path.read_text(encoding="utf-8"))
    for path in (ROOT / "game" / "tutorials").glob("*.json"):
        chars |= set(json.dumps(json.loads(path.read_text(encoding="utf-8")), ensure_ascii=False))
    return {c for c in chars if c.isprintable()}


def wanted() -> set[str]:
    chars = {chr(c) for lo, hi in RANGES for c in range(lo, hi + 1)}
    return chars | level1_kanji() | used_text()


def main(source: Path) -> None:
    text = "".join(sorted(wanted()))
    for weight, name in WEIGHTS.items():
        font = TTCollection(str(source / f"NotoSansCJK-{weight}.ttc")).fonts[0]  # 0: the JP face
        options = subset.Options()
        options.layout_features = ["kern", "palt", "vert"]
        options.name_IDs = ["*"]
        options.hinting = False  # small sizes still read well unhinted, and it saves a third
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=text)
        subsetter.subset(font)
        font.save(OUT / name)
        print(name, (OUT / name).stat().st_size // 1024, "KiB")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/opentype/noto"))
