"""Hypothesis properties over whole games played by bots."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import codec
from game.core.authority import Authority
from game.core.match import Match, Seat
from game.core.referee import Referee
from game.core.rng import stream
from game.core.ruleset import Budget, Rejected
from game.rules.ubongo.face.constants import CLOCKS, COLOURS
from game.rules.ubongo.ruleset import RULESET, Ubongo

from .helpers import deal

LEVELS = ("easy", "medium", "hard", "random")
JUNK = [
    {"move": "pawn", "row": 9},
    {"move": "pawn", "row": 2},
    {"move": "solve", "tick": 10, "placements": []},
    {"move": "solve", "tick": 99999, "placements": []},
    {"move": "expire", "tick": 1},
    {"move": "give_up"},
    {"move": "dance"},
]


def gems_conserved(match: Match) -> None:
    v = match.view(None)
    count = Counter(g for row in v["gems"] for g in row)
    for held in v["held"]:
        count.update({c: n for c, n in held.items()})
    assert count == {c: 12 for c in COLOURS}, count


def replay_equals_live(match: Match) -> None:
    """Folding the saved log gives the state the live game reached."""
    again = Match.from_json(codec.roundtrip(match.to_json()), type(match.ruleset)())
    assert again.state == match.state


def play(match: Match, specs, seed: int, junk_rng=None) -> None:
    """Bots play the match to its end: on one clock as every match is driven (the referee,
    game.core.referee), or in turns lowest seat first (any order of arrival must do there)."""
    from game.core import bots

    rules = match.ruleset
    players = [bots.make(rules, spec) for spec in specs]

    def choose(seat: int, at: int) -> dict:
        rng = stream("bot", seed, seat, at)
        return players[seat].choose(match.view(seat), match.legal(seat), rng, Budget())

    referee = Referee(Authority(match), dict(enumerate(players))) if match.state.clock == "shared" else None
    for _ in range(20000):
        if match.finished:
            return
        if junk_rng is not None and junk_rng.random() < 0.3:
            before = match.state
            count = len(match.events)
            seat = junk_rng.choice([None, *range(len(specs))])
            result = match.submit(seat, junk_rng.choice(JUNK))
            if isinstance(result, Rejected):
                assert match.state == before and len(match.events) == count
            gems_conserved(match)
            continue
        waiting = sorted(match.to_act)
        if referee is not None:
            referee.advance(min(referee.quiet(), 60))  # a bot's move, a second of sand or the expiry
            gems_conserved(match)
            continue
        if not waiting:
            seat, cmd = None, rules.clock(match.state)
        else:
            seat = waiting[0]
            cmd = choose(seat, len(match.events))
        result = match.submit(seat, cmd)
        assert not isinstance(result, Rejected), result.reason
        gems_conserved(match)
    raise AssertionError("the game did not end")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    specs=st.lists(st.sampled_from(LEVELS), min_size=2, max_size=4),
    hard=st.booleans(),
    clock=st.sampled_from(CLOCKS),
)
def test_72_gems_conserved_and_replay_equals_live(seed, specs, hard, clock):
    options = {f"side{i + 1}": "hard" if hard and i % 2 else "easy" for i in range(len(specs))}
    options["extra2"] = 10
    options["clock"] = clock
    m = Match.new(RULESET, [Seat(s) for s in specs], options, seed=seed)
    play(m, specs, seed)
    assert m.outcome is not None
    replay_equals_live(m)
    from game.core.match import verify

    good, why = verify(m.to_json())
    assert good, why


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), junk=st.integers(0, 10_000), clock=st.sampled_from(CLOCKS))
def test_rejected_commands_change_nothing(seed, junk, clock):
    import random

    specs = ["hard", "easy", "medium"]
    m = Match.new(RULESET, [Seat(s) for s in specs], {"clock": clock}, seed=seed)
    play(m, specs, seed, junk_rng=random.Random(junk))


@given(seed=st.integers(0, 1000))
@settings(max_examples=10, deadline=None)
def test_views_leak_nothing_hidden(seed):
    """The boards still in the box and the die rolls to come are nobody's to see."""
    import random

    rng = random.Random(seed)
    first = rng.sample(range(1, 37), 2)
    rest = [b for b in range(1, 37) if b not in first]
    a = deal(2, [0, 0], dice=[1, *rng.choices(range(6), k=8)], boards=first + rng.sample(rest, 16))
    b = deal(2, [0, 0], dice=[1, *rng.choices(range(6), k=8)], boards=first + rng.sample(rest, 16))
    views = []
    for setup in (a, b):
        m = Match.new(RULESET, [Seat("x"), Seat("y")], {}, seed=seed, setup=setup)
        views.append([m.view(s) for s in (0, 1, None)])
    assert views[0] == views[1]
    codec.dumps(views[0])  # JSON-able


