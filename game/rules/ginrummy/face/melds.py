"""The exact meld solver over 52-bit hand masks.

Runs live inside one suit, so with no sets the minimum deadwood is the sum of a per-suit table
(`RUN_TABLE`, every 13-bit suit pattern precomputed). Sets only matter for ranks held in 3 or 4
suits; the solver tries each way of using those ranks (no set, the 4-set, each 3-set) and looks
the rest up in the table. Every arrangement is enumerated by "the lowest remaining card is either
deadwood or in a meld whose lowest card it is", pruned by the exact minimum of what remains.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.rules.ginrummy.face.cards import BIT, DECK, RANK_VALUE, SUIT_MASK, cards_of

M = SUIT_MASK


def _run_table() -> list[int]:
    """Minimum deadwood of every 13-bit suit pattern using runs only (DP on the lowest card)."""
    table = [0] * (1 << 13)
    for mask in range(1, 1 << 13):
        low = mask & -mask
        i = low.bit_length() - 1
        best = RANK_VALUE[i] + table[mask ^ low]
        run = low
        j = i + 1
        while j < 13 and mask >> j & 1:
            run |= 1 << j
            if j - i >= 2:
                best = min(best, table[mask & ~run])
            j += 1
        table[mask] = best
    return table


RUN_TABLE: list[int] = _run_table()


def _all_melds() -> list[int]:
    melds = []
    for suit in range(4):
        for lo in range(13):
            for hi in range(lo + 2, 13):
                melds.append(sum(1 << (suit * 13 + r) for r in range(lo, hi + 1)))
    for rank in range(13):
        four = [1 << (s * 13 + rank) for s in range(4)]
        melds.append(sum(four))
        for skip in range(4):
            melds.append(sum(b for k, b in enumerate(four) if k != skip))
    return melds


MELDS: tuple[int, ...] = tuple(_all_melds())
MELD_SET: frozenset[int] = frozenset(MELDS)
# Melds indexed by their lowest card, for the arrangement enumerator.
MELDS_BY_LOW: tuple[tuple[int, ...], ...] = tuple(
    tuple(m for m in MELDS if (m & -m).bit_length() - 1 == i) for i in range(52)
)
CARD_VALUE: tuple[int, ...] = tuple(RANK_VALUE[i % 13] for i in range(52))


def deadwood_mask(h: int) -> int:
    """Minimum deadwood of a hand mask (any size)."""
    a = h & M
    b = (h >> 13) & M
    c = (h >> 26) & M
    d = h >> 39
    t = (a & b & (c | d)) | (c & d & (a | b))  # ranks held in 3 or more suits
    if not t:
        return RUN_TABLE[a] + RUN_TABLE[b] + RUN_TABLE[c] + RUN_TABLE[d]
    return _with_sets(a, b, c, d, t)


def _with_sets(a: int, b: int, c: int, d: int, t: int) -> int:
    """Least deadwood when each rank in `t` (a rank mask, each held in 3 or 4 suits) is either
    left to the runs or made a set: of all its suits, or with four held, of any three. Clearing
    a rank's bit in every suit clears it only where it is held, so no list of suits is needed."""
    low = t & -t
    rest = t ^ low
    n = ~low
    options = [(a, b, c, d), (a & n, b & n, c & n, d & n)]
    if a & b & c & d & low:  # four held: a set of three may leave any one suit its card
        options += [(a, b & n, c & n, d & n), (a & n, b, c & n, d & n)]
        options += [(a & n, b & n, c, d & n), (a & n, b & n, c & n, d)]
    T = RUN_TABLE
    best = 10**9
    for w, x, y, z in options:
        value = _with_sets(w, x, y, z, rest) if rest else T[w] + T[x] + T[y] + T[z]
        if value < best:
            best = value
    return best


def deadwood(cards: Iterable[str]) -> int:
    """Minimum deadwood of a list of card codes (up to 11 cards; duplicates count once)."""
    h = 0
    for code in cards:
        h |= BIT[code]
    return deadwood_mask(h)


def arrangements_mask(h: int) -> list[tuple[int, ...]]:
    """Every set of disjoint melds that leaves the minimum deadwood, each sorted, best-shaped first."""
    target = deadwood_mask(h)
    out: list[tuple[int, ...]] = []

    def walk(rem: int, spent: int, chosen: list[int]) -> None:
        if not rem:
            out.append(tuple(sorted(chosen)))
            return
        if spent + deadwood_mask(rem) > target:
            return
        low = rem & -rem
        i = low.bit_length() - 1
        if spent + CARD_VALUE[i] <= target:
            walk(rem ^ low, spent + CARD_VALUE[i], chosen)
        for meld in MELDS_BY_LOW[i]:
            if meld & rem == meld:
                chosen.append(meld)
                walk(rem ^ meld, spent, chosen)
                chosen.pop()

    walk(h, 0, [])
    unique = sorted(set(out), key=lambda a: (len(a), a))
    return unique


