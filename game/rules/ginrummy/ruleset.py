"""The Gin Rummy ruleset: its face (face.py), and the machinery over rules.py, view.py and bots.py."""

from __future__ import annotations

import random
from typing import Any

from game.core.i18n import msg
from game.core.ruleset import Command, Event, Outcome, Rejected, Ruleset
from game.rules.ginrummy import rules
from game.rules.ginrummy.face import (
    FIRST_DEALERS,
    TARGETS,
    UNDERCUT_BONUSES,
    UPCARD_FIRST,
    GinRummyFace,
    scoring,
)
from game.rules.ginrummy.face.cards import BIT, mask_of
from game.rules.ginrummy.face.checks import KNOCK_LIMIT
from game.rules.ginrummy.face.melds import deadwood_mask, layoff_fits
from game.rules.ginrummy.face.phases import DISCARD, DRAW, FIRST_UPCARD, HAND_OVER, LAYOFF, MATCH_OVER
from game.rules.ginrummy.redact import SECRETS
from game.rules.ginrummy.resample import resample
from game.rules.ginrummy.state import State, to_act
from game.rules.ginrummy.view import history, view

GIN_BONUS = 25


def legal(state: State, seat: int) -> list[Command]:
    """Every command `seat` may submit, except `arrange` (a free-form rearrangement)."""
    if seat not in to_act(state):
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
            if left <= KNOCK_LIMIT:
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


class GinRummy(GinRummyFace, Ruleset):
    """Gin Rummy's machinery over its face: the deal, decide and evolve (rules.py), the legal
    list, the views, the redaction and the bots."""

    secrets = SECRETS  # what a seat may see (redact.py): anything undeclared is withheld

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
        upcard = options.get("upcard", "dealer")
        if upcard not in UPCARD_FIRST:
            raise ValueError(f"upcard must be one of {UPCARD_FIRST}")
        return State(
            target=target,
            undercut_bonus=bonus,
            gin_bonus=GIN_BONUS,
            first_dealer=first if first in (0, 1) else None,
            upcard_first=upcard,
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

    def see(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def resample(self, state: State, seat: int | None, rng: random.Random) -> State:
        return resample(state, seat, rng)

    def to_act(self, state: State) -> frozenset[int]:
        return to_act(state)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != MATCH_OVER:
            return None
        winner = 0 if state.scores[0] >= state.target else 1
        return Outcome(
            winners=(winner,),
            scores=(float(state.scores[0]), float(state.scores[1])),
            summary=msg(
                "Seat {seat} wins {won} to {lost}",
                seat=winner + 1,
                won=state.scores[winner],
                lost=state.scores[1 - winner],
            ),
            details={"hands": history(state)},
        )

    def bot(self, level: str):
        from game.rules.ginrummy.bots import make_bot

        return make_bot(level)


RULESET = GinRummy()