class LosesAGem(Ubongo):
    """A deliberately broken ruleset: the second gem of a take vanishes from the board."""

    def evolve(self, state, event):
        after = super().evolve(state, event)
        if event["type"] == "gems" and len(event["gems"]) == 2:
            colour = COLOURS.index(event["gems"][1])
            held = list(after.held[event["seat"]])
            held[colour] -= 1
            after = replace(
                after, held=(*after.held[: event["seat"]], tuple(held), *after.held[event["seat"] + 1 :])
            )
        return after


class RemembersOutsideTheLog(Ubongo):
    """A deliberately broken ruleset: evolve reads a count that only deciding changes."""

    def __init__(self):
        self.decided = 0

    def decide(self, state, seat, command, rng):
        self.decided += 1
        return super().decide(state, seat, command, rng)

    def time_events(self, state, tick):
        return None  # the clock's time entries are decided too, and counted

    def evolve(self, state, event):
        after = super().evolve(state, event)
        return replace(after, face=self.decided % 6) if event["type"] == "round_start" else after


def test_the_gem_property_catches_a_lost_gem():
    """The conservation check can fail: it does on a ruleset that loses gems."""
    m = Match.new(LosesAGem(), [Seat("hard"), Seat("hard")], {"clock": "shared"}, seed=4)
    with pytest.raises(AssertionError):
        play(m, ["hard", "hard"], 4)


def test_the_replay_property_catches_state_kept_outside_the_log():
    """The replay check can fail: it does on a ruleset whose state depends on more than its events."""
    m = Match.new(RemembersOutsideTheLog(), [Seat("hard"), Seat("medium")], {"clock": "shared"}, seed=4)
    play(m, ["hard", "medium"], 4)
    with pytest.raises(AssertionError):
        replay_equals_live(m)


def pawn_runs(commands) -> list[list]:
    """The log's commands cut into runs: each round's pawn moves (those with a tick) together."""
    runs: list[tuple[bool, list]] = []
    for entry in commands:
        is_move = entry.command.get("move") == "pawn" and "tick" in entry.command
        if is_move and runs and runs[-1][0]:
            runs[-1][1].append(entry)
        else:
            runs.append((is_move, [entry]))
    return [entries for _, entries in runs]


def the_game(match: Match) -> tuple:
    """What the players end up with: gems, pawns, solve times (not the order things came in)."""
    s = match.state
    return (s.held, s.gems, s.pawns, s.results, s.round, s.phase)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    specs=st.lists(st.sampled_from(LEVELS), min_size=2, max_size=4),
    shuffle=st.integers(0, 10_000),
)
def test_in_turns_the_order_pawn_moves_arrive_in_never_matters(seed, specs, shuffle):
    """Pass-and-play (docs/ubongo.md; パズルを解いた順番と宝石を手に入れる順番は関係ありません):
    a shared row goes to whoever reached it earlier on their own clock, so the same moves sent
    in any order give the same game, gem for gem."""
    import random

    options = {"clock": "turns"}
    m = Match.new(RULESET, [Seat(s) for s in specs], options, seed=seed)
    play(m, specs, seed)
    rng = random.Random(shuffle)
    again = Match.new(RULESET, [Seat(s) for s in specs], options, seed=seed)
    for run in hourglasses(m):
        moves = [e for e in run if e.command.get("move") == "pawn" and "tick" in e.command]
        rng.shuffle(moves)
        for entry in [e for e in run if e not in moves] + moves:
            result = again.submit(entry.seat, entry.command)
            assert not isinstance(result, Rejected), result.reason
    assert the_game(again) == the_game(m)


def hourglasses(match: Match) -> list[list]:
    """The log's commands cut into each hourglass's, the clock's own (seat None) apart."""
    runs: list[tuple[object, list]] = []
    for entry in match.commands:
        before = match.events[: entry.at]
        turns = sum(e["type"] in ("round_start", "hourglass_turned") for e in before)
        key = None if entry.seat is None else turns
        if not runs or key is None or runs[-1][0] != key:
            runs.append((key, []))
        runs[-1][1].append(entry)
    return [run for _, run in runs]
