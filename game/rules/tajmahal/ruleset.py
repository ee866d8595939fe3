"""The Taj Mahal ruleset: its face (face.py), and the machinery wired to rules.py, view.py and
bots.py."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from game.core.i18n import msg
from game.core.ruleset import Command, Event, Outcome, Ruleset
from game.rules.tajmahal import rules
from game.rules.tajmahal.evolve import evolve
from game.rules.tajmahal.face import TajMahalFace, checks
from game.rules.tajmahal.face.board import load
from game.rules.tajmahal.face.data import CARDS, COLOURS, SPECIAL_ID
from game.rules.tajmahal.redact import SECRETS
from game.rules.tajmahal.resample import resample
from game.rules.tajmahal.setup import setup_events
from game.rules.tajmahal.state import State
from game.rules.tajmahal.view import view as make_view


class TajMahal(TajMahalFace, Ruleset):
    """Taj Mahal's machinery over its face: the opening (setup.py), decide (checks.py, then
    rules.py), the fold, the legal list, the views, the redaction and the bots."""

    secrets = SECRETS  # what a seat may see (redact.py): anything undeclared is withheld

    def empty(self, seats: int, options: dict[str, Any]) -> State:
        """An absent "first" (a save from before the option) is "random", as it always was."""
        first = (options or {}).get("first", "random")
        if first != "random" and (
            not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < seats
        ):
            raise ValueError(f"the start player is a seat from 1 to {seats}, not {first!r}")
        return State(seats, first=-1 if first == "random" else first)

    def setup(self, state: State, setup: dict[str, Any] | None, rng: random.Random) -> list[Event]:
        return setup_events(state.seats, setup, rng, state.first)

    def decide(self, state: State, seat: int | None, command: Command, rng: random.Random):
        return rules.decide(state, seat, command, rng)

    def evolve(self, state: State, event: Event) -> State:
        return evolve(state, event)

    def legal(self, state: State, seat: int) -> list[Command]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "build":
            return [{"move": "build", "city": c} for c in checks.build_cities(state, seat, load())]
        if state.phase == "pick":
            return [
                {"move": "pick", "cards": list(pair)} for pair in combinations(state.display, state.picks)
            ]
        return [*plays(state, seat), {"move": "withdraw"}]

    def see(self, state: State, seat: int | None) -> dict[str, Any]:
        return make_view(state, seat, sorted(self.to_act(state)))

    def resample(self, state: State, seat: int | None, rng: random.Random) -> State:
        return resample(state, self.view(state, seat), rng)

    def to_act(self, state: State) -> frozenset[int]:
        if state.phase in ("play", "build", "pick"):
            return frozenset({state.turn})
        return frozenset()

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = tuple(float(p.score) for p in state.players)
        key = [(p.score, rules.palace_count(state, i)) for i, p in enumerate(state.players)]
        best = max(key)
        winners = tuple(i for i, k in enumerate(key) if k == best)
        top = max(scores)
        tied = [i for i, s in enumerate(scores) if s == top]
        if len(winners) > 1:
            summary = msg("Shared win at {points} points", points=int(top))
        elif len(tied) > 1:
            summary = msg(
                "Seat {seat} wins with {points} points (more palaces breaks the tie)",
                seat=winners[0] + 1,
                points=int(top),
            )
        else:
            summary = msg("Seat {seat} wins with {points} points", seat=winners[0] + 1, points=int(top))
        return Outcome(
            winners,
            scores,
            summary,
            {"palaces": [k[1] for k in key], "tie_break": "palaces on the board, then shared"},
        )

    def bot(self, level: str):
        from game.rules.tajmahal.bots import make_bot

        return make_bot(level)


def plays(state: State, seat: int) -> list[Command]:
    """Every legal card play: one coloured card, alone or with one white or special card."""
    p = state.players[seat]
    coloured = [c for c in p.hand if CARDS[c].colour in COLOURS]
    extras = [c for c in p.hand if CARDS[c].colour in ("white", "special")]
    change = SPECIAL_ID["change"]
    out: list[Command] = []
    for c in coloured:
        ok = not p.colour or CARDS[c].colour == p.colour
        if ok:
            out.append({"move": "play", "cards": [c]})
        for x in extras:
            if ok or x == change:
                out.append({"move": "play", "cards": [c, x]})
    return out


RULESET = TajMahal()
