"""What one seat may see of Jaipur, declared (game/core/secrets.py; anything undeclared is
withheld): the deal shows a seat its own hand and the market, never the deck's order, the
bonus tokens' values or the solo bot's action cards. The deck's cards are seen as the market
is refilled, an action card as the bot turns it over, the bonus values on the round's score
sheet. Everything else a Jaipur event carries is played in the open (the market refills face
up, a sale's bonus is named by its size only)."""

from __future__ import annotations

from typing import Any

from game.core.secrets import COUNT, OWN, PUBLIC, By, Each, Secrets
from game.rules.jaipur.face.cards import BONUS_SIZES, DEAL_HAND, GOODS


def dealt(event: Any, seat: int | None) -> list[str | None]:
    """The deal's deck as `seat` sees it: dealt in turn from the top (evolve.deal), the first
    player's hand, the other's (none for the solo bot), then two cards to the market."""
    deck, first = event["deck"], event["first"]
    order = [0] if "bot_deck" in event else [first, 1 - first]
    shown: list[str | None] = [None] * len(deck)
    for k, who in enumerate(order):
        if who == seat:
            shown[k * DEAL_HAND : (k + 1) * DEAL_HAND] = deck[k * DEAL_HAND : (k + 1) * DEAL_HAND]
    market = len(order) * DEAL_HAND
    shown[market : market + 2] = deck[market : market + 2]
    return shown


# a round's score sheet: every token of the round face up, bonus values included
SHEET = {
    "round": PUBLIC,
    "winner": PUBLIC,
    "tiebreak": PUBLIC,
    "camel_token": PUBLIC,
    "seats": Each(
        {
            "goods": PUBLIC,
            "goods_count": PUBLIC,
            "bonus": PUBLIC,
            "bonus_count": PUBLIC,
            "camel": PUBLIC,
            "herd": PUBLIC,
            "leftover": PUBLIC,
            "total": PUBLIC,
        }
    ),
}

EVENTS = {
    "deal": {
        "round": PUBLIC,
        "first": PUBLIC,
        "deck": By(dealt),
        "bonus": {str(size): COUNT for size in BONUS_SIZES},
        "bot_deck": COUNT,
    },
    "take": {"seat": PUBLIC, "good": PUBLIC},
    "camels": {"seat": PUBLIC, "count": PUBLIC},
    "exchange": {"seat": PUBLIC, "take": PUBLIC, "give": PUBLIC},
    "sell": {"seat": PUBLIC, "good": PUBLIC, "count": PUBLIC, "tokens": PUBLIC, "bonus": PUBLIC},
    "refill": {"cards": PUBLIC},
    "bot_reveal": {"card": PUBLIC},
    "bot_token": {"good": PUBLIC, "value": PUBLIC},
    "bot_discard": {"cards": PUBLIC, "bonus": PUBLIC, "rule": PUBLIC},
    "bot_camels": {"count": PUBLIC},
    "bot_turned": {"order": PUBLIC},
    "round_end": {
        "round": PUBLIC,
        "sheet": SHEET,
        "winner": PUBLIC,
        "seals": PUBLIC,
        "camel_token": PUBLIC,
        "match_winner": PUBLIC,
    },
}

VIEW = {
    "game": PUBLIC,
    "variant": PUBLIC,
    "seat": OWN,
    "to_act": PUBLIC,
    "phase": PUBLIC,
    "round": PUBLIC,
    "starter": PUBLIC,
    "market": PUBLIC,
    "deck": PUBLIC,  # how many cards are left
    "discard": PUBLIC,
    "tokens": {good: PUBLIC for good in GOODS},  # goods tokens lie face up
    "bonus": {str(size): PUBLIC for size in BONUS_SIZES},  # how many bonus tokens of each size are left
    "hand_counts": PUBLIC,
    "earned": Each({"goods": PUBLIC, "bonus": PUBLIC}),  # a bonus token by its size only
    "herd_empty": PUBLIC,
    "camel_token": PUBLIC,
    "seals": PUBLIC,
    "sheets": Each(SHEET),
    "winner": PUBLIC,
    "hand": OWN,
    "herd": OWN,
    "opponent_hand": OWN,  # how many cards the other seat holds
    "opponent_herd": OWN,  # the solo bot's herd; a person's herd size may not be asked
    "opponent_known": OWN,  # what the other seat was seen taking into its hand
    "bot_deck": PUBLIC,  # how many action cards are left
    "bot_revealed": PUBLIC,
    "bot_order": PUBLIC,
    "bot_herd": PUBLIC,
}

OUTCOME = {"rounds": PUBLIC, "sheets": Each(SHEET)}

SECRETS = Secrets(events=EVENTS, view=VIEW, outcome=OUTCOME)
