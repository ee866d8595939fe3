"""Helpers for the store tests: the tiny game, a variant whose commands cause two events, and
a way to play either to a chosen length."""

from __future__ import annotations

from game.core import registry
from game.core.match import Match, Seat
from tests.core.tinygame import RULESET, Tiny


class TinyDouble(Tiny):
    """Like tiny, plus "draw2": two draw events from one command (to test atomic commands)."""

    name = "tinydouble"
    title = "Tiny double"

    def decide(self, state, seat, command, rng):
        if command.get("move") == "draw2" and seat == state.turn and len(state.deck) >= 2:
            other = 1 - seat
            return [
                {"type": "draw", "seat": seat, "card": state.deck[0]},
                {"type": "draw", "seat": other, "card": state.deck[1]},
            ]
        return super().decide(state, seat, command, rng)


DOUBLE = TinyDouble()
registry.register(RULESET)
registry.register(DOUBLE)

SEATS = [Seat("Ann"), Seat("Bot", "bot", "easy")]


def new(seed: int = 1, ruleset=RULESET, seats=None, setup=None) -> Match:
    return Match.new(ruleset, list(seats or SEATS), seed=seed, setup=setup)


def step(match: Match, index: int) -> None:
    """Command number `index` of a fixed pattern: pass, pass, draw, pass, draw, ... (ends)."""
    seat = next(iter(match.to_act))
    result = match.submit(seat, {"move": "draw" if index % 2 == 0 and index else "pass"})
    assert result, result


def play(match: Match, commands: int | None = None) -> Match:
    """Play `commands` more commands, or to the end when None."""
    index = len(match.commands)
    while not match.finished and (commands is None or commands > 0):
        step(match, index)
        index += 1
        if commands is not None:
            commands -= 1
    return match
