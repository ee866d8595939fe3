"""Whether a seat may play a command: the rules' checks, and nothing they cause.

decide runs them on the state (ruleset.py, then moves.py builds the events); the face's
`why_not` runs them on the state as one seat sees it (`seen`), so a table can say why a
selection is no move while the person is still choosing. Every check reads only what that
seat may know: its hand and herd, the market, whose turn it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from game.core.face import Command, Rejected, View
from game.core.i18n import msg, msg_n
from game.rules.jaipur.face.cards import CAMEL, GOODS, HAND_LIMIT, INDEX, LUXURY
from game.rules.jaipur.face.words import TITLE, count, many

Counts = tuple[int, ...]  # cards per goods type, in GOODS order


class State(Protocol):
    """What the checks read of a match: the machinery's State when decide checks, `Seen` when
    a table asks of its own view. The face knows no more of the state than this."""

    @property
    def solo(self) -> bool: ...
    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> int: ...
    @property
    def market(self) -> tuple[str, ...]: ...
    @property
    def hands(self) -> tuple[Counts, Counts]: ...
    @property
    def herds(self) -> tuple[int, int]: ...


@dataclass(frozen=True)
class Seen:
    """The part of the state one seat's view gives the checks."""

    solo: bool
    phase: str
    turn: int
    market: tuple[str, ...]
    hands: tuple[Counts, Counts]
    herds: tuple[int, int]


def turn(state: State, seat: int | None) -> Rejected | None:
    """Whether it is `seat`'s turn to choose a move."""
    if state.phase == "over":
        return Rejected(msg("The match is over"))
    if seat != state.turn or state.phase != "play":  # to_act, without building a set
        if state.solo and seat == 1:
            return Rejected(msg("The rule bot plays by itself"))
        return Rejected(msg("It is not your turn"))
    return None


def _names(value: Any, what: str) -> Rejected | None:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return Rejected(msg("{what} must be a list of card names", what=what))
    for card in value:
        if card not in INDEX:
            return Rejected(msg("There is no card called {card!r}", card=card))
    return None


def take(state: State, seat: int, command: Command) -> Rejected | None:
    good = command.get("good")
    if good == CAMEL:
        return Rejected(msg("Camels are taken all together: take all camels"))
    if good not in GOODS:
        return Rejected(msg("Name a good to take"))
    if good not in state.market:
        return Rejected(msg("The market has no {good}", good=many(good)))
    if sum(state.hands[seat]) >= HAND_LIMIT:
        return Rejected(msg("Hand would hold {n} cards", n=HAND_LIMIT + 1))
    return None


def camels(state: State, seat: int, command: Command) -> Rejected | None:
    if CAMEL not in state.market:
        return Rejected(msg("The market has no camels"))
    return None


def exchange(state: State, seat: int, command: Command) -> Rejected | None:
    took, gave = command.get("take"), command.get("give")
    for value, what in ((took, "take"), (gave, "give")):
        malformed = _names(value, what)
        if malformed is not None:
            return malformed
    assert isinstance(took, list) and isinstance(gave, list)
    if CAMEL in took:
        return Rejected(msg("Camels cannot be taken in an exchange: take all camels"))
    if len(took) < 2:
        return Rejected(msg("An exchange takes 2 or more cards"))
    if len(gave) != len(took):
        return Rejected(msg("Give back exactly {n} cards for {n}", n=len(took)))
    market = [c for c in state.market if c]  # "" is a slot the deck could not refill
    for good in set(took):
        if took.count(good) > market.count(good):
            return Rejected(msg("The market has only {goods}", goods=count(good, market.count(good))))
    both = set(took) & set(gave)
    if both:
        return Rejected(
            msg("You cannot take and give back {good}", good=many(sorted(both, key=INDEX.get)[0]))
        )
    hand = state.hands[seat]
    for good in set(gave):
        if good == CAMEL:
            if gave.count(CAMEL) > state.herds[seat]:
                n = state.herds[seat]
                return Rejected(msg_n("Your herd has only {n} camel", "Your herd has only {n} camels", n))
        elif gave.count(good) > hand[INDEX[good]]:
            return Rejected(msg("Your hand has only {goods}", goods=count(good, hand[INDEX[good]])))
    after = sum(hand) + len(took) - sum(1 for c in gave if c != CAMEL)
    if after > HAND_LIMIT:
        return Rejected(msg("Hand would hold {n} cards", n=after))
    return None


def sell(state: State, seat: int, command: Command) -> Rejected | None:
    good, number = command.get("good"), command.get("count")
    if good == CAMEL:
        return Rejected(msg("Camels cannot be sold"))
    if good not in GOODS:
        return Rejected(msg("Name a good to sell"))
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        return Rejected(msg("Sell at least 1 card"))
    if good == "diamond" and number < 2:  # English counts diamonds: the verb follows
        return Rejected(msg("Diamonds sell 2 or more"))
    if good in LUXURY and number < 2:
        return Rejected(msg("{good} sells 2 or more", good=TITLE[good]))
    have = state.hands[seat][INDEX[good]]
    if number > have:
        return Rejected(msg("Your hand has only {goods}", goods=count(good, have)))
    return None


MOVES: dict[str, Callable[[State, int, Command], Rejected | None]] = {
    "take": take,
    "camels": camels,
    "exchange": exchange,
    "sell": sell,
}


def move(state: State, seat: int, command: Command) -> Rejected | None:
    """Whether `command` is one of the four moves and `seat` may make it (its turn aside)."""
    kind = command.get("move")
    check = MOVES.get(kind) if isinstance(kind, str) else None
    if check is None:
        return Rejected(msg("Choose take, camels, exchange or sell"))
    return check(state, seat, command)


def check(state: State, seat: int | None, command: Command) -> Rejected | None:
    """Everything decide checks before a move's events: the turn, then the move."""
    refused = turn(state, seat)
    if refused is not None:
        return refused
    assert seat is not None
    return move(state, seat, command)


def seen(view: View) -> Seen:
    """The state as the viewing seat knows it: its own hand and herd exact, the market and
    whose turn it is; the other hand and herd blanks, which no check reads."""
    seat = view["seat"]
    hand = [0] * len(GOODS)
    for card in view["hand"]:
        hand[INDEX[card]] += 1
    nothing = (0,) * len(GOODS)
    hands = [nothing, nothing]
    hands[seat] = tuple(hand)
    herds = [0, 0]
    herds[seat] = view["herd"]
    return Seen(
        solo=view["variant"] == "solo",
        phase=view["phase"],
        turn=view["to_act"][0] if view["to_act"] else seat,
        market=tuple(view["market"]),
        hands=(hands[0], hands[1]),
        herds=(herds[0], herds[1]),
    )


def why_not(view: View, seat: int, command: Command) -> Rejected | None:
    """Why `seat` may not play `command` now, or None when it may, read from its own view."""
    if view.get("seat") != seat:
        raise ValueError(f"seat {seat}'s commands are checked on its own view, not seat {view.get('seat')}'s")
    return check(seen(view), seat, command)
