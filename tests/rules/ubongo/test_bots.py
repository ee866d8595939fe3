"""Ubongo bots: timing from difficulty, determinism, pawn choice, protocol and tournaments."""

from __future__ import annotations

import json
import random
import statistics
import subprocess

import pytest

from game.core import selfcall
from game.core.ruleset import Budget, Rejected
from game.core.sim import play_one
from game.rules.ubongo.bots import UbongoBot
from game.rules.ubongo.ruleset import RULESET

from .helpers import new, shipped_seconds, solution


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


def test_easy_fumbles_and_misses_the_sand_where_hard_does_not():
    """Issue 7: a slower, error-prone easy level. Its fumbles show as a long tail of solve
    times and as sand run out on puzzles a hard bot finishes."""
    easy, hard = UbongoBot("easy"), UbongoBot("hard")
    rng = random.Random(8)
    sand = 45 * 60
    e = [easy.solve_ticks(28.0, rng, 60) for _ in range(2000)]
    h = [hard.solve_ticks(28.0, rng, 60) for _ in range(2000)]
    assert sum(t > sand for t in e) / len(e) > 0.3
    assert sum(t > sand for t in h) / len(h) < 0.01
    # the fumbles: the slowest tenth of easy's times is far out, more than its spread alone gives
    e.sort()
    assert e[int(0.9 * len(e))] / statistics.median(e) > 1.9


def test_medium_is_the_average_player_the_labels_speak_of():
    """docs/ubongo.md: a label is the odds that an average player misses the sand; the medium bot
    is that player, so on shipped puzzles its misses follow the labels."""
    from game.rules.ubongo.face import difficulty, levels

    bot, rng = UbongoBot("medium"), random.Random(11)
    misses: dict[str, list[bool]] = {"easy": [], "medium": [], "hard": []}
    for side in levels.SIDES:
        for seconds in (s for rows in shipped_seconds(side).values() for s in rows):
            for _ in range(40):
                misses[difficulty.label(seconds)].append(bot.solve_ticks(seconds, rng, 60) > 45 * 60)
    rate = {k: sum(v) / len(v) for k, v in misses.items()}
    assert rate["easy"] < difficulty.MISS_EASY
    assert difficulty.MISS_EASY <= rate["medium"] <= difficulty.MISS_HARD
    assert rate["hard"] > difficulty.MISS_HARD


def test_bot_takes_its_gems_inside_its_window_and_never_before_the_clock():
    """Everything before the sand runs out: a bot's pawn command carries a tick in its window,
    and never one the clock has passed."""
    m = new()
    cmd = {"move": "solve", "tick": 900, "placements": solution(m, 1)}
    assert not isinstance(m.submit(1, cmd), Rejected)
    for level in RULESET.bot_levels:
        for seed in range(20):
            view = m.view(1)
            cmd = RULESET.bot(level).choose(view, m.legal(1), random.Random(seed), Budget())
            lo, hi = view["pawn_window"]
            assert lo < cmd["tick"] <= hi and isinstance(
                RULESET.decide(m.state, 1, cmd, random.Random(0)), list
            )
    cmd = {"move": "solve", "tick": 2680, "placements": solution(m, 0)}
    assert not isinstance(m.submit(0, cmd), Rejected)
    cmd = RULESET.bot("easy").choose(m.view(1), m.legal(1), random.Random(1), Budget())
    assert cmd["tick"] == 2680  # its moment (2-4 s after 900) is long past: it moves now
    assert not isinstance(m.submit(1, {"move": "pawn", "row": 0, "tick": 2690}), Rejected)
    view = m.view(0)  # 0.17 s of sand left, less than any bot's reach: it grabs at the last tick
    for level in RULESET.bot_levels:
        cmd = RULESET.bot(level).choose(view, m.legal(0), random.Random(3), Budget())
        assert cmd["tick"] == 2700


def test_bot_gives_up_when_its_time_is_past_the_sand():
    _, view, legal = solve_view()
    view["puzzles"][0]["seconds"] = 400.0
    cmd = RULESET.bot("hard").choose(view, legal, random.Random(1), Budget())
    assert cmd == {"move": "give_up", "tick": 2700}


