"""The table clock: ticked one by one whatever the frame step, bots' future-stamped commands
held until their tick, several bots thinking at once, the rules clock due on time, and pause.

A tiny timed game lives here: each round every seat buzzes once, its command carrying the tick
(60 a second) on the round's clock; whoever has not buzzed when the sand runs out at tick 300
is out for the round. Three rounds; the lowest total wins."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pygame
import pytest

from game.automation import Session
from game.core import registry
from game.core.face import Timing
from game.core.match import Match, Seat
from game.core.ruleset import Outcome, Rejected, Ruleset
from game.core.secrets import PUBLIC, Secrets
from game.scenes.table import Table
from game.ui.targets import Target
from tests.scenes.driver import open_table, record, referee

SAND = 300


@dataclass(frozen=True)
class State:
    seats: int = 2
    round: int = 0
    buzzed: tuple = ()  # tick per seat this round, or None
    totals: tuple = ()


class Buzzer:
    level = "easy"

    def choose(self, view, legal, rng, budget):
        return {"move": "buzz", "tick": rng.randrange(20, 400)}  # past the sand sometimes: held, then refused


def refusal(waiting: bool, tick: int) -> Rejected | None:
    """A seat's buzz as decide and why_not check it: not twice a round, not after the sand."""
    if not waiting:
        return Rejected("you have buzzed already")
    if tick > SAND:
        return Rejected("too late")
    return None


class Race(Ruleset):
    name = "race"
    title = "Race"
    min_seats, max_seats = 2, 4
    hidden_hands = False
    timed = True
    timing = Timing(turns=True)  # people at one screen buzz in turns; no intro, no wait for screens
    secrets = Secrets(
        events={
            "round": {"round": PUBLIC},
            "buzz": {"seat": PUBLIC, "tick": PUBLIC},
            "round_end": {"out": PUBLIC},
        },
        view={"round": PUBLIC, "buzzed": PUBLIC, "totals": PUBLIC},
    )

    def empty(self, seats, options):
        return State(seats, 0, (None,) * seats, (0,) * seats)

    def setup(self, state, setup, rng):
        return [{"type": "round", "round": 1}]

    def decide(self, state, seat, command, rng):
        tick = command.get("tick")
        if not isinstance(tick, int):
            return Rejected("a command needs its tick")
        if seat is None:
            if command.get("move") != "expire" or tick < SAND:
                return Rejected("the sand has not run out")
            return self._end(state, [s for s in range(state.seats) if state.buzzed[s] is None])
        refused = refusal(seat in self.to_act(state), tick)
        if refused is not None:
            return refused
        events = [{"type": "buzz", "seat": seat, "tick": tick}]
        if sum(b is None for b in state.buzzed) == 1:
            events += self._end(
                replace(state, buzzed=tuple(tick if s == seat else b for s, b in enumerate(state.buzzed))), []
            )
        return events

    def why_not(self, view, seat, command):
        tick = command.get("tick")
        if not isinstance(tick, int):
            return Rejected("a command needs its tick")
        return refusal(view["round"] <= 3 and view["buzzed"][seat] is None, tick)

    def _end(self, state, out):
        events = [{"type": "round_end", "out": out}]
        if state.round < 3:
            events.append({"type": "round", "round": state.round + 1})
        return events

    def evolve(self, state, event):
        kind = event["type"]
        if kind == "round":
            return replace(state, round=event["round"], buzzed=(None,) * state.seats)
        if kind == "buzz":
            buzzed = list(state.buzzed)
            buzzed[event["seat"]] = event["tick"]
            return replace(state, buzzed=tuple(buzzed))
        totals = [t + (SAND if b is None else b) for t, b in zip(state.totals, state.buzzed, strict=True)]
        return replace(state, totals=tuple(totals), round=state.round + (10 if state.round == 3 else 0))

    def legal(self, state, seat):
        return [{"move": "buzz"}] if seat in self.to_act(state) else []

    def see(self, state, seat):
        return {"round": state.round, "buzzed": list(state.buzzed), "totals": list(state.totals)}

    def to_act(self, state):
        if state.round > 3:
            return frozenset()
        return frozenset(s for s in range(state.seats) if state.buzzed[s] is None)

    def outcome(self, state):
        if state.round <= 3:
            return None
        best = min(state.totals)
        return Outcome(tuple(s for s, t in enumerate(state.totals) if t == best), state.totals)

    def clock(self, state):
        return {"move": "expire", "tick": SAND} if state.round <= 3 else None

    def hourglass(self, state):
        return state.round  # every round's sand starts full

    def bot(self, level):
        return Buzzer()

    def resample(self, state, seat, rng):
        return state  # nothing hidden


