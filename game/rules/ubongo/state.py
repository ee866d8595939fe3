"""Ubongo's immutable state and the fixed numbers of the game."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.ubongo.pieces import Shape

TICKS_PER_SECOND = 60
HOURGLASS = 45 * TICKS_PER_SECOND  # one turn of the sand, 2700 ticks
TURNS = 2  # turned once more when nobody solved
ROUNDS = 9  # whatever the player count
BOARDS_PER_SEAT = 9  # 2 players use 18 boards, 3 use 27, 4 all 36, solo 9
GEM_ROWS = 6
GEMS_PER_ROW = 12
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple", "amber")
GEMS_PER_COLOUR = 12
TAKE = 2  # gems taken from the head of a row
ALLOWANCE = (3, 2, 1, 0)  # rows a pawn may move by solve order (1st, 2nd, 3rd, 4th)
# Die faces in row order. The facts page names seven symbols for six faces; ours: the public
# "spear" and "shield" share one face (crossed), baobab and sun are the team's two.
DIE: tuple[str, ...] = ("elephant", "gazelle", "mask", "spear and shield", "baobab", "sun")
EXTRA_SECONDS = (0, 10, 20, 30)  # handicap choices per seat


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
    phase: str = "deal"  # deal -> start -> (solve -> pawn)* -> over
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
    status: tuple[str, ...] = ()  # per seat: solving, solved, out
    solves: tuple[tuple[int, int], ...] = ()  # (seat, tick) in the order they were accepted
    placements: tuple[tuple | None, ...] = ()  # per seat, the accepted solution this round
    order: tuple[int, ...] = ()  # solve order, fixed when solving ends
    # pawn moves made this round as (seat, from row, to row, tick), by tick (equal ticks: solve
    # rank), never by arrival; their gems go in this order once every solver has moved or run out
    moves: tuple[tuple[int, int, int, int], ...] = ()
    late: tuple[int, ...] = ()  # solvers whose sand ran out before they moved
    results: tuple[tuple[int | None, ...], ...] = ()  # per finished round, solve tick per seat

    def length(self, seat: int) -> int:
        """Ticks of one hourglass turn for this seat (extra time included)."""
        return HOURGLASS + self.extra[seat]

    def start(self, seat: int) -> int:
        return (self.turn - 1) * self.length(seat)

    def end(self, seat: int) -> int:
        return self.turn * self.length(seat)

    def allowance(self, rank: int) -> int:
        return ALLOWANCE[rank] if rank < len(ALLOWANCE) else 0

    @property
    def start_player(self) -> int:
        """Who rolls the die and turns the hourglass: the first start player in round 1, then
        passing left (to the next seat number)."""
        return (max(self.first, 0) + max(self.round - 1, 0)) % self.seats

    def ranked(self) -> list[tuple[int, int]]:
        """The solves so far as (seat, tick) in solve order: by tick; equal ticks go to the seat
        nearer the start player, going round, so the order commands arrived in never matters."""
        first = self.start_player
        return sorted(self.solves, key=lambda st: (st[1], (st[0] - first) % self.seats))

    def rank(self, seat: int) -> int:
        """0 for the first solver, 1 for the second, ... (only for seats in `order`)."""
        return self.order.index(seat)

    def reach(self, seat: int) -> int:
        """Rows this solver's pawn may move: by solve rank, whoever moves first."""
        return self.allowance(self.rank(seat))

    @property
    def movers(self) -> tuple[int, ...]:
        """Solvers still to move their pawn whose sand has not run out, in solve order."""
        if self.phase != "pawn":
            return ()
        done = {m[0] for m in self.moves} | set(self.late)
        return tuple(s for s in self.order if s not in done)

    def takes(self) -> list[tuple[int, int, int, int]]:
        """The pawn moves in the order their gems are taken: by tick, equal ticks by solve rank
        (the order moves arrived in never matters)."""
        return sorted(self.moves, key=lambda m: (m[3], self.rank(m[0])))
