"""The same seed gives the same game (issue 52): our bots' searches stop at their levels' own
work, never at the clock, so `sim` plays the same games of hard against hard whether the think
allowance a move is 0.01 s (where any cut by the wall clock would bite at once) or 10 s.
tools/same_games.py makes the same comparison over longer stretches with a CPU hog beside it."""

from __future__ import annotations

import pytest

from game.core import registry, sim
from tests.core.tinygame import RULESET

MOVES = 6  # each game's opening: a hard move or more for every seat, searched in full
registry.register(RULESET)


@pytest.mark.parametrize("game", registry.games())  # every game, not a test's own list
def test_hard_against_hard_plays_the_same_game_at_any_allowance(game):
    seats = ["hard"] * max(2, registry.get(game).min_seats)
    logs = []
    for seconds in (0.01, 10.0):
        thought: list[float] = []
        match = sim.run(
            game,
            seats,
            7,
            {},
            seconds,
            watch=lambda _, __, spent, into=thought: into.append(spent),
            moves=MOVES,
        )
        assert match.moves >= MOVES and len(thought) >= MOVES
        logs.append(match.events)
    assert logs[0] == logs[1]


def test_sim_counts_the_moves_thought_longer_than_the_allowance():
    """The allowance changes no move; `sim` says how many went over it, seat by seat."""
    none = sim.tournament("tiny", ["easy", "easy"], games=2, seed=1, seconds=3600.0)
    every = sim.tournament("tiny", ["easy", "easy"], games=2, seed=1, seconds=0.0)  # any time is over
    assert none["over_allowance"] == [0, 0]
    assert every["over_allowance"][0] > 0 and every["over_allowance"][1] > 0
    assert (none["wins"], none["avg_moves"]) == (every["wins"], every["avg_moves"])


def test_the_benches_think_times_come_from_the_driver_and_change_no_move():
    """`sim.think_ms` (every game's `hard_move_ms`) times the bots' own choices in games `run`
    plays: the kept seat's only, as many as asked, and the games are the ones `run` plays."""
    seats: list[int] = []

    def seat_one(seat: int, view: object) -> bool:
        seats.append(seat)
        return seat == 1

    times = sim.think_ms("tiny", ["easy", "easy"], [3, 4, 5], seat_one, count=5)
    assert len(times) == 5 and all(t >= 0 for t in times)
    assert 0 in seats and 1 in seats  # both seats heard, only seat 1's kept
    watched: list[int] = []
    whole = sim.run("tiny", ["easy", "easy"], 3, {}, watch=lambda seat, _, __: watched.append(seat))
    assert whole.events == sim.run("tiny", ["easy", "easy"], 3, {}).events
    every = sim.think_ms("tiny", ["easy", "easy"], [3], lambda seat, _: seat == 1)
    assert len(every) == watched.count(1) > 0
