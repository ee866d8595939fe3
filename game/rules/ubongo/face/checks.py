"""Whether a seat (or the table's clock) may send a command: Ubongo's checks, and nothing they
cause.

decide (ruleset.py) runs `check` on the machinery's state before it works out a command's
events; the face's `why_not` runs it on the state as one seat sees it (`seen`, a `Seen`
record). Ubongo hides nothing a check reads (only the boards still in the box and the die
rolls to come), so the record of a view answers every check as the state itself would. Time is
the command's: a solve, a give-up or a pawn move carries the tick of its seat's clock, and the
checks judge that tick against the hourglass (each seat's start and end of its sand, as the
view shows them), so a table asking ahead of a tick gets the answer decide would give for the
command sent with that tick.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

import game.rules.ubongo.face.placement as placement
import game.rules.ubongo.face.words as words
from game.core.face import Command, Rejected, View
from game.core.i18n import Msg, msg, msg_n
from game.rules.ubongo.face.constants import ACTIVE, GEM_ROWS, TICKS_PER_SECOND, allowance
from game.rules.ubongo.face.pieces import Shape

Solves = tuple[tuple[int, int, int], ...]  # (seat, tick, rank) per solve so far this round


class Board(Protocol):
    """What the checks read of a seat's puzzle: its area and the pieces to fill it with."""

    @property
    def cells(self) -> Shape: ...
    @property
    def pieces(self) -> tuple[str, ...]: ...


class State(Protocol):
    """What the checks read of a match: the machinery's State when decide checks, `Seen` when
    a table asks of its own view. The face knows no more of the state than this."""

    @property
    def seats(self) -> int: ...
    @property
    def mode(self) -> str: ...
    @property
    def clock(self) -> str: ...
    @property
    def phase(self) -> str: ...
    @property
    def pawns(self) -> tuple[int | None, ...]: ...
    @property
    def now(self) -> tuple[int, ...]: ...
    @property
    def status(self) -> tuple[str, ...]: ...
    @property
    def solves(self) -> Solves: ...
    @property
    def puzzles(self) -> tuple[Board, ...]: ...
    @property
    def starts(self) -> tuple[int, ...]: ...  # per seat, when this turn of the hourglass began
    @property
    def ends(self) -> tuple[int, ...]: ...  # per seat, when its sand runs out
    def solved_at(self, seat: int) -> int | None: ...
    def reach(self, seat: int) -> int: ...


@dataclass(frozen=True)
class SeenPuzzle:
    cells: Shape
    pieces: tuple[str, ...]


@dataclass(frozen=True)
class Seen:
    """The part of the state one seat's view gives the checks: all of the table."""

    seats: int
    mode: str
    clock: str
    phase: str
    pawns: tuple[int | None, ...]
    now: tuple[int, ...]
    status: tuple[str, ...]
    solves: Solves
    puzzles: tuple[SeenPuzzle, ...]
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def solved_at(self, seat: int) -> int | None:
        return next((tick for s, tick, _ in self.solves if s == seat), None)

    def reach(self, seat: int) -> int:
        return allowance(next(rank for s, _, rank in self.solves if s == seat))


def seconds(ticks: int) -> Msg:
    return words.seconds(ticks, TICKS_PER_SECOND)


def tick(command: Command) -> int | Rejected:
    """The tick a command carries, or why it is none."""
    value = command.get("tick")
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        return Rejected(msg("The command needs its tick (a whole number, 0 or more)"))
    return value


def row(command: Command) -> int | Rejected:
    """The gem row a command names, or why it is none."""
    value = command.get("row")
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < GEM_ROWS:
        return Rejected(msg("Choose a row from 0 to {last}", last=GEM_ROWS - 1))
    return value


def due(state: State) -> Command | None:
    """The sand running out: at the first end among the seats that may still act; when
    nobody may and nobody solved, at the end of the longest hourglass. In turns (people at
    one screen, each on a clock of their own) at the end of the longest hourglass: the
    referee submits it once every person has had the screen, so nobody is cut short."""
    if state.phase == "roll":
        return {"move": "reveal", "tick": 0}  # the hourglass turns: the sand starts at 0
    if state.phase != "solve":
        return None
    # asked of every state, a time entry's every second of sand; what it reads changes seldom
    tick = _expiry(state.status, state.clock, bool(state.solves), state.ends)
    return None if tick is None else {"move": "expire", "tick": tick}


