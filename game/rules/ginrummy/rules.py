"""decide and evolve: the commands of Gin Rummy and the events they cause."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from game.core.i18n import N_, msg
from game.core.ruleset import Command, Event, Rejected
from game.rules.ginrummy import scoring
from game.rules.ginrummy.cards import BIT, DECK, is_card, mask_of, value_of_mask
from game.rules.ginrummy.melds import MELD_SET, deadwood_mask, layoff_fits
from game.rules.ginrummy.state import (
    DEALING,
    DISCARD,
    DISCARDED,
    DRAW,
    FIRST_UPCARD,
    HAND_OVER,
    LAYOFF,
    MATCH_OVER,
    PASSED,
    TOOK,
    HandResult,
    Knock,
    State,
)

KNOCK_LIMIT = 10  # knock with this much deadwood or less
DEAD_STOCK = 2  # a discard that leaves this many stock cards without a knock ends the hand


def to_act(state: State) -> frozenset[int]:
    if state.phase in (DEALING, MATCH_OVER):
        return frozenset()
    return frozenset({state.turn})


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
    if state.phase == MATCH_OVER:
        return Rejected(N_("The match is over"))
    if seat not in to_act(state):
        return Rejected(N_("It is not your turn"))
    move = command.get("move")
    if state.phase == HAND_OVER and move == "next_hand":
        return _next_hand(state, seat, command, rng)
    handler = HANDLERS.get(state.phase, {}).get(move) if isinstance(move, str) else None
    if handler is None:
        return Rejected(WRONG_PHASE.get(state.phase, N_("That move is not possible now")))
    return handler(state, seat, command)


WRONG_PHASE = {
    FIRST_UPCARD: N_("Take the upcard or pass"),
    DRAW: N_("Draw a card first"),
    DISCARD: N_("Discard a card (or knock)"),
    LAYOFF: N_("Lay off, arrange your melds, or confirm with done"),
    HAND_OVER: N_("The hand is over: start the next hand"),
}


def _take_upcard(state: State, seat: int, command: Command) -> list[Event]:
    return [{"type": "upcard_taken", "seat": seat, "card": state.pile[-1]}]


def _pass(state: State, seat: int, command: Command) -> list[Event]:
    return [{"type": "upcard_passed", "seat": seat, "card": state.pile[-1]}]


def _draw(state: State, seat: int, command: Command) -> list[Event] | Rejected:
    source = command.get("source")
    if source == "stock":
        return [{"type": "drew", "seat": seat, "source": "stock", "card": state.stock[0]}]
    if source == "discard":
        if not state.pile:
            return Rejected(N_("The discard pile is empty"))
        return [{"type": "drew", "seat": seat, "source": "discard", "card": state.pile[-1]}]
    return Rejected(N_('Draw from "stock" or "discard"'))


def _check_discard(state: State, seat: int, card: Any) -> Rejected | int:
    """The 10-card hand mask left after discarding `card`, or why not."""
    if not is_card(card):
        return Rejected(N_("Name a card to discard, like 7S"))
    if card not in state.hands[seat]:
        return Rejected(msg("{card} is not in your hand", card=card))
    if card == state.taken:
        return Rejected(msg("You just took {card} from the pile; discard another card", card=card))
    return mask_of(state.hands[seat]) & ~BIT[card]


def _discard(state: State, seat: int, command: Command) -> list[Event] | Rejected:
    rest = _check_discard(state, seat, command.get("card"))
    if isinstance(rest, Rejected):
        return rest
    if deadwood_mask(rest) == 0:
        return Rejected(N_("That leaves gin: you must knock"))
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


def parse_melds(raw: Any, hand: int) -> tuple[int, ...] | Rejected:
    """Melds given by a player: lists of codes, each a meld, disjoint, all from `hand`."""
    if not isinstance(raw, list):
        return Rejected(N_("Melds must be a list of card lists"))
    used = 0
    out = []
    for meld in raw:
        if not isinstance(meld, list) or not all(is_card(c) for c in meld) or len(set(meld)) != len(meld):
            return Rejected(N_("Each meld must be a list of card codes"))
        mask = mask_of(meld)
        if mask & ~hand:
            return Rejected(msg("{cards}: not all in your hand", cards=" ".join(meld)))
        if mask & used:
            return Rejected(N_("A card can be in one meld only"))
        if mask not in MELD_SET:
            return Rejected(
                msg("{cards} is not a meld (3+ of a rank, or a run of 3+ in one suit)", cards=" ".join(meld))
            )
        used |= mask
        out.append(mask)
    return tuple(out)


def _knock(state: State, seat: int, command: Command) -> list[Event] | Rejected:
    rest = _check_discard(state, seat, command.get("card"))
    if isinstance(rest, Rejected):
        return rest
    best = deadwood_mask(rest)
    if best > KNOCK_LIMIT:
        return Rejected(msg("Deadwood would be {n}; knock needs {limit} or less", n=best, limit=KNOCK_LIMIT))
    defender = 1 - seat
    other = mask_of(state.hands[defender])
    if command.get("melds") is not None:
        melds = parse_melds(command["melds"], rest)
        if isinstance(melds, Rejected):
            return melds
        used = sum(melds)
        mine = value_of_mask(rest & ~used)
        if mine > KNOCK_LIMIT:
            return Rejected(
                msg("Those melds leave {n} deadwood; knock needs {limit} or less", n=mine, limit=KNOCK_LIMIT)
            )
        if best == 0 and mine:
            return Rejected(N_("Your hand is gin: meld every card"))
    else:
        melds = scoring.knocker_default(rest, other)
        mine = best
    gin = mine == 0
    own, layoffs = scoring.defender_default(other, list(melds), gin)
    events: list[Event] = [
        {
            "type": "knocked",
            "seat": seat,
            "card": command["card"],
            "gin": gin,
            "deadwood": mine,
            "melds": [list(m) for m in scoring.to_codes(melds)],
            "defender_melds": [list(m) for m in scoring.to_codes(own)],
            "layoffs": [list(x) for x in scoring.layoffs_to_codes(layoffs)],
        }
    ]
    if gin:
        after = evolve(state, events[0])
        events.append(score_event(after))
    return events


def _layoff(state: State, seat: int, command: Command) -> list[Event] | Rejected:
    knock = state.knock
    assert knock is not None
    card, k = command.get("card"), command.get("meld")
    if not is_card(card) or card not in state.hands[seat]:
        return Rejected(N_("Lay off a card from your hand"))
    if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(knock.melds):
        return Rejected(msg("Choose one of the knocker's {n} melds", n=len(knock.melds)))
    if any(card in m for m in knock.defender_melds):
        return Rejected(msg("{card} is in one of your melds; rearrange first", card=card))
    if any(card == c for c, _ in knock.layoffs):
        return Rejected(msg("{card} is laid off already", card=card))
    meld = mask_of(scoring.extended_melds(knock.melds, knock.layoffs)[k])
    if not layoff_fits(meld, BIT[card]):
        return Rejected(msg("{card} does not fit that meld", card=card))
    return [{"type": "laid_off", "seat": seat, "card": card, "meld": k}]


def _arrange(state: State, seat: int, command: Command) -> list[Event] | Rejected:
    melds = parse_melds(command.get("melds"), mask_of(state.hands[seat]))
    if isinstance(melds, Rejected):
        return melds
    return [{"type": "arranged", "seat": seat, "melds": [list(m) for m in scoring.to_codes(melds)]}]


def _done(state: State, seat: int, command: Command) -> list[Event]:
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


def _next_hand(state: State, seat: int, command: Command, rng: random.Random) -> list[Event]:
    deck = list(DECK)
    rng.shuffle(deck)
    return [deal_event(state.hand_number + 1, state.turn, deck)]


HANDLERS: dict[str, dict[str, Any]] = {
    FIRST_UPCARD: {"take_upcard": _take_upcard, "pass": _pass},
    DRAW: {"draw": _draw},
    DISCARD: {"discard": _discard, "knock": _knock},
    LAYOFF: {"layoff": _layoff, "arrange": _arrange, "done": _done},
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
            turn=dealer,
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
        # Both passed: the player after the non-dealer (the dealer) starts a normal turn.
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


def why_not(state: State, seat: int | None, command: Command) -> str | None:
    """The plain-words reason a command would be refused now, or None when it is allowed.
    Pure: nothing is dealt or changed (a `next_hand` check shuffles a throwaway generator)."""
    result = decide(state, seat, command, random.Random(0))
    return result.reason if isinstance(result, Rejected) else None
