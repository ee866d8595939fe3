"""A player's largest chain of palaces: cities joined by roads, each holding one of their
palaces (mogul palaces count), and the provinces it spans."""

from __future__ import annotations

from typing import Any


def largest_chain(v: dict[str, Any], seat: int) -> tuple[set[str], set[str]]:
    """(cities, provinces) of the chain spanning the most provinces (then the most cities)."""
    board = v["board"]["cities"]
    mine = {c for c, s in [*v["palaces"], *v["moguls"]] if s == seat}
    best: tuple[set[str], set[str]] = (set(), set())
    seen: set[str] = set()
    for start in sorted(mine):
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            for nxt in board[todo.pop()]["roads"]:
                if nxt in mine and nxt not in group:
                    group.add(nxt)
                    todo.append(nxt)
        seen |= group
        provinces = {board[c]["province"] for c in group}
        if (len(provinces), len(group)) > (len(best[1]), len(best[0])):
            best = (group, provinces)
    return best
