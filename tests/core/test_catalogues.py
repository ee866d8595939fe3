"""The gettext catalogues: current with the code, complete in both languages, placeholders
matching, every text of the code marked with a literal, and the Japanese font covering them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.core import i18n

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

from tools import catalog  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
MARKERS = {"_", "N_", "msg", "_n", "msg_n"}


def entries(code: str):
    with open(i18n.po_path(code), "rb") as f:
        return [m for m in read_po(f, locale=code) if m.id]


def ids(messages) -> set:
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in messages}


def test_catalogues_hold_exactly_the_texts_of_the_code():
    """Run `python tools/catalog.py extract` when this fails."""
    wanted = ids(m for m in catalog.template() if m.id)
    for code in i18n.LANGUAGES:
        have = ids(entries(code))
        assert not (wanted - have), f"{code}: not in the catalogue: {sorted(map(str, wanted - have))[:10]}"
        assert not (have - wanted), f"{code}: no longer in the code: {sorted(map(str, have - wanted))[:10]}"


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_every_text_is_translated_not_fuzzy_with_the_same_placeholders(code):
    problems = []
    for m in entries(code):
        forms = [m.string] if isinstance(m.string, str) else list(m.string)
        sources = [m.id] if isinstance(m.id, str) else list(m.id)
        if not all(forms):
            problems.append(f"untranslated: {sources[0]!r}")
        elif m.fuzzy:
            problems.append(f"fuzzy: {sources[0]!r}")
        else:
            wanted = set().union(*(i18n.placeholders(s) for s in sources))
            for form in forms:
                if i18n.placeholders(form) - wanted or (
                    len(sources) == 1 and i18n.placeholders(form) != wanted
                ):
                    problems.append(f"placeholders differ: {sources[0]!r} -> {form!r}")
    assert not problems, f"{len(problems)} problems, first: {problems[:15]}"


def test_every_marked_text_is_a_literal():
    """A marker around an f-string or a variable would put no text in the catalogue."""
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS:
                count = 2 if node.func.id in ("_n", "msg_n") else 1
                literal = all(
                    isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args[:count]
                )
                if not literal or len(node.args) < count:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, f"not a literal text: {found}"


def test_the_japanese_font_has_every_character_we_show():
    """Run `python tools/subset_font.py` when this fails."""
    ttlib = pytest.importorskip("fontTools.ttLib")
    from tools import subset_font

    for name in subset_font.WEIGHTS.values():
        cmap = ttlib.TTFont(ROOT / "assets" / "fonts" / name).getBestCmap()
        missing = sorted(c for c in subset_font.used_text() if not c.isspace() and ord(c) not in cmap)
        assert not missing, f"{name} lacks {''.join(missing)!r}"
