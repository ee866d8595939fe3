"""A deliberately plain brute-force meld solver, independent of the bitmask one.

Cards are (rank 1..13, suit letter) pairs. Candidate melds are listed directly (3 or 4 cards of
a rank; every window of 3 or more consecutive ranks in a suit), and the best family of disjoint
melds is found by trying every choice, with no tables and no pruning tricks.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

RANKS = "A23456789TJQK"


def parse(code: str) -> tuple[int, str]:
    return RANKS.index(code[0]) + 1, code[1]


def points(card: tuple[int, str]) -> int:
    return min(card[0], 10)


def valid_meld(cards) -> bool:
    cards = list(cards)
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    if len({r for r, _ in cards}) == 1:
        return True
    if len({s for _, s in cards}) != 1:
        return False
    ranks = sorted(r for r, _ in cards)
    return all(b == a + 1 for a, b in zip(ranks, ranks[1:], strict=False))


def candidate_melds(cards: list[tuple[int, str]]) -> list[frozenset]:
    out = []
    by_rank: dict[int, list] = {}
    by_suit: dict[str, list] = {}
    for c in cards:
        by_rank.setdefault(c[0], []).append(c)
        by_suit.setdefault(c[1], []).append(c)
    for group in by_rank.values():
        for size in (3, 4):
            for combo in combinations(group, size):
                out.append(frozenset(combo))
    for group in by_suit.values():
        group = sorted(group)
        for i in range(len(group)):
            for j in range(i + 3, len(group) + 1):
                window = group[i:j]
                if valid_meld(window):
                    out.append(frozenset(window))
    return out


def families(cards: list[tuple[int, str]]) -> list[tuple[int, frozenset]]:
    """Every family of disjoint melds (as (melded points, family))."""
    melds = candidate_melds(cards)
    result = []

    def walk(i: int, used: frozenset, chosen: tuple) -> None:
        if i == len(melds):
            result.append((sum(points(c) for c in used), frozenset(chosen)))
            return
        walk(i + 1, used, chosen)
        if not melds[i] & used:
            walk(i + 1, used | melds[i], chosen + (melds[i],))

    walk(0, frozenset(), ())
    return result


def solve(codes: list[str]) -> tuple[int, set[frozenset]]:
    """The minimum deadwood and every family reaching it (each meld a frozenset of codes)."""
    cards = [parse(c) for c in codes]
    fams = families(cards)
    best = max(v for v, _ in fams)
    optimal = {
        frozenset(frozenset(RANKS[r - 1] + s for r, s in meld) for meld in fam)
        for v, fam in fams
        if v == best
    }
    return sum(points(c) for c in cards) - best, optimal


def deadwood(codes: list[str]) -> int:
    return solve(codes)[0]


def arrangements(codes: list[str]) -> set[frozenset]:
    return solve(codes)[1]


def best_discards(codes: list[str]) -> tuple[int, set[str]]:
    """For 11 cards: try every discard."""
    values = {c: deadwood([x for x in codes if x != c]) for c in codes}
    best = min(values.values())
    return best, {c for c, v in values.items() if v == best}


def best_layoff_deadwood(codes: list[str], melds: list[list[str]]) -> int:
    """Defender's least deadwood: any subset laid off on each meld, any melds of the rest."""
    hand = [parse(c) for c in codes]
    targets = [[parse(c) for c in m] for m in melds]

    @cache
    def go(k: int, left: frozenset) -> int:
        if k == len(targets):
            rest = sorted(left)
            return deadwood([RANKS[r - 1] + s for r, s in rest]) if rest else 0
        best = go(k + 1, left)
        pool = sorted(left)
        for size in range(1, len(pool) + 1):
            for extra in combinations(pool, size):
                if valid_meld(targets[k] + list(extra)):
                    best = min(best, go(k + 1, left - frozenset(extra)))
        return best

    return go(0, frozenset(hand))
