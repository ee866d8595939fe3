"""Ubongo's view hands out again the parts made from unchanged state (game/core/parts.py), so
the secrets filter, which remembers the last object it showed, walks the placements, moves,
gems and hourglass once a change instead of once a view. A shared part must never be stale:
at every state of whole games, for every seat and a spectator, the view equals one made from
nothing, and its filtered form equals the filter's answer for a fresh copy."""

from __future__ import annotations

import pytest

from game.core.authority import Authority
from game.core.match import Match, Seat
from game.core.referee import Referee
from game.rules.ubongo import view as view_mod
from game.rules.ubongo.ruleset import RULESET
from tests.parts import check_shared_parts


def _game(seed: int, clock: str) -> Match:
    seats = [Seat(level, "bot", level) for level in ("easy", "medium", "hard")]
    match = Match.new(RULESET, seats, {"clock": clock}, seed)
    players = {i: RULESET.bot(s.level) for i, s in enumerate(seats)}
    authority = Authority(match)
    referee = Referee(authority, players)
    while not match.finished:
        referee.advance(referee.quiet())
    referee.close()
    authority.detach()
    return match


@pytest.mark.parametrize("clock", ["shared", "turns"])
def test_every_view_with_shared_parts_is_the_view_made_from_nothing(clock, monkeypatch):
    match = _game(5, clock)
    check_shared_parts(
        match, view_mod, lambda state, seat: view_mod.view(RULESET, state, seat), "placements", monkeypatch
    )
