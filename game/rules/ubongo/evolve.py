"""Folding one Ubongo event into the state: no checks, no randomness.

It also folds logs written before solvers took their gems at once: their `solving_over` fixed
every solver's rank when solving had ended, and their gems were taken after every move.
"""

from __future__ import annotations

from typing import Any

from game.core.frozen import replace
from game.core.ruleset import Event
from game.rules.ubongo.face.constants import COLOURS, ROUNDS
from game.rules.ubongo.state import Puzzle, State


def evolve(state: State, event: Event) -> State:
    kind = event["type"]
    if kind == "time":  # the clock reached a tick (a second of sand, a pause, a solo hint's cost)
        return _advance(state, event.get("seat"), event["tick"])
    if kind == "setup":
        return replace(
            state,
            phase="start",
            gems=tuple(tuple(row) for row in event["gems"]),
            deck=tuple(event["boards"]),
            dice=tuple(event["dice"]),
            first=event.get("first", 0),  # logs from before the draw started with seat 1
        )
    if kind == "pawn_start":
        return replace(state, pawns=_set(state.pawns, event["seat"], event["row"]))
    if kind == "round_start":
        return _round_start(state, event)
    if kind == "reveal":
        return _reveal(state, event["puzzles"])
    if kind == "solve":
        seat, tick = event["seat"], event["tick"]
        rank = event["rank"] if "rank" in event else state.solves_before(seat, tick)  # older logs
        placed = tuple((p["piece"], tuple(tuple(c) for c in p["cells"])) for p in event["placements"])
        return replace(
            _advance(state, seat, tick),
            status=_set(state.status, seat, "solved"),
            solves=(*state.solves, (seat, tick, rank)),
            placements=_set(state.placements, seat, placed),
        )
    if kind == "give_up":
        return replace(
            _advance(state, event["seat"], event["tick"]), status=_set(state.status, event["seat"], "out")
        )
    if kind in ("time_out", "too_late"):
        status = list(state.status)
        for seat in event["seats"]:
            status[seat] = "out" if kind == "time_out" else "late"
        return replace(_advance(state, None, event["tick"]), status=tuple(status))
    if kind == "hourglass_turned":
        tick = event.get("tick")
        turned = state if tick is None else _advance(state, None, tick)
        return replace(turned, turn=event["turn"], turned_at=tick, status=("solving",) * state.seats)
    if kind == "solving_over":  # older logs: the ranks were fixed once solving had ended
        ticks = dict((seat, tick) for seat, tick, _ in state.solves)
        return replace(state, solves=tuple((seat, ticks[seat], i) for i, seat in enumerate(event["order"])))
    if kind == "pawn":
        seat = event["seat"]
        return replace(
            _advance(state, seat, event["tick"]),
            pawns=_set(state.pawns, seat, event["to"]),
            status=_set(state.status, seat, "moved"),
            moves=(*state.moves, (seat, event["from"], event["to"], event["tick"])),
        )
    if kind == "gems":
        seat, row, taken = event["seat"], event["row"], event["gems"]
        held = list(state.held[seat])
        for colour in taken:
            held[COLOURS.index(colour)] += 1
        return replace(
            state,
            gems=_set(state.gems, row, state.gems[row][len(taken) :]),
            held=_set(state.held, seat, tuple(held)),
            taken=(*state.taken, (seat, tuple(taken))),
        )
    if kind == "round_end":
        results = (*state.results, tuple(event["ticks"]))
        return replace(state, phase="over" if event["round"] >= ROUNDS else "between", results=results)
    raise ValueError(f"unknown event {kind!r}")


def _round_start(state: State, event: Event) -> State:
    """The die is rolled; the boards stay face down until the hourglass turns (`reveal`). Logs
    written before the reveal existed carry the puzzles here, and the round begins at once."""
    n = state.seats
    started = replace(
        state,
        phase="roll",
        round=event["round"],
        face=event["face"],
        puzzles=(),
        dice=state.dice[1:],
        turn=1,
        turned_at=None,
        now=(0,) * n,
        status=("solving",) * n,
        solves=(),
        placements=(None,) * n,
        moves=(),
        taken=(),
    )
    return _reveal(started, event["puzzles"]) if "puzzles" in event else started


def _reveal(state: State, puzzles: list[dict[str, Any]]) -> State:
    """The hourglass turns and every board is turned up at once: the round is solved from now."""
    return replace(
        state,
        phase="solve",
        puzzles=tuple(
            Puzzle(p["board"], p["side"], tuple(map(tuple, p["cells"])), tuple(p["pieces"]), p["seconds"])
            for p in puzzles
        ),
        deck=state.deck[state.seats :],
    )


def _advance(state: State, seat: int | None, tick: int) -> State:
    """The clock reached `tick`: on a shared clock every seat's, in turns the seat's own (None:
    the sand running out, which is everyone's)."""
    if state.clock == "shared" or seat is None:
        now = state.now
        if now and tick >= max(now):  # every second of sand: each clock reaches `tick`
            return replace(state, now=(tick,) * len(now))
        return replace(state, now=tuple(max(t, tick) for t in now))
    return replace(state, now=_set(state.now, seat, max(state.now[seat], tick)))


def _set(items: tuple, index: int, value: Any) -> tuple:
    return (*items[:index], value, *items[index + 1 :])
