"""Line breaking for English and Japanese: at spaces, and between Japanese phrases.

Japanese has no spaces. A line breaks between phrases (文節) as BudouX finds them, so a word
is never cut in two ("宮殿", "しましょう", "売る"), and only a phrase wider than a whole line is
cut by character. Closing marks (、。」) and small kana never start a line and opening brackets
never end one (kinsoku shori). Pure: the caller passes how wide a string is.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

NO_START = set(
    "、。，．,.・：；:;？！?!）」』】〕〉》］｝)]}ー〜ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々ゝゞヽヾ…‥%％"
)
NO_END = set("（「『【〔〈《［｛([{")
SIGNS = set("=+−-×")  # a line never ends on one: it goes down with the number it joins ("= 34")


def wide(ch: str) -> bool:
    """A character of Japanese text (kana, kanji, full-width forms)."""
    o = ord(ch)
    return 0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF


@cache
def _parser() -> Any:
    import budoux  # loaded when Japanese is first wrapped, so starting the app does not pay

    return budoux.load_default_japanese_parser()


def phrases(text: str) -> list[str]:
    """Japanese text in its phrases (BudouX's model); other text whole."""
    return _parser().parse(text) if any(wide(c) for c in text) else [text]


def segments(text: str) -> list[str]:
    """`text` cut where a line may break: after spaces and between Japanese phrases, never
    before a closing mark or after an opening one; each piece keeps the spaces after it."""
    cuts = {i for i in range(1, len(text)) if text[i - 1] == " "}
    at = 0
    for phrase in phrases(text)[:-1]:
        at += len(phrase)
        cuts.add(at)
    pieces: list[str] = []
    start = 0
    for i in sorted(cuts):
        if text[i] == " " or text[i] in NO_START or text[i - 1] in NO_END or text[i - 2 : i - 1] in SIGNS:
            continue  # a space stays at the end of its line; kinsoku; a sign keeps its number
        pieces.append(text[start:i])
        start = i
    pieces.append(text[start:])
    return pieces


def clauses(text: str) -> list[str]:
    """`text` cut after its first colon ("：" or ": "), for a sentence that says what happened,
    then what it scores, each from the start of a line; whole when it has none."""
    at = min((i for i in (text.find("："), text.find(": ")) if i >= 0), default=-1)
    return [text] if at < 0 else [text[: at + 1], text[at + 1 :].strip()]


def lines(
    text: str, width: int, measure: Callable[[str], int], cut: Callable[[str], list[str]] = segments
) -> list[str]:
    """Greedy breaking of each paragraph of `text` into lines no wider than `width` (a piece
    wider than a whole line is cut by character); `cut` finds where a line may break."""
    out: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for piece in cut(paragraph):
            trial = line + piece
            if line and measure(trial.rstrip()) > width:
                out.append(line.rstrip())
                trial = piece
            while len(trial.rstrip()) > 1 and measure(trial.rstrip()) > width:
                cut = len(trial.rstrip()) - 1
                while cut > 1 and measure(trial[:cut]) > width:
                    cut -= 1
                while cut > 1 and (trial[cut] in NO_START or trial[cut - 1] in NO_END):
                    cut -= 1  # kinsoku holds inside a cut phrase too
                out.append(trial[:cut])
                trial = trial[cut:]
            line = trial
        out.append(line.rstrip())
    return out
