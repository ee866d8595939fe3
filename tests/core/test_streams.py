"""Bots and hints draw from random streams of their own, never the rules' (issue 42).

The rules' generator for the command decided when the log is n events long is derive(seed, n);
a bot's, a hint's and the review's are stream(kind, seed, seat, at). Before, a bot drew from
derive(seed, 8 * at + seat), which is the rules' own generator for a later log length: a bot
could then know the deck to come. Every (seat, moment) of whole matches is checked against
every rules' generator those matches could use."""

from __future__ import annotations

import random

import pytest

from game.core import registry
from game.core.authority import Authority
from game.core.match import Match
from game.core.referee import Referee
from game.core.rng import derive, stream
from game.core.seats import Seat
from tests import games


class Spy:
    """A game's easy bot that notes the random source it was handed, and when."""

    level = "easy"

    def __init__(self, rules, seat: int, seen: list):
        self.bot, self.seat, self.seen = rules.bot("easy"), seat, seen

    def choose(self, view, legal, rng: random.Random, budget):
        self.seen.append((self.seat, rng.getstate()))
        return self.bot.choose(view, legal, rng, budget)


def played(game: str, seed: int) -> tuple[Match, list]:
    rules = registry.get(game)
    n = games.seat_range(game)[0]
    match = Match.new(rules, [Seat(f"S{i}", "bot", "easy") for i in range(n)], {}, seed)
    seen: list = []
    referee = Referee(Authority(match), {i: Spy(rules, i, seen) for i in range(n)})
    for _ in range(100_000):
        if match.finished:
            break
        referee.advance(referee.quiet())
    referee.close()
    assert match.finished
    return match, seen


@pytest.mark.parametrize("game", games.games())
def test_no_bot_or_hint_ever_draws_the_rules_numbers(game):
    seed = 11
    match, seen = played(game, seed)
    rules_states = {derive(seed, n).getstate() for n in range(len(match.events) + 64)}
    moments = [(e.seat, e.at) for e in match.commands if e.seat is not None]
    assert len(moments) >= 10 and seen  # a whole match (the test game has 12 moves)
    for seat, at in moments:  # every (seat, move) of the match
        for kind in ("bot", "hint", "review"):
            assert stream(kind, seed, seat, at).getstate() not in rules_states, (kind, seat, at)
    # what the referee handed the bots is their stream, at the moment each was asked
    handed = {state for _, state in seen}
    assert not handed & rules_states
    streams = {
        stream("bot", seed, s, n).getstate()
        for s in range(len(match.seats))
        for n in range(len(match.events) + 1)
    }
    assert handed <= streams
    # the old derivation lands on the rules' generators (the deck to come) for the same moments
    assert any(derive(seed, at * 8 + seat).getstate() in rules_states for seat, at in moments)
