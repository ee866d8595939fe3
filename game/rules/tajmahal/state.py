"""Taj Mahal's immutable state. Map data stays in board.py; the state names cities only."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.frozen import replace
from game.rules.tajmahal.face.data import CARDS, INFLUENCE_TILES, PERSONS


@dataclass(frozen=True)
class Player:
    hand: tuple[int, ...] = ()
    played: tuple[int, ...] = ()  # this visit, in play order
    colour: str = ""  # the colour this visit's coloured cards must share ("" until bound)
    active: bool = True  # still in the current visit
    score: int = 0
    influence: tuple[str, ...] = ()  # influence tiles held (person names)
    tiles: tuple[int, ...] = ()  # province tiles won
    goods: tuple[str, ...] = ()  # goods scored so far (from bonus and province tiles)
    bonuses: tuple[str, ...] = ()  # bonus tiles taken, in order


@dataclass(frozen=True)
class State:
    seats: int
    players: tuple[Player, ...] = ()
    phase: str = "setup"  # "play", "build", "pick", "over"
    visit: int = 0  # 0-based: the province of tile visit+1 is visited
    order: tuple[str, ...] = ()  # province of tile 1..12
    bonus: tuple[tuple[str, str], ...] = ()  # (fortress city, bonus tile still on it)
    palaces: tuple[tuple[str, int], ...] = ()  # ordinary palaces (city, seat)
    moguls: tuple[tuple[str, int], ...] = ()  # mogul palaces (city, seat)
    deck: tuple[int, ...] = ()  # top first
    discard: tuple[int, ...] = ()
    display: tuple[int, ...] = ()
    table_specials: tuple[int, ...] = ()  # special cards nobody holds yet
    pool: tuple[int, ...] = (INFLUENCE_TILES,) * len(PERSONS)  # influence tiles left per person
    won: tuple[tuple[str, int], ...] = ()  # category -> seat, this visit
    start: int = 0
    first: int = -1  # the start player the setup's option chose; -1: drawn at random
    turn: int = 0  # the seat whose turn it is (or who owes a build/pick)
    builds: tuple[str, ...] = ()  # palaces still to place: "palace" or "mogul"
    built: tuple[str, ...] = ()  # cities built on in the current withdrawal
    taken: tuple[str, ...] = ()  # bonus tiles taken in the current withdrawal
    picks: int = 0  # display cards the withdrawing player still takes

    @property
    def province(self) -> str:
        return self.order[self.visit] if self.visit < len(self.order) else ""

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def with_player(self, seat: int, **changes) -> State:
        players = list(self.players)
        players[seat] = replace(players[seat], **changes)
        return replace(self, players=tuple(players))

    def active_seats(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if p.active]

    def next_active(self, seat: int) -> int | None:
        """The next seat clockwise (to the left) still in the visit; may be `seat` itself."""
        for k in range(1, self.seats + 1):
            s = (seat + k) % self.seats
            if self.players[s].active:
                return s
        return None

    def holder(self, card_id: int) -> int | None:
        for i, p in enumerate(self.players):
            if card_id in p.hand or card_id in p.played:
                return i
        return None

    def all_cards(self) -> list[int]:
        """Every card where it lies (for the conservation check): must be the 100 once each."""
        cards = [*self.deck, *self.discard, *self.display, *self.table_specials]
        for p in self.players:
            cards += [*p.hand, *p.played]
        return cards


def counts(card_ids: tuple[int, ...] | list[int]) -> dict[str, int]:
    """Symbols shown by a set of played cards."""
    out: dict[str, int] = {}
    for cid in card_ids:
        for s in CARDS[cid].symbols:
            out[s] = out.get(s, 0) + 1
    return out
