"""Time in the log moves no draw (issue 52): the rules' random source and the bots' are keyed
by the log's events that are not time (`Match.drawn`), so a race written down every second of
sand (a stored table) and one that writes no time at all (`sim`, the bench) play the same game,
and a match rebuilt from its log, or branched from a replay, draws where the original did."""

from __future__ import annotations

from game.core.authority import Authority
from game.core.history import Timeline
from game.core.match import Match, Seat, verify
from game.core.referee import Referee
from game.rules.ubongo.bench import Idle
from game.rules.ubongo.ruleset import RULESET


def _race(seed: int, log_time: bool) -> Match:
    seats = [Seat("idle", "bot", "idle"), Seat("medium", "bot", "medium"), Seat("hard", "bot", "hard")]
    match = Match.new(RULESET, seats, {}, seed)
    players = {0: Idle(), 1: RULESET.bot("medium"), 2: RULESET.bot("hard")}
    authority = Authority(match)
    referee = Referee(authority, players, log_time=log_time)
    while not match.finished:
        referee.advance(referee.quiet())
    referee.close()
    authority.detach()
    return match


def _moves(match: Match) -> list[dict]:
    return [e for e in match.events if e["type"] != "time"]


def test_a_race_with_its_seconds_in_the_log_is_the_race_without_them():
    for seed in (100, 101, 102):
        written, bare = _race(seed, True), _race(seed, False)
        assert len(written.events) > len(bare.events) + 300  # about 400 seconds of sand written
        assert not any(e["type"] == "time" for e in bare.events)
        assert _moves(written) == _moves(bare)
        assert written.outcome == bare.outcome


def test_a_match_rebuilt_from_its_log_draws_where_the_original_did():
    match = _race(103, True)
    rebuilt = Match.from_json(match.to_json())
    assert rebuilt.drawn == match.drawn < len(match.events)
    ok, why = verify(match.to_json())  # every command decided again from the seed
    assert ok, why
    for count in (0, 40, len(match.events) // 2, len(match.events)):
        times = sum(e["type"] == "time" for e in match.events[:count])
        assert match.draws_at(count) == rebuilt.draws_at(count) == count - times


def test_a_branch_from_a_replay_counts_its_time_as_the_match_did():
    match = _race(104, True)
    timeline = Timeline(match)
    count = len(match.events) // 2
    branch = timeline.match_at(count)
    assert branch.drawn == match.draws_at(count)
