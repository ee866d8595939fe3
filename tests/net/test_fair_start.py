"""A served Ubongo race is fair to the tick, whoever sits at the table (issue 51).

Three screens watch one match over the socket: an outside program (seat 1) and a person's
screen (seat 2), both speaking the protocol by hand, and a spectator (the host's token, which
plays no seat); seat 3 is a bot. Round by round the race ends each way a round can end: by a
bot's move, by the clock, by a person's give-up, by a person's pawn move, and by the clock
after both turns of the hourglass. For every round, on every screen:
- no frame before the one that turns the boards up carries any of the round's puzzles
  (searched by value: the cells of each), nor a running clock;
- the boards turn up only after every person's screen has said `ready`, in one frame whose
  clock runs;
- while a screen is still to say ready, every screen hears whom the round waits for;
- every screen gets the round's results (its `round_end`).
"""

from __future__ import annotations

import json
import random
from typing import Any

from game.core.ruleset import Budget, Command, View
from game.net import room
from game.rules.ubongo.bots import UbongoBot
from game.rules.ubongo.face import solver
from tests.net.support import BOUND, Raw

RATE = 900.0  # ticks a second of the server's clock: 45 s of sand in 3 s
SOLVE_AT = 20 * 60  # the bot solves 20 s of sand into a round it solves (1.3 s at RATE)

# Per round: what the outside program (seat 0), the person (seat 1) and the bot (seat 2) do,
# and how the round must end: the seat whose move ended it, or None for the clock
PLAN: dict[int, tuple[str, str, str, int | None]] = {
    1: ("give_up", "give_up", "solve", 2),  # the bot's move ends it
    2: ("solve_stay", "give_up", "give_up", None),  # the sand runs out on a solver who never moved
    3: ("give_up_last", "give_up", "quick", 0),  # a person's give-up ends it
    4: ("solve_last", "give_up", "quits", 0),  # a person's pawn move ends it
    5: ("give_up", "give_up", "quits", None),  # nobody solves, twice: the clock ends it
}


class Scripted(UbongoBot):
    """The bot at the table, following PLAN: solves late or at once, or gives up at once."""

    def __init__(self) -> None:
        super().__init__("hard")

    def choose(self, view: View, legal: list[Command], rng: random.Random, budget: Budget) -> Command:
        seat = view["seat"]
        if view["phase"] != "solve" or view["status"][seat] != "solving":
            return super().choose(view, legal, rng, budget)
        plan = PLAN.get(view["round"], ("", "", "quits", None))[2]
        start = view["hourglass"]["start"][seat]
        if plan in ("give_up", "quits"):
            return {"move": "give_up", "tick": start}
        found = self.solve(view, seat, rng)
        if found["move"] != "solve":
            return found
        return {**found, "tick": start + (SOLVE_AT if plan == "solve" else 1)}


class Screen:
    """A raw connection and every event and clock it was sent, in order, each with the index
    of the frame that carried it."""

    def __init__(self, raw: Raw, seat: int | None):
        self.raw, self.seat = raw, seat
        self.events: list[tuple[int, dict[str, Any]]] = []
        self.clocks: list[tuple[int, dict[str, Any]]] = []
        self.parsed = 0  # frames read into events and clocks
        self.readied: dict[int, int] = {}  # round -> frames read when this screen said ready

    def sync(self) -> None:
        for i in range(self.parsed, len(self.raw.frames)):
            message = json.loads(self.raw.frames[i])
            assert message["type"] != "error", f"an error to seat {self.seat}: {message}"
            for seen in message.get("seen", {}).values():
                self.events += [(i, e) for e in seen["events"]]
            if isinstance(message.get("clock"), dict):
                self.clocks.append((i, message["clock"]))
        self.parsed = len(self.raw.frames)

    def find(self, kind: str, since: int = 0, seat: int | None = None, round_no: int | None = None):
        for i, event in self.events:
            mine = seat in (None, event.get("seat")) and round_no in (None, event.get("round"))
            if i >= since and event["type"] == kind and mine:
                return event
        return None

    def wait(self, kind: str, since: int = 0, seat: int | None = None, round_no: int | None = None):
        self.sync()
        while (found := self.find(kind, since, seat, round_no)) is None:
            self.raw.recv(BOUND)
            self.sync()
        return found

    def frame_of(self, kind: str, round_no: int) -> int:
        return next(i for i, e in self.events if e["type"] == kind and e.get("round") == round_no)

    def ready(self, round_no: int) -> None:
        self.sync()
        self.readied[round_no] = len(self.raw.frames)
        self.raw.send({"type": "ready"})

    def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        answer = self.raw.ask(message)
        self.sync()
        return answer

    def submit(self, command: Command) -> None:
        answer = self.ask({"type": "submit", "seat": self.seat, "command": command})
        assert answer.get("ok"), f"seat {self.seat}: {command} was refused: {answer}"


