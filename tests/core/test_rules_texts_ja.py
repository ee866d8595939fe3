"""The Japanese rules texts (seeds/ja/*.md) follow the English ones (seeds/*.md) they translate.

Cheap faithfulness checks: every English text has a Japanese one, with the same blocks in the same
order (so the same headings of each level, bullets and paragraphs, section by section), every
number of the English text written in digits in the Japanese one, and both readable by the Rules
screen's markdown subset (game.ui.markdown).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from game.core import registry
from game.ui import markdown

SEEDS = Path(__file__).resolve().parents[2] / "seeds"
ENGLISH = sorted(SEEDS.glob("*.md"))
NUMBER = re.compile(r"\d+")

# Numbers of an English text that its Japanese text may leave out, with the reason. Empty so far:
# every number is written in digits in both languages (numbers the English spells out in words,
# such as "twelve provinces", are not checked).
EXCEPTIONS: dict[str, set[int]] = {}


def japanese(english: Path) -> Path:
    return SEEDS / "ja" / english.name


def kinds(source: str) -> list[str]:
    return [kind for kind, _ in markdown.blocks(source)]


def numbers(source: str) -> set[int]:
    return {int(n) for n in NUMBER.findall(source)}


def test_there_are_texts_to_check():
    shipped = {
        p.rules[""].partition(":")[2]
        for p in registry.plugins().values()
        if p.rules.get("", "").startswith("seeds:")
    }
    assert shipped and {p.name for p in ENGLISH} >= shipped  # every game's text the app ships


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.name)
def test_every_english_text_has_a_japanese_one(english):
    assert japanese(english).is_file(), f"seeds/ja/{english.name} is missing"


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.name)
def test_same_headings_of_each_level(english):
    en = Counter(k for k in kinds(english.read_text(encoding="utf-8")) if k.startswith("h"))
    ja = Counter(k for k in kinds(japanese(english).read_text(encoding="utf-8")) if k.startswith("h"))
    assert ja == en


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.name)
def test_same_blocks_in_the_same_order(english):
    """Section by section: the same run of paragraphs, bullets and nested bullets."""
    assert kinds(japanese(english).read_text(encoding="utf-8")) == kinds(english.read_text(encoding="utf-8"))


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.name)
def test_every_english_number_is_in_the_japanese_text(english):
    en = numbers(english.read_text(encoding="utf-8")) - EXCEPTIONS.get(english.name, set())
    ja = numbers(japanese(english).read_text(encoding="utf-8"))
    assert en <= ja, f"missing from seeds/ja/{english.name}: {sorted(en - ja)}"


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.name)
def test_the_same_numbers_section_by_section(english):
    """Each heading's section mentions the English section's numbers (a number moved to another
    section, or a mistyped one, shows up here)."""

    def sections(source: str) -> list[set[int]]:
        out: list[set[int]] = [set()]
        for kind, body in markdown.blocks(source):
            if kind.startswith("h"):
                out.append(set())
            out[-1] |= numbers(body)
        return out

    skip = EXCEPTIONS.get(english.name, set())
    en = sections(english.read_text(encoding="utf-8"))
    ja = sections(japanese(english).read_text(encoding="utf-8"))
    assert len(ja) == len(en)
    for k, (e, j) in enumerate(zip(en, ja, strict=True)):
        assert e - skip <= j, f"section {k} of seeds/ja/{english.name} lacks {sorted(e - skip - j)}"


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.name)
def test_japanese_text_renders_with_the_rules_markdown(english):
    source = japanese(english).read_text(encoding="utf-8")
    blocks = markdown.blocks(source)
    assert blocks[0][0] == "h1"
    for _, body in blocks:
        assert body.strip()
        # bold spans are closed: no asterisk is left once they are taken out
        assert "*" not in markdown.BOLD.sub(r"\1", body), body
    assert markdown.render(source, 960).get_height() > 0


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.name)
def test_japanese_text_is_japanese(english):
    """Written in Japanese (kana or kanji in every block: no English paragraph left over), with
    full-width brackets only."""
    script = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    for _, body in markdown.blocks(japanese(english).read_text(encoding="utf-8")):
        assert script.search(body), body
        assert "(" not in body and ")" not in body, body
