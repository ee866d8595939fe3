"""What each seat may see: the public table, its own hand, and what withdrawing would win."""

from __future__ import annotations

import functools
from typing import Any

from game.rules.tajmahal.board import load
from game.rules.tajmahal.data import CARDS, PERSONS, TILE_GOODS
from game.rules.tajmahal.rules import build_cities, palace_count, would_win
from game.rules.tajmahal.state import State, counts


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


def view(state: State, seat: int | None, to_act: list[int]) -> dict[str, Any]:
    players = []
    for i, p in enumerate(state.players):
        specials = [CARDS[c].special for c in (*p.hand, *p.played) if CARDS[c].colour == "special"]
        players.append(
            {
                "seat": i,
                "score": p.score,
                "hand_size": len(p.hand),
                "in_visit": p.active,
                "colour": p.colour,
                "played": cards_json(p.played),
                "shown": counts(p.played),
                "influence": {person: p.influence.count(person) for person in PERSONS},
                "tiles": list(p.tiles),
                "goods": list(p.goods),
                "bonuses": list(p.bonuses),
                "specials": sorted(specials),  # special cards are face up: who holds them is public
                "palaces": palace_count(state, i),
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
        "tile_goods": {str(k): list(v) for k, v in TILE_GOODS.items()},
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
            out["would_win"] = would_win(state, seat)
    return out
