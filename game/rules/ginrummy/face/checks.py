"""Whether a seat may send a command: Gin Rummy's checks, and nothing they cause.

decide (rules.py) runs `checked` on the state and builds the events from what it worked out;
the face's `why_not` runs the same checks on the state as one seat sees it (`seen`). Every
check reads only what that seat may know: its own hand, the discard pile, whose turn and which
phase it is, the card it just took, and after a knock the melds and layoffs on the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import game.rules.ginrummy.face.scoring as scoring
from game.core.face import Command, Rejected, View
from game.core.i18n import N_, msg
from game.rules.ginrummy.face.cards import BIT, is_card, mask_of, value_of_mask
from game.rules.ginrummy.face.melds import MELD_SET, deadwood_mask, layoff_fits
from game.rules.ginrummy.face.phases import (
    DEALING,
    DISCARD,
    DRAW,
    FIRST_UPCARD,
    HAND_OVER,
    LAYOFF,
    MATCH_OVER,
    Knock,
)


class State(Protocol):
    """What the checks read of a match: the machinery's State when decide checks, `Seen` when
    a table asks of its own view. The face knows no more of the state than this."""

    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> int: ...
    @property
    def hands(self) -> tuple[tuple[str, ...], tuple[str, ...]]: ...
    @property
    def pile(self) -> tuple[str, ...]: ...
    @property
    def taken(self) -> str | None: ...
    @property
    def knock(self) -> Knock | None: ...


@dataclass(frozen=True)
class Seen:
    """The part of the state one seat's view gives the checks."""

    phase: str
    turn: int
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    pile: tuple[str, ...]
    taken: str | None
    knock: Knock | None


KNOCK_LIMIT = 10  # knock with this much deadwood or less

WRONG_PHASE = {
    FIRST_UPCARD: N_("Take the upcard or pass"),
    DRAW: N_("Draw a card first"),
    DISCARD: N_("Discard a card (or knock)"),
    LAYOFF: N_("Lay off, arrange your melds, or confirm with done"),
    HAND_OVER: N_("The hand is over: start the next hand"),
}


@dataclass(frozen=True)
class Knocking:
    """What the checks of a knock worked out, for its event."""

    rest: int  # the hand (a mask) left after the knocking discard
    best: int  # its least deadwood
    melds: tuple[int, ...] | None  # the melds the knocker named; None: the rules choose
    deadwood: int  # the knocker's deadwood with those melds (best when the rules choose)


def _nothing(state: State, seat: int, command: Command) -> None:
    return None  # taking or passing the upcard, confirming the layoffs: nothing to check


def draw(state: State, seat: int, command: Command) -> Rejected | None:
    source = command.get("source")
    if source == "stock":
        return None
    if source == "discard":
        return Rejected(N_("The discard pile is empty")) if not state.pile else None
    return Rejected(N_('Draw from "stock" or "discard"'))


def rest_after(state: State, seat: int, card: Any) -> Rejected | int:
    """The 10-card hand mask left after discarding `card`, or why not."""
    if not is_card(card):
        return Rejected(N_("Name a card to discard, like 7S"))
    if card not in state.hands[seat]:
        return Rejected(msg("{card} is not in your hand", card=card))
    if card == state.taken:
        return Rejected(msg("You just took {card} from the pile; discard another card", card=card))
    return mask_of(state.hands[seat]) & ~BIT[card]


def discard(state: State, seat: int, command: Command) -> Rejected | None:
    rest = rest_after(state, seat, command.get("card"))
    if isinstance(rest, Rejected):
        return rest
    if deadwood_mask(rest) == 0:
        return Rejected(N_("That leaves gin: you must knock"))
    return None


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


def knock(state: State, seat: int, command: Command) -> Rejected | Knocking:
    rest = rest_after(state, seat, command.get("card"))
    if isinstance(rest, Rejected):
        return rest
    best = deadwood_mask(rest)
    if best > KNOCK_LIMIT:
        return Rejected(msg("Deadwood would be {n}; knock needs {limit} or less", n=best, limit=KNOCK_LIMIT))
    if command.get("melds") is None:
        return Knocking(rest, best, None, best)
    melds = parse_melds(command["melds"], rest)
    if isinstance(melds, Rejected):
        return melds
    mine = value_of_mask(rest & ~sum(melds))
    if mine > KNOCK_LIMIT:
        return Rejected(
            msg("Those melds leave {n} deadwood; knock needs {limit} or less", n=mine, limit=KNOCK_LIMIT)
        )
    if best == 0 and mine:
        return Rejected(N_("Your hand is gin: meld every card"))
    return Knocking(rest, best, melds, mine)


def layoff(state: State, seat: int, command: Command) -> Rejected | None:
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
    return None


def arrange(state: State, seat: int, command: Command) -> Rejected | tuple[int, ...]:
    return parse_melds(command.get("melds"), mask_of(state.hands[seat]))


# The moves of each phase (starting the next hand is the one move once a hand is over).
MOVES: dict[str, dict[str, Callable[[State, int, Command], Any]]] = {
    FIRST_UPCARD: {"take_upcard": _nothing, "pass": _nothing},
    DRAW: {"draw": draw},
    DISCARD: {"discard": discard, "knock": knock},
    LAYOFF: {"layoff": layoff, "arrange": arrange, "done": _nothing},
    HAND_OVER: {"next_hand": _nothing},
}


def checked(state: State, seat: int | None, command: Command) -> Any:
    """Everything decide checks before a command's events: Rejected, or what the checks worked
    out that the events need (a knock's `Knocking`, the melds of an arrangement), else None."""
    if state.phase == MATCH_OVER:
        return Rejected(N_("The match is over"))
    if state.phase == DEALING or seat != state.turn:  # to_act, without building a set
        return Rejected(N_("It is not your turn"))
    move = command.get("move")
    check = MOVES.get(state.phase, {}).get(move) if isinstance(move, str) else None
    if check is None:
        return Rejected(WRONG_PHASE.get(state.phase, N_("That move is not possible now")))
    return check(state, seat, command)


def check(state: State, seat: int | None, command: Command) -> Rejected | None:
    """Why `seat` may not send `command` now, or None when it may."""
    found = checked(state, seat, command)
    return found if isinstance(found, Rejected) else None


def seen(view: View) -> Seen:
    """The state as the viewing seat knows it: its own hand, the pile, the phase and the turn,
    the card it just took, and after a knock what lies on the table; the other hand is blanks
    of the right size, which no check reads."""
    seat = view["seat"]
    hands = [("?",) * n for n in view["hand_counts"]]
    hands[seat] = tuple(view["hand"])
    reveal = view["reveal"]
    knock = None
    if reveal is not None:
        knock = Knock(
            knocker=reveal["knocker"],
            card=reveal["card"],
            gin=reveal["gin"],
            melds=tuple(tuple(m) for m in reveal["melds"]),
            defender_melds=tuple(tuple(m) for m in reveal["defender_melds"]),
            layoffs=tuple((x["card"], x["meld"]) for x in reveal["layoffs"]),
        )
    return Seen(
        phase=view["phase"],
        turn=view["to_act"][0] if view["to_act"] else seat,
        hands=(hands[0], hands[1]),
        pile=tuple(view["discard"]),
        taken=view["taken"],
        knock=knock,
    )


def why_not(view: View, seat: int, command: Command) -> Rejected | None:
    """Why `seat` may not send `command` now, or None when it may, read from its own view."""
    if view.get("seat") != seat:
        raise ValueError(f"seat {seat}'s commands are checked on its own view, not seat {view.get('seat')}'s")
    return check(seen(view), seat, command)
