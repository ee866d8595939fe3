"""Line breaking for English and Japanese: at spaces, and between Japanese characters.

Japanese has no spaces, so a line may break between any two of its characters, except that
closing marks (、。」) and small kana never start a line and opening brackets never end one
(kinsoku shori). Pure: the caller passes how wide a string is.
"""

from __future__ import annotations

from collections.abc import Callable

NO_START = set(
    "、。，．,.・：；:;？！?!）」』】〕〉》］｝)]}ー〜ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々ゝゞヽヾ…‥%％"
)
NO_END = set("（「『【〔〈《［｛([{")


def wide(ch: str) -> bool:
    """A character of Japanese text, between which lines may break."""
    o = ord(ch)
    return 0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF


def segments(text: str) -> list[str]:
    """`text` cut where a line may break; each piece keeps the spaces after it."""
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
    """Greedy breaking of each paragraph of `text` into lines no wider than `width` (a piece
    wider than a whole line is cut by character)."""
    out: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for piece in segments(paragraph):
            trial = line + piece
            if line and measure(trial.rstrip()) > width:
                out.append(line.rstrip())
                trial = piece
            while len(trial.rstrip()) > 1 and measure(trial.rstrip()) > width:
                cut = len(trial.rstrip()) - 1
                while cut > 1 and measure(trial[:cut]) > width:
                    cut -= 1
                out.append(trial[:cut])
                trial = trial[cut:]
            line = trial
        out.append(line.rstrip())
    return out
