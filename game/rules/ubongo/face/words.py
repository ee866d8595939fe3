"""Ubongo's words for people, as messages (game.core.i18n) the screen says in the chosen
language: the die's symbols, the gem colours, the board sides, puzzle labels, ordinals and
lists. The rules' data keeps its plain ids ("elephant", "red", "easy")."""

from __future__ import annotations

from collections.abc import Iterable

from game.core.i18n import Msg, msg

# the die's faces in row order (state.DIE), named inside a sentence ("the die shows the mask")
SYMBOL: dict[str, Msg] = {
    "elephant": msg("elephant"),
    "gazelle": msg("gazelle"),
    "mask": msg("mask"),
    "spear and shield": msg("spear and shield"),
    "baobab": msg("baobab"),
    "sun": msg("sun"),
}
COLOUR: dict[str, Msg] = {
    "red": msg("red"),
    "blue": msg("blue"),
    "green": msg("green"),
    "yellow": msg("yellow"),
    "purple": msg("purple"),
    "amber": msg("amber"),
}
SIDE: dict[str, Msg] = {"easy": msg("easy"), "hard": msg("hard")}
# a puzzle's difficulty label (difficulty.label)
LEVEL: dict[str, Msg] = {"easy": msg("easy"), "medium": msg("medium"), "hard": msg("hard")}
ORDINAL: dict[int, Msg] = {
    1: msg("1st"),
    2: msg("2nd"),
    3: msg("3rd"),
    4: msg("4th"),
    5: msg("5th"),
    6: msg("6th"),
}


def symbol(name: str) -> Msg | str:
    return SYMBOL.get(name, name)


def colour(name: str) -> Msg | str:
    return COLOUR.get(name, name)


def side(name: str) -> Msg | str:
    return SIDE.get(name, name)


def level(name: str) -> Msg | str:
    return LEVEL.get(name, name)


def nth(n: int) -> Msg | str:
    return ORDINAL.get(n, f"{n}th")


def listing(items: Iterable[str]) -> Msg | str:
    """Names or words in a list: "Ann, Bob" (empty: "")."""
    items = list(items)
    if not items:
        return ""
    out: Msg | str = items[0]
    for item in items[1:]:
        out = msg("{items}, {item}", items=out, item=item)
    return out


def gem_words(taken: Iterable[str]) -> Msg | str:
    """The gems of one take, by colour: "red and blue", "red" (empty: "")."""
    names = [colour(g) for g in taken]
    if len(names) == 2:
        return msg("{a} and {b}", a=names[0], b=names[1])
    return listing(names)


def pieces(letters: Iterable[str]) -> str:
    """Piece letters as a list: "A, C, F" (letters read the same in every language)."""
    return ", ".join(letters)


def seconds(ticks: int, per_second: int) -> Msg:
    """A time in seconds with one decimal: "12.5 s"."""
    return msg("{seconds} s", seconds=f"{ticks / per_second:.1f}")
