"""Palace chains for the bots: what a palace joins to a province's chain now, and what a seat's
network of palaces promises for the provinces still to come.

A withdrawal that builds scores 1 plus the other provinces joined to the visited province by
a road chain of the seat's palaces (chains.provinces_joined). So a palace is worth the provinces
it joins now, and, later, every province still to come that touches the network: a palace won
there scores the provinces of every chain it touches.
"""

from __future__ import annotations

from game.rules.tajmahal.chains import component, provinces, provinces_joined
from game.rules.tajmahal.face.board import Board

# What a seat's palaces give, by the palaces (as a frozenset) and what is asked: the look-ahead
# asks the same few networks thousands of times a decision (every rollout's builds and scoring)
_JOINED: dict[tuple, int] = {}
_JOINS: dict[tuple, tuple[int, ...]] = {}
_SCORED: dict[tuple, int] = {}
_CACHED = 50_000  # entries a cache holds before it starts again


def _keep(cache: dict, key: tuple, value):
    if len(cache) > _CACHED:
        cache.clear()
    cache[key] = value
    return value


def joined(board: Board, mine: set[str] | frozenset[str], city: str) -> int:
    """Other provinces a palace in `city` adds to its province's chain."""
    key = (frozenset(mine), city)
    got = _JOINED.get(key)
    return got if got is not None else _keep(_JOINED, key, _joined(board, mine, city))


def scored(board: Board, mine: set[str] | frozenset[str], province: str) -> int:
    """chains.provinces_joined, remembered: what a withdrawal that built in `province` scores
    beyond its 1 point."""
    key = (frozenset(mine), province)
    got = _SCORED.get(key)
    return got if got is not None else _keep(_SCORED, key, provinces_joined(board, mine, province))


def _joined(board: Board, mine: set[str] | frozenset[str], city: str) -> int:
    here = board.cities[city].province
    before = provinces(board, component(board, mine, [c for c in mine if board.cities[c].province == here]))
    after = provinces(board, component(board, set(mine) | {city}, [city]))
    return len(after - before - {here})


LATER = 0.3  # how much of the potential a bot counts: the share of provinces to come it builds in, discounted


def chains(board: Board, mine: set[str] | frozenset[str]) -> dict[str, frozenset[str]]:
    """Each of the seat's palace cities with the provinces of its road chain."""
    out: dict[str, frozenset[str]] = {}
    for c in mine:
        if c not in out:
            comp = component(board, mine, [c])
            provs = frozenset(provinces(board, comp))
            for x in comp:
                out[x] = provs
    return out


def joins(board: Board, mine: set[str] | frozenset[str], cities: list[str]) -> list[int]:
    """joined() for several cities of one province, walking the chains once."""
    if not mine:
        return [0] * len(cities)
    key = (frozenset(mine), tuple(cities))
    got = _JOINS.get(key)
    return list(got if got is not None else _keep(_JOINS, key, _joins(board, mine, cities)))


def _joins(board: Board, mine: set[str] | frozenset[str], cities: list[str]) -> tuple[int, ...]:
    here = board.cities[cities[0]].province
    of = chains(board, mine)
    before: set[str] = {here}
    for c in mine:
        if board.cities[c].province == here:
            before |= of[c]
    out = []
    for city in cities:
        after: set[str] = set()
        for n in board.neighbours[city]:
            if n in of:
                after |= of[n]
        out.append(len(after - before))
    return tuple(out)


_POTENTIAL: dict[tuple, float] = {}


def potential(board: Board, mine: frozenset[str], future: frozenset[str]) -> float:
    """What the network promises: for each province still to come, the provinces a palace
    built there would join (the best city of it), summed. A bot weighs it by how often it
    expects to build."""
    key = (mine, future)
    got = _POTENTIAL.get(key)
    if got is not None:
        return got
    total = 0.0
    if mine and future:
        cities, nb = board.cities, board.neighbours
        # the province set of each city's chain component, computed once
        comp_of = chains(board, mine)
        for p in future:
            inside = [c for c in mine if cities[c].province == p]
            base = set().union(*(comp_of[c] for c in inside)) if inside else set()
            best = 0
            for city in board.provinces[p].cities:
                reach = set(base)
                for n in nb[city]:
                    if n in comp_of:
                        reach |= comp_of[n]
                best = max(best, len(reach - {p}))
            total += best
    if len(_POTENTIAL) > 50_000:
        _POTENTIAL.clear()
    _POTENTIAL[key] = total
    return total
