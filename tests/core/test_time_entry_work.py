"""The clock's time entry, one every second of sand (about 400 in a race game beside 48
moves), costs a few calls: a stride of the referee that only writes it neither asks, collects
nor steps through the whole settle loop, and the entry is neither decided in general nor
copied through JSON. Counted in calls, not time."""

from __future__ import annotations

import sys
from collections import Counter

from game.core import codec
from game.core import match as matchmod
from game.core import referee as refmod
from game.core.authority import Authority
from game.core.codec import roundtrip
from game.core.match import Match, Seat
from game.core.referee import Referee
from game.rules.ubongo.bench import Idle
from game.rules.ubongo.ruleset import RULESET

SECONDS = 40
CALLS_PER_ENTRY = 40  # Python functions called per entry, the stride's and all: 23 (93 before)


def _race() -> tuple[Match, Referee]:
    """Three seats whose answers are all held (their pawns, then giving up as the sand runs
    out), in the first solve phase: from here only the clock writes until the sand ends."""
    seats = [Seat(name, "bot", "idle") for name in "abc"]
    match = Match.new(RULESET, seats, {}, 1)
    referee = Referee(Authority(match), {i: Idle() for i in range(3)})
    while match.state.phase != "solve":
        referee.advance(1)
    referee.advance(1)  # every answer asked and held
    return match, referee


def test_a_stride_that_only_writes_time_takes_none_of_the_general_work(monkeypatch):
    match, referee = _race()
    seen: Counter[str] = Counter()

    def counted(name, work):
        def wrapper(*args, **kwargs):
            seen[name] += 1
            return work(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(Referee, "_step", counted("step", Referee._step))
    monkeypatch.setattr(Referee, "_ask_all", counted("ask", Referee._ask_all))
    monkeypatch.setattr(Referee, "_collect", counted("collect", Referee._collect))
    monkeypatch.setattr(type(RULESET), "decide", counted("decide", type(RULESET).decide))
    monkeypatch.setattr(matchmod, "roundtrip", counted("roundtrip", codec.roundtrip))
    monkeypatch.setattr(matchmod.rngmod, "derive", counted("derive", matchmod.rngmod.derive))
    before = len(match.commands)
    referee.advance(SECONDS * refmod.TIME_STEP)
    written = match.commands[before:]
    assert [c.command for c in written] == [
        {"move": "time", "tick": (k + 1) * refmod.TIME_STEP} for k in range(SECONDS)
    ]
    assert seen["step"] == seen["ask"] == seen["collect"] == 0
    assert seen["decide"] == seen["roundtrip"] == seen["derive"] == 0


def test_a_time_entry_costs_a_few_calls():
    match, referee = _race()
    calls = 0

    def profile(frame, event, arg):
        nonlocal calls
        if event == "call":
            calls += 1

    before = len(match.commands)
    sys.setprofile(profile)
    try:
        referee.advance(SECONDS * refmod.TIME_STEP)
    finally:
        sys.setprofile(None)
    assert len(match.commands) - before == SECONDS
    assert calls <= CALLS_PER_ENTRY * SECONDS, f"{calls / SECONDS:.1f} calls per time entry"


def test_the_clock_s_time_entry_holds_what_decide_gives():
    """Ruleset.time_events gives decide's events as the log holds them (keys in order), or
    None where decide refuses: at every state of a game, for ticks around the clock."""
    from game.rules.ubongo import bench

    played = bench.idle_seat_game(101, ("medium", "hard"))
    state = RULESET.empty(len(played.seats), played.options)
    checked = accepted = 0
    for event in played.events:
        state = RULESET.evolve(state, event)
        due = RULESET.clock(state)
        now = RULESET.time(state, None)
        ends = [] if due is None else [due["tick"] - 1, due["tick"], due["tick"] + 1]
        for tick in {0, now - 1, now, now + 1, now + 60, *ends, True, 1.5}:
            quick = RULESET.time_events(state, tick)
            decided = RULESET.decide(state, None, {"move": "time", "tick": tick}, None)
            checked += 1
            if quick is None:
                assert not isinstance(decided, list) or state.phase != "solve"
                continue
            accepted += 1
            assert isinstance(decided, list)
            assert [list(e.items()) for e in quick] == [list(e.items()) for e in roundtrip(decided)]
    assert accepted > 100 and checked > accepted
