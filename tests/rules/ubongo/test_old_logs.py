"""Logs saved before solvers took their gems at once (their solving ended first with a
`solving_over` event, and every move's gems were taken together at the end) still replay to
the same game, and one left mid-round plays on under today's rules."""

from __future__ import annotations

import json
from pathlib import Path

from game.core import bots
from game.core.authority import Authority
from game.core.match import Match
from game.core.referee import Referee

LOGS = Path(__file__).parent / "logs"


def load(name: str) -> Match:
    return Match.from_json(json.loads((LOGS / name).read_text(encoding="utf-8")))


def test_an_old_finished_game_replays_to_the_same_result():
    m = load("old-full.json")
    assert any(e["type"] == "solving_over" for e in m.events)
    assert m.options["clock"] == "shared"  # three bots: one clock, as the seats say
    assert m.outcome.winners == (0,) and m.outcome.scores == (8.0, 7.0, 8.0)
    assert m.state.held == ((1, 4, 4, 1, 0, 8), (0, 1, 3, 3, 7, 0), (8, 2, 0, 3, 3, 0))
    assert m.state.results[:3] == ((487, 515, 1945), (1101, None, 751), (1641, 1006, 1706))


def test_an_old_game_left_while_solvers_moved_plays_on_to_its_end():
    m = load("old-mid-gems.json")
    v = m.view(None)
    assert v["round"] == 3 and v["status"] == ["moved", "solved", "solved"]
    assert v["order"] == [2, 1, 0] and v["moves"][0]["gems"] is None  # its gems were still to come
    players = {seat: bots.make(m.ruleset, "medium") for seat in range(len(m.seats))}
    referee = Referee(Authority(m), players)  # a bot that plays an illegal move raises Failed
    while not m.finished:
        referee.advance(referee.quiet())
    third = [e for e in m.events if e["type"] == "gems" and e["seat"] == 0]
    assert third, "seat 0's move of round 3 took its gems"
    gems = sum(len(row) for row in m.view(None)["gems"]) + sum(sum(h.values()) for h in m.view(None)["held"])
    assert gems == 72
