"""Gin Rummy's determinization, one for the hard bot's samples and Ruleset.resample: what a seat
cannot see dealt afresh, consistent with what it sees.

Hidden from a seat: the stock's order, and the other hand's cards beyond those everyone saw it
take from the pile (a spectator: both hands so). After a knock the hands lie open and the
stock's order alone is hidden. They are dealt from the cards nowhere in sight."""

from __future__ import annotations

import random
from typing import NamedTuple

from game.core.frozen import replace
from game.core.ruleset import View
from game.rules.ginrummy.face.cards import DECK
from game.rules.ginrummy.redact import SECRETS
from game.rules.ginrummy.state import State
from game.rules.ginrummy.view import view as make_view


class Deal(NamedTuple):
    """The cards a view leaves open: both hands (the seat's own as it sees it, an open hand as
    laid down, a hidden one its known cards first) and the stock, top first."""

    hands: tuple[tuple[str, ...], tuple[str, ...]]
    stock: tuple[str, ...]
    hidden: tuple[int, ...]  # the seats whose hands were dealt afresh


def open_hands(view: View) -> list[tuple[str, ...] | None]:
    """Each seat's hand where the view shows it whole (its own, or laid down after a knock),
    else None."""
    me, reveal = view["seat"], view["reveal"]
    return [
        tuple(view["hand"]) if s == me else None if reveal is None else tuple(reveal["hands"][s])
        for s in (0, 1)
    ]


def unseen(view: View, opened: list[tuple[str, ...] | None] | None = None) -> list[str]:
    """The cards nowhere in the view's sight (not in its hand, the pile, an open hand or a hand's
    known cards), in deck order: the hidden hands' other cards and the stock."""
    seen = set(view["discard"])
    for s, hand in enumerate(opened or open_hands(view)):
        seen.update(view["known"][s] if hand is None else hand)
    return [c for c in DECK if c not in seen]


def determinize(view: View, rng: random.Random) -> Deal:
    """The hands and the stock as the seat whose view this is may imagine them: the unseen cards
    shuffled, dealt to each hidden hand after its known cards, the rest to the stock."""
    hands = open_hands(view)
    pool = unseen(view, hands)
    rng.shuffle(pool)
    hidden = []
    for s in (0, 1):
        if hands[s] is None:
            known = view["known"][s]
            n = view["hand_counts"][s] - len(known)
            hands[s], pool = (*known, *pool[:n]), pool[n:]
            hidden.append(s)
    # before the deal no card is in play: the stock's count keeps the deck out of it
    return Deal((hands[0] or (), hands[1] or ()), tuple(pool[: view["stock"]]), tuple(hidden))


def resample(state: State, seat: int | None, rng: random.Random) -> State:
    """`state` with what `seat` (None: a spectator) may not know dealt afresh from its view."""
    deal = determinize(SECRETS.filter_view(make_view(state, seat), seat), rng)
    hands = tuple(deal.hands[s] if s in deal.hidden else state.hands[s] for s in (0, 1))
    return replace(state, hands=(hands[0], hands[1]), stock=deal.stock)
