"""Cards as codes (`AS`, `TD`, `KC`) and as bits of one 52-bit integer.

Bit layout: suit * 13 + rank, rank 0 (ace) to 12 (king), suits in the order S H D C. A hand is
then an int, a suit of it a 13-bit slice, and melds are masks tested with `&`.
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "A23456789TJQK"
SUITS = "SHDC"
DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)  # bit order
SUIT_MASK = (1 << 13) - 1

# Deadwood value of a rank: ace 1, number cards their number, J/Q/K 10.
RANK_VALUE: tuple[int, ...] = tuple(min(i + 1, 10) for i in range(13))
BIT: dict[str, int] = {code: 1 << i for i, code in enumerate(DECK)}
INDEX: dict[str, int] = {code: i for i, code in enumerate(DECK)}
VALUE: dict[str, int] = {code: RANK_VALUE[i % 13] for i, code in enumerate(DECK)}


def is_card(code: object) -> bool:
    return isinstance(code, str) and code in BIT


def rank_of(code: str) -> int:
    return INDEX[code] % 13


def suit_of(code: str) -> int:
    return INDEX[code] // 13


def mask_of(cards: Iterable[str]) -> int:
    mask = 0
    for code in cards:
        mask |= BIT[code]
    return mask


def cards_of(mask: int) -> list[str]:
    """The codes in a mask, in bit order (by suit, then rank)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return out


def sort_key(code: str) -> tuple[int, int]:
    """Display order: by suit, then rank (how a player fans a hand)."""
    i = INDEX[code]
    return i // 13, i % 13


def sorted_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=sort_key)


def value_of_mask(mask: int) -> int:
    return sum(VALUE[c] for c in cards_of(mask))
