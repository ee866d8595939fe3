"""Goofspiel's machinery: the deal, decide, evolve, what each seat sees, the bots, and the
determinization (`resample`): a state any seat's information allows, its hidden parts drawn anew."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from game.core.ruleset import Budget, Outcome, Rejected, Ruleset
from game.core.secrets import COUNT, OWN, PUBLIC, Owner, Secrets
from goofspiel.face import CARDS, Goofspiel, refusal


@dataclass(frozen=True)
class State:
    deck: tuple[int, ...] = ()  # the prizes still face down, in order: nobody's to see
    prize: int | None = None  # the prize turned up, bid for now
    hands: tuple[tuple[int, ...], ...] = ((), ())  # the cards each seat holds, its bid taken out
    bids: tuple[int | None, ...] = (None, None)  # each seat's face-down bid for this prize
    won: tuple[tuple[int, ...], ...] = ((), ())  # the prizes each seat took
    shown: int = 0  # prizes bid for and settled


def score(state: State) -> tuple[int, ...]:
    return tuple(sum(w) for w in state.won)


class RandomBid:
    level = "easy"

    def choose(self, view, legal, rng: random.Random, budget: Budget):
        return rng.choice(legal)


class MatchThePrize:
    """Bids the card nearest the prize's value, from above when it can."""

    def __init__(self, level: str) -> None:
        self.level = level

    def choose(self, view, legal, rng: random.Random, budget: Budget):
        prize = view["round"]["prize"] or 0
        return min(legal, key=lambda c: (c["card"] < prize, abs(c["card"] - prize)))


class GoofspielRules(Goofspiel, Ruleset):
    # The prizes' order is nobody's; a bid is its bidder's until both are shown together. The
    # deck's count sits inside the public `round`: a hidden field nested in a visible one.
    secrets = Secrets(
        events={
            "deal": {"deck": COUNT},
            "turn_up": {"card": PUBLIC},
            "bid": {"seat": PUBLIC, "card": Owner("seat")},
            "reveal": {"bids": PUBLIC, "winner": PUBLIC, "prize": PUBLIC},
        },
        view={
            "seat": OWN,
            "to_act": PUBLIC,
            "hands": PUBLIC,
            "scores": PUBLIC,
            "won": PUBLIC,
            "round": {"prize": PUBLIC, "deck": COUNT, "placed": PUBLIC},
            "bid": OWN,
        },
    )

    def empty(self, seats: int, options: dict[str, Any]) -> State:
        return State()

    def setup(self, state: State, setup: dict[str, Any] | None, rng: random.Random) -> list[dict]:
        deck = list(setup["deck"]) if setup else rng.sample(range(1, CARDS + 1), CARDS)
        return [{"type": "deal", "deck": deck}, {"type": "turn_up", "card": deck[0]}]

    def decide(self, state: State, seat: int | None, command: dict, rng: random.Random):
        if seat is None:
            return Rejected("Goofspiel has no clock")
        refused = refusal(seat in self.to_act(state), list(state.hands[seat]), command)
        if refused is not None:
            return refused
        events: list[dict] = [{"type": "bid", "seat": seat, "card": command["card"]}]
        bids = [command["card"] if s == seat else b for s, b in enumerate(state.bids)]
        if None not in bids:  # both laid: shown together
            top = max(bids)
            winner = bids.index(top) if bids.count(top) == 1 else None
            events.append({"type": "reveal", "bids": bids, "winner": winner, "prize": state.prize})
            if state.deck:
                events.append({"type": "turn_up", "card": state.deck[0]})
        return events

    def evolve(self, state: State, event: dict) -> State:
        kind = event["type"]
        if kind == "deal":
            hand = tuple(range(1, CARDS + 1))
            return State(deck=tuple(event["deck"]), hands=(hand, hand))
        if kind == "turn_up":
            return replace(state, prize=state.deck[0], deck=state.deck[1:])
        if kind == "bid":
            seat, card = event["seat"], event["card"]
            hands = tuple(
                tuple(c for c in h if c != card) if s == seat else h for s, h in enumerate(state.hands)
            )
            bids = tuple(card if s == seat else b for s, b in enumerate(state.bids))
            return replace(state, hands=hands, bids=bids)
        if kind == "reveal":
            winner = event["winner"]
            won = tuple(w + (state.prize,) if s == winner else w for s, w in enumerate(state.won))
            return replace(state, won=won, bids=(None, None), prize=None, shown=state.shown + 1)
        return state

    def to_act(self, state: State) -> frozenset[int]:
        if state.prize is None:
            return frozenset()
        return frozenset(s for s, b in enumerate(state.bids) if b is None)

    def legal(self, state: State, seat: int) -> list[dict]:
        if seat not in self.to_act(state):
            return []
        return [{"move": "bid", "card": c} for c in state.hands[seat]]

    def see(self, state: State, seat: int | None) -> dict:
        # a hand as the others know it: a face-down bid is still in it until shown
        held = [
            sorted(h + ((b,) if b is not None else ())) for h, b in zip(state.hands, state.bids, strict=True)
        ]
        return {
            "seat": seat,
            "to_act": sorted(self.to_act(state)),
            "hands": held,
            "scores": list(score(state)),
            "won": [list(w) for w in state.won],
            "round": {
                "prize": state.prize,
                "deck": list(state.deck),
                "placed": [b is not None for b in state.bids],
            },
            "bid": state.bids[seat] if seat is not None else None,
        }

    def outcome(self, state: State) -> Outcome | None:
        if state.shown < CARDS:
            return None
        totals = score(state)
        best = max(totals)
        winners = tuple(s for s, t in enumerate(totals) if t == best)
        return Outcome(winners, tuple(float(t) for t in totals), f"{totals[0]} to {totals[1]}")

    def bot(self, level: str):
        return RandomBid() if level == "easy" else MatchThePrize(level)

    def resample(self, state: State, seat: int | None, rng: random.Random) -> State:
        """A state `seat` cannot tell from this one (its view the same), with all it cannot
        know drawn afresh from rng: the prizes' order, and each other seat's face-down bid
        (any card of that seat's hand as it is known, the rest staying in the hand)."""
        deck = tuple(rng.sample(state.deck, len(state.deck)))
        hands, bids = list(state.hands), list(state.bids)
        for other, bid in enumerate(state.bids):
            if other == seat or bid is None:
                continue
            pool = sorted(state.hands[other] + (bid,))
            bids[other] = rng.choice(pool)
            hands[other] = tuple(c for c in pool if c != bids[other])
        return replace(state, deck=deck, hands=tuple(hands), bids=tuple(bids))


RULESET = GoofspielRules()