def solution(reveal: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    puzzle = reveal["puzzles"][seat]
    found = solver.tilings([tuple(c) for c in puzzle["cells"]], puzzle["pieces"], limit=1)
    return [{"piece": piece, "cells": [list(c) for c in cells]} for piece, cells in found[0]]


def puzzles(reveal: dict[str, Any]) -> list[str]:
    """Each puzzle of a round as it reads in a frame: its cells and its pieces (two boards may
    share an area, never with the same pieces in one match)."""
    compact = {"separators": (",", ":")}
    return [
        f'"cells":{json.dumps(p["cells"], **compact)},"pieces":{json.dumps(p["pieces"], **compact)}'
        for p in reveal["puzzles"]
    ]


def test_every_way_a_round_ends_gives_nobody_the_next_puzzle_early(net, fast_players, monkeypatch):
    monkeypatch.setattr(room.bots, "for_seat", lambda rules, seat: Scripted())
    net.start(rate=RATE)
    match_id, codes, host = net.create("ubongo", "online", "online", "bot", seed=7)
    program, person, spectator = Screen(net.raw(), 0), Screen(net.raw(), 1), Screen(net.raw(), None)
    assert program.raw.join(codes[0])["type"] == "welcome"
    assert person.raw.join(codes[1])["type"] == "welcome"
    assert spectator.raw.hello(host)["type"] == "welcome"
    screens = [program, person, spectator]
    for screen in (program, person):
        screen.submit({"move": "pawn", "row": screen.seat})
    ended_by: dict[int, int | None] = {}
    for r, (first, second, bot, _) in PLAN.items():
        for screen in screens:
            screen.wait("round_start", round_no=r)
            assert screen.find("reveal", round_no=r) is None, f"round {r}'s boards before anyone was ready"
        program.ready(r)
        for screen in screens:  # every screen hears that the round waits for the person alone
            began = screen.frame_of("round_start", r)
            while not any(c.get("waiting", {}).get("seats") == [1] for i, c in screen.clocks if i >= began):
                screen.raw.recv(BOUND)
                screen.sync()
        assert program.find("reveal", round_no=r) is None, "one screen ready is not all of them"
        person.ready(r)
        reveals = [screen.wait("reveal", round_no=r) for screen in screens]
        assert reveals[0] == reveals[1] == reveals[2]
        for screen in (program, person):
            assert screen.frame_of("reveal", r) >= screen.readied[r], "the boards before its own ready"
        play_round((first, second, bot), program, person, reveals[0])
        for screen in screens:
            screen.wait("round_end", round_no=r)
        ended_by[r] = net.on_loop(lambda r=r: _ended_by(net.srv.rooms[match_id].match, r))
    assert ended_by == {r: plan[3] for r, plan in PLAN.items()}, "each way of ending a round was played"
    for screen in screens:
        check_no_early_puzzle(screen, list(PLAN))


def play_round(plan: tuple[str, str, str], program: Screen, person: Screen, reveal: dict[str, Any]) -> None:
    """The two screens' moves in a round, as PLAN has them (the bot plays by itself)."""
    first, second, bot = plan
    began = program.frame_of("reveal", reveal["round"])
    if second == "give_up":
        person.submit({"move": "give_up"})
    if first == "give_up":
        program.submit({"move": "give_up"})
    elif first == "solve_stay":
        program.submit({"move": "solve", "placements": solution(reveal, 0)})  # and never moves
    elif first == "give_up_last":  # once the bot has solved and reached for its gems
        program.wait("pawn", began, seat=2)
        program.submit({"move": "give_up"})
    elif first == "solve_last":  # once both others are out
        program.wait("give_up", began, seat=2)
        program.submit({"move": "solve", "placements": solution(reveal, 0)})
        rows = program.ask({"type": "legal", "seat": 0})["commands"]
        program.submit({"move": "pawn", "row": rows[0]["row"]})
    if first == second == "give_up" and bot == "quits":  # nobody solves: the hourglass turns once more
        program.wait("hourglass_turned", began)
        person.submit({"move": "give_up"})
        program.submit({"move": "give_up"})


def _ended_by(match: Any, r: int) -> int | None:
    """The seat whose command ended round `r` (None: the clock's)."""
    ends = [i for i, e in enumerate(match.events) if e["type"] == "round_end" and e["round"] == r]
    assert ends, f"round {r} never ended"
    return next(c.seat for c in reversed(match.commands) if c.at <= ends[0])


def check_no_early_puzzle(screen: Screen, rounds: list[int]) -> None:
    for r in rounds:
        at = screen.frame_of("reveal", r)
        reveal = screen.find("reveal", round_no=r)
        assert reveal is not None
        wanted = puzzles(reveal)
        assert all(w in screen.raw.frames[at] for w in wanted), "the search finds the puzzles where they are"
        for i in range(at):
            text = screen.raw.frames[i]
            assert not any(w in text for w in wanted), f"round {r}'s puzzle in frame {i}: {text[:200]}"
        start = screen.frame_of("round_start", r)
        for i, clock in screen.clocks:
            if start <= i < at:
                assert not clock["running"], f"the sand ran before round {r}'s boards turned up"
        carried = json.loads(screen.raw.frames[at])
        assert carried["clock"]["running"], "the boards turn up with the sand running"