@lru_cache(maxsize=256)
def _expiry(status: tuple[str, ...], clock: str, solved: bool, ends: tuple[int, ...]) -> int | None:
    active = [s for s in range(len(status)) if status[s] in ACTIVE]
    if clock == "turns" and (active or not solved):
        return max(ends)
    if active:
        return min(ends[s] for s in active)
    if not solved:
        return max(ends)
    return None


def passed(state: State, seat: int, at: int) -> Rejected | None:
    """A seat's clock only runs forward: a tick before the latest one it reached is refused."""
    if at < state.now[seat]:
        return Rejected(
            msg("That moment has passed: the clock already shows {time}", time=seconds(state.now[seat]))
        )
    return None


def reveal(state: State, seat: int | None, command: Command) -> Rejected | None:
    """Only the table's clock turns the hourglass, once a round, at the sand's tick 0."""
    if seat is not None:
        return Rejected(msg("Only the table's clock turns the hourglass"))
    if state.phase != "roll":
        return Rejected(msg("The boards of this round are face up already"))
    at = tick(command)
    return at if isinstance(at, Rejected) else None


def expire(state: State, seat: int | None, command: Command) -> Rejected | None:
    if seat is not None:
        return Rejected(msg("Only the table's clock runs out the sand"))
    when = due(state)
    if when is None:
        return Rejected(msg("No hourglass is running"))
    at = tick(command)
    if isinstance(at, Rejected):
        return at
    if at < when["tick"]:
        return Rejected(msg("The sand has not run out yet ({time})", time=seconds(when["tick"])))
    return None


def time_entry(state: State, seat: int | None, command: Command) -> Rejected | None:
    """Time in the log: the table's clock (seat None) says how far the sand has run, never
    past its running out (the expiry goes first); in turns for the seat it names."""
    if seat is not None:
        return Rejected(msg("Only the table's clock records time"))
    if state.phase != "solve":
        return Rejected(msg("No hourglass is running"))
    at = tick(command)
    if isinstance(at, Rejected):
        return at
    whose = command.get("seat")
    if state.clock == "shared" or whose is None:
        if whose is not None:
            return Rejected(msg("On one clock the time is everyone's"))
        when = due(state)
        if when is None or at >= when["tick"]:
            return Rejected(msg("The sand has run out: the clock's expiry goes first"))
        return passed(state, 0, at)  # on one clock every seat's is the same
    if not isinstance(whose, int) or isinstance(whose, bool) or not 0 <= whose < state.seats:
        return Rejected(msg("Only a player can do that"))
    if state.status[whose] not in ACTIVE or at >= state.ends[whose]:
        return Rejected(msg("The sand has run out: the clock's expiry goes first"))
    return passed(state, whose, at)


def clock_time(state: State, at: int) -> bool:
    """Whether time_entry lets the table's clock record `at` on one clock (`{"move": "time",
    "tick": at}`, seat None), the game not over: the same checks, at a glance, for the entry
    it writes every second of sand."""
    if state.phase != "solve" or type(at) is not int or at < state.now[0]:
        return False  # no hourglass; no whole number; a moment passed (`now` is 0 or more)
    when = _expiry(state.status, state.clock, bool(state.solves), state.ends)  # due's, in the solve phase
    return when is not None and at < when


def hint(state: State, seat: int, command: Command) -> Rejected | None:
    """Solo: a hint costs sand, so it carries the seat's tick like a solve."""
    if state.mode != "solo":
        return Rejected(msg("Hints are for the solo game"))
    at = tick(command)
    if isinstance(at, Rejected):
        return at
    late = passed(state, seat, at)
    if late is not None:
        return late
    if at >= state.ends[seat]:
        return Rejected(msg("Too late: your sand ran out at {time}", time=seconds(state.ends[seat])))
    return None


def start_field(state: State, seat: int, command: Command) -> Rejected | None:
    if state.pawns[seat] is not None:
        return Rejected(msg("Your pawn is already on its start field"))
    chosen = row(command)
    return chosen if isinstance(chosen, Rejected) else None


def solve(state: State, seat: int, command: Command) -> Rejected | None:
    at = tick(command)
    if isinstance(at, Rejected):
        return at
    if at > state.ends[seat]:
        return Rejected(msg("Too late: your sand ran out at {time}", time=seconds(state.ends[seat])))
    if at < state.starts[seat]:
        return Rejected(
            msg("That is before this hourglass was turned ({time})", time=seconds(state.starts[seat]))
        )
    late = passed(state, seat, at)
    if late is not None:
        return late
    puzzle = state.puzzles[seat]
    reason = placement.check(puzzle.cells, puzzle.pieces, command.get("placements"))
    return Rejected(reason) if reason else None


