"""Ubongo bots: timing from difficulty, determinism, pawn choice, protocol and tournaments."""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys

import pytest

from game.core.ruleset import Budget
from game.core.sim import play_one
from game.rules.ubongo import RULESET
from game.rules.ubongo.bots import UbongoBot

from .helpers import new


def solve_view():
    m = new()
    return m, m.view(0), m.legal(0)


def test_bot_solves_with_a_placement_the_rules_accept():
    m, view, legal = solve_view()
    for level in RULESET.bot_levels:
        cmd = RULESET.bot(level).choose(view, legal, random.Random(1), Budget())
        if cmd["move"] == "solve":
            result = RULESET.decide(m.state, 0, cmd, random.Random(0))
            assert isinstance(result, list), result


def test_bot_is_deterministic_for_a_seed():
    _, view, legal = solve_view()
    bot = RULESET.bot("medium")
    a = bot.choose(view, legal, random.Random(42), Budget())
    b = bot.choose(view, legal, random.Random(42), Budget())
    assert a == b


def test_easy_is_slower_than_hard_and_both_follow_difficulty():
    easy, hard = UbongoBot("easy"), UbongoBot("hard")
    rng = random.Random(3)
    for seconds in (15.0, 30.0):
        e = statistics.median(easy.solve_ticks(seconds, rng, 60) for _ in range(400))
        h = statistics.median(hard.solve_ticks(seconds, rng, 60) for _ in range(400))
        assert e > 1.8 * h
    slow = statistics.median(hard.solve_ticks(30.0, rng, 60) for _ in range(400))
    quick = statistics.median(hard.solve_ticks(15.0, rng, 60) for _ in range(400))
    assert slow > 1.6 * quick


def test_bot_gives_up_when_its_time_is_past_the_sand():
    _, view, legal = solve_view()
    view["puzzles"][0]["seconds"] = 400.0
    cmd = RULESET.bot("hard").choose(view, legal, random.Random(1), Budget())
    assert cmd == {"move": "give_up", "tick": 2700}


def test_pawn_choice_plays_for_its_leading_colour():
    """The winner has most gems of one colour: a bot holding reds goes for reds."""
    view = {
        "phase": "pawn",
        "seat": 0,
        "colours": ["red", "blue", "green", "yellow", "purple", "amber"],
        "held": [
            {"red": 4, "blue": 0, "green": 1, "yellow": 0, "purple": 0, "amber": 0},
            {"red": 0, "blue": 2, "green": 0, "yellow": 0, "purple": 0, "amber": 0},
        ],
        "gems": [["blue", "green"], ["red", "amber"], ["green", "blue"], [], ["yellow"], ["purple"]],
        "to_act": [0],
    }
    legal = [{"move": "pawn", "row": r} for r in range(4)]
    for level in ("medium", "hard"):
        assert RULESET.bot(level).choose(view, legal, random.Random(0), Budget()) == {
            "move": "pawn",
            "row": 1,
        }


@pytest.mark.parametrize("specs", [["hard", "easy"], ["easy", "medium", "hard", "easy"]])
def test_bots_finish_whole_games_through_the_sim_loop(specs):
    result = play_one("ubongo", specs, 5, {}, None)
    assert result.winners and len(result.scores) == len(specs)


def test_solo_game_through_the_sim_loop():
    result = play_one("ubongo", ["medium"], 2, {"mode": "solo"}, None)
    assert result.winners == (0,)


def test_hard_beats_easy_more_often():
    wins = [0, 0]
    for seed in range(12):
        r = play_one("ubongo", ["hard", "easy"], seed, {}, None)
        for w in r.winners:
            wins[w] += 1
    assert wins[0] > wins[1]


def test_bot_protocol_answers_with_placement_and_tick():
    m, view, legal = solve_view()
    line = json.dumps({"seat": 0, "view": view, "legal": legal})
    out = subprocess.run(
        [sys.executable, "-m", "game", "bot", "ubongo", "--level", "hard"],
        input=line + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    cmd = json.loads(out.stdout)["command"]
    assert cmd["move"] == "solve" and isinstance(cmd["tick"], int)
    assert isinstance(RULESET.decide(m.state, 0, cmd, random.Random(0)), list)
