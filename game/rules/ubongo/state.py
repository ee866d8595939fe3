"""Ubongo's immutable state: the machinery's (the fixed numbers it counts in are the face's,
face/constants.py; the checks read it through their own `State` protocol, face/checks.py)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.rules.ubongo.face.constants import HOURGLASS, allowance
from game.rules.ubongo.face.pieces import Shape


@dataclass(frozen=True)
class Puzzle:
    """One seat's puzzle this round: its board side and the row the die chose."""

    board: int
    side: str
    cells: Shape
    pieces: tuple[str, ...]
    seconds: float  # estimated seconds for a person (difficulty.py)

    def to_json(self) -> dict:
        return {
            "board": self.board,
            "side": self.side,
            "cells": [list(c) for c in self.cells],
            "pieces": list(self.pieces),
            "seconds": self.seconds,
        }


@dataclass(frozen=True)
class State:
    seats: int
    mode: str  # "race" or "solo"
    sides: tuple[str, ...]  # "easy"/"hard" per seat (handicap)
    extra: tuple[int, ...]  # extra ticks per seat and hourglass turn (handicap)
    clock: str = "shared"  # CLOCKS
    phase: str = "deal"  # deal -> start -> (roll -> solve -> between)* -> over
    first: int = 0  # the start player of round 1 (-1 before setup: to be drawn)
    gems: tuple[tuple[str, ...], ...] = ()  # gem rows, head of the row first
    held: tuple[tuple[int, ...], ...] = ()  # per seat, gems per colour (COLOURS order)
    pawns: tuple[int | None, ...] = ()
    deck: tuple[int, ...] = ()  # board numbers still to deal, in order (hidden)
    dice: tuple[int, ...] = ()  # die faces of the rounds to come (hidden)
    round: int = 0
    face: int = -1
    puzzles: tuple[Puzzle, ...] = ()
    turn: int = 1  # hourglass turn in this round
    turned_at: int | None = None  # the tick the hourglass was turned again (None: older logs)
    now: tuple[int, ...] = ()  # per seat, the latest tick its clock is known to have reached
    status: tuple[str, ...] = ()  # per seat: solving, solved, moved, out, late
    # (seat, tick, rank) in the order accepted; rank 0 is the 1st solver, fixed when it solves
    solves: tuple[tuple[int, int, int], ...] = ()
    placements: tuple[tuple | None, ...] = ()  # per seat, the accepted solution this round
    # pawn moves this round as (seat, from row, to row, tick), in the order accepted
    moves: tuple[tuple[int, int, int, int], ...] = ()
    taken: tuple[tuple[int, tuple[str, ...]], ...] = ()  # (mover, its gems) once taken, in order
    results: tuple[tuple[int | None, ...], ...] = ()  # per finished round, solve tick per seat

    def length(self, seat: int) -> int:
        """Ticks of one hourglass turn for this seat (extra time included)."""
        return HOURGLASS + self.extra[seat]

    @property
    def starts(self) -> tuple[int, ...]:
        """Per seat, the tick this turn of the hourglass began."""
        return _sand(self.turn, self.turned_at, self.extra)[0]

    @property
    def ends(self) -> tuple[int, ...]:
        """Per seat, the tick its sand runs out this turn of the hourglass."""
        return _sand(self.turn, self.turned_at, self.extra)[1]

    def start(self, seat: int) -> int:
        return self.starts[seat]

    def end(self, seat: int) -> int:
        return self.ends[seat]

    @property
    def start_player(self) -> int:
        """Who rolls the die and turns the hourglass: the first start player in round 1, then
        passing left (to the next seat number)."""
        return (max(self.first, 0) + max(self.round - 1, 0)) % self.seats

    def distance(self, seat: int) -> int:
        """Seats from the start player, going round: equal ticks go to the nearer."""
        return (seat - self.start_player) % self.seats

    def ranked(self) -> list[tuple[int, int]]:
        """The solves so far as (seat, tick) in finishing order: by tick; equal ticks on one
        clock as they came in (their ranks), in turns nearer the start player first."""
        if self.clock == "shared":
            order = sorted(self.solves, key=lambda s: (s[1], s[2]))
        else:
            order = sorted(self.solves, key=lambda s: (s[1], self.distance(s[0])))
        return [(seat, tick) for seat, tick, _ in order]

    @property
    def order(self) -> tuple[int, ...]:
        return tuple(seat for seat, _ in self.ranked())

    def solved_at(self, seat: int) -> int | None:
        return next((tick for s, tick, _ in self.solves if s == seat), None)

    def solves_before(self, seat: int, tick: int) -> int:
        """How many of the solves known so far came before one by `seat` at `tick` (equal
        ticks: nearer the start player first)."""
        mine = (tick, self.distance(seat))
        return sum((t, self.distance(s)) < mine for s, t, _ in self.solves)

    def rank(self, seat: int) -> int:
        """0 for the first solver, 1 for the second, ... as fixed when the seat solved."""
        return next(rank for s, _, rank in self.solves if s == seat)

    def reach(self, seat: int) -> int:
        """Rows this solver's pawn may move: by its solve rank, whoever moves first."""
        return allowance(self.rank(seat))

    @property
    def movers(self) -> tuple[int, ...]:
        """Solvers still to move their pawn whose sand has not run out, in solve order."""
        return tuple(s for s in self.order if self.status[s] == "solved")

    @property
    def late(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if self.status[s] == "late")

    def pending(self) -> list[tuple[int, int, int, int]]:
        """Moves whose gems are still to be taken, in the order they will be: by tick, then the
        better solve, then nearer the start player."""
        done = {seat for seat, _ in self.taken}
        waiting = [m for m in self.moves if m[0] not in done]
        return sorted(waiting, key=self.move_key)

    def move_key(self, move: tuple[int, int, int, int]) -> tuple[int, int, int]:
        seat, _, _, tick = move
        return (tick, self.solved_at(seat) or 0, self.distance(seat))


@lru_cache(maxsize=256)
def _sand(
    turn: int, turned_at: int | None, extra: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each seat's start and end of this turn of the hourglass: asked of every state (a time
    entry's every second of sand), changed only when the hourglass is turned."""
    lengths = [HOURGLASS + e for e in extra]
    if turn == 1:
        starts = [0] * len(extra)
    elif turned_at is None:  # logs from before the turn's tick was kept
        starts = [(turn - 1) * n for n in lengths]
    else:
        starts = [turned_at] * len(extra)
    return tuple(starts), tuple(s + n for s, n in zip(starts, lengths, strict=True))
