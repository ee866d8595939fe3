"""A tiny two-seat game that lives only in the tests, to exercise the core.

Nine numbered cards are shuffled; on your turn you draw the top card into your hidden hand or
pass. When the deck is empty the higher hand total wins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from game.core.ruleset import Budget, Outcome, Rejected, Ruleset
from game.core.secrets import COUNT, OWN, PUBLIC, Owner, Secrets


@dataclass(frozen=True)
class State:
    deck: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ((), ())
    turn: int = 0
    passes: int = 0


def refusal(turn: bool, command: dict) -> Rejected | None:
    """decide's checks, which why_not runs on a view: whose turn, which move."""
    if not turn:
        return Rejected("it is not your turn")
    move = command.get("move")
    if move not in ("draw", "pass"):
        return Rejected(f"unknown move {move!r}")
    return None


class FirstBot:
    level = "easy"

    def choose(self, view, legal, rng: random.Random, budget: Budget):
        return legal[0]


class Tiny(Ruleset):
    name = "tiny"
    title = "Tiny"
    # the deck's order is nobody's; a drawn card is the drawer's
    secrets = Secrets(
        events={
            "deal": {"deck": COUNT},
            "draw": {"seat": PUBLIC, "card": Owner("seat")},
            "pass": {"seat": PUBLIC},
        },
        view={"seat": OWN, "to_act": PUBLIC, "deck": PUBLIC, "hand": OWN, "opponent_hand": OWN},
    )

    def empty(self, seats, options):
        return State()

    def setup(self, state, setup, rng):
        deck = list(setup["deck"]) if setup else rng.sample(range(1, 10), 9)
        return [{"type": "deal", "deck": deck}]

    def decide(self, state, seat, command, rng):
        refused = refusal(seat in self.to_act(state), command)
        if refused is not None:
            return refused
        if command["move"] == "draw":
            return [{"type": "draw", "seat": seat, "card": state.deck[0]}]
        return [{"type": "pass", "seat": seat}]

    def why_not(self, view, seat, command):
        return refusal(seat in view["to_act"], command)

    def evolve(self, state, event):
        kind = event["type"]
        if kind == "deal":
            return State(deck=tuple(event["deck"]))
        hands = list(state.hands)
        if kind == "draw":
            hands[event["seat"]] += (event["card"],)
            return replace(state, deck=state.deck[1:], hands=tuple(hands), turn=1 - state.turn)
        return replace(state, turn=1 - state.turn, passes=state.passes + 1)

    def legal(self, state, seat):
        return [{"move": "draw"}, {"move": "pass"}] if seat in self.to_act(state) else []

    def see(self, state, seat):
        return {
            "seat": seat,
            "to_act": sorted(self.to_act(state)),
            "deck": len(state.deck),
            "hand": list(state.hands[seat]) if seat is not None else [],
            "opponent_hand": len(state.hands[1 - seat]) if seat is not None else 0,
        }

    def to_act(self, state):
        return frozenset() if not state.deck else frozenset({state.turn})

    def outcome(self, state):
        if state.deck:
            return None
        totals = tuple(sum(h) for h in state.hands)
        best = max(totals)
        return Outcome(tuple(i for i, t in enumerate(totals) if t == best), totals)

    def bot(self, level):
        return FirstBot()

    def resample(self, state, seat, rng):
        """The deck's order and the hands `seat` does not hold, drawn again; at the end the
        outcome sums the hands, laid down: nothing is hidden then."""
        if not state.deck:
            return state
        others = [s for s in (0, 1) if s != seat]
        pool = [*state.deck, *(c for s in others for c in state.hands[s])]
        rng.shuffle(pool)
        hands = list(state.hands)
        for s in others:
            hands[s], pool = tuple(pool[: len(hands[s])]), pool[len(hands[s]) :]
        return replace(state, deck=tuple(pool), hands=tuple(hands))


RULESET = Tiny()
