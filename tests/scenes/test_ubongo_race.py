"""The race for gems at the real Ubongo table, driven by game.automation input events only
(issue 33; seed ubongo-rules-ja.txt lines 45-75): a solver moves its pawn and takes its gems at
once while the others still solve, on the table's clock."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

from game.automation import Session
from game.core.match import verify
from game.rules.ubongo.bots import REACH
from tests.scenes.driver import referee
from tests.scenes.ubongo_player import play_to_standings, solution


def race(seats: list[str], seed: int, **options) -> Session:
    """A race with every pawn on row 3 (index 2), so each row 1-5 is in reach of a 2nd solver."""
    setup = {"pawns": [2] * len(seats)}
    s = Session.open("ubongo", seats, seed=seed, options={"first": 0, **options}, setup=setup)
    s.idle()
    return s


def round_events(s: Session, kind: str, number: int = 1) -> list[dict]:
    """The events of one kind in round `number`."""
    start = next(i for i, e in enumerate(s.log) if e["type"] == "round_start" and e["round"] == number)
    end = next((i for i, e in enumerate(s.log) if e["type"] == "round_end" and i > start), len(s.log))
    return [e for e in s.log[start:end] if e["type"] == kind]


def until(s: Session, done, limit: int = 6000) -> None:
    """Tick the table until `done()` or the limit (a failure, named by the caller's assert)."""
    for _ in range(limit):
        if done():
            return
        s.tick(1)


def test_a_person_who_solves_first_moves_at_once_while_two_bots_still_solve():
    """Lines 45 and 49: Ubongo! — the gem board appears at once with the rows in reach, the sand
    running; the person's click takes the two gems at the head while both bots still solve."""
    s = race(["human", "medium", "easy"], seed=4)
    s.tick(120)
    s.perform(0, solution(s, 0))
    table = s.table
    assert table.gem_board_shown() and table.rows_open() == [0, 1, 2, 3, 4, 5]
    assert s.view(0)["status"] == ["solved", "solving", "solving"]
    assert table.clock_running() and s.view(0)["hourglass"]["end"][0] - table.window.now() > 2000
    s.perform(0, {"move": "pawn", "row": 4})
    (took,) = round_events(s, "gems")
    assert took["seat"] == 0 and took["row"] == 4 and len(took["gems"]) == 2
    assert s.view(0)["status"] == ["moved", "solving", "solving"]
    assert sum(s.view(0)["held"][0].values()) == 2


def test_a_person_who_never_solves_costs_the_bots_nothing():
    """Line 54: every solver who takes its gems before the sand runs out keeps them; the person
    who sits idle takes nobody's gems away (the bug: nobody got any when one seat failed)."""
    s = race(["human", "medium", "hard"], seed=5)
    until(s, lambda: s.scene == "ubongo-round")
    assert s.scene == "ubongo-round"
    first = [e for e in s.log if e["type"] == "round_end"][0]["ticks"]
    solvers = [seat for seat, tick in enumerate(first) if tick is not None]
    assert solvers and 0 not in solvers
    takers = {e["seat"] for e in s.log if e["type"] == "gems"}
    assert takers == set(solvers)
    assert all(sum(s.view(0)["held"][seat].values()) == 2 for seat in solvers)


def test_a_bot_moves_shortly_after_its_solve_on_the_clock():
    """A bot's pawn goes in at a tick the table's clock has reached, its think time after its
    own solve: never dated back, never on a clock that has passed it."""
    s = race(["human", "hard", "easy"], seed=6)
    until(s, lambda: s.scene == "ubongo-round")
    first_round = s.log[: next(i for i, e in enumerate(s.log) if e["type"] == "round_end")]
    ticks = [e["tick"] for e in first_round if isinstance(e.get("tick"), int)]
    assert ticks == sorted(ticks)  # one clock: the log runs forward in time
    solved = {e["seat"]: e["tick"] for e in first_round if e["type"] == "solve"}
    moved = {e["seat"]: e["tick"] for e in first_round if e["type"] == "pawn"}
    assert solved and set(moved) == set(solved)
    levels = {1: "hard", 2: "easy"}
    for seat, tick in moved.items():
        low, high = REACH[levels[seat]]
        assert solved[seat] + round(low * 60) <= tick <= solved[seat] + round(high * 60) + 1


def test_a_later_solver_who_moves_first_takes_the_head_of_a_shared_row():
    """Line 71: the order of solving is not the order of taking gems. The medium bot solves first
    and heads for a row; the person solves after it but clicks that row before the bot gets
    there, and takes its head. The bot, at its moment, chooses again from the gems left."""
    s = race(["human", "medium"], seed=3)
    table = s.table
    until(s, lambda: 1 in referee(table).held and referee(table).held[1].command["move"] == "pawn")
    heading = referee(table).held[1]
    row, due = heading.command["row"], heading.tick
    assert table.window.now() < due and abs(row - 2) <= 2  # the person (2nd) can reach it too
    before = s.view(0)["gems"][row][:4]
    s.perform(0, solution(s, 0))
    s.perform(0, {"move": "pawn", "row": row})
    assert table.window.now() < due
    until(s, lambda: len(round_events(s, "gems")) == 2)
    assert len(round_events(s, "gems")) == 2
    mine, bots = round_events(s, "gems")
    assert (mine["seat"], mine["row"], mine["gems"]) == (0, row, before[:2])
    (bot_move,) = [e for e in round_events(s, "pawn") if e["seat"] == 1]
    assert bot_move["tick"] == due  # on its own moment, chosen again with the gems left then
    assert bots["seat"] == 1 and (bot_move["to"] != row or bots["gems"] == before[2:4])
    assert verify(s.match.to_json())[0]


def test_a_solver_who_does_not_move_before_the_sand_runs_out_gets_nothing():
    """Line 75: solved in time but no gems taken in time: nothing; the round ends with the sand."""
    s = race(["human", "easy"], seed=7, side2="hard")
    s.tick(2700 - 200)
    s.perform(0, solution(s, 0))
    assert s.table.rows_open()
    until(s, lambda: s.scene == "ubongo-round")
    assert any(e["type"] == "too_late" and 0 in e["seats"] for e in s.log)
    assert sum(s.view(0)["held"][0].values()) == 0


def test_two_people_at_one_screen_race_for_a_row_by_their_own_clocks():
    """Pass-and-play (docs/ubongo.md): each person solves and moves within their own sand, one
    after the other. The one who reached a shared row earlier on their own clock takes its
    head, though they came to the screen second."""
    s = Session.open("ubongo", ["human", "human"], seed=2, options={"first": 0}, setup={"pawns": [2, 2]})
    s.idle()
    assert s.scene == "handoff"
    assert s.waiting() == [0, 1]  # from the start player round the table
    s.click(s.app.top.proceed)
    s.tick(1500)  # Asha thinks for 25 s on her own clock
    s.perform(0, solution(s, 0))
    s.perform(0, {"move": "pawn", "row": 3})
    assert round_events(s, "gems") == []  # Bilal may still be quicker to row 4
    head = s.view(1)["gems"][3][:2]
    s.perform(1, solution(s, 1))  # Bilal at once on his own clock
    s.perform(1, {"move": "pawn", "row": 3})
    gems = [(e["seat"], e["gems"]) for e in s.log if e["type"] == "gems"]
    assert gems[0] == (1, head) and gems[1][0] == 0
    assert verify(s.match.to_json())[0]


KILLED_AFTER_UBONGO = """
import os, signal, sys
sys.path.insert(0, {root!r})
from game.automation import Session
from tests.scenes.ubongo_player import solution
setup = {{"pawns": [2, 2, 2]}}
s = Session.open("ubongo", ["human", "medium", "hard"], seed=4, options={{"first": 0}}, setup=setup)
s.idle()
s.tick(120)
s.perform(0, solution(s, 0))
print(len(s.log), s.table.window.now(), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_killed_right_after_ubongo_continue_brings_back_the_gem_board_and_the_sand(bazaar_home):
    """The event log is the one truth: the app killed between the person's Ubongo! and their
    move comes back (Continue) on the gem board with the rows in reach and the sand where it
    was; the match plays on to its end and re-decides to the same log."""
    root = str(Path(__file__).resolve().parents[2])
    env = {**os.environ, "BAZAAR_HOME": str(bazaar_home)}
    script = KILLED_AFTER_UBONGO.format(root=root)
    command = [sys.executable, "-c", script]
    proc = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == -9, proc.stderr
    events, tick = map(int, proc.stdout.split())
    s = Session.resume()
    table = s.table
    assert len(s.log) == events and s.view(0)["status"][0] == "solved"
    solved = [e for e in s.log if e["type"] == "solve" and e["seat"] == 0][0]["tick"]
    assert table.window.now() == solved and tick - 5 <= solved <= tick  # from the last tick kept
    assert table.gem_board_shown() and table.rows_open()
    s.perform(0, {"move": "pawn", "row": 2})
    assert any(e["type"] == "gems" and e["seat"] == 0 for e in s.log)
    play_to_standings(s, random.Random(4))
    assert verify(s.match.to_json())[0]