def give_up(state: State, seat: int, command: Command) -> Rejected | None:
    at = command.get("tick", state.now[seat])  # no tick: now, as far as the rules know
    if not isinstance(at, int) or isinstance(at, bool):
        return Rejected(msg("A give-up's tick must be a whole number"))
    return None


def pawn(state: State, seat: int, command: Command) -> Rejected | None:
    if state.phase != "solve":
        return Rejected(msg("Pawns move after a puzzle is solved"))
    status = state.status[seat]
    too_late = msg(
        "Too late: your sand ran out at {time}, no gems this round", time=seconds(state.ends[seat])
    )
    if status == "solving":
        return Rejected(msg("Solve your puzzle first: pawns move after Ubongo!"))
    if status == "out":
        return Rejected(msg("Only those who solved move their pawn"))
    if status == "moved":
        return Rejected(msg("You have already moved"))
    if status == "late":
        return Rejected(too_late)
    to = row(command)
    if isinstance(to, Rejected):
        return to
    at = tick(command)  # when the mover reaches for the gems, on its clock
    if isinstance(at, Rejected):
        return at
    solved = state.solved_at(seat)
    assert solved is not None
    if at < solved:
        return Rejected(msg("That is before you solved ({time})", time=seconds(solved)))
    if at > state.ends[seat]:
        return Rejected(too_late)
    late = passed(state, seat, at)
    if late is not None:
        return late
    reach = state.reach(seat)
    if abs(to - state.pawns[seat]) > reach:
        return Rejected(
            msg("Your pawn stays where it is")
            if reach == 0
            else msg_n("Your pawn may move up to {n} row", "Your pawn may move up to {n} rows", reach)
        )
    return None


def check(state: State, seat: int | None, command: Command) -> Rejected | None:
    """Everything decide checks before a command's events: the game running, the sand for
    the table's clock, then a seat's pawn, solve or give-up."""
    move = command.get("move")
    if state.phase == "over":
        return Rejected(msg("The game is over"))
    if move == "reveal":
        return reveal(state, seat, command)
    if move == "expire":
        return expire(state, seat, command)
    if move == "time":
        return time_entry(state, seat, command)
    if seat is None or not 0 <= seat < state.seats:
        return Rejected(msg("Only a player can do that"))
    if move == "pawn":
        return start_field(state, seat, command) if state.phase == "start" else pawn(state, seat, command)
    if state.phase == "roll":
        return Rejected(msg("The boards are still face down: the hourglass has not turned yet"))
    if move in ("solve", "give_up", "hint"):
        if state.phase != "solve":
            return Rejected(msg("There is no puzzle to solve now"))
        if state.status[seat] in ("solved", "moved", "late"):
            return Rejected(msg("You have already solved this puzzle"))
        if state.status[seat] == "out":
            return Rejected(msg("Your sand has run out for this hourglass"))
        if move == "hint":
            return hint(state, seat, command)
        return solve(state, seat, command) if move == "solve" else give_up(state, seat, command)
    return Rejected(msg("Unknown move {move}", move=repr(move)))


def seen(view: View) -> Seen:
    """The state as the viewing seat knows it: all of the table (every puzzle, pawn, clock,
    solve and status is public, and each seat's sand as the view's hourglass gives it); the
    boards in the box and the die rolls to come are left out, which no check reads."""
    glass = view["hourglass"]
    return Seen(
        seats=view["seats"],
        mode=view["mode"],
        clock=view["clock"],
        phase=view["phase"],
        pawns=tuple(view["pawns"]),
        now=tuple(view["now"]),
        status=tuple(view["status"]),
        solves=tuple((s["seat"], s["tick"], s["rank"]) for s in view["solves"]),
        puzzles=tuple(SeenPuzzle(tuple(map(tuple, p["cells"])), tuple(p["pieces"])) for p in view["puzzles"]),
        starts=tuple(glass["start"]),
        ends=tuple(glass["end"]),
    )


def why_not(view: View, seat: int, command: Command) -> Rejected | None:
    """Why `seat` may not send `command` now, or None when it may, read from its own view."""
    if view.get("seat") != seat:
        raise ValueError(f"seat {seat}'s commands are checked on its own view, not seat {view.get('seat')}'s")
    return check(seen(view), seat, command)
