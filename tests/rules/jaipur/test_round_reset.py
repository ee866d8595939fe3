"""What docs/jaipur.md states about a new round: the discard pile is emptied and every card is
shuffled back into one whole deck."""

from __future__ import annotations

from collections import Counter

import pytest

from game.core import registry
from game.core.match import Match, Seat
from game.core.rng import derive
from game.core.ruleset import Budget
from game.rules.jaipur.face.cards import full_deck


@pytest.mark.parametrize("solo", [False, True])
def test_each_new_round_empties_the_discard_and_deals_from_every_card(solo):
    rules = registry.get("jaipur")
    second = Seat("Rule bot", "rules", "") if solo else Seat("Bo", "bot", "easy")
    options = {"variant": "solo"} if solo else {}
    match = Match.new(rules, [Seat("Ann", "bot", "easy"), second], options, seed=7)
    bot = rules.bot("easy")
    while not match.finished:
        seat = min(match.to_act)
        command = bot.choose(match.view(seat), match.legal(seat), derive(1, len(match.events)), Budget())
        assert isinstance(match.submit(seat, command), list)
    deals = [i for i, e in enumerate(match.events) if e["type"] == "deal"]
    assert len(deals) >= 2, "one round only: the test would prove nothing"
    for i in deals[1:]:
        assert match.view_at(i, 0)["discard"], "nothing discarded last round: proves nothing"
        assert match.view_at(i + 1, 0)["discard"] == []
        assert Counter(match.events[i]["deck"]) == Counter(full_deck(solo))
