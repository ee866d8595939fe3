"""Jaipur's view hands out again the parts made from unchanged state (game/core/parts.py): the
token piles, the bonus piles' sizes and the tokens earned, so the secrets filter walks them once
a change instead of once a view (a server filters a view per seat per update). A shared part
must never be stale: at every state of whole games, standard and solo, for both seats and a
spectator, the view equals one made from nothing, and so do their filtered forms."""

from __future__ import annotations

import copy

import pytest

from game.core import registry
from game.core.history import Timeline
from game.core.match import Match, Seat
from game.core.parts import Parts
from game.core.rng import stream
from game.core.ruleset import Budget
from game.rules.jaipur import view as view_mod


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
    timeline = Timeline(match)
    secrets = match.ruleset.secrets
    shared_parts = Parts()
    handed_again = 0
    last = None
    for count in range(len(match.events) + 1):
        state = timeline.state(count)
        for seat in (0, 1, None):
            monkeypatch.setattr(view_mod, "_parts", shared_parts)
            shared = view_mod.view(state, seat)
            monkeypatch.setattr(view_mod, "_parts", Parts())
            fresh = view_mod.view(state, seat)
            assert shared == fresh, (count, seat)
            assert secrets.filter_view(shared, seat) == secrets.filter_view(copy.deepcopy(fresh), seat)
            if last is not None and shared["tokens"] is last["tokens"]:
                handed_again += 1
            last = shared
    assert handed_again > len(match.events)  # the parts were shared, not made each time
