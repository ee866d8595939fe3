"""Jaipur's bots: legal, deterministic, view-only, within budget; and they play over the protocol."""

from __future__ import annotations

import io
import json
import random

import pytest

from game.core import bots as corebots
from game.core import sim
from game.core.match import Match, Seat
from game.core.ruleset import Budget
from game.rules.jaipur import moves
from game.rules.jaipur.ruleset import RULESET
from tests.rules.jaipur.test_properties import disguise

LEVELS = ("easy", "medium", "hard")
QUICK = Budget(seconds=3600.0, iterations=60)  # bounded by its count alone: the same on any machine
# Hard's search in a tournament stops at its iteration count, never at the clock, so a loaded
# machine plays the same matches (what a move takes in time is make bench's)
UNTIMED = 3600.0


def positions(seed: int, count: int, variant: str = "standard"):
    rng = random.Random(seed)
    m = Match.new(RULESET, [Seat("A"), Seat("B")], {"variant": variant}, seed)
    for _ in range(count):
        if m.finished:
            return
        seat = min(m.to_act)
        yield m, seat
        m.submit(seat, moves.sample(m.state, seat, rng))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", ["standard", "solo"])
def test_bots_choose_a_legal_command(level, variant):
    bot = RULESET.bot(level)
    assert bot.level == level
    for m, seat in positions(3, 40, variant):
        legal = m.legal(seat)
        assert bot.choose(m.view(seat), legal, random.Random(1), QUICK) in legal


@pytest.mark.parametrize("level", LEVELS)
def test_bots_are_deterministic_and_see_only_the_view(level):
    """Same view and same rng -> same move, even when the hidden cards differ."""
    bot = RULESET.bot(level)
    for m, seat in positions(8, 30):
        twin = disguise(m.state, seat, random.Random(2))
        view, legal = RULESET.view(twin, seat), RULESET.legal(twin, seat)
        assert view == m.view(seat)
        a = bot.choose(m.view(seat), m.legal(seat), random.Random(5), QUICK)
        b = bot.choose(view, legal, random.Random(5), QUICK)
        assert a == b


class Clock:
    """A perf_counter that moves only when a playout runs: a millisecond each."""

    def __init__(self):
        self.now = 0.0
        self.playouts: list[float] = []

    def perf_counter(self) -> float:
        return self.now


def test_hard_stops_its_search_when_the_seconds_of_a_timed_budget_run_out(monkeypatch):
    """A timed budget's seconds cap hard's search whatever its iteration count: it checks the
    clock before each round of playouts and stops at 85% of the budget; an untimed one's never
    do. Told on a clock that moves a millisecond a playout, so nothing depends on this
    machine's speed (how long hard thinks here is make bench's jaipur.hard_move_ms and
    jaipur.hard_move_max_ms)."""
    from game.core import ruleset
    from game.rules.jaipur import bots as hard_bots
    from game.rules.jaipur import rollout

    clock = Clock()
    play_out = rollout.rollout

    def timed_playout(sim, rng):
        clock.now += 0.001
        clock.playouts.append(clock.now)
        play_out(sim, rng)

    monkeypatch.setattr(ruleset, "time", clock)
    monkeypatch.setattr(rollout, "rollout", timed_playout)
    bot = RULESET.bot("hard")
    deadline = 0.85 * 0.05
    one_round = 0.001 * (hard_bots.HARD_CANDIDATES + 3)  # the candidates kept, at most
    checked = 0
    for m, seat in positions(4, 8):
        legal = m.legal(seat)
        if len(legal) < 2:
            continue  # answered without a search
        clock.now, clock.playouts = 0.0, []
        assert bot.choose(m.view(seat), legal, random.Random(1), Budget(seconds=0.05, timed=True)) in legal
        assert deadline < clock.playouts[-1] <= deadline + one_round, clock.playouts[-1]
        # untimed, the same seconds never stop it: the search runs to its count, far past that point
        clock.now, clock.playouts = 0.0, []
        assert bot.choose(m.view(seat), legal, random.Random(1), Budget(0.05, iterations=400)) in legal
        assert len(clock.playouts) > 200 and clock.playouts[-1] > deadline + one_round
        checked += 1
    assert checked >= 4


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        RULESET.bot("grandmaster")


def test_bot_protocol_answers_a_view_with_a_legal_command():
    """`python -m game bot jaipur` speaks JSON lines: {view, legal} in, {command} out."""
    m = Match.new(RULESET, [Seat("A"), Seat("B")], {}, 3)
    seat = min(m.to_act)
    line = json.dumps({"seat": seat, "view": m.view(seat), "legal": m.legal(seat)})
    out = io.StringIO()
    corebots.serve(RULESET, "hard", io.StringIO(line + "\n"), out, Budget(seconds=0.2))
    reply = json.loads(out.getvalue())
    assert reply["command"] in m.legal(seat)


def test_medium_beats_easy_most_of_the_time():
    report = sim.tournament("jaipur", ["medium", "easy"], games=12, seed=2)
    assert report["wins"][0] >= 8, report


@pytest.mark.slow
def test_hard_beats_easy_nearly_always():
    # Hard won 200 of 200 against easy in docs/jaipur.md; 12 matches keep the slow suite short,
    # and a hard bot no better than easy would reach 11 of them by luck 0.3% of the time.
    report = sim.tournament("jaipur", ["hard", "easy"], games=12, seed=9, processes=2, seconds=UNTIMED)
    assert report["wins"][0] >= 11, report


@pytest.mark.slow
def test_hard_beats_medium():
    # 39 of 40 in docs/jaipur.md; an even match would reach 9 of 12 by luck 7% of the time.
    report = sim.tournament("jaipur", ["hard", "medium"], games=12, seed=9, processes=2, seconds=UNTIMED)
    assert report["wins"][0] >= 9, report


def test_sim_command_line_reports_json(capsys):
    """`python -m game sim jaipur --seats medium,easy --games 2 --seed 1 --json`."""
    from game.__main__ import main

    assert main(["sim", "jaipur", "--seats", "medium,easy", "--games", "2", "--seed", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and sum(report["wins"]) == 2


def test_choosing_leaves_the_view_untouched():
    """No bot changes what it was shown (that the bots' modules never import the state, evolve,
    the ruleset or the solo bot's turn is an import contract: make lint)."""
    import copy

    for level in LEVELS:
        for m, seat in positions(6, 12, "solo" if level == "medium" else "standard"):
            view = m.view(seat)
            kept = copy.deepcopy(view)
            RULESET.bot(level).choose(view, m.legal(seat), random.Random(3), QUICK)
            assert view == kept
