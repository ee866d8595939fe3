"""The Jaipur ruleset: two players, or one against the solo variant's rule bot."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.core.i18n import msg
from game.core.ruleset import Bot, Outcome, Ruleset
from game.rules.jaipur import moves
from game.rules.jaipur.evolve import evolve
from game.rules.jaipur.face import JaipurFace, checks
from game.rules.jaipur.face.cards import BONUS, BONUS_SIZES, BOT_DECK, full_deck
from game.rules.jaipur.redact import SECRETS
from game.rules.jaipur.resample import resample
from game.rules.jaipur.round import deal_event, settle
from game.rules.jaipur.state import State
from game.rules.jaipur.view import to_act, view


def check_setup(setup: dict[str, Any], solo: bool) -> None:
    """A fixed deal must hold exactly the right cards and bonus values (ValueError if not)."""
    deck = setup.get("deck")
    if not isinstance(deck, list) or Counter(deck) != Counter(full_deck(solo)):
        raise ValueError(f"setup deck must be the {len(full_deck(solo))} cards left after the market camels")
    bonus = setup.get("bonus")
    if not isinstance(bonus, dict):
        raise ValueError("setup bonus must map 3, 4 and 5 to the bonus values")
    for size in BONUS_SIZES:
        if sorted(bonus.get(str(size), [])) != sorted(BONUS[size]):
            raise ValueError(f"setup bonus {size} must be {sorted(BONUS[size])} in some order")
    if solo and Counter(setup.get("bot_deck") or []) != Counter(BOT_DECK):
        raise ValueError("setup bot_deck must hold one card of each kind (7 names)")
    if setup.get("first", 0) not in (0, 1):
        raise ValueError("setup first must be 0 or 1")


class Jaipur(JaipurFace, Ruleset):
    """Jaipur's machinery over its face: the deal, decide (checks.py, then moves.py), the fold,
    the views, the redaction and the bots."""

    secrets = SECRETS  # what a seat may see (redact.py): anything undeclared is withheld

    def empty(self, seats: int, options: dict[str, Any]) -> State:
        return State(solo=options.get("variant") == "solo", first=options.get("first", "random"))

    def setup(self, state: State, setup: dict[str, Any] | None, rng: random.Random) -> list[dict[str, Any]]:
        if setup is not None:
            check_setup(setup, state.solo)
            first = 0 if state.solo else setup.get("first", 0)
            event = {"type": "deal", "round": 1, "first": first, "deck": list(setup["deck"])}
            event["bonus"] = {str(k): list(setup["bonus"][str(k)]) for k in BONUS_SIZES}
            if state.solo:
                event["bot_deck"] = list(setup["bot_deck"])
        else:
            first = state.first if state.first in (0, 1) else rng.randrange(2)
            event = deal_event(state, 1, 0 if state.solo else first, rng)
        return [event]

    def decide(self, state: State, seat: int | None, command: dict[str, Any], rng: random.Random):
        # checks.check, unrolled: this is the engine's inner loop (moves_per_s)
        refused = checks.turn(state, seat)
        if refused is not None:
            return refused
        assert seat is not None
        kind = command.get("move")
        check = checks.MOVES.get(kind) if isinstance(kind, str) else None
        if check is None:
            return checks.move(state, seat, command)  # says why
        refused = check(state, seat, command)
        if refused is not None:
            return refused
        events = moves.MOVES[kind](state, seat, command)
        if not state.solo and not moves.may_end(state, events):
            return events  # the common case: nothing follows, skip folding twice
        for event in events:
            state = evolve(state, event)
        _, more = settle(state, rng)
        return events + more

    def evolve(self, state: State, event: dict[str, Any]) -> State:
        return evolve(state, event)

    def legal(self, state: State, seat: int) -> list[dict[str, Any]]:
        if seat not in to_act(state):
            return []
        return moves.legal(state, seat)

    def see(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def resample(self, state: State, seat: int | None, rng: random.Random) -> State:
        for s in (0, 1) if seat is None else (seat,):  # a spectator knows less than either seat
            state = resample(state, s, self.view(state, s), rng)
        return state

    def to_act(self, state: State) -> frozenset[int]:
        return to_act(state)

    def outcome(self, state: State) -> Outcome | None:
        if state.winner is None:
            return None
        w = state.winner
        a, b = state.seals[w], state.seals[1 - w]
        return Outcome(
            (w,),
            tuple(float(s) for s in state.seals),
            msg("Seat {seat} wins the match, {a} seals to {b}", seat=w + 1, a=a, b=b),
            {"sheets": list(state.sheets), "rounds": state.round},
        )

    def bot(self, level: str) -> Bot:
        from game.rules.jaipur.bots import make

        return make(level)


RULESET = Jaipur()
