"""The opening of a Taj Mahal game: tiles, bonus tiles, the deal and the first display."""

from __future__ import annotations

import random
from typing import Any

from game.rules.tajmahal.face.board import load
from game.rules.tajmahal.face.data import AGRA, BONUSES, DISPLAY, HAND_SIZE, TAJ_BONUS

Event = dict[str, Any]


def setup_events(seats: int, setup: dict | None, rng: random.Random, first: int = -1) -> list[Event]:
    """The opening: province tiles, bonus tiles, the start player, the deal and the first display.

    The start player is drawn at random (seed: 何らかの方法で先頭プレイヤーを決めます) unless
    the "first" option chose a seat (`first` >= 0). The draw is made either way, so a seed deals
    the same cards whoever starts.

    A fixed `setup` may give any of: order (provinces of tiles 1-12), bonus ({fortress: tile}),
    start (over the option), hands, display, deck (top first), discard, influence and goods
    (per seat), specials ({name: seat}), palaces and moguls ([[city, seat], ...] already built).
    Cards it does not place go under the deck in random order; fortresses missing from a given
    bonus are bare.
    """
    setup = dict(setup or {})
    board = load()
    others = [p for p in board.provinces if p != AGRA]
    if "order" in setup:
        order = list(setup["order"])
    else:
        rng.shuffle(others)
        order = [*others, AGRA]
    if "bonus" in setup:
        bonus = dict(setup["bonus"])
    else:
        tiles = list(BONUSES)
        rng.shuffle(tiles)
        forts = sorted(c for c in board.fortresses if c != board.taj)
        bonus = {board.taj: TAJ_BONUS, **dict(zip(forts, tiles, strict=True))}
    if "start" in setup:
        start = int(setup["start"])
    else:
        drawn = rng.randrange(seats)
        start = first if first >= 0 else drawn
    placed = set()
    fixed_hands = setup.get("hands")
    for key in ("display", "deck", "discard"):
        placed |= set(setup.get(key, []))
    for hand in fixed_hands or []:
        placed |= set(hand)
    rest = [c for c in range(96) if c not in placed]
    rng.shuffle(rest)
    deck = list(setup.get("deck", []))
    if fixed_hands is None:
        fixed_hands = [rest[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(seats)]
        rest = rest[seats * HAND_SIZE :]
    display = setup.get("display")
    if display is None:
        pile = deck + rest
        display, deck, rest = pile[: DISPLAY[seats]], pile[DISPLAY[seats] :], []
    return [
        {
            "type": "setup",
            "order": order,
            "bonus": bonus,
            "start": start,
            "hands": [list(h) for h in fixed_hands],
            "display": list(display),
            "deck": deck + rest,
            "discard": list(setup.get("discard", [])),
            "influence": [list(x) for x in setup.get("influence", [[] for _ in range(seats)])],
            "specials": dict(setup.get("specials", {})),
            "goods": [list(x) for x in setup.get("goods", [[] for _ in range(seats)])],
            "palaces": [list(x) for x in setup.get("palaces", [])],
            "moguls": [list(x) for x in setup.get("moguls", [])],
        }
    ]
