"""The referee every match has (game/core/referee.py): bots asked through their own windows,
failures handed on and never asked again, time in the log (each second of sand, a pause), the
clock resumed from the log, and a bot's pause counted in the ticks it is given."""

from __future__ import annotations

import pytest

from game.core.authority import Authority
from game.core.match import Match
from game.core.outside import OutsideBotError
from game.core.referee import FALLBACK_LEVEL, HANDOVER_LEVEL, Failed, Referee
from game.core.rng import stream
from game.core.seats import Seat
from game.core.thinking import Thinking
from game.rules.ubongo.ruleset import RULESET as UBONGO
from tests.core.tinygame import RULESET as TINY


def tiny(players: dict, **referee) -> tuple[Match, Referee]:
    match = Match.new(TINY, [Seat("A", "bot", "easy"), Seat("B", "bot", "easy")], seed=3)
    return match, Referee(Authority(match), players, **referee)


class Raises:
    level = "easy"

    def __init__(self):
        self.asked = 0

    def choose(self, view, legal, rng, budget):
        self.asked += 1
        raise ValueError("out of its depth")


class Illegal:
    level = "easy"

    def choose(self, view, legal, rng, budget):
        return {"move": "fly"}


class First:
    level = "easy"

    def __init__(self):
        self.rngs: list = []

    def choose(self, view, legal, rng, budget):
        self.rngs.append(rng.getstate())
        return legal[0]


def test_bots_draw_from_their_own_stream_through_their_own_window():
    first, second = First(), First()
    match, referee = tiny({0: first, 1: second})
    referee.advance(0)
    assert match.finished
    starts = [e.at for e in match.commands]
    assert first.rngs[0] == stream("bot", 3, 0, starts[0]).getstate()
    assert second.rngs[0] == stream("bot", 3, 1, starts[1]).getstate()
    assert referee.windows[0].seats == {0} and referee.windows[1].seats == {1}


@pytest.mark.parametrize("bad", [Raises, Illegal])
def test_a_builtin_bot_that_fails_is_never_asked_again_its_seat_goes_to_the_random_player(bad):
    notices = []
    player = bad()
    match, referee = tiny({0: player, 1: First()}, on_notice=notices.append)
    referee.advance(0)
    assert match.seats[0] == Seat("A", "bot", FALLBACK_LEVEL)
    assert match.finished and len(notices) == 1 and "from now on" in str(notices[0].text)
    if isinstance(player, Raises):
        assert player.asked == 1


def test_an_outside_program_that_fails_goes_to_our_medium_bot():
    class Program:
        level = "cmd:x"

        def choose(self, view, legal, rng, budget):
            raise OutsideBotError("x", "did not answer")

    match, referee = tiny({0: Program(), 1: First()})
    referee.advance(0)
    assert match.seats[0].level == HANDOVER_LEVEL and match.finished


def test_a_policy_may_stop_the_match_instead():
    match, referee = tiny({0: Raises(), 1: First()}, policy=lambda seat, error: None)
    with pytest.raises(Failed) as failed:
        referee.advance(0)
    assert failed.value.seat == 0 and not match.finished


def test_a_bots_pause_counts_the_ticks_given_not_the_clock():
    match, referee = tiny({0: First(), 1: First()}, pause=30)
    referee.advance(0)
    assert not match.commands  # asked, and its answer waits out the pause
    referee.advance(29)
    assert not match.commands
    referee.advance(1)
    assert len(match.commands) == 1


def solo() -> tuple[Match, Referee]:
    match = Match.new(UBONGO, [Seat("Asha")], {"mode": "solo"}, seed=4, setup={"pawns": [2]})
    return match, Referee(Authority(match), {}, people=[0])


def times(match: Match) -> list[int]:
    return [e["tick"] for e in match.events if e["type"] == "time"]


def test_each_second_of_sand_and_each_pause_is_time_in_the_log():
    match, referee = solo()
    referee.advance(150)
    assert times(match) == [60, 120]
    referee.advance(10, running=False)  # a pause: the tick it stopped at goes in at once
    assert times(match) == [60, 120, 150]
    referee.advance(500, running=False)  # paused: no sand runs, nothing is written
    assert times(match) == [60, 120, 150] and referee.now() == 150
    referee.advance(30)
    assert times(match) == [60, 120, 150, 180]
    reveal, *entries = match.commands  # the boards turned up as the sand started, then time
    assert reveal.command == {"move": "reveal", "tick": 0}
    assert all(match.is_time(i + 1) for i in range(len(entries)))
    assert match.moves == 1


def test_a_referee_on_a_stored_log_resumes_the_sand_where_it_stood():
    match, referee = solo()
    referee.advance(2345)
    referee.close()
    again = Match.from_json(match.to_json())
    resumed = Referee(Authority(again), {}, people=[0])
    assert resumed.now() == 2340  # the last whole second in the log
    resumed.advance(2700 - 2340)
    assert any(e["type"] in ("time_out", "hourglass_turned") for e in again.events)


def test_the_clock_waits_for_a_bot_choosing_again_at_its_moment():
    """A held answer whose moment comes after the match changed is chosen again; with a worker
    pool the clock's expiry at that tick waits for the new answer."""
    from concurrent.futures import Future

    class Later:
        """A pool whose jobs finish only when told (a slow thread)."""

        def __init__(self):
            self.jobs: list[tuple[Future, object, tuple]] = []

        def submit(self, fn, *args):
            future: Future = Future()
            self.jobs.append((future, fn, args))
            return future

        def finish(self):
            for future, fn, args in self.jobs:
                if not future.done():
                    future.set_result(fn(*args))

    pool = Later()
    match = Match.new(UBONGO, [Seat("A", "bot", "easy"), Seat("B")], {"first": 0}, 5, {"pawns": [0, 1]})
    referee = Referee(Authority(match), {0: UBONGO.bot("easy")}, Thinking(pool), people=[1])
    referee.advance(0)
    pool.finish()
    referee.advance(1)
    held = referee.held[0]
    assert held.tick > 1
    match.submit(1, {"move": "give_up", "tick": 2})  # the match changes before its moment
    referee.advance(held.tick - referee.now())
    assert 0 in referee.asking and referee.asking[0].again is not None  # chosen again, waited on
    before = len(match.events)
    referee.advance(5)
    assert len(match.events) == before  # nothing later goes in first
    pool.finish()
    referee.advance(1)
    assert any(e.get("seat") == 0 and e["type"] in ("solve", "give_up") for e in match.events)
