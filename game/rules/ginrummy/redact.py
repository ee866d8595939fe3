"""What one seat may see of Gin Rummy, declared (game/core/secrets.py; anything undeclared is
withheld): the deal shows a seat its own ten cards and the upcard, a draw from the stock shows
the card to the drawer only, the stock's order stays hidden. The other hand is seen as its
cards are taken from the pile or thrown on it, and whole at the knock: from then on the hands
are laid down for both, so knocks and scores show them."""

from __future__ import annotations

from typing import Any

from game.core.secrets import OWN, PUBLIC, By, Each, Own, Secrets
from game.rules.ginrummy.face.cards import DECK

HAND = 10  # cards dealt to each player; the deck's next card is the upcard


def dealt(event: Any, seat: int | None) -> list[str | None]:
    """The deal's deck as `seat` sees it: the non-dealer is dealt deck[:10], the dealer
    deck[10:20] (rules.evolve), deck[20] is the upcard; the rest is the stock."""
    deck, dealer = event["deck"], event["dealer"]
    own = {1 - dealer: range(0, HAND), dealer: range(HAND, 2 * HAND)}.get(seat, range(0))
    return [c if i in own or i == 2 * HAND else None for i, c in enumerate(deck)]


def drawn(event: Any, seat: int | None) -> str | None:
    """A card from the stock is the drawer's alone; one from the pile everyone saw."""
    return event["card"] if event["source"] != "stock" or event["seat"] == seat else None


# a line of the score sheet
HAND_RESULT = {
    "number": PUBLIC,
    "kind": PUBLIC,
    "knocker": PUBLIC,
    "winner": PUBLIC,
    "points": PUBLIC,
    "deadwood": PUBLIC,
    "totals": PUBLIC,
    "template": PUBLIC,
    "text": PUBLIC,
}

# both hands laid down at a knock
REVEAL = {
    "knocker": PUBLIC,
    "gin": PUBLIC,
    "card": PUBLIC,
    "hands": PUBLIC,
    "melds": PUBLIC,
    "extended_melds": PUBLIC,
    "knocker_deadwood_cards": PUBLIC,
    "knocker_deadwood": PUBLIC,
    "defender_melds": PUBLIC,
    "layoffs": Each({"card": PUBLIC, "meld": PUBLIC}),
    "defender_deadwood_cards": PUBLIC,
    "defender_deadwood": PUBLIC,
}

EVENTS = {
    "deal": {"number": PUBLIC, "dealer": PUBLIC, "deck": By(dealt)},
    "upcard_taken": {"seat": PUBLIC, "card": PUBLIC},
    "upcard_passed": {"seat": PUBLIC, "card": PUBLIC},
    "drew": {"seat": PUBLIC, "source": PUBLIC, "card": By(drawn)},
    "discarded": {"seat": PUBLIC, "card": PUBLIC},
    "knocked": {
        "seat": PUBLIC,
        "card": PUBLIC,
        "gin": PUBLIC,
        "deadwood": PUBLIC,
        "melds": PUBLIC,  # the knocker's hand, laid down
        "defender_melds": PUBLIC,
        "layoffs": PUBLIC,
    },
    "laid_off": {"seat": PUBLIC, "card": PUBLIC, "meld": PUBLIC},
    "arranged": {"seat": PUBLIC, "melds": PUBLIC},  # after the knock: the hands lie open
    "hand_dead": {"number": PUBLIC, "next_dealer": PUBLIC, "template": PUBLIC},
    "hand_scored": {
        "number": PUBLIC,
        "knocker": PUBLIC,
        "deadwood": PUBLIC,
        "totals": PUBLIC,
        "next_dealer": PUBLIC,
        "kind": PUBLIC,
        "winner": PUBLIC,
        "points": PUBLIC,
        "template": PUBLIC,
    },
}

VIEW = {
    "seat": OWN,
    "to_act": PUBLIC,
    "phase": PUBLIC,
    "hand_number": PUBLIC,
    "dealer": PUBLIC,
    "hand": OWN,
    "discard": PUBLIC,
    "stock": PUBLIC,  # how many cards are left
    "hand_counts": PUBLIC,
    "opponent_hand": OWN,  # how many cards the other seat holds
    "scores": PUBLIC,
    "target": PUBLIC,
    "undercut_bonus": PUBLIC,
    "gin_bonus": PUBLIC,
    "taken": OWN,  # the card the seat to act took from the pile (it may not throw it back)
    "deadwood": OWN,
    "public": PUBLIC,  # what was taken from, passed and thrown on the pile, in the open
    "known": PUBLIC,
    "passed": PUBLIC,
    "reveal": REVEAL,  # both hands, once a knock laid them down
    "history": Each(HAND_RESULT),
    "last_hand": HAND_RESULT,
    "melds": OWN,
    "deadwood_cards": OWN,
    "discard_deadwood": Own({card: PUBLIC for card in DECK}),  # by card: the deadwood left after throwing it
}

SECRETS = Secrets(events=EVENTS, view=VIEW, outcome={"hands": Each(HAND_RESULT)})