def best_discards_mask(h: int) -> tuple[int, list[int]]:
    """For a hand of 11: the least deadwood after one discard and every card bit that reaches it."""
    best = 10**9
    cards: list[int] = []
    rem = h
    while rem:
        low = rem & -rem
        rem ^= low
        value = deadwood_mask(h ^ low)
        if value < best:
            best, cards = value, [low]
        elif value == best:
            cards.append(low)
    return best, cards


# -- layoffs ---------------------------------------------------------------------------------
def layoff_fits(meld: int, card_bit: int) -> bool:
    """A card lays off on a meld when meld plus card is again a meld."""
    return not meld & card_bit and (meld | card_bit) in MELD_SET


def _extensions(meld: int, hand: int) -> list[list[int]]:
    """Each way the defender's cards can extend one meld, as ordered lists of card bits."""
    options: list[list[int]] = [[]]
    low_i = (meld & -meld).bit_length() - 1
    high_i = meld.bit_length() - 1
    if low_i % 13 == high_i % 13:  # a set: only the missing suit
        if meld.bit_count() == 3:
            for s in range(4):
                bit = 1 << (s * 13 + low_i % 13)
                if not meld & bit and hand & bit:
                    options.append([bit])
        return options
    suit = low_i // 13
    below: list[int] = []
    r = low_i % 13 - 1
    while r >= 0 and hand >> (suit * 13 + r) & 1:
        below.append(1 << (suit * 13 + r))
        r -= 1
    above: list[int] = []
    r = high_i % 13 + 1
    while r < 13 and hand >> (suit * 13 + r) & 1:
        above.append(1 << (suit * 13 + r))
        r += 1
    return [below[:i] + above[:j] for i in range(len(below) + 1) for j in range(len(above) + 1)]


def best_layoffs_mask(hand: int, melds: list[int]) -> tuple[int, list[tuple[int, int]]]:
    """Least deadwood the defender can reach by melding and laying off onto `melds`.

    Returns (deadwood, layoffs) where layoffs are (card bit, meld index) in an order that can be
    played one by one. Ties keep the fewest layoffs (a card stays in the defender's own meld).
    """
    per_meld = [_extensions(m, hand) for m in melds]
    best = [deadwood_mask(hand), []]

    def walk(k: int, used: int, chosen: list[tuple[int, int]]) -> None:
        if k == len(melds):
            if used:
                value = deadwood_mask(hand & ~used)
                if value < best[0] or (value == best[0] and len(chosen) < len(best[1])):
                    best[0], best[1] = value, list(chosen)
            return
        for option in per_meld[k]:
            bits = sum(option)
            if bits & used:
                continue
            walk(k + 1, used | bits, chosen + [(b, k) for b in option])

    walk(0, 0, [])
    return best[0], best[1]


# -- the public helpers in card codes ---------------------------------------------------------
def melds_to_codes(melds: Iterable[int]) -> list[list[str]]:
    return [cards_of(m) for m in melds]


def arrangements(cards: Iterable[str]) -> list[list[list[str]]]:
    """Every arrangement of melds that reaches the minimum deadwood, as lists of codes."""
    h = 0
    for code in cards:
        h |= BIT[code]
    return [melds_to_codes(a) for a in arrangements_mask(h)]


def best_melds(cards: Iterable[str]) -> tuple[list[list[str]], list[str]]:
    """One best arrangement (fewest melds first) and the deadwood cards it leaves."""
    h = 0
    for code in cards:
        h |= BIT[code]
    best = arrangements_mask(h)[0]
    used = 0
    for m in best:
        used |= m
    return melds_to_codes(best), cards_of(h & ~used)


def best_discards(cards: Iterable[str]) -> tuple[int, list[str]]:
    """For 11 cards: the least deadwood after discarding, and every discard that reaches it."""
    h = 0
    for code in cards:
        h |= BIT[code]
    value, bits = best_discards_mask(h)
    return value, [DECK[b.bit_length() - 1] for b in bits]


def best_layoffs(cards: Iterable[str], melds: Iterable[Iterable[str]]) -> tuple[int, list[tuple[str, int]]]:
    """The defender's least deadwood against the knocker's melds and the layoffs (card, meld index)."""
    h = 0
    for code in cards:
        h |= BIT[code]
    masks = [sum(BIT[c] for c in m) for m in melds]
    value, lays = best_layoffs_mask(h, masks)
    return value, [(DECK[b.bit_length() - 1], k) for b, k in lays]


def is_meld(cards: Iterable[str]) -> bool:
    codes = list(cards)
    return len(set(codes)) == len(codes) and sum(BIT[c] for c in codes) in MELD_SET
