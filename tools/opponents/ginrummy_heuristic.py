"""Two outside Gin Rummy players, written for measuring our bots (issue 23).

They play from the view and the legal list only (docs/ginrummy.md, docs/bot-protocol.md) and
carry their own meld arithmetic, so nothing of the project's bots or rules is reused:

greedy  takes the pile card when that lowers its deadwood, otherwise draws from the stock;
        discards the highest deadwood card; knocks as soon as it may.
simple  OpenSpiel's `SimpleGinRummyBot` policy, re-implemented from reading its source:
        - draw: take the upcard when hand + upcard (discarding its highest-ranked deadwood
          card) would allow a knock, or when the upcard belongs to a best meld group of the
          eleven cards; otherwise draw from the stock (or pass the first upcard);
        - discard: knock when the eleven cards, less their highest-ranked deadwood card, have
          deadwood within the knock limit; discard the highest-ranked card of the best meld
          group's deadwood;
        - as defender it never lays off: it arranges its own best melds (which clears the
          default layoffs) and confirms.
        "Best meld group" is a group of disjoint melds that covers the most card value.

Run as a protocol program: `python tools/opponents/ginrummy_heuristic.py greedy` (or `simple`).
"""

from __future__ import annotations

import json
import sys
from functools import lru_cache

RANKS = "A23456789TJQK"
SUITS = "SHDC"


def card(code: str) -> tuple[int, int]:
    """(rank 0..12, suit 0..3)."""
    return RANKS.index(code[0]), SUITS.index(code[1])


def value(code: str) -> int:
    return min(RANKS.index(code[0]) + 1, 10)


def all_melds(cards: tuple[str, ...]) -> list[frozenset[str]]:
    """Every set (3 or 4 of a rank) and run (3+ in a suit) inside `cards`."""
    out: list[frozenset[str]] = []
    by_rank: dict[int, list[str]] = {}
    by_suit: dict[int, dict[int, str]] = {}
    for c in cards:
        r, s = card(c)
        by_rank.setdefault(r, []).append(c)
        by_suit.setdefault(s, {})[r] = c
    for same in by_rank.values():
        if len(same) >= 3:
            out.append(frozenset(same))
            if len(same) == 4:
                for skip in same:
                    out.append(frozenset(c for c in same if c != skip))
    for ranks in by_suit.values():
        for lo in range(13):
            run = []
            r = lo
            while r in ranks:
                run.append(ranks[r])
                if len(run) >= 3:
                    out.append(frozenset(run))
                r += 1
    return out


@lru_cache(maxsize=200_000)
def best_group(cards: tuple[str, ...]) -> tuple[int, tuple[frozenset[str], ...]]:
    """(melded value, melds) of a group of disjoint melds covering the most value."""
    melds = all_melds(cards)
    best: list = [0, ()]

    def walk(start: int, used: frozenset[str], total: int, chosen: tuple) -> None:
        if total > best[0]:
            best[0], best[1] = total, chosen
        for i in range(start, len(melds)):
            m = melds[i]
            if not m & used:
                walk(i + 1, used | m, total + sum(value(c) for c in m), chosen + (m,))

    walk(0, frozenset(), 0, ())
    return best[0], best[1]


def deadwood_cards(cards: list[str]) -> list[str]:
    _, melds = best_group(tuple(sorted(cards)))
    used = set().union(*melds) if melds else set()
    return [c for c in cards if c not in used]


def deadwood(cards: list[str]) -> int:
    return sum(value(c) for c in deadwood_cards(cards))


def by_rank(code: str) -> tuple[int, int]:
    r, s = card(code)
    return r, s


def simple_min_deadwood(cards: list[str]) -> int:
    """OpenSpiel's MinDeadwood: with eleven cards, the highest-ranked deadwood card goes."""
    dead = sorted(deadwood_cards(cards), key=by_rank)
    if len(cards) == 11 and dead:
        dead.pop()
    return sum(value(c) for c in dead)


# -- the players -------------------------------------------------------------------------------
def after_discard(hand: list[str], forbid: str | None) -> int:
    """Least deadwood of an eleven-card hand after discarding any card but `forbid`."""
    return min(deadwood([c for c in hand if c != d]) for d in hand if d != forbid)


def greedy(view: dict, legal: list[dict]) -> dict:
    phase = view["phase"]
    hand = list(view["hand"])
    moves = {m["move"] for m in legal}
    if phase in ("first_upcard", "draw"):
        top = view["discard"][-1] if view["discard"] else None
        take = top is not None and after_discard(hand + [top], top) < deadwood(hand)
        if phase == "first_upcard":
            return {"move": "take_upcard"} if take else {"move": "pass"}
        return {"move": "draw", "source": "discard" if take else "stock"}
    if phase == "discard":
        knocks = [m for m in legal if m["move"] == "knock"]
        if knocks:
            left = {m["card"]: deadwood([c for c in hand if c != m["card"]]) for m in knocks}
            return min(knocks, key=lambda m: (left[m["card"]], -value(m["card"])))
        options = [m["card"] for m in legal if m["move"] == "discard"]
        dead = [c for c in deadwood_cards(hand) if c in options]
        pool = dead or options
        return {"move": "discard", "card": max(pool, key=lambda c: (value(c), by_rank(c)))}
    if "done" in moves:
        return {"move": "done"}
    return legal[0]


def simple(view: dict, legal: list[dict]) -> dict:
    phase = view["phase"]
    hand = list(view["hand"])
    moves = {m["move"] for m in legal}
    if phase in ("first_upcard", "draw"):
        top = view["discard"][-1] if view["discard"] else None
        take = False
        if top is not None:
            eleven = hand + [top]
            take = simple_min_deadwood(eleven) <= 10 or top not in deadwood_cards(eleven)
        if phase == "first_upcard":
            return {"move": "take_upcard"} if take else {"move": "pass"}
        return {"move": "draw", "source": "discard" if take else "stock"}
    if phase == "discard":
        dead = sorted(deadwood_cards(hand), key=by_rank)
        knocks = {m["card"] for m in legal if m["move"] == "knock"}
        discards = {m["card"] for m in legal if m["move"] == "discard"}
        if knocks and (simple_min_deadwood(hand) <= 10 or not discards):
            for c in reversed(dead):
                if c in knocks:
                    return {"move": "knock", "card": c}
            return {"move": "knock", "card": min(knocks, key=lambda c: deadwood([x for x in hand if x != c]))}
        for c in reversed(dead):
            if c in discards:
                return {"move": "discard", "card": c}
        return {"move": "discard", "card": max(discards, key=by_rank)}
    if phase == "layoff" and "done" in moves:
        reveal = view.get("reveal") or {}
        if reveal.get("layoffs"):  # the default layoffs were made: take them back
            _, melds = best_group(tuple(sorted(hand)))
            return {"move": "arrange", "melds": [sorted(m, key=by_rank) for m in melds]}
        return {"move": "done"}
    if "next_hand" in moves:
        return {"move": "next_hand"}
    return legal[0]


PLAYERS = {"greedy": greedy, "simple": simple}


class Player:
    """The same players behind the bots' `choose` interface, for in-process measurement."""

    def __init__(self, name: str):
        self.level = name
        self.play = PLAYERS[name]

    def choose(self, view, legal, rng, budget):
        return self.play(view, legal)


def main() -> int:
    play = PLAYERS[sys.argv[1] if len(sys.argv) > 1 else "greedy"]
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        print(json.dumps({"command": play(request["view"], request["legal"])}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
