"""The immutable state of a Gin Rummy match (its phases and the knock on the table are the
face's words: face/phases.py)."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.ginrummy.face.phases import DEALING, MATCH_OVER, Knock


@dataclass(frozen=True)
class HandResult:
    """One line of the score sheet."""

    number: int
    kind: str  # "knock", "gin", "undercut" or "dead"
    knocker: int | None
    winner: int | None
    points: int
    deadwood: tuple[int, int]  # per seat, after layoffs (0, 0 for a dead hand)
    totals: tuple[int, int]
    template: str  # the explanation with {0} and {1} for the seat names


@dataclass(frozen=True)
class State:
    target: int = 100
    undercut_bonus: int = 25
    gin_bonus: int = 25
    first_dealer: int | None = None  # the first hand's dealer; None: drawn at random
    upcard_first: str = (
        "dealer"  # who decides on the first upcard first: "dealer" (the seed) or "other" (Hoyle)
    )
    phase: str = DEALING
    dealer: int = 0
    hand_number: int = 0  # 1 for the first deal
    hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    stock: tuple[str, ...] = ()  # top first
    pile: tuple[str, ...] = ()  # discard pile, top last
    turn: int = 0  # the seat whose decision it is (first upcard, draw, discard, layoff, next hand)
    upcard_offers: int = 0  # first upcard: how many seats have passed it
    taken: str | None = None  # the card just taken from the pile (it may not be thrown back at once)
    public: tuple[tuple[int, str, str], ...] = ()  # (seat, TOOK/PASSED/DISCARDED, card) this hand
    knock: Knock | None = None
    scores: tuple[int, int] = (0, 0)
    history: tuple[HandResult, ...] = ()

    @property
    def defender(self) -> int:
        assert self.knock is not None
        return 1 - self.knock.knocker


def to_act(state: State) -> frozenset[int]:
    """Who decides now: the seat whose turn it is, nobody before the deal or after the match."""
    if state.phase in (DEALING, MATCH_OVER):
        return frozenset()
    return frozenset({state.turn})
