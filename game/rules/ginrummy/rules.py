"""decide and evolve: the commands of Gin Rummy and the events they cause. Whether a command
may be sent is checks.py's (the face's why_not runs the same checks on a seat's view)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.core.frozen import replace
from game.core.ruleset import Command, Event, Rejected
from game.rules.ginrummy.face import checks, scoring
from game.rules.ginrummy.face.cards import DECK, is_card, mask_of
from game.rules.ginrummy.face.phases import (
    DISCARD,
    DISCARDED,
    DRAW,
    FIRST_UPCARD,
    HAND_OVER,
    LAYOFF,
    MATCH_OVER,
    PASSED,
    TOOK,
    Knock,
)
from game.rules.ginrummy.state import HandResult, State

DEAD_STOCK = 2  # a discard that leaves this many stock cards without a knock ends the hand


# -- setup -----------------------------------------------------------------------------------
def setup_events(state: State, setup: dict[str, Any] | None, rng: random.Random) -> list[Event]:
    if setup:
        deck = setup.get("deck")
        if not isinstance(deck, list) or not all(is_card(c) for c in deck) or sorted(deck) != sorted(DECK):
            raise ValueError("setup deck must list all 52 card codes once, top first")
        dealer = setup.get("dealer", 0)
        if dealer not in (0, 1):
            raise ValueError("setup dealer must be seat 0 or 1")
        return [deal_event(1, dealer, list(deck))]
    deck = list(DECK)
    rng.shuffle(deck)
    dealer = state.first_dealer if state.first_dealer in (0, 1) else rng.randrange(2)
    return [deal_event(1, dealer, deck)]


def deal_event(number: int, dealer: int, deck: list[str]) -> Event:
    return {"type": "deal", "number": number, "dealer": dealer, "deck": deck}


# -- decide ----------------------------------------------------------------------------------
def decide(state: State, seat: int | None, command: Command, rng: random.Random) -> list[Event] | Rejected:
    found = checks.checked(state, seat, command)
    if isinstance(found, Rejected):
        return found
    assert seat is not None
    return EVENTS[command["move"]](state, seat, command, found, rng)


def _take_upcard(state: State, seat: int, command: Command, found: None, rng: random.Random) -> list[Event]:
    return [{"type": "upcard_taken", "seat": seat, "card": state.pile[-1]}]


def _pass(state: State, seat: int, command: Command, found: None, rng: random.Random) -> list[Event]:
    return [{"type": "upcard_passed", "seat": seat, "card": state.pile[-1]}]


def _draw(state: State, seat: int, command: Command, found: None, rng: random.Random) -> list[Event]:
    if command["source"] == "stock":
        return [{"type": "drew", "seat": seat, "source": "stock", "card": state.stock[0]}]
    return [{"type": "drew", "seat": seat, "source": "discard", "card": state.pile[-1]}]


def _discard(state: State, seat: int, command: Command, found: None, rng: random.Random) -> list[Event]:
    events: list[Event] = [{"type": "discarded", "seat": seat, "card": command["card"]}]
    if len(state.stock) <= DEAD_STOCK:
        events.append(dead_event(state))
    return events


def dead_event(state: State) -> Event:
    return {
        "type": "hand_dead",
        "number": state.hand_number,
        "next_dealer": state.dealer,
        "template": f"The stock ran down to 2 cards: dead hand, no score; {{{state.dealer}}} deals again",
    }


def _knock(
    state: State, seat: int, command: Command, found: checks.Knocking, rng: random.Random
) -> list[Event]:
    defender = 1 - seat
    other = mask_of(state.hands[defender])
    melds = found.melds if found.melds is not None else scoring.knocker_default(found.rest, other)
    gin = found.deadwood == 0
    own, layoffs = scoring.defender_default(other, list(melds), gin)
    events: list[Event] = [
        {
            "type": "knocked",
            "seat": seat,
            "card": command["card"],
            "gin": gin,
            "deadwood": found.deadwood,
            "melds": [list(m) for m in scoring.to_codes(melds)],
            "defender_melds": [list(m) for m in scoring.to_codes(own)],
            "layoffs": [list(x) for x in scoring.layoffs_to_codes(layoffs)],
        }
    ]
    if gin:
        after = evolve(state, events[0])
        events.append(score_event(after))
    return events


def _layoff(state: State, seat: int, command: Command, found: None, rng: random.Random) -> list[Event]:
    return [{"type": "laid_off", "seat": seat, "card": command["card"], "meld": command["meld"]}]


def _arrange(
    state: State, seat: int, command: Command, found: tuple[int, ...], rng: random.Random
) -> list[Event]:
    return [{"type": "arranged", "seat": seat, "melds": [list(m) for m in scoring.to_codes(found)]}]


def _done(state: State, seat: int, command: Command, found: None, rng: random.Random) -> list[Event]:
    return [score_event(state)]


def score_event(state: State) -> Event:
    knock = state.knock
    assert knock is not None
    knocker, defender = knock.knocker, 1 - knock.knocker
    laid = tuple(c for c, _ in knock.layoffs)
    kd = scoring.deadwood_of(state.hands[knocker], knock.melds)
    dd = scoring.deadwood_of(state.hands[defender], knock.defender_melds, laid)
    result = scoring.score(knocker, kd, dd, knock.gin, state.gin_bonus, state.undercut_bonus)
    totals = list(state.scores)
    totals[result["winner"]] += result["points"]
    deadwoods = [0, 0]
    deadwoods[knocker], deadwoods[defender] = kd, dd
    return {
        "type": "hand_scored",
        "number": state.hand_number,
        "knocker": knocker,
        "deadwood": deadwoods,
        "totals": totals,
        "next_dealer": result["winner"],
        **result,
    }


def _next_hand(state: State, seat: int, command: Command, found: None, rng: random.Random) -> list[Event]:
    deck = list(DECK)
    rng.shuffle(deck)
    return [deal_event(state.hand_number + 1, state.turn, deck)]


# The events of each move checks.py let through, given what its check worked out.
EVENTS: dict[str, Callable[[State, int, Command, Any, random.Random], list[Event]]] = {
    "take_upcard": _take_upcard,
    "pass": _pass,
    "draw": _draw,
    "discard": _discard,
    "knock": _knock,
    "layoff": _layoff,
    "arrange": _arrange,
    "done": _done,
    "next_hand": _next_hand,
}


# -- evolve ----------------------------------------------------------------------------------
def _with_hand(state: State, seat: int, hand: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return (hand, state.hands[1]) if seat == 0 else (state.hands[0], hand)


def evolve(state: State, event: Event) -> State:
    kind = event["type"]
    if kind == "deal":
        deck, dealer = tuple(event["deck"]), event["dealer"]
        hands = [(), ()]
        hands[1 - dealer], hands[dealer] = deck[:10], deck[10:20]
        return replace(
            state,
            phase=FIRST_UPCARD,
            dealer=dealer,
            hand_number=event["number"],
            hands=(hands[0], hands[1]),
            pile=deck[20:21],
            stock=deck[21:],
            # the seed's dealer decides first; the classic order (option "upcard") the other player
            turn=dealer if state.upcard_first == "dealer" else 1 - dealer,
            upcard_offers=0,
            taken=None,
            public=(),
            knock=None,
        )
    seat = event.get("seat", state.turn)
    if kind == "upcard_taken":
        card = state.pile[-1]
        return replace(
            state,
            phase=DISCARD,
            hands=_with_hand(state, seat, state.hands[seat] + (card,)),
            pile=state.pile[:-1],
            taken=card,
            public=state.public + ((seat, TOOK, card),),
        )
    if kind == "upcard_passed":
        public = state.public + ((seat, PASSED, state.pile[-1]),)
        if state.upcard_offers == 0:
            return replace(state, turn=1 - seat, upcard_offers=1, public=public)
        # Both passed: the player after the second to pass (the first to decide) starts a
        # normal turn: the dealer in the seed's order, the non-dealer in the classic one.
        return replace(state, phase=DRAW, turn=1 - seat, upcard_offers=2, public=public)
    if kind == "drew":
        if event["source"] == "stock":
            card = state.stock[0]
            seen = ((seat, PASSED, state.pile[-1]),) if state.pile else ()
            return replace(
                state,
                phase=DISCARD,
                hands=_with_hand(state, seat, state.hands[seat] + (card,)),
                stock=state.stock[1:],
                taken=None,
                public=state.public + seen,
            )
        card = state.pile[-1]
        return replace(
            state,
            phase=DISCARD,
            hands=_with_hand(state, seat, state.hands[seat] + (card,)),
            pile=state.pile[:-1],
            taken=card,
            public=state.public + ((seat, TOOK, card),),
        )
    if kind in ("discarded", "knocked"):
        card = event["card"]
        after = replace(
            state,
            hands=_with_hand(state, seat, tuple(c for c in state.hands[seat] if c != card)),
            pile=state.pile + (card,),
            taken=None,
            public=state.public + ((seat, DISCARDED, card),),
        )
        if kind == "discarded":
            return replace(after, phase=DRAW, turn=1 - seat)
        knock = Knock(
            knocker=seat,
            card=card,
            gin=event["gin"],
            melds=tuple(tuple(m) for m in event["melds"]),
            defender_melds=tuple(tuple(m) for m in event["defender_melds"]),
            layoffs=tuple((c, k) for c, k in event["layoffs"]),
        )
        return replace(after, phase=LAYOFF, turn=1 - seat, knock=knock)
    if kind == "laid_off":
        assert state.knock is not None
        knock = replace(state.knock, layoffs=state.knock.layoffs + ((event["card"], event["meld"]),))
        return replace(state, knock=knock)
    if kind == "arranged":
        assert state.knock is not None
        melds = tuple(tuple(m) for m in event["melds"])
        return replace(state, knock=replace(state.knock, defender_melds=melds, layoffs=()))
    if kind in ("hand_scored", "hand_dead"):
        totals = tuple(event.get("totals", state.scores))
        result = HandResult(
            number=event["number"],
            kind=event.get("kind", "dead"),
            knocker=event.get("knocker"),
            winner=event.get("winner"),
            points=event.get("points", 0),
            deadwood=tuple(event.get("deadwood", (0, 0))),
            totals=(totals[0], totals[1]),
            template=event["template"],
        )
        over = max(totals) >= state.target
        return replace(
            state,
            phase=MATCH_OVER if over else HAND_OVER,
            turn=event["next_dealer"],
            scores=result.totals,
            history=state.history + (result,),
            taken=None,
        )
    raise ValueError(f"unknown event type {kind!r}")
