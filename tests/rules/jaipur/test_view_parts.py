"""Jaipur's view hands out again the parts made from unchanged state (game/core/parts.py): the
token piles, the bonus piles' sizes and the tokens earned, so the secrets filter walks them once
a change instead of once a view (a server filters a view per seat per update). A shared part
must never be stale: at every state of whole games, standard and solo, for both seats and a
spectator, the view equals one made from nothing, and so do their filtered forms."""

from __future__ import annotations

import pytest

from game.core import registry
from game.core.match import Match, Seat
from game.core.rng import stream
from game.core.ruleset import Budget
from game.rules.jaipur import view as view_mod
from tests.parts import check_shared_parts


def _game(seed: int, variant: str) -> Match:
    rules = registry.get("jaipur")
    seats = [Seat("a", "bot", "easy"), Seat("b", "bot", "easy")]
    match = Match.new(rules, seats, {"variant": variant} if variant != "standard" else {}, seed)
    bot = rules.bot("easy")
    while not match.finished:
        seat = min(match.to_act)
        rng = stream("bot", seed, seat, len(match.events))
        match.submit(seat, bot.choose(match.view(seat), match.legal(seat), rng, Budget()))
    return match


@pytest.mark.parametrize("variant", ["standard", "solo"])
def test_every_view_with_shared_parts_is_the_view_made_from_nothing(variant, monkeypatch):
    match = _game(11, variant)
    check_shared_parts(match, view_mod, view_mod.view, "tokens", monkeypatch)
