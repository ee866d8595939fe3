"""Line breaking: at spaces in English, between phrases in Japanese, with kinsoku."""

from __future__ import annotations

from game.ui.linebreak import lines, segments


def width(s: str) -> int:
    return sum(2 if ord(c) > 0x2E80 else 1 for c in s)


def test_english_breaks_at_spaces_only():
    assert lines("Take two camels from the market", 12, len) == ["Take two", "camels from", "the market"]


def test_japanese_breaks_between_phrases_without_spaces():
    out = lines("カードを一枚取るか売る", 10, width)
    assert out == ["カードを", "一枚取るか", "売る"]
    assert all(width(line) <= 10 for line in out)


def test_a_japanese_phrase_wider_than_the_line_is_cut_keeping_kinsoku():
    out = lines("ファテープル・シークリー。", 6, width)
    assert "".join(out) == "ファテープル・シークリー。"
    assert all(width(line) <= 6 for line in out)
    assert not any(line[0] in "。ー・ャュョッ" for line in out[1:]), out


def test_kinsoku_closing_marks_never_start_a_line():
    text = "ラクダを取ります。「市場」から、一枚。"
    for w in range(4, 30):
        for line in lines(text, w, width)[1:]:
            assert line[0] not in "、。」ー", (w, line)


def test_kinsoku_opening_brackets_never_end_a_line():
    text = "まず「市場」のカードを見る"
    for w in range(4, 26):
        for line in lines(text, w, width)[:-1]:
            assert line[-1] != "「", (w, line)


def test_a_word_wider_than_the_line_is_cut():
    assert lines("Supercalifragilistic", 8, len) == ["Supercal", "ifragili", "stic"]


def test_small_kana_and_long_vowel_stay_with_the_character_before():
    assert "ー" not in [p[0] for p in segments("カード")]
    assert segments("ちょっと待ってください") == ["ちょっと", "待ってください"]


def test_english_is_not_given_to_the_phrase_model():
    assert segments("Take two camels") == ["Take ", "two ", "camels"]
