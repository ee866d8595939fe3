"""The line breaker of before (a line could break between any two Japanese characters), kept
for test_japanese_breaks.py to show that the splits people saw were real."""

from __future__ import annotations

from collections.abc import Callable

from game.ui import linebreak
from game.ui.linebreak import NO_END, NO_START, wide


def segments(text: str) -> list[str]:
    pieces: list[str] = []
    start = 0
    for i in range(1, len(text)):
        prev, ch = text[i - 1], text[i]
        if ch == " " or ch in NO_START or prev in NO_END:
            continue
        if prev == " " or wide(prev) or wide(ch):
            pieces.append(text[start:i])
            start = i
    pieces.append(text[start:])
    return pieces


def lines(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    return linebreak.lines(text, width, measure, cut=segments)
