"""Ubongo's ruleset: decide (checks.py's checks, then randomness resolved into events) and
evolve (a fold).

Phases: `start` (pawns onto start fields), then per round `roll` (the die is rolled, the boards
lie face down until the table's clock turns the hourglass for every seat at once: `reveal`, so
no screen sees a puzzle before the sand runs for all) and `solve`: the hourglass runs, every
seat works on its own board, and a seat that has solved moves its pawn and takes its gems at
once, while the others go on solving (seed: 他のプレイヤーは砂時計が終了しない限り、パズルを続け
ることが出来ます; 全ての動作は砂時計が落ちきる前に). How far it may move goes by its finishing
order, fixed the moment it solves (1st 3 rows, 2nd 2, 3rd 1, 4th 0); when it takes its gems goes
by the tick of its move (パズルを解いた順番と宝石を手に入れる順番は関係ありません). The round ends
when the sand runs out, or at once when nobody may act any more. `over` after round 9.

Ticks in commands count from the moment the round's hourglass was first turned, 60 per second.
How the seats' clocks relate is the option `clock` (constants.CLOCKS):
- `shared`: one clock for the table. Each seat's commands carry that clock, which only runs
  forward, so commands reach the rules in the order of their ticks: a move's gems are taken
  the moment it is made, and a solve's rank is how many solved before it.
- `turns`: pass-and-play, people solve one after another, each on a clock of their own; ticks
  on different clocks compare as if everyone had played at once. A solve ranks after the solves
  already known with earlier ticks; a move's gems are taken once no seat still to play could
  reach that row at an earlier tick. So a later player quicker to a shared row takes its head.
Given the reaches, the order moves reach the rules never changes who takes which gems in a
`turns` game, and a log replays the same either way.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from game.core.frozen import replace
from game.core.ruleset import Command, Event, Outcome, Rejected, Ruleset, View
from game.rules.ubongo.evolve import evolve
from game.rules.ubongo.face import UbongoFace, checks, levels
from game.rules.ubongo.face.constants import (
    ACTIVE,
    ALLOWANCE,
    BOARDS_PER_SEAT,
    CLOCKS,
    COLOURS,
    DIE,
    GEM_ROWS,
    GEMS_PER_COLOUR,
    GEMS_PER_ROW,
    HINT_TICKS,
    ROUNDS,
    TAKE,
    TICKS_PER_SECOND,
    TURNS,
)
from game.rules.ubongo.face.difficulty import estimate
from game.rules.ubongo.redact import SECRETS
from game.rules.ubongo.state import Puzzle, State


@lru_cache(maxsize=1024)
def puzzle_of(board: int, side: str, face: int) -> Puzzle:
    b = levels.board(board).side(side)
    pieces = b.rows[face]
    return Puzzle(board, side, b.cells, pieces, round(estimate(b.cells, pieces), 2))


@lru_cache(maxsize=256)
def _acting(status: tuple[str, ...]) -> frozenset[int]:
    """The seats that may act, by their statuses: asked of every state, a time entry's too."""
    return frozenset(s for s, st in enumerate(status) if st in ACTIVE)


