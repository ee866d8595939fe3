"""A command of a strange shape (a move that is a list, an object, a number; a field that is
anything) is refused with a reason a person can read and changes nothing, in every game: a
client on the network can send any JSON, and the rules must never raise on it. The face's
why_not, which a table asks on its view, says the same and never raises either."""

from __future__ import annotations

import random

import pytest

from game.core import registry
from game.core.bots import RandomBot
from game.core.match import Match
from game.core.ruleset import Budget, Rejected
from game.core.seats import from_specs

JUNK = [[], {}, None, 5, -1, "x", 10**6, [None], ["x"], [[1, 2]], {"a": 1}, True, 1.5]


@pytest.mark.parametrize("game", registry.games())
def test_a_command_of_any_shape_is_refused_with_a_reason_and_changes_nothing(game):
    rules, face = registry.get(game), registry.face(game)
    fewest = rules.seat_range(rules.default_options())[0]
    match = Match.new(rules, from_specs(rules, ["random"] * fewest, {}), {}, 3)
    rng, bot = random.Random(1), RandomBot()
    for _ in range(40):
        if match.finished or not match.to_act:
            break
        seat = min(match.to_act)
        legal = match.legal(seat)
        before = (len(match.events), match.state)
        strange = [{"move": j} for j in JUNK]
        strange += [{**c, k: j} for c in legal[:4] for k in c if k != "move" for j in JUNK]
        view = match.view(seat)
        for command in strange:
            result = match.check(seat, command)
            assert result is None or (isinstance(result, Rejected) and result.reason), command
            said = face.why_not(view, seat, command)  # the table's answer, from the view alone
            assert said == result and (said is None or str(said.reason) == str(result.reason)), command
        assert (len(match.events), match.state) == before
        match.submit(seat, bot.choose(match.view(seat), legal, rng, Budget()))
