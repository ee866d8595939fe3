"""Every text is drawn in a font that has its glyphs (issue 44: the English interface's
Settings showed "Language · ??", the Japanese word drawn in Lato). Through game.ui.text, in
both interface languages: every catalogue string, the language names, and player names in
either script."""

from __future__ import annotations

import pytest

from game.core import i18n
from game.ui import text

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

NAMES = ["Asha", "Bilal", "Zoë", "François", "アーシャ", "ビラール", "美咲", "ターラ・ミナ", "Ken 健"]


def catalogue_texts() -> list[str]:
    """Every English id and every translation, both plural forms."""
    out: list[str] = []
    for code in i18n.LANGUAGES:
        with open(i18n.po_path(code), "rb") as f:
            for m in read_po(f, locale=code):
                if not m.id:
                    continue
                out += [m.id] if isinstance(m.id, str) else list(m.id)
                out += [m.string] if isinstance(m.string, str) else list(m.string)
    return [t for t in out if t]


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_no_text_is_drawn_with_a_missing_glyph(code):
    before = i18n.language()
    i18n.set_language(code)
    try:
        shown = [*catalogue_texts(), *i18n.NAMES.values(), *NAMES]
        lacking = {t: text.missing(t) for t in shown if text.missing(t)}
        assert lacking == {}, f"{code}: {len(lacking)} texts drawn with glyphs their font lacks: {lacking}"
        for t in ("Language · 言語", *NAMES):  # and drawn whole, not as boxes the size of Latin letters
            assert text.render(t, 20).get_width() > 0
    finally:
        i18n.set_language(before)


def test_a_japanese_word_in_the_english_interface_is_drawn_in_the_japanese_font():
    """The test above sees the fonts' glyphs; this one, that the drawing uses them: in English,
    "言語" drawn alone is as wide as the Japanese font draws it, not Lato's missing-glyph boxes."""
    before = i18n.language()
    i18n.set_language("en")
    try:
        assert text.script("Language · 言語", "en") == "ja"
        assert text.script("Language", "en") == "en"
        wide = text.render("言語", 20).get_width()
        assert wide == text._font(20, "regular", "ja").size("言語")[0]
        assert text.font(20, sample="美咲").size("美咲") == text._font(20, "regular", "ja").size("美咲")
    finally:
        i18n.set_language(before)


def test_the_check_finds_a_glyph_the_font_lacks(monkeypatch):
    """Drawn in the interface language's fonts alone (as before), the English interface's
    Settings label and a Japanese name lack glyphs, and the check names them."""
    before = i18n.language()
    i18n.set_language("en")
    try:
        monkeypatch.setattr(text, "script", lambda shown, language: language)
        assert text.missing("Language · 言語") == "言語"
        assert text.missing("美咲") == "咲美"
    finally:
        i18n.set_language(before)
