"""How my hand is ordered on screen: best melds first (each in card order), then the deadwood.

The order follows the sort mode (by suit or by rank) until the player drags a card; from then
on it follows their own order (a new card joins at the right) until they sort again.
Pure Python: the table draws what this decides.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.i18n import Msg, msg
from game.rules.ginrummy.face.cards import VALUE, rank_of, sort_key, suit_of

SUIT, RANK = "suit", "rank"


@dataclass(frozen=True)
class Group:
    kind: str  # "run", "set" or "deadwood"
    cards: tuple[str, ...]


def meld_kind(cards: list[str] | tuple[str, ...]) -> str:
    return "set" if len({c[0] for c in cards}) == 1 else "run"


def group_label(kind: str, cards: list[str] | tuple[str, ...]) -> Msg:
    """The words under a group of cards: "Run", "Set", or "Deadwood 14"."""
    if kind == "run":
        return msg("Run")
    if kind == "set":
        return msg("Set")
    return msg("Deadwood {n}", n=sum(VALUE[c] for c in cards))


class HandOrder:
    def __init__(self, mode: str = SUIT) -> None:
        self.mode = mode
        self.custom: list[str] | None = None  # the player's own order, once they dragged a card

    def key(self, code: str) -> tuple[int, int]:
        return (suit_of(code), rank_of(code)) if self.mode == SUIT else (rank_of(code), suit_of(code))

    def meld_key(self, meld: tuple[str, ...]) -> tuple[int, int, int]:
        if self.mode == SUIT:  # runs by suit, then the sets
            return (meld_kind(meld) == "set", suit_of(meld[0]), rank_of(meld[0]))
        return (rank_of(meld[0]), meld_kind(meld) == "set", suit_of(meld[0]))

    def groups(self, hand: list[str], melds: list[list[str]]) -> list[Group]:
        in_meld = {c for m in melds for c in m}
        shaped = [tuple(sorted(m, key=sort_key)) for m in melds]  # runs read low to high
        dead = [c for c in hand if c not in in_meld]
        if self.custom is None:
            shaped.sort(key=self.meld_key)
            dead.sort(key=self.key)
        else:
            place = {c: i for i, c in enumerate(self.custom)}
            late = {c: len(place) + i for i, c in enumerate(hand)}  # new cards join at the right

            def where(c: str) -> int:
                return place.get(c, late.get(c, 0))

            shaped.sort(key=lambda m: min(where(c) for c in m))
            dead.sort(key=where)
        out = [Group(meld_kind(m), m) for m in shaped]
        if dead:
            out.append(Group("deadwood", tuple(dead)))
        return out

    def sort(self, mode: str) -> None:
        self.mode = mode
        self.custom = None

    def move(self, shown: list[str], moving: list[str], index: int) -> None:
        """Put `moving` (cards shown together) at `index` among the other shown cards."""
        rest = [c for c in shown if c not in moving]
        index = max(0, min(index, len(rest)))
        self.custom = rest[:index] + list(moving) + rest[index:]

    def new_hand(self) -> None:
        self.custom = None
