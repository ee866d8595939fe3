"""Jaipur's components and the team's decisions, in one table each (facts/jaipur.md)."""

from __future__ import annotations

GOODS: tuple[str, ...] = ("diamond", "gold", "silver", "cloth", "spice", "leather")
CAMEL = "camel"
NAMES: tuple[str, ...] = (*GOODS, CAMEL)
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}

# cards of each kind in the box: 55 in all
CARD_COUNTS: dict[str, int] = {
    "diamond": 6,
    "gold": 6,
    "silver": 6,
    "cloth": 8,
    "spice": 8,
    "leather": 10,
    "camel": 11,
}
TOTAL_CARDS = sum(CARD_COUNTS.values())

# goods tokens per pile, top of the pile first: 38 tokens, 130 rupees
TOKENS: dict[str, tuple[int, ...]] = {
    "diamond": (7, 7, 5, 5, 5),
    "gold": (6, 6, 5, 5, 5),
    "silver": (5, 5, 5, 5, 5),
    "cloth": (5, 3, 3, 2, 2, 1, 1),
    "spice": (5, 3, 3, 2, 2, 1, 1),
    "leather": (4, 3, 2, 1, 1, 1, 1, 1, 1),
}

# bonus tokens by cards sold (the "5" pile serves 5 or more): a fixed multiset per pile,
# shuffled face down each round
BONUS_SIZES: tuple[int, ...] = (3, 4, 5)
BONUS: dict[int, tuple[int, ...]] = {
    3: (3, 3, 2, 2, 2, 1, 1),
    4: (6, 6, 5, 5, 4, 4),
    5: (10, 10, 9, 8, 8),
}

LUXURY: frozenset[str] = frozenset({"diamond", "gold", "silver"})  # sell 2 or more
HAND_LIMIT = 7  # at the end of a turn; camels never count
MARKET_SIZE = 5
CAMEL_TOKEN = 5  # to the larger herd, nobody on a tie
SEALS_TO_WIN = 2
EMPTY_PILES_TO_END = 3
DEAL_HAND = 5
START_CAMELS = 3

# Solo variant: the rule bot's action deck (one of each goods type and one camel, taken
# out of the 55 before setup) and its discard preference, highest first (ours: the seed's
# list is cut short; its worked example fixes silver before spice and leather).
BOT_DECK: tuple[str, ...] = (*GOODS, CAMEL)
PREFERENCE: tuple[str, ...] = ("diamond", "gold", "silver", "cloth", "spice", "leather", "camel")

# Ours: a round still tied after both tie-breaks gives no seal; the seat that did not start
# the tied round starts the next one.
TIE_STARTER = "other"


def bonus_for(count: int) -> int | None:
    """The bonus pile a sale (or the solo bot's discard) of `count` cards earns from."""
    if count >= 5:
        return 5
    if count >= 3:
        return count
    return None


def full_deck(solo: bool = False) -> list[str]:
    """The cards shuffled at setup: all but the 3 market camels (and the bot's 7 in solo)."""
    cards: list[str] = []
    for name, n in CARD_COUNTS.items():
        cards += [name] * n
    for _ in range(START_CAMELS):
        cards.remove(CAMEL)
    if solo:
        for name in BOT_DECK:
            cards.remove(name)
    return cards
