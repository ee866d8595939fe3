"""The Gin Rummy ruleset: the contract's methods over rules.py, view.py and bots.py."""

from __future__ import annotations

import random
from typing import Any

from game.core.ruleset import Command, Event, Option, Outcome, Rejected, Ruleset
from game.rules.ginrummy import rules, scoring
from game.rules.ginrummy.cards import BIT, mask_of
from game.rules.ginrummy.melds import deadwood_mask, layoff_fits
from game.rules.ginrummy.state import (
    DISCARD,
    DRAW,
    FIRST_UPCARD,
    HAND_OVER,
    LAYOFF,
    MATCH_OVER,
    State,
)
from game.rules.ginrummy.view import history, view

TARGETS = (100, 50)
UNDERCUT_BONUSES = (25, 10)
FIRST_DEALERS = ("random", 0, 1)
GIN_BONUS = 25


def legal(state: State, seat: int) -> list[Command]:
    """Every command `seat` may submit, except `arrange` (a free-form rearrangement)."""
    if seat not in rules.to_act(state):
        return []
    if state.phase == FIRST_UPCARD:
        return [{"move": "take_upcard"}, {"move": "pass"}]
    if state.phase == DRAW:
        out = [{"move": "draw", "source": "stock"}]
        if state.pile:
            out.append({"move": "draw", "source": "discard"})
        return out
    if state.phase == DISCARD:
        hand = mask_of(state.hands[seat])
        out = []
        for card in state.hands[seat]:
            if card == state.taken:
                continue
            left = deadwood_mask(hand & ~BIT[card])
            if left:
                out.append({"move": "discard", "card": card})
            if left <= rules.KNOCK_LIMIT:
                out.append({"move": "knock", "card": card})
        return out
    if state.phase == LAYOFF:
        knock = state.knock
        assert knock is not None
        out = [{"move": "done"}]
        busy = {c for m in knock.defender_melds for c in m} | {c for c, _ in knock.layoffs}
        targets = [mask_of(m) for m in scoring.extended_melds(knock.melds, knock.layoffs)]
        for card in state.hands[seat]:
            if card in busy:
                continue
            for k, meld in enumerate(targets):
                if layoff_fits(meld, BIT[card]):
                    out.append({"move": "layoff", "card": card, "meld": k})
        return out
    if state.phase == HAND_OVER:
        return [{"move": "next_hand"}]
    return []


class GinRummy(Ruleset):
    name = "ginrummy"
    title = "Gin Rummy"
    min_seats = 2
    max_seats = 2
    options = (
        Option("target", "Match to", TARGETS, 100, ("100 points", "50 points")),
        Option("undercut_bonus", "Undercut bonus", UNDERCUT_BONUSES, 25, ("25 points", "10 points")),
        Option("first_dealer", "First dealer", FIRST_DEALERS, "random", ("Random", "Seat 1", "Seat 2")),
    )

    def empty(self, seats: int, options: dict[str, Any]) -> State:
        target = options.get("target", 100)
        bonus = options.get("undercut_bonus", 25)
        if target not in TARGETS:
            raise ValueError(f"target must be one of {TARGETS}")
        if bonus not in UNDERCUT_BONUSES:
            raise ValueError(f"undercut_bonus must be one of {UNDERCUT_BONUSES}")
        first = options.get("first_dealer", "random")
        if first not in FIRST_DEALERS or isinstance(first, bool):
            raise ValueError(f"first_dealer must be one of {FIRST_DEALERS}")
        return State(
            target=target,
            undercut_bonus=bonus,
            gin_bonus=GIN_BONUS,
            first_dealer=first if first in (0, 1) else None,
        )

    def setup(self, state: State, setup: dict[str, Any] | None, rng: random.Random) -> list[Event]:
        return rules.setup_events(state, setup, rng)

    def decide(
        self, state: State, seat: int | None, command: Command, rng: random.Random
    ) -> list[Event] | Rejected:
        return rules.decide(state, seat, command, rng)

    def evolve(self, state: State, event: Event) -> State:
        return rules.evolve(state, event)

    def legal(self, state: State, seat: int) -> list[Command]:
        return legal(state, seat)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def to_act(self, state: State) -> frozenset[int]:
        return rules.to_act(state)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != MATCH_OVER:
            return None
        winner = 0 if state.scores[0] >= state.target else 1
        return Outcome(
            winners=(winner,),
            scores=(float(state.scores[0]), float(state.scores[1])),
            summary=f"Seat {winner + 1} wins {state.scores[winner]} to {state.scores[1 - winner]}",
            details={"hands": history(state)},
        )

    def bot(self, level: str):
        from game.rules.ginrummy.bots import make_bot

        return make_bot(level)

    def describe(self, event: Event, names: list[str]) -> str:
        kind = event.get("type")
        who = names[event["seat"]] if "seat" in event and event["seat"] in (0, 1) else ""
        if kind == "deal":
            return f"{names[event['dealer']]} deals hand {event['number']}"
        if kind == "upcard_taken":
            return f"{who} takes the upcard {event['card']}"
        if kind == "upcard_passed":
            return f"{who} passes the upcard"
        if kind == "drew":
            if event["source"] == "stock":
                return f"{who} draws from the stock"
            return f"{who} takes {event['card']} from the discard pile"
        if kind == "discarded":
            return f"{who} discards {event['card']}"
        if kind == "knocked":
            if event["gin"]:
                return f"{who} discards {event['card']} and goes gin"
            return f"{who} discards {event['card']} and knocks with {event['deadwood']}"
        if kind == "laid_off":
            return f"{who} lays off {event['card']}"
        if kind == "arranged":
            return f"{who} rearranges their melds"
        if kind in ("hand_scored", "hand_dead"):
            return event["template"].format(*names)
        return ""


RULESET = GinRummy()
