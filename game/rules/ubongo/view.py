"""What a seat may see of an Ubongo game, and how a finished game is scored."""

from __future__ import annotations

from typing import Any

from game.core.i18n import msg, msg_n
from game.core.parts import Parts
from game.core.ruleset import Outcome
from game.rules.ubongo.face.constants import COLOURS, DIE, HOURGLASS, ROUNDS, TICKS_PER_SECOND, TURNS, key
from game.rules.ubongo.face.difficulty import label
from game.rules.ubongo.face.words import nth
from game.rules.ubongo.state import State

# Parts made from unchanged state fields are handed out again (game/core/parts.py): the secrets
# filter walks the round's puzzles once a round, and the placements and moves once a change,
# not once a view (the bots of a race are given a view at every move)
_parts = Parts()


def _puzzles(puzzles: tuple[Any, ...]) -> list[dict[str, Any]]:
    return [{**p.to_json(), "label": label(p.seconds)} for p in puzzles]


def _placements(placements: tuple[Any, ...]) -> list[Any]:
    return [
        None if p is None else [{"piece": piece, "cells": [list(c) for c in cells]} for piece, cells in p]
        for p in placements
    ]


def _moves(moves: tuple[Any, ...], taken: tuple[Any, ...]) -> list[dict[str, Any]]:
    gems = dict(taken)
    return [
        {"seat": s, "from": a, "to": b, "tick": t, "gems": list(gems[s]) if s in gems else None}
        for s, a, b, t in moves
    ]


def _hourglass(state: State) -> dict[str, Any]:
    """The sand of this turn of the hourglass: its turn, start and end, and the extra time."""
    seats = range(state.seats)
    return {
        "turn": state.turn,
        "turns": TURNS,
        "base": HOURGLASS,
        "ticks_per_second": TICKS_PER_SECOND,
        "length": [state.length(s) for s in seats],
        "start": [state.start(s) for s in seats],
        "end": [state.end(s) for s in seats],
    }


def _solves(state: State) -> list[dict[str, int]]:
    """In finishing order (`State.ranked`: the solves, the clock and the start player)."""
    return [{"seat": s, "tick": t, "rank": state.rank(s)} for s, t in state.ranked()]


def _rows(rows: tuple[tuple[Any, ...], ...]) -> list[list[Any]]:
    return [list(row) for row in rows]


def _held(held: tuple[tuple[int, ...], ...]) -> list[dict[str, int]]:
    return [dict(zip(COLOURS, h, strict=True)) for h in held]


def view(rules: Any, state: State, seat: int | None) -> dict[str, Any]:
    """Everything is public except the boards still in the box and the die rolls to come."""
    n = state.seats
    windows = [[state.solved_at(s), state.end(s)] if s in state.movers else None for s in range(n)]
    moving = seat is not None and seat in state.movers
    reach = state.reach(seat) if moving else None
    here = state.pawns[seat] if moving else None
    return {
        "seat": seat,
        "seats": n,
        "mode": state.mode,
        "clock": state.clock,
        "phase": state.phase,
        "to_act": sorted(rules.to_act(state)),
        "round": state.round,
        "rounds": ROUNDS,
        "face": state.face,
        "symbol": DIE[state.face] if state.face >= 0 else None,
        "sides": list(state.sides),
        "puzzles": _parts("puzzles", (state.puzzles,), lambda: _puzzles(state.puzzles)),
        "hourglass": _parts(
            "hourglass", (state.turn, state.turned_at, state.extra), lambda: _hourglass(state)
        ),
        "now": list(state.now),  # per seat, the latest tick its clock reached (one clock: all equal)
        "status": list(state.status),
        # the solves so far in finishing order, each with the rank it was given as it came in
        "solves": _parts(
            "solves",
            (state.solves, state.clock, state.first, state.round, state.seats),
            lambda: _solves(state),
        ),
        "placements": _parts("placements", (state.placements,), lambda: _placements(state.placements)),
        "order": list(state.order),
        "start_player": state.start_player,
        "movers": list(state.movers),  # solvers still to move, in solve order
        # per solver still to move, its ticks for taking gems: from its solve to the end of its sand
        "pawn_windows": windows,
        "pawn_window": windows[seat] if moving else None,  # this seat's, while it may move
        "allowance": reach,
        # this round's pawn moves as they came in, with the gems each took (null: still to come)
        "moves": _parts("moves", (state.moves, state.taken), lambda: _moves(state.moves, state.taken)),
        "late": list(state.late),
        "reach": [] if here is None else [r for r in range(len(state.gems)) if abs(r - here) <= reach],
        "colours": list(COLOURS),
        "gems": _parts("gems", (state.gems,), lambda: _rows(state.gems)),
        "pawns": list(state.pawns),
        "held": _parts("held", (state.held,), lambda: _held(state.held)),
        "results": _parts("results", (state.results,), lambda: _rows(state.results)),
        "boards_left": len(state.deck),
    }


def solo_ticks(state: State) -> int:
    """Time used over the game: the solve tick, or both hourglass turns when unsolved."""
    full = TURNS * state.length(0)
    return sum(full if r[0] is None else r[0] for r in state.results)


def outcome(state: State) -> Outcome:
    totals = [sum(h) for h in state.held]
    details: dict[str, Any] = {
        "gems": [dict(zip(COLOURS, h, strict=True)) for h in state.held],
        "cascade": [list(key(h)) for h in state.held],
        "solved": [sum(r[s] is not None for r in state.results) for s in range(state.seats)],
    }
    if state.mode == "solo":
        ticks = solo_ticks(state)
        details["ticks"] = ticks
        m, s = divmod(ticks // TICKS_PER_SECOND, 60)
        summary = msg(
            "Solved {solved} of {rounds} puzzles in {time}; {gems}, at most {most} of one colour",
            solved=details["solved"][0],
            rounds=ROUNDS,
            time=f"{m}:{s:02d}",
            gems=msg_n("{n} gem", "{n} gems", totals[0]),
            most=max(state.held[0]),
        )
        return Outcome((0,), (float(totals[0]),), summary, details)
    keys = [key(h) for h in state.held]
    best = max(keys)
    winners = tuple(s for s, k in enumerate(keys) if k == best)
    if len(winners) > 1:
        summary = msg_n(
            "Shared win: {n} gem of one colour and tied all the way down",
            "Shared win: {n} gems of one colour and tied all the way down",
            best[0],
        )
    else:
        depth = decided_at(keys)
        if depth == 0:
            summary = msg("Most gems of one colour: {n}", n=best[0])
        else:
            summary = msg(
                "Most gems of one colour: {n} (tie broken at the {nth} colour)", n=best[0], nth=nth(depth + 1)
            )
    return Outcome(winners, tuple(float(k[0]) for k in keys), summary, details)


def decided_at(keys: list[tuple[int, ...]]) -> int:
    """How far down the cascade the leader was found (0: the largest colour already)."""
    alive = list(range(len(keys)))
    for i in range(len(keys[0])):
        top = max(keys[s][i] for s in alive)
        alive = [s for s in alive if keys[s][i] == top]
        if len(alive) == 1:
            return i
    return len(keys[0]) - 1