class Ubongo(UbongoFace, Ruleset):
    """Ubongo's machinery over its face: the deal, decide (checks.py, then the events worked
    out here), the fold, the rules clock, the legal list, the views and the bots."""

    secrets = SECRETS  # what a seat may see (redact.py): anything undeclared is withheld

    records_time = True  # the clock's time entries: a match picked up again resumes its sand

    # -- setting up ------------------------------------------------------------------------
    def empty(self, seats: int, options: dict[str, Any]) -> State:
        opts = {**self.default_options(), **(options or {})}
        sides = tuple(str(opts.get(f"side{i + 1}", "easy")) for i in range(seats))
        for side in sides:
            if side not in ("easy", "hard"):
                raise ValueError(f"a board side is easy or hard, not {side!r}")
        extra = tuple(int(opts.get(f"extra{i + 1}", 0)) * TICKS_PER_SECOND for i in range(seats))
        first = opts.get("first", "random")
        if first != "random" and (not isinstance(first, int) or not 0 <= first < seats):
            raise ValueError(f"the start player is a seat from 1 to {seats}, not {first!r}")
        clock = opts.get("clock", "shared")
        if clock not in CLOCKS:
            raise ValueError(f"the clock is shared or turns, not {clock!r}")
        return State(
            first=-1 if first == "random" else first,
            seats=seats,
            mode="solo" if opts.get("mode") == "solo" else "race",
            clock=clock,
            sides=sides,
            extra=extra,
            held=tuple((0,) * len(COLOURS) for _ in range(seats)),
            pawns=(None,) * seats,
            status=("out",) * seats,
            placements=(None,) * seats,
        )

    def setup(self, state: State, setup: dict[str, Any] | None, rng: random.Random) -> list[Event]:
        """Gems at random, the boards shuffled and cut to 9 per seat, the nine die rolls, and
        the start player drawn unless the options chose one (seed: スタートプレイヤーを決める).

        A fixed deal may give "gems" (6 rows of 12 colours), "boards" (board numbers in
        dealing order), "dice" (9 faces, 0-5), "first" (the start player's seat) and "pawns"
        (a start row per seat)."""
        setup = setup or {}
        levels.boards()  # a broken board file stops the game here, named (LevelError)
        gems = setup.get("gems")
        if gems is None:
            pool = [c for c in COLOURS for _ in range(GEMS_PER_COLOUR)]
            rng.shuffle(pool)
            gems = [pool[r * GEMS_PER_ROW : (r + 1) * GEMS_PER_ROW] for r in range(GEM_ROWS)]
        boards = setup.get("boards")
        if boards is None:
            boards = rng.sample(range(1, levels.BOARD_COUNT + 1), BOARDS_PER_SEAT * state.seats)
        dice = setup.get("dice")
        if dice is None:
            dice = [rng.randrange(len(DIE)) for _ in range(ROUNDS)]
        first = setup.get("first", state.first)
        if first == -1:
            first = rng.randrange(state.seats)  # drawn last, so the deal of a seed stays the same
        self._check_deal(state, gems, boards, dice)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < state.seats:
            raise ValueError(f"setup first: a seat from 0 to {state.seats - 1}")
        events: list[Event] = [
            {"type": "setup", "gems": gems, "boards": boards, "dice": dice, "first": first}
        ]
        pawns = setup.get("pawns")
        if pawns is not None:
            if len(pawns) != state.seats or any(
                not isinstance(p, int) or not 0 <= p < GEM_ROWS for p in pawns
            ):
                raise ValueError("setup pawns: one start row (0-5) per seat")
            events += [{"type": "pawn_start", "seat": s, "row": r} for s, r in enumerate(pawns)]
            after = self._fold(state, events)
            events.append(self._round_start(after))
        return events

    def _check_deal(self, state: State, gems: Any, boards: Any, dice: Any) -> None:
        if not all(isinstance(x, list) for x in (gems, boards, dice)) or not all(
            isinstance(row, list) for row in gems
        ):
            raise ValueError("setup gems, boards and dice are lists")
        flat = [g for row in gems for g in row]
        if (
            len(gems) != GEM_ROWS
            or any(len(row) != GEMS_PER_ROW for row in gems)
            or sorted(flat) != sorted(c for c in COLOURS for _ in range(GEMS_PER_COLOUR))
        ):
            raise ValueError(
                f"setup gems: {GEM_ROWS} rows of {GEMS_PER_ROW}, {GEMS_PER_COLOUR} of each colour"
            )
        if len(boards) < ROUNDS * state.seats or len(set(boards)) != len(boards):
            raise ValueError(f"setup boards: {ROUNDS * state.seats} different board numbers")
        if any(not isinstance(b, int) or not 1 <= b <= levels.BOARD_COUNT for b in boards):
            raise ValueError(f"setup boards: numbers from 1 to {levels.BOARD_COUNT}")
        if len(dice) != ROUNDS or any(not isinstance(d, int) or not 0 <= d < len(DIE) for d in dice):
            raise ValueError(f"setup dice: {ROUNDS} faces from 0 to {len(DIE) - 1}")

    def _fold(self, state: State, events: list[Event]) -> State:
        for event in events:
            state = self.evolve(state, event)
        return state

    def _round_start(self, state: State) -> Event:
        """The die is rolled for the round; its boards stay face down (no seat may see them
        before the hourglass turns for everyone: `_reveal`)."""
        return {"type": "round_start", "round": state.round + 1, "face": state.dice[0]}

    def _reveal(self, state: State) -> list[Event]:
        """The table's clock turns the hourglass: every board of the round face up at once."""
        boards = state.deck[: state.seats]
        puzzles = [puzzle_of(b, state.sides[s], state.face).to_json() for s, b in enumerate(boards)]
        return [{"type": "reveal", "round": state.round, "puzzles": puzzles}]

    def _round_end(self, state: State) -> list[Event]:
        ticks: list[int | None] = [state.solved_at(seat) for seat in range(state.seats)]
        events: list[Event] = [{"type": "round_end", "round": state.round, "ticks": ticks}]
        after = self.evolve(state, events[0])
        if after.round < ROUNDS:
            events.append(self._round_start(after))
        return events

    # -- deciding --------------------------------------------------------------------------
    def decide(
        self, state: State, seat: int | None, command: Command, rng: random.Random
    ) -> list[Event] | Rejected:
        refused = checks.check(state, seat, command)
        if refused is not None:
            return refused
        move = command["move"]
        if move == "reveal":
            return self._reveal(state)
        if move == "expire":
            return self._expire(state, command["tick"])
        if move == "time":
            return self._time(state, command)
        assert seat is not None
        if move == "pawn":
            if state.phase == "start":
                return self._start_field(state, seat, command)
            return self._pawn(state, seat, command)
        if move == "hint":
            return self._hint(state, seat, command)
        if move == "solve":
            return self._solve(state, seat, command)
        return self._give_up(state, seat, command)

    def _solve(self, state: State, seat: int, command: Command) -> list[Event]:
        tick = command["tick"]
        placed = [
            {"piece": p["piece"], "cells": sorted([list(c) for c in p["cells"]], key=lambda c: (c[1], c[0]))}
            for p in command["placements"]
        ]
        solve: Event = {
            "type": "solve",
            "seat": seat,
            "tick": tick,
            "placements": placed,
            "rank": _rank(state, seat, tick),
        }
        return self._then(state, [solve])

    def _give_up(self, state: State, seat: int, command: Command) -> list[Event]:
        tick = command.get("tick", state.now[seat])
        tick = min(max(tick, state.start(seat), state.now[seat]), state.end(seat))
        return self._then(state, [{"type": "give_up", "seat": seat, "tick": tick}])

    def _time(self, state: State, command: Command) -> list[Event]:
        """The clock records how far the sand has run (each second, at a pause): time in the
        log, so a match picked up again goes on where its sand stood (checks.time_entry)."""
        whose = command.get("seat")
        if state.clock == "shared" or whose is None:
            return [{"type": "time", "tick": command["tick"]}]
        return [{"type": "time", "seat": whose, "tick": command["tick"]}]

    def time_events(self, state: State, tick: int) -> list[Event] | None:
        """The table's clock's time entry on its every second of sand: the checks decide
        makes (checks.clock_time), then its event as the log holds it (keys sorted)."""
        if not checks.clock_time(state, tick):
            return None  # decide says why
        return [{"tick": tick, "type": "time"}]

    def _hint(self, state: State, seat: int, command: Command) -> list[Event]:
        """Solo: one piece laid where a solution has it, for 10 s of sand (the table lays it;
        the rules keep the time it costs, so the score counts it)."""
        spent = min(max(command["tick"], state.start(seat)) + HINT_TICKS, state.end(seat))
        return [{"type": "time", "seat": seat, "tick": spent, "hint": True}]

    def _then(self, state: State, events: list[Event]) -> list[Event]:
        """These events, then what follows from them: gems no seat can reach first any more are
        taken, and the round ends once nobody may act."""
        after = self._fold(state, events)
        taken = self._settle(after)
        after = self._fold(after, taken)
        return events + taken + self._maybe_close(after)

    def _settle(self, state: State) -> list[Event]:
        """The gems of every move no other seat could still beat to its row, in the order of the
        moves (by tick); behind a move that must wait, its row waits too."""
        rows = [list(row) for row in state.gems]
        blocked: set[int] = set()
        events: list[Event] = []
        for move in state.pending():
            seat, _, row, tick = move
            if row in blocked or _beatable(state, move):
                blocked.add(row)
                continue
            gems, rows[row] = rows[row][:TAKE], rows[row][TAKE:]
            events.append({"type": "gems", "seat": seat, "row": row, "gems": gems, "tick": tick})
        return events

    def _maybe_close(self, state: State) -> list[Event]:
        """The round ends at once when nobody may act any more and somebody solved; when nobody
        solved, the sand must run out first (the clock's expire turns the hourglass)."""
        if any(status in ACTIVE for status in state.status) or state.pending() or not state.solves:
            return []
        return self._round_end(state)

    def _expire(self, state: State, tick: int) -> list[Event]:
        ending = [s for s in range(state.seats) if state.end(s) <= tick]
        out = [s for s in ending if state.status[s] == "solving"]
        # solvers whose sand ran out before they moved get no gems (seed: 時間内に駒を動かして宝石を
        # 得なければ宝石は手に入りません)
        late = [s for s in ending if state.status[s] == "solved"]
        events: list[Event] = []
        if out or not late:
            events.append({"type": "time_out", "seats": out, "tick": tick, "turn": state.turn})
        if late:
            events.append({"type": "too_late", "seats": late, "tick": tick})
        then = self._then(state, events)
        after = self._fold(state, then)
        if any(e["type"] == "round_end" for e in then) or any(st in ACTIVE for st in after.status):
            return then  # the round ended with this sand, or a seat with more sand plays on
        if after.turn < TURNS:  # nobody solved: the hourglass is turned once more, only once
            return [*then, {"type": "hourglass_turned", "turn": after.turn + 1, "tick": tick}]
        return then + self._round_end(after)

    def _start_field(self, state: State, seat: int, command: Command) -> list[Event]:
        events: list[Event] = [{"type": "pawn_start", "seat": seat, "row": command["row"]}]
        after = self._fold(state, events)
        if all(p is not None for p in after.pawns):
            events.append(self._round_start(after))
        return events

    def _pawn(self, state: State, seat: int, command: Command) -> list[Event]:
        here, row, tick = state.pawns[seat], command["row"], command["tick"]
        return self._then(state, [{"type": "pawn", "seat": seat, "from": here, "to": row, "tick": tick}])

    def _fold(self, state: State, events: list[Event]) -> State:
        for event in events:
            state = self.evolve(state, event)
        return state

    def evolve(self, state: State, event: Event) -> State:
        return evolve(state, event)

    # -- reading ---------------------------------------------------------------------------
    def to_act(self, state: State) -> frozenset[int]:
        if state.phase == "start":
            return frozenset(s for s, p in enumerate(state.pawns) if p is None)
        if state.phase == "solve":
            return _acting(state.status)
        return frozenset()

    def clock(self, state: State) -> Command | None:
        return checks.due(state)

    def hourglass(self, state: State) -> tuple[int, int]:
        return (state.round, state.turn)

    def sand(self, state: State, seat: int) -> int | None:
        """When `seat`'s sand runs out this hourglass, while it may still act (else None)."""
        if state.phase != "solve" or state.status[seat] not in ACTIVE:
            return None
        return state.end(seat)

    def out_of_time(self, state: State, seat: int) -> Command | None:
        """In turns the person whose own sand runs out while solving gives up for this
        hourglass; one who solved and has not moved waits for the expiry (too late)."""
        if state.phase == "solve" and state.status[seat] == "solving":
            return {"move": "give_up"}
        return None

    def time(self, state: State, seat: int | None) -> int:
        """The tick a seat's clock has reached as far as the rules know (the table's on a
        shared clock): what a command sent now may carry at the earliest."""
        if state.phase != "solve" or not state.now:
            return 0
        return max(state.now) if seat is None else state.now[seat]

    def legal(self, state: State, seat: int) -> list[Command]:
        """Pawn moves are listed by row with the earliest tick the seat may send (its solve, or
        its clock when that is later); any tick up to the end of its sand is as legal. A solve
        is not enumerable (tick and placement): the list then holds giving up now."""
        if seat not in self.to_act(state):
            return []
        if state.phase == "start":
            return [{"move": "pawn", "row": r} for r in range(GEM_ROWS)]
        now = max(state.now[seat], state.start(seat))
        if state.status[seat] == "solving":
            return [{"move": "give_up", "tick": now}]
        here, reach = state.pawns[seat], state.reach(seat)
        return [{"move": "pawn", "row": r, "tick": now} for r in range(GEM_ROWS) if abs(r - here) <= reach]

    def resample(self, state: State, seat: int | None, rng: random.Random) -> State:
        """Hidden from every seat alike: the boards still face down (their order; which of the
        box's boards they are is not in the state) and the die's rolls to come."""
        deck = list(state.deck)
        rng.shuffle(deck)
        dice = tuple(rng.randrange(len(DIE)) for _ in state.dice)
        return replace(state, deck=tuple(deck), dice=dice)

    def see(self, state: State, seat: int | None) -> View:
        from game.rules.ubongo.view import view

        return view(self, state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        from game.rules.ubongo.view import outcome

        return outcome(state)

    def bot(self, level: str):
        from game.rules.ubongo.bots import UbongoBot

        if level not in self.bot_levels:
            raise ValueError(f"Ubongo has no bot level {level!r}")
        return UbongoBot(level)


def _rank(state: State, seat: int, tick: int) -> int:
    """A solve's finishing position, fixed as it comes in: on a shared clock, how many solved
    before it; in turns, how many of the solves known so far came earlier (equal ticks: nearer
    the start player first). A later player may thus rank ahead of one who played before."""
    return len(state.solves) if state.clock == "shared" else state.solves_before(seat, tick)


def _beatable(state: State, move: tuple[int, int, int, int]) -> bool:
    """Whether another seat may still reach this move's row first. On a shared clock nobody can
    act before now, so never. In turns, a seat still solving might (its clock may not have run
    yet), and a solver yet to move might if its solve came early enough."""
    if state.clock == "shared":
        return False
    seat, _, row, _ = move
    key = state.move_key(move)
    for other in range(state.seats):
        status = state.status[other]
        if other == seat or status not in ACTIVE:
            continue
        if status == "solving":
            reach, earliest = ALLOWANCE[0], state.now[other]
            solved = earliest
        else:
            reach, solved = state.reach(other), state.solved_at(other) or 0
            earliest = max(state.now[other], solved)
        if abs(row - state.pawns[other]) <= reach and (earliest, solved, state.distance(other)) < key:
            return True
    return False


RULESET = Ubongo()