class RaceTable(Table):
    name = "race"

    def targets(self):
        enabled = self.acting_human is not None
        return [Target("buzz", "Buzz", "button", pygame.Rect(500, 300, 200, 80), enabled)]

    def handle(self, event):
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.target_map().hit(event.pos)
            if hit and hit.enabled:
                self.submit(self.acting_human, {"move": "buzz"})
            return True
        return super().handle(event)

    def gestures(self, seat, command):
        yield ("click", "buzz")

    def show_result(self):
        pass


RACE = Race()
registry.register(RACE)


def open_race(specs: list[str]) -> Session:
    s = Session(Session._app(fast=True))
    seats = [Seat(f"S{i}") if k == "human" else Seat(f"S{i}", "bot", k) for i, k in enumerate(specs)]
    match = Match.new(RACE, seats, seed=5)
    s.app.push(open_table(s.app, RaceTable, match))
    return s


def play_script(step: int, presses: set[int]) -> list[dict]:
    s = open_race(["human", "easy", "easy"])
    now = 0
    while s.match.outcome is None and now < 5000:
        if now in presses and s.table.acting_human is not None:
            s.click("buzz")
        s.tick(step)
        now += step
    assert s.match.outcome is not None
    return s.log


def test_the_same_input_gives_the_same_log_whatever_the_frame_step():
    presses = {84, 420, 826}  # multiples of 14, so each step size reaches them exactly
    logs = [play_script(step, presses) for step in (1, 2, 7)]
    assert logs[0] == logs[1] == logs[2]
    buzzes = [e for e in logs[0] if e["type"] == "buzz"]
    assert len([e for e in buzzes if e["seat"] == 0]) >= 2  # the presses were taken


def test_a_bots_future_command_waits_for_its_tick_and_both_bots_think_at_once():
    s = open_race(["human", "easy", "easy"])
    s.tick(2)  # asked in the first tick, answered in the second
    table = s.table
    assert sorted(referee(table).held) == [1, 2]  # both answered, neither shown yet
    held = {seat: h.tick for seat, h in referee(table).held.items()}
    assert all(tick > table.window.now() for tick in held.values())
    for tick in sorted(t for t in held.values() if t <= SAND):
        s.tick(tick - table.window.now() - 1)
        seat = next(k for k, v in held.items() if v == tick)
        assert record(table).view(None)["buzzed"][seat] is None  # not a tick early
        s.tick(1)
        assert record(table).view(None)["buzzed"][seat] == tick  # exactly on time


def test_the_rules_clock_runs_out_the_sand_on_time_even_while_nobody_acts():
    s = open_race(["human", "easy"])
    s.tick(SAND - 1)
    assert s.match.view(None)["round"] == 1
    s.tick(1)
    assert any(e["type"] == "round_end" for e in s.log)
    assert s.match.view(None)["round"] == 2


def test_pause_and_an_unfocused_window_stop_a_lone_players_clock():
    s = open_race(["human", "easy"])
    s.tick(10)
    s.key("escape")
    assert s.scene == "pause"
    s.tick(500)
    assert s.table.window.now() == 10
    s.key("escape")
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    s.tick(500)
    assert s.table.window.now() == 10
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    s.tick(5)
    assert s.table.window.now() == 15


def test_pass_and_play_gives_each_seat_its_own_clock():
    s = open_race(["human", "human"])
    table = s.table
    table.viewer = 0
    s.tick(30)
    table.viewer = 1
    s.tick(12)
    assert table.window.now(0) == 30 and table.window.now(1) == 12
    s.click("buzz")
    assert s.log[-1] == {"type": "buzz", "seat": 1, "tick": 12}


@pytest.mark.parametrize("seed", range(3))
def test_random_input_on_the_race_table_ends_in_a_legal_match(seed):
    from game.core.match import verify
    from tests.scenes.noise import noise

    s = open_race(["human", "easy", "easy"])
    rng = random.Random(seed)
    while s.match.outcome is None:
        noise(s, rng, 3)
        s.tick(rng.choice([1, 7, 30]))
    assert verify(s.match.to_json())[0]
