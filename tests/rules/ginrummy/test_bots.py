"""The bots: legal, deterministic, from the view alone, and ranked easy < medium < hard."""

from __future__ import annotations

import io
import json
import random

import pytest

from game.core import bots, sim
from game.core.match import Match, Seat
from game.core.ruleset import Budget
from game.rules.ginrummy.bots import HardBot
from tests.rules.ginrummy.helpers import FIXED, RULES, both_pass, play, start

UNTIMED = Budget(seconds=3600.0)  # hard's search stops at its own counts, never at the clock


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_finishes_a_match_with_legal_moves(level):
    options, untimed = {"target": 50}, UNTIMED.seconds
    report = sim.tournament("ginrummy", [level, "random"], games=2, seed=4, options=options, seconds=untimed)
    assert sum(report["wins"]) == 2


def test_bots_are_deterministic_given_the_rng():
    m = Match.new(RULES, [Seat("A"), Seat("B")], {}, seed=9)
    for _ in range(12):
        seat = min(m.to_act)
        view, legal = m.view(seat), m.legal(seat)
        a = RULES.bot("hard").choose(view, legal, random.Random(5), FIXED)
        b = RULES.bot("hard").choose(view, legal, random.Random(5), FIXED)
        assert a == b and a in legal
        m.submit(seat, a)


def test_hard_takes_a_pile_card_that_melds():
    m = start("AS 2S 3S 4H 5H 6H 7C 7D 9S KD", "2C 3C 4C 5D 6D 8S TS JC QC KC", "7H")
    view = m.view(0)
    command = RULES.bot("hard").choose(view, m.legal(0), random.Random(1), Budget())
    assert command == {"move": "take_upcard"}


def test_hard_knocks_early_against_a_fresh_hand():
    """Early in a hand the opponent's deadwood is high: knock with little deadwood at once."""
    m = start("AS 2S 3S 4H 5H 6H 7C 7D 7S 2D", "2C 5C 8C 3D 6D 9D JS QH KH 4S", "9H", "AD")
    both_pass(m)
    play(m, (0, {"move": "draw", "source": "stock"}))
    command = RULES.bot("hard").choose(m.view(0), m.legal(0), random.Random(1), FIXED)
    assert command["move"] == "knock"


def test_hard_avoids_feeding_known_cards():
    bot = HardBot()
    took = [[1, "took", "8H"], [1, "took", "8D"]]
    public = [*took, [1, "discarded", "KH"]]
    view = {"seat": 0, "known": [[], ["8H", "8D"]], "passed": [[], []], "public": public}
    assert bot.danger(view, "8S") > bot.danger(view, "KS") == 0
    assert bot.danger(view, "9H") > bot.danger({**view, "public": [*took, [1, "discarded", "TH"]]}, "9H")


def test_hard_fears_feeding_only_as_far_as_the_opponent_takes_from_the_pile():
    """Danger scales with the opponent's takes against its passes this hand: none shown, none
    feared (an opponent that only draws from the stock is not fed by a near card)."""
    bot = HardBot()
    view = {"seat": 0, "known": [[], ["8H"]], "passed": [[], ["2C", "3D"]], "public": []}
    taker = {**view, "public": [[1, "took", "8H"], [1, "discarded", "KH"]]}
    passes = [[1, "passed", c] for c in ("2C", "3D", "4S")]
    shy = {**view, "public": [*passes, [1, "took", "8H"]]}
    assert bot.danger(view, "8S") == 0
    assert bot.danger(taker, "8S") > bot.danger(shy, "8S") > 0


def test_bot_protocol_answers_with_a_legal_command():
    m = Match.new(RULES, [Seat("A"), Seat("B")], {}, seed=2)
    seat = min(m.to_act)
    request = json.dumps({"seat": seat, "view": m.view(seat), "legal": m.legal(seat)})
    out = io.StringIO()
    assert bots.serve(RULES, "hard", io.StringIO(request + "\n"), out) == 0
    assert json.loads(out.getvalue())["command"] in m.legal(seat)


@pytest.mark.slow
def test_hard_beats_easy_in_matches_to_100():
    untimed = UNTIMED.seconds  # so a loaded machine plays the same matches
    report = sim.tournament("ginrummy", ["hard", "easy"], games=60, seed=1, processes=2, seconds=untimed)
    assert report["win_rate"][0] >= 0.7


def test_bench_reports_the_gin_figures_by_name(monkeypatch):
    """make bench's Gin Rummy figures, each measured small here: the test checks what the bench
    reports (its four figures by name, as numbers), never how fast anything ran."""
    import math

    from game.rules.ginrummy import bench

    def small(real, size):
        return lambda: real(size)

    for name, size in (("deadwood_us", 200), ("hands_per_s", 0.01), ("hard_move_ms", 3)):
        monkeypatch.setattr(bench, name, small(getattr(bench, name), size))
    figures = bench.figures()
    assert set(figures) == {
        "ginrummy.deadwood_us",
        "ginrummy.hands_per_s",
        "ginrummy.hard_move_ms",
        "ginrummy.hard_move_max_ms",
    }
    assert all(isinstance(v, float) and math.isfinite(v) and v > 0 for v in figures.values()), figures
    assert figures["ginrummy.hard_move_ms"] <= figures["ginrummy.hard_move_max_ms"]


@pytest.mark.parametrize("pair", [("medium", "medium"), ("hard", "medium"), ("easy", "easy")])
def test_bots_never_pass_cards_back_and_forth(pair):
    """A bot that takes a pile card discards so its deadwood goes down, so every hand ends."""
    for seed in range(2):
        m = Match.new(RULES, [Seat("A"), Seat("B")], {"target": 50}, seed=seed)
        players = [RULES.bot(pair[0]), RULES.bot(pair[1])]
        per_hand: dict[int, int] = {}
        while not m.finished:
            seat = min(m.to_act)
            view = m.view(seat)
            rng = random.Random(len(m.events))
            command = players[seat].choose(view, m.legal(seat), rng, UNTIMED)  # the same on any machine
            assert not hasattr(m.submit(seat, command), "reason")
            per_hand[view["hand_number"]] = per_hand.get(view["hand_number"], 0) + 1
            assert per_hand[view["hand_number"]] < 150
