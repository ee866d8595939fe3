"""The action bar's headline: one row when it fits at the smallest title size, two when not."""

from __future__ import annotations

import pygame

from game.ui import text
from game.ui.action_bar import ActionBar

LINE = "Take the three spices and give two camels"


def measured(line: str, size: int, face: str) -> int:
    return text.font(size, face, line).size(line)[0]


def test_a_headline_fits_exactly_where_its_font_says(bazaar_home):
    pygame.font.init()
    for face in ("bold", "black"):
        wide = measured(LINE, 17, face)
        assert ActionBar.fits_at(LINE, wide, 17, face)
        assert not ActionBar.fits_at(LINE, wide - 1, 17, face)
        # (each width its own answer: the remembered ones are kept apart)
        assert not ActionBar.fits_at(LINE, wide - 2, 17, face)
        assert ActionBar.fits_at(LINE, wide + 1, 17, face)


def test_a_japanese_headline_is_measured_in_the_japanese_face(japanese):
    pygame.font.init()
    line = "スパイスを3枚取り、ラクダを2頭出す"
    wide = measured(line, 17, "bold")
    assert wide > measured("x" * 3, 17, "bold")
    assert ActionBar.fits_at(line, wide, 17, "bold")
    assert not ActionBar.fits_at(line, wide - 1, 17, "bold")
