"""Taj Mahal's numbers in one place: the deck, the tiles, the display, and our decisions.

Everything here comes from /work/shared/facts/tajmahal.md; "ours" marks a team decision.
"""

from __future__ import annotations

from dataclasses import dataclass

PERSONS: tuple[str, ...] = ("vizier", "general", "monk", "princess")
CATEGORIES: tuple[str, ...] = (*PERSONS, "mogul", "elephant")
COLOURS: tuple[str, ...] = ("green", "purple", "red", "yellow")
OWN_PERSON = {"green": "vizier", "purple": "general", "red": "monk", "yellow": "princess"}
GOODS: tuple[str, ...] = ("rice", "tea", "spice", "jewel")

HAND_SIZE = 6
DISPLAY = {3: 5, 4: 7, 5: 9}
VISITS = 12
PICK = 2  # display cards taken on withdrawal; the last player takes the 1 left
INFLUENCE_TILES = 6  # per person


@dataclass(frozen=True)
class Card:
    id: int
    colour: str  # a COLOURS entry, "white", or "special"
    symbols: tuple[str, ...]
    special: str = ""  # "elephant", "mogul", "points", "change" for the four special cards

    def to_json(self) -> dict:
        data = {"id": self.id, "colour": self.colour, "symbols": list(self.symbols)}
        if self.special:
            data["special"] = self.special
        return data


def _colour_cards(colour: str) -> list[tuple[str, ...]]:
    """The 21 cards of one colour (the facts page's breakdown; the 21st card is ours)."""
    v, g, m, p = PERSONS
    pairs = [(v, g), (g, m), (m, p), (p, v)]  # two different persons, each person twice
    return [
        *pairs,
        ("elephant", "mogul"),
        ("elephant", "mogul"),
        *[("elephant", person) for person in PERSONS for _ in range(3)],
        ("elephant", "elephant"),
        ("elephant", "elephant"),
        ("mogul", OWN_PERSON[colour]),  # ours: the 21st card
    ]


WHITE: tuple[tuple[str, ...], ...] = (
    ("vizier",),
    ("general",),
    ("monk",),
    ("princess",),
    ("mogul",),
    *(("elephant",),) * 7,
)

# Special cards: what each does, and the influence pair that wins it.
SPECIALS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("elephant", ("elephant",), "general"),  # counts as one elephant
    ("points", (), "princess"),  # 2 points at once when played
    ("mogul", ("mogul",), "vizier"),  # ours: counts as one mogul
    ("change", (), "monk"),  # ours: colour change
)
SPECIAL_OF_PERSON = {person: name for name, _, person in SPECIALS}
SPECIAL_POINTS = 2


def _build_cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    for colour in COLOURS:
        for symbols in _colour_cards(colour):
            cards.append(Card(len(cards), colour, symbols))
    for symbols in WHITE:
        cards.append(Card(len(cards), "white", symbols))
    for name, symbols, _ in SPECIALS:
        cards.append(Card(len(cards), "special", symbols, name))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build_cards()
DECK_SIZE = 96
DECK_IDS: tuple[int, ...] = tuple(range(DECK_SIZE))
SPECIAL_IDS: tuple[int, ...] = tuple(range(DECK_SIZE, len(CARDS)))
SPECIAL_ID = {CARDS[i].special: i for i in SPECIAL_IDS}
assert len(CARDS) == 100 and all(CARDS[i].colour != "special" for i in DECK_IDS)

# Province tiles 1-12 and their goods (ours). Tile 12 always lies on Agra.
TILE_GOODS: dict[int, tuple[str, ...]] = {
    1: ("rice",),
    2: ("tea",),
    3: ("spice",),
    4: ("jewel",),
    5: ("rice",),
    6: ("tea",),
    7: ("spice",),
    8: ("jewel",),
    9: ("rice", "tea"),
    10: ("spice", "jewel"),
    11: ("rice", "spice"),
    12: ("tea", "jewel"),
}
AGRA = "Agra"

# Bonus tiles on the fortresses: the Taj Mahal tile on Agra's Taj city, 15 others at random (ours).
TAJ_BONUS = "taj"  # +4 points
BONUSES: tuple[str, ...] = (
    *("points2",) * 3,
    *("draw",) * 4,
    *("rice", "tea", "spice", "jewel") * 2,
)
BONUS_POINTS = {"taj": 4, "points2": 2}

# Ours: ties are broken by more palaces on the board, then the win is shared.
TIE_BREAK = "palaces"


def card(card_id: int) -> Card:
    return CARDS[card_id]
