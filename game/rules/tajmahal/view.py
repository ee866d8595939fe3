"""What each seat may see: the public table, its own hand, and what withdrawing would win.

Besides the raw table the view carries what a table would otherwise work out again from it,
all of it public: each player's largest chain of palaces (palaces stand on the board) and, for
the players still in the visit, the categories each leads or ties (played cards lie face up).
standing.play_standing answers the table's "and with these cards played?" from a view alone.
"""

from __future__ import annotations

import functools
from typing import Any

from game.rules.tajmahal import chains
from game.rules.tajmahal.face.board import load
from game.rules.tajmahal.face.checks import build_cities
from game.rules.tajmahal.face.data import CARDS, PERSONS, TILE_GOODS
from game.rules.tajmahal.face.standing import standing
from game.rules.tajmahal.state import State, counts

View = dict[str, Any]


def cards_json(ids) -> list[dict[str, Any]]:
    return [CARDS[c].to_json() for c in ids]


@functools.lru_cache(maxsize=16)
def board_json(order: tuple[str, ...]) -> dict[str, Any]:
    """The map as an outside program needs it: provinces (visit tile, goods by name, cities in
    ring order, bordering provinces), cities (province, fortress, Taj Mahal, road neighbours),
    the roads and the fortresses. It only changes with the tile order, so one object serves
    every view of a game (building it per view cost a third of a random game's time): views
    are read, never changed."""
    board = load()
    tile = {p: i + 1 for i, p in enumerate(order)}
    return {
        "provinces": {
            p.name: {
                "tile": tile.get(p.name),
                "goods": list(TILE_GOODS[tile[p.name]]) if p.name in tile else [],
                "cities": list(p.cities),
                "borders": list(board.borders[p.name]),
            }
            for p in board.provinces.values()
        },
        "cities": {
            c.name: {
                "province": c.province,
                "fortress": c.fortress,
                "taj": c.taj,
                "roads": list(board.neighbours[c.name]),
            }
            for c in board.cities.values()
        },
        "roads": [[a, b] for a, b in board.roads],
        "fortresses": list(board.fortresses),
        "taj": board.taj,
    }


@functools.lru_cache(maxsize=64)
def palaces_by_seat(
    palaces: tuple[tuple[str, int], ...], moguls: tuple[tuple[str, int], ...], seats: int
) -> tuple[tuple[int, tuple[str, ...], tuple[str, ...]], ...]:
    """Each seat's palaces on the board (mogul palaces count) and its largest chain as sorted
    (cities, provinces). A view is made at every move, so this is cached by the palace layout
    and each chain by the seat's own cities (a build changes one seat's chain only)."""
    mine: list[list[str]] = [[] for _ in range(seats)]
    for city, seat in (*palaces, *moguls):
        mine[seat].append(city)
    return tuple((len(cities), *_largest_chain(frozenset(cities))) for cities in mine)


@functools.lru_cache(maxsize=256)
def _largest_chain(mine: frozenset[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    cities, provinces = chains.largest(load(), mine)
    return tuple(sorted(cities)), tuple(sorted(provinces))


# the goods each tile shows, the same object in every view (views are read, never changed): the
# secrets filter, which remembers the last object it showed, walks it once
_TILE_GOODS = {str(k): list(v) for k, v in TILE_GOODS.items()}


def view(state: State, seat: int | None, to_act: list[int]) -> dict[str, Any]:
    shown = [counts(p.played) for p in state.players]
    taken = {c for c, _ in state.won}
    in_visit = [i for i, p in enumerate(state.players) if p.active]
    palaces_of = palaces_by_seat(state.palaces, state.moguls, state.seats)
    players = []
    for i, p in enumerate(state.players):
        # what each player still in leads or ties now (public: played cards lie face up)
        lead, tie = (
            standing(shown[i], [shown[j] for j in in_visit if j != i], taken) if p.active else ([], [])
        )
        built, cities, provinces = palaces_of[i]
        specials = [CARDS[c].special for c in (*p.hand, *p.played) if CARDS[c].colour == "special"]
        players.append(
            {
                "seat": i,
                "score": p.score,
                "hand_size": len(p.hand),
                "in_visit": p.active,
                "colour": p.colour,
                "played": cards_json(p.played),
                "shown": shown[i],
                "leads": lead,
                "ties": tie,
                "influence": {person: p.influence.count(person) for person in PERSONS},
                "tiles": list(p.tiles),
                "goods": list(p.goods),
                "bonuses": list(p.bonuses),
                "specials": sorted(specials),  # special cards are face up: who holds them is public
                "palaces": built,
                "chain": {"cities": list(cities), "provinces": list(provinces)},
            }
        )
    out: dict[str, Any] = {
        "game": "tajmahal",
        "seat": seat,
        "seats": state.seats,
        "to_act": to_act,
        "phase": state.phase,
        "visit": state.visit + 1,
        "province": state.province,
        "order": list(state.order),
        "tile_goods": _TILE_GOODS,
        "board": board_json(tuple(state.order)),
        "start": state.start,
        "turn": state.turn,
        "players": players,
        "display": cards_json(state.display),
        "deck": len(state.deck),
        "discard": len(state.discard),
        "table_specials": [CARDS[c].special for c in state.table_specials],
        "influence_pool": dict(zip(PERSONS, state.pool, strict=True)),
        "won": dict(state.won),
        "bonus": dict(state.bonus),
        "palaces": [[c, s] for c, s in state.palaces],
        "moguls": [[c, s] for c, s in state.moguls],
        "hand": [],
        "would_win": [],
        "pending": {},
    }
    if state.phase in ("build", "pick"):
        out["pending"] = {
            "seat": state.turn,
            "builds": list(state.builds),
            "picks": state.picks,
            "cities": build_cities(state, state.turn, load()) if state.phase == "build" else [],
        }
    if seat is not None:
        me = state.players[seat]
        out["hand"] = cards_json(me.hand)
        if me.active and state.phase == "play":
            out["would_win"] = list(players[seat]["leads"])  # rules.would_win, already worked out
    return out
