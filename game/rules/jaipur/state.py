"""The immutable state of a Jaipur match and the small helpers that read it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.jaipur.face.cards import BONUS_SIZES, EMPTY_PILES_TO_END, GOODS, TOKENS

Counts = tuple[int, ...]  # cards per goods type, in GOODS order
NO_GOODS: Counts = (0,) * len(GOODS)
HOLE = ""  # a market slot waiting for a card


@dataclass(frozen=True)
class State:
    solo: bool = False
    first: Any = "random"  # the option: who starts round 1
    phase: str = "setup"  # setup, play, over
    round: int = 0
    seals: tuple[int, int] = (0, 0)
    starter: int = 0  # who started this round
    turn: int = 0  # seat whose turn it is (1 in solo is the rule bot, inside one decide)
    deck: tuple[str, ...] = ()  # top first
    market: tuple[str, ...] = ()  # five slots; HOLE where the deck could not refill
    hands: tuple[Counts, Counts] = (NO_GOODS, NO_GOODS)
    herds: tuple[int, int] = (0, 0)
    # goods each seat was seen taking into its hand and not yet seen leaving it: what the
    # other seat knows of that hand with a perfect memory
    known: tuple[Counts, Counts] = (NO_GOODS, NO_GOODS)
    tokens: tuple[tuple[int, ...], ...] = tuple(TOKENS[g] for g in GOODS)  # per GOODS index, top first
    bonus: tuple[tuple[int, ...], ...] = tuple(() for _ in BONUS_SIZES)  # per size, top first, face down
    won_goods: tuple[tuple[tuple[str, int], ...], ...] = ((), ())  # (good, value) per seat
    won_bonus: tuple[tuple[tuple[int, int], ...], ...] = ((), ())  # (size, value) per seat
    discard: tuple[str, ...] = ()  # top last
    camel_token: int | None = None  # seat that won it at scoring
    bot_deck: tuple[str, ...] = ()  # solo: the action deck, top first
    bot_revealed: tuple[str, ...] = ()  # solo: action cards shown this cycle
    bot_order: tuple[str, ...] = ()  # solo: the last full cycle this round (it repeats)
    sheets: tuple[dict[str, Any], ...] = ()  # score sheet of every finished round
    winner: int | None = None  # the match winner


def hand_size(counts: Counts) -> int:
    return sum(counts)


def empty_piles(state: State) -> int:
    return sum(1 for pile in state.tokens if not pile)


def round_over(state: State) -> bool:
    """Three goods piles empty, or the deck could not refill the market."""
    return empty_piles(state) >= EMPTY_PILES_TO_END or HOLE in state.market


def names(counts: Counts) -> list[str]:
    """The cards of a count per goods type, one name a card in GOODS order."""
    return [g for g, k in zip(GOODS, counts, strict=True) for _ in range(k)]


def market_cards(state: State) -> list[str]:
    return [c for c in state.market if c != HOLE]