def test_pawn_choice_plays_for_its_leading_colour():
    """The winner has most gems of one colour: a bot holding reds goes for reds."""
    view = {
        "phase": "solve",
        "seat": 0,
        "status": ["solved", "solving"],
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


def ask(level: str, view, legal) -> dict:
    """One request to `python -m game bot ubongo` over the JSON-lines protocol."""
    line = json.dumps({"seat": view["seat"], "view": view, "legal": legal})
    out = subprocess.run(
        selfcall.command("bot", "ubongo", "--level", level),
        input=line + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)["command"]


def test_bot_protocol_answers_with_placement_and_tick():
    m, view, legal = solve_view()
    cmd = ask("hard", view, legal)
    assert cmd["move"] == "solve" and isinstance(cmd["tick"], int)
    assert isinstance(RULESET.decide(m.state, 0, cmd, random.Random(0)), list)
    assert cmd["tick"] <= view["hourglass"]["end"][0]
    assert ask("hard", view, legal) == cmd  # the same answer for the same view (deterministic)
    # and a pawn view: the row it moves to and the tick it takes the gems at
    assert not isinstance(m.submit(0, cmd), Rejected)
    assert not isinstance(m.submit(1, {"move": "give_up"}), Rejected)
    view = m.view(0)
    pawn = ask("medium", view, m.legal(0))
    assert pawn["move"] == "pawn" and view["pawn_window"][0] < pawn["tick"] <= view["pawn_window"][1]
    assert isinstance(RULESET.decide(m.state, 0, pawn, random.Random(0)), list)


def test_a_bot_that_solved_second_may_reach_the_gems_first():
    """補足ルール: the order of taking gems is not the order of solving. A bot's pawn tick is drawn
    from its own solve, so a quick bot that solved second often comes before a slow first one."""
    m = new()
    for seat, tick in ((0, 100), (1, 130)):
        assert not isinstance(
            m.submit(seat, {"move": "solve", "tick": tick, "placements": solution(m, seat)}), Rejected
        )
    ticks = []
    for seed in range(20):
        slow = RULESET.bot("easy").choose(m.view(0), m.legal(0), random.Random(seed), Budget())
        quick = RULESET.bot("hard").choose(m.view(1), m.legal(1), random.Random(seed), Budget())
        ticks.append((slow["tick"], quick["tick"]))
    assert all(q < s for s, q in ticks)  # easy reaches in 2-4 s, hard in 0.6-1.5 s


def test_a_bot_counts_the_gems_an_earlier_move_will_take():
    """Pass-and-play: moves made with an earlier tick whose gems wait for the others take them
    first; the bot sees what is left."""
    m = new(options={"clock": "turns"})
    for seat, tick in ((0, 100), (1, 130)):
        assert not isinstance(
            m.submit(seat, {"move": "solve", "tick": tick, "placements": solution(m, seat)}), Rejected
        )
    assert not isinstance(m.submit(0, {"move": "pawn", "row": 0, "tick": 150}), Rejected)
    view = m.view(1)
    assert view["moves"][0]["gems"] is None  # seat 1 solved at 130: it could still come first
    left = RULESET.bot("hard").left_for(view, 200)
    assert left[0] == view["gems"][0][2:] and left[1] == view["gems"][1]
    assert RULESET.bot("hard").left_for(view, 140)[0] == view["gems"][0]


def test_a_bot_chooses_its_row_from_the_gems_left_at_the_moment_it_moves():
    """Issue 33: a bot that solved draws its moment at once but chooses where to go with the
    gems actually left when that moment comes: on one clock the referee (game.core.referee)
    asks it again, with the same draws, once another has taken the reds it was heading for."""
    from dataclasses import replace

    from game.core.authority import Authority
    from game.core.referee import Referee

    m = new()
    rows = [list(r) for r in m.state.gems]
    rows[0] = ["blue", "green", *rows[0][2:]]
    rows[1] = ["red", "red", *rows[1][2:]]
    rows[2] = ["red", "blue", *rows[2][2:]]
    held = ((0,) * 6, (4, 0, 0, 0, 0, 0))  # seat 1 collects reds
    m.state = replace(m.state, gems=tuple(map(tuple, rows)), held=held)
    person = [
        {"move": "solve", "tick": 100, "placements": solution(m, 0)},
        {"move": "pawn", "row": 1, "tick": 150},
    ]
    bot, asked = RULESET.bot("hard"), []

    class Person:
        level = "scripted"

        def choose(self, view, legal, rng, budget):
            return person[sum(c.seat == 0 for c in m.commands)]

    class Heading:
        level = "hard"

        def choose(self, view, legal, rng, budget):
            if view["status"][1] == "solving":
                return {"move": "solve", "tick": 120, "placements": solution(m, 1)}
            command = bot.choose(view, legal, rng, budget)
            asked.append(command)
            return command

    referee = Referee(Authority(m), {0: Person(), 1: Heading()})
    while not any(e["type"] == "gems" and e["seat"] == 1 for e in m.events):
        referee.advance(referee.quiet())
    first, again = asked
    assert first["row"] == 1 and first["tick"] > 150  # it saw two reds in row 2 when it solved
    assert again["tick"] == first["tick"] and again["row"] == 2  # then only the red left in row 3
    (move,) = [e for e in m.events if e["type"] == "pawn" and e["seat"] == 1]
    assert move["to"] == 2 and move["tick"] == first["tick"]


def test_beside_a_seat_that_never_solves_every_bot_solve_ends_with_gems():
    """Seed line 54 on one clock, as `make bench` measures it: the bots' every solve ends with
    their gems taken, although one seat runs out of sand every round."""
    from game.rules.ubongo.bench import idle_seat_game

    for seed in (1, 2, 3):
        events = idle_seat_game(seed, ("medium", "easy")).events
        solved = [(e["seat"], n) for n, e in enumerate(events) if e["type"] == "solve"]
        assert solved and all(seat != 0 for seat, _ in solved)
        for seat, at in solved:
            rest = events[at:]
            end = next(i for i, e in enumerate(rest) if e["type"] == "round_end")
            assert any(e["type"] == "gems" and e["seat"] == seat for e in rest[:end])


def test_every_level_solves_a_fair_share_on_each_side_easy_below_medium_below_hard():
    """Issue 44: an easy bot on the hard side was a dead seat (0 of 9 rounds). On the sample
    `make bench` reports (432 rounds per side, the three levels racing through the referee),
    each level solves less than the next on the hard side, and on the easy side the easy one
    less than the others (medium and hard solve nearly all of those); the easy one solves about
    three rounds in five on the hard side (docs/ubongo.md): well above the third a seat needs
    to be in the game. At the old pace of 1.4 it solved 0.55 there and 0.77 on the easy side,
    below both marks."""
    from game.rules.ubongo.bench import BOT_LEVELS, solve_shares

    share = solve_shares()
    for side in ("easy", "hard"):
        easy, medium, hard = (share[f"ubongo.solve_share.{level}.{side}"] for level in BOT_LEVELS)
        assert 0 < easy < medium <= hard <= 1, (side, easy, medium, hard)
    assert share["ubongo.solve_share.medium.hard"] < share["ubongo.solve_share.hard.hard"]
    assert share["ubongo.solve_share.easy.hard"] >= 0.58
    assert share["ubongo.solve_share.easy.easy"] >= 0.8
