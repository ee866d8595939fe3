"""Ubongo's ruleset: decide (checks, randomness resolved into events) and evolve (a fold).

Phases: `start` (pawns onto start fields), then per round `solve` (everyone works on their own
board at once; a round ends early only when every seat has solved) and `pawn` (every solver
moves its pawn when it chooses, before its own sand runs out; the allowance is by solve rank,
the order of taking gems is not: 「パズルを解いた順番と宝石を手に入れる順番は関係ありません」),
until `over` after round 9. Ticks in commands are counted from the moment the round's hourglass
was first turned, 60 per second; each seat's ticks are on its own clock (pass-and-play solves in
turn), and ticks on different clocks compare as if everyone had played at once.

Pawn moves are taken as they come; their gems are taken when every solver has moved or run
out of sand, in the order of the moves' ticks (equal ticks: the better solve rank first). So
the order commands reach the rules never matters, and a log replays the same.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache
from typing import Any

from game.core.i18n import N_, Msg, msg, msg_n
from game.core.ruleset import Command, Event, Option, Outcome, Rejected, Ruleset, View
from game.rules.ubongo import levels, placement, words
from game.rules.ubongo.difficulty import estimate
from game.rules.ubongo.state import (
    BOARDS_PER_SEAT,
    COLOURS,
    DIE,
    EXTRA_SECONDS,
    GEM_ROWS,
    GEMS_PER_COLOUR,
    GEMS_PER_ROW,
    ROUNDS,
    TAKE,
    TICKS_PER_SECOND,
    TURNS,
    Puzzle,
    State,
)

MAX_SEATS = 4
# the setup screen heads its per-seat columns with the option's label less "Seat n"
SEAT_COLUMNS = (N_("Board side"), N_("Extra time"))


@lru_cache(maxsize=1024)
def puzzle_of(board: int, side: str, face: int) -> Puzzle:
    b = levels.board(board).side(side)
    pieces = b.rows[face]
    return Puzzle(board, side, b.cells, pieces, round(estimate(b.cells, pieces), 2))


def seconds(ticks: int) -> Msg:
    return words.seconds(ticks, TICKS_PER_SECOND)


def _tick(command: Command) -> int | Rejected:
    tick = command.get("tick")
    if not isinstance(tick, int) or isinstance(tick, bool) or tick < 0:
        return Rejected(msg("The command needs its tick (a whole number, 0 or more)"))
    return tick


def _row(command: Command) -> int | Rejected:
    row = command.get("row")
    if not isinstance(row, int) or isinstance(row, bool) or not 0 <= row < GEM_ROWS:
        return Rejected(msg("Choose a row from 0 to {last}", last=GEM_ROWS - 1))
    return row


class Ubongo(Ruleset):
    name = "ubongo"
    title = N_("Ubongo")
    min_seats = 1
    max_seats = MAX_SEATS
    timed = True  # solves and pawn moves carry the seat's tick
    hidden_hands = True  # in pass-and-play the others look away while one solves
    options = (
        Option(
            "mode",
            N_("Mode"),
            ("race", "solo"),
            "race",
            (N_("Race each other"), N_("Solo against the clock")),
        ),
        Option(
            "first",
            N_("Start player"),
            ("random", *range(MAX_SEATS)),
            "random",
            (N_("Drawn at random"), *(msg("Seat {seat}", seat=i) for i in range(1, MAX_SEATS + 1))),
        ),
        *(
            Option(
                f"side{i}",
                msg("Seat {seat} board side", seat=i),
                ("easy", "hard"),
                "easy",
                (N_("Easy (3 pieces)"), N_("Hard (4 pieces)")),
                seat=i - 1,
                family=N_("Board side"),
            )
            for i in range(1, MAX_SEATS + 1)
        ),
        *(
            Option(
                f"extra{i}",
                msg("Seat {seat} extra time", seat=i),
                EXTRA_SECONDS,
                0,
                tuple(msg("none") if s == 0 else msg("+{n} s", n=s) for s in EXTRA_SECONDS),
                seat=i - 1,
                family=N_("Extra time"),
            )
            for i in range(1, MAX_SEATS + 1)
        ),
    )

    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        return (1, 1) if options.get("mode") == "solo" else (2, MAX_SEATS)

    def fixed_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return {"first": 0} if options.get("mode") == "solo" else {}  # alone, you start

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
        return State(
            first=-1 if first == "random" else first,
            seats=seats,
            mode="solo" if opts.get("mode") == "solo" else "race",
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
        face = state.dice[0]
        boards = state.deck[: state.seats]
        puzzles = [puzzle_of(b, state.sides[s], face).to_json() for s, b in enumerate(boards)]
        return {"type": "round_start", "round": state.round + 1, "face": face, "puzzles": puzzles}

    def _round_end(self, state: State) -> list[Event]:
        ticks: list[int | None] = [None] * state.seats
        for seat, tick in state.solves:
            ticks[seat] = tick
        events: list[Event] = [{"type": "round_end", "round": state.round, "ticks": ticks}]
        after = self.evolve(state, events[0])
        if after.round < ROUNDS:
            events.append(self._round_start(after))
        return events

    # -- deciding --------------------------------------------------------------------------
    def decide(
        self, state: State, seat: int | None, command: Command, rng: random.Random
    ) -> list[Event] | Rejected:
        move = command.get("move")
        if state.phase == "over":
            return Rejected(msg("The game is over"))
        if move == "expire":
            return self._expire(state, seat, command)
        if seat is None or not 0 <= seat < state.seats:
            return Rejected(msg("Only a player can do that"))
        if move == "pawn":
            return self._pawn(state, seat, command)
        if move in ("solve", "give_up"):
            if state.phase != "solve":
                return Rejected(msg("There is no puzzle to solve now"))
            if state.status[seat] == "solved":
                return Rejected(msg("You have already solved this puzzle"))
            if state.status[seat] == "out":
                return Rejected(msg("Your sand has run out for this hourglass"))
            return (
                self._solve(state, seat, command) if move == "solve" else self._give_up(state, seat, command)
            )
        return Rejected(msg("Unknown move {move}", move=repr(move)))

    def _solve(self, state: State, seat: int, command: Command) -> list[Event] | Rejected:
        tick = _tick(command)
        if isinstance(tick, Rejected):
            return tick
        if tick > state.end(seat):
            return Rejected(msg("Too late: your sand ran out at {time}", time=seconds(state.end(seat))))
        if tick < state.start(seat):
            return Rejected(
                msg("That is before this hourglass was turned ({time})", time=seconds(state.start(seat)))
            )
        puzzle = state.puzzles[seat]
        raw = command.get("placements")
        reason = placement.check(puzzle.cells, puzzle.pieces, raw)
        if reason:
            return Rejected(reason)
        placed = [
            {"piece": p["piece"], "cells": sorted([list(c) for c in p["cells"]], key=lambda c: (c[1], c[0]))}
            for p in raw
        ]
        events: list[Event] = [{"type": "solve", "seat": seat, "tick": tick, "placements": placed}]
        return events + self._maybe_close(self._fold(state, events))

    def _give_up(self, state: State, seat: int, command: Command) -> list[Event] | Rejected:
        tick = command.get("tick", state.end(seat))
        if not isinstance(tick, int) or isinstance(tick, bool):
            return Rejected(msg("A give-up's tick must be a whole number"))
        tick = min(max(tick, state.start(seat)), state.end(seat))
        events: list[Event] = [{"type": "give_up", "seat": seat, "tick": tick}]
        return events + self._maybe_close(self._fold(state, events))

    def _maybe_close(self, state: State) -> list[Event]:
        """Solving ends at once when nobody is still at it and somebody solved; when nobody
        solved, the sand must run out first (the clock's expire)."""
        if "solving" in state.status or "solved" not in state.status:
            return []
        return self._close(state)

    def _close(self, state: State) -> list[Event]:
        if state.solves:
            return [{"type": "solving_over", "order": [seat for seat, _ in state.ranked()]}]
        if state.turn < TURNS:
            return [{"type": "hourglass_turned", "turn": state.turn + 1}]
        return self._round_end(state)

    def _expire(self, state: State, seat: int | None, command: Command) -> list[Event] | Rejected:
        if seat is not None:
            return Rejected(msg("Only the table's clock runs out the sand"))
        if state.phase not in ("solve", "pawn"):
            return Rejected(msg("No hourglass is running"))
        tick = _tick(command)
        if isinstance(tick, Rejected):
            return tick
        due_at = self.clock(state)["tick"]
        if tick < due_at:
            return Rejected(msg("The sand has not run out yet ({time})", time=seconds(due_at)))
        if state.phase == "pawn":
            return self._too_late(state, tick)
        still = [s for s in range(state.seats) if state.status[s] == "solving"]
        due = [s for s in still if tick >= state.end(s)]
        events: list[Event] = [{"type": "time_out", "seats": due, "tick": tick, "turn": state.turn}]
        after = self._fold(state, events)
        if "solving" in after.status:
            return events  # a seat with extra time works on
        return events + self._close(after)

    def _too_late(self, state: State, tick: int) -> list[Event]:
        """Solvers whose sand ran out before they moved get no gems this round (seed: 時間内に
        駒を動かして宝石を得なければ宝石は手に入りません)."""
        late = [s for s in state.movers if state.end(s) <= tick]
        events: list[Event] = [{"type": "too_late", "seats": late, "tick": tick}]
        return events + self._maybe_take(self._fold(state, events))

    def _maybe_take(self, state: State) -> list[Event]:
        """Once nobody may still move, the gems go by the moves' ticks: a later solver whose
        move came first takes the head of a shared row (seed: 先んじて宝石を手に入れることが
        出来ます). Then the round ends."""
        if state.movers:
            return []
        rows = [list(row) for row in state.gems]
        events: list[Event] = []
        for seat, _, row, tick in state.takes():
            gems, rows[row] = rows[row][:TAKE], rows[row][TAKE:]
            events.append({"type": "gems", "seat": seat, "row": row, "gems": gems, "tick": tick})
        return events + self._round_end(self._fold(state, events))

    def _pawn(self, state: State, seat: int, command: Command) -> list[Event] | Rejected:
        row = _row(command)
        if state.phase == "start":
            if state.pawns[seat] is not None:
                return Rejected(msg("Your pawn is already on its start field"))
            if isinstance(row, Rejected):
                return row
            events: list[Event] = [{"type": "pawn_start", "seat": seat, "row": row}]
            after = self._fold(state, events)
            if all(p is not None for p in after.pawns):
                events.append(self._round_start(after))
            return events
        if state.phase != "pawn":
            return Rejected(msg("Pawns move after a puzzle is solved"))
        if seat not in state.order:
            return Rejected(msg("Only those who solved move their pawn"))
        if any(m[0] == seat for m in state.moves):
            return Rejected(msg("You have already moved"))
        too_late = msg(
            "Too late: your sand ran out at {time}, no gems this round", time=seconds(state.end(seat))
        )
        if seat in state.late:
            return Rejected(too_late)
        if isinstance(row, Rejected):
            return row
        tick = _tick(command)  # when the mover reaches for the gems, on its own clock
        if isinstance(tick, Rejected):
            return tick
        solved = dict(state.solves)[seat]
        if tick < solved:
            return Rejected(msg("That is before you solved ({time})", time=seconds(solved)))
        if tick > state.end(seat):
            return Rejected(too_late)
        here = state.pawns[seat]
        reach = state.reach(seat)
        if abs(row - here) > reach:
            return Rejected(
                msg("Your pawn stays where it is")
                if reach == 0
                else msg_n("Your pawn may move up to {n} row", "Your pawn may move up to {n} rows", reach)
            )
        events = [{"type": "pawn", "seat": seat, "from": here, "to": row, "tick": tick}]
        return events + self._maybe_take(self._fold(state, events))

    # -- folding ---------------------------------------------------------------------------
    def evolve(self, state: State, event: Event) -> State:
        kind = event["type"]
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
            puzzles = tuple(
                Puzzle(
                    p["board"],
                    p["side"],
                    tuple(tuple(c) for c in p["cells"]),
                    tuple(p["pieces"]),
                    p["seconds"],
                )
                for p in event["puzzles"]
            )
            return replace(
                state,
                phase="solve",
                round=event["round"],
                face=event["face"],
                puzzles=puzzles,
                deck=state.deck[state.seats :],
                dice=state.dice[1:],
                turn=1,
                status=("solving",) * state.seats,
                solves=(),
                placements=(None,) * state.seats,
                order=(),
                moves=(),
                late=(),
            )
        if kind == "solve":
            seat = event["seat"]
            placed = tuple((p["piece"], tuple(tuple(c) for c in p["cells"])) for p in event["placements"])
            return replace(
                state,
                status=_set(state.status, seat, "solved"),
                solves=(*state.solves, (seat, event["tick"])),
                placements=_set(state.placements, seat, placed),
            )
        if kind == "give_up":
            return replace(state, status=_set(state.status, event["seat"], "out"))
        if kind == "time_out":
            status = list(state.status)
            for seat in event["seats"]:
                status[seat] = "out"
            return replace(state, status=tuple(status))
        if kind == "hourglass_turned":
            return replace(state, turn=event["turn"], status=("solving",) * state.seats)
        if kind == "solving_over":
            return replace(state, phase="pawn", order=tuple(event["order"]), moves=(), late=())
        if kind == "pawn":
            seat, row = event["seat"], event["to"]
            return replace(
                state,
                pawns=_set(state.pawns, seat, row),
                moves=_by_tick(state, (*state.moves, (seat, event["from"], row, event["tick"]))),
            )
        if kind == "gems":
            seat, row, taken = event["seat"], event["row"], event["gems"]
            held = list(state.held[seat])
            for colour in taken:
                held[COLOURS.index(colour)] += 1
            gems = _set(state.gems, row, state.gems[row][len(taken) :])
            return replace(state, gems=gems, held=_set(state.held, seat, tuple(held)))
        if kind == "too_late":
            return replace(state, late=(*state.late, *event["seats"]))
        if kind == "round_end":
            results = (*state.results, tuple(event["ticks"]))
            return replace(state, phase="over" if event["round"] >= ROUNDS else "between", results=results)
        raise ValueError(f"unknown event {kind!r}")

    # -- reading ---------------------------------------------------------------------------
    def to_act(self, state: State) -> frozenset[int]:
        if state.phase == "start":
            return frozenset(s for s, p in enumerate(state.pawns) if p is None)
        if state.phase == "solve":
            return frozenset(s for s, st in enumerate(state.status) if st == "solving")
        if state.phase == "pawn":
            return frozenset(state.movers)
        return frozenset()

    def clock(self, state: State) -> Command | None:
        """The sand running out: at the first end among seats still solving, or (nobody left
        solving, nobody solved) at the end of the longest hourglass; in the pawn phase at the
        first end of sand among the solvers still to move."""
        if state.phase == "pawn" and state.movers:
            return {"move": "expire", "tick": min(state.end(s) for s in state.movers)}
        if state.phase != "solve":
            return None
        still = [s for s in range(state.seats) if state.status[s] == "solving"]
        ends = [state.end(s) for s in (still or range(state.seats))]
        tick = min(ends) if still else max(ends)
        return {"move": "expire", "tick": tick}

    def legal(self, state: State, seat: int) -> list[Command]:
        """Pawn moves are listed by row, in the pawn phase with the seat's solve tick (the
        earliest it may move; any tick up to the end of its sand is as legal). A solve is not
        enumerable (tick and placement): the list then holds only giving up for this hourglass."""
        if seat not in self.to_act(state):
            return []
        if state.phase == "start":
            return [{"move": "pawn", "row": r} for r in range(GEM_ROWS)]
        if state.phase == "solve":
            return [{"move": "give_up", "tick": state.end(seat)}]
        here, reach, tick = state.pawns[seat], state.reach(seat), dict(state.solves)[seat]
        return [{"move": "pawn", "row": r, "tick": tick} for r in range(GEM_ROWS) if abs(r - here) <= reach]

    def view(self, state: State, seat: int | None) -> View:
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

    def describe(self, event: Event, names: list[str]) -> str:
        from game.rules.ubongo.text import describe

        return describe(event, names)


def _by_tick(state: State, moves: tuple) -> tuple:
    """Moves kept in the order their gems go, so the state never remembers arrival order."""
    return tuple(sorted(moves, key=lambda m: (m[3], state.rank(m[0]))))


def _set(items: tuple, index: int, value: Any) -> tuple:
    return (*items[:index], value, *items[index + 1 :])
