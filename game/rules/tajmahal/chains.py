"""Road chains of a seat's palaces: cities joined by roads, each holding one of its palaces
(mogul palaces count). The one flood fill behind palace scoring (rules), the bots' chain
arithmetic (bot_chain, playout) and the largest chain the view shows.

Pure functions over the Board and a set of city names, so the hot paths of the bots can call
them with the sets they already keep.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.rules.tajmahal.face.board import Board

Cities = set[str] | frozenset[str]


def component(board: Board, mine: Cities, start: Iterable[str]) -> set[str]:
    """The cities of `mine` reached from `start` (cities of `mine`) along roads."""
    todo = [c for c in start if c in mine]
    seen = set(todo)
    nb = board.neighbours
    while todo:
        for nxt in nb[todo.pop()]:
            if nxt in mine and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def provinces(board: Board, cities: Iterable[str]) -> set[str]:
    """The provinces these cities lie in."""
    return {board.cities[c].province for c in cities}


def provinces_joined(board: Board, mine: Cities, province: str) -> int:
    """Other provinces joined to `province` by a chain of `mine`: what a withdrawal that built
    there scores beyond its 1 point."""
    cities = board.cities
    chain = component(board, mine, [c for c in mine if cities[c].province == province])
    return len(provinces(board, chain) - {province})


def largest(board: Board, mine: Cities) -> tuple[set[str], set[str]]:
    """(cities, provinces) of the chain spanning the most provinces, then the most cities; of
    equal chains, the one holding the first city by name (so every view shows the same one)."""
    best: tuple[set[str], set[str]] = (set(), set())
    seen: set[str] = set()
    for start in sorted(mine):
        if start in seen:
            continue
        group = component(board, mine, [start])
        seen |= group
        spans = provinces(board, group)
        if (len(spans), len(group)) > (len(best[1]), len(best[0])):
            best = (group, spans)
    return best
