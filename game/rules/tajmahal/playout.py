"""A fast, mutable copy of one Taj Mahal visit for the hard bot's look-ahead.

rules.step folds immutable states event by event, which costs most of a playout's time in
dataclass copies; this plays the rest of a visit on plain lists with the same rules (play,
withdraw, build with bonus tiles, goods and chain scoring, discard, free card, display picks,
special cards for influence pairs at the end of the visit). tests/rules/tajmahal/test_playout.py
checks it against rules.step move for move. The rollout policy lives here too.
"""

from __future__ import annotations

import random

from game.rules.tajmahal import bot_chain
from game.rules.tajmahal.face.board import Board
from game.rules.tajmahal.face.data import (
    BONUS_POINTS,
    CARDS,
    CATEGORIES,
    COLOURS,
    GOODS,
    PERSONS,
    SPECIAL_ID,
    SPECIAL_OF_PERSON,
    SPECIAL_POINTS,
    TILE_GOODS,
)
from game.rules.tajmahal.state import State

CHANGE, POINTS = SPECIAL_ID["change"], SPECIAL_ID["points"]
SYMBOLS = [c.symbols for c in CARDS]
COLOUR = [c.colour for c in CARDS]
COLOURED = [c.colour in COLOURS for c in CARDS]
EXTRA = [c.colour in ("white", "special") for c in CARDS]
SPECIAL = [c.colour == "special" for c in CARDS]
BUILD_BONUS = {"taj": 4.0, "points2": 2.0, "draw": 1.0}
# a special card in hand, for the visits it still plays in (plus its end-of-game point)
SPECIAL_PLAYS = {"points": 5.0, "elephant": 1.5, "mogul": 1.5, "change": 0.8}
SPECIAL_WORTH = [SPECIAL_PLAYS.get(c.special, 0.0) for c in CARDS]
SYMBOL_COUNT = [{s: c.symbols.count(s) for s in c.symbols} for c in CARDS]


def _merge(cards: list[int]) -> dict[str, int]:
    """The symbols of two or more cards played together (never changed by the caller):
    the rollout policy weighs the same pairs over and over, so each is counted once."""
    key = tuple(cards)
    out = _MERGED.get(key)
    if out is None:
        out = _MERGED[key] = {}
        for c in cards:
            for s, n in SYMBOL_COUNT[c].items():
                out[s] = out.get(s, 0) + n
    return out


_MERGED: dict[tuple[int, ...], dict[str, int]] = {}  # at most every pair and triple of cards


class Visit:
    """The rest of the current visit, mutable. Scores are whole points, as in the rules."""

    def __init__(self, state: State, board: Board, rng: random.Random):
        self.board, self.rng = board, rng
        self.n = state.seats
        ps = state.players
        self.hand = [list(p.hand) for p in ps]
        self.played = [list(p.played) for p in ps]
        self.colour = [p.colour for p in ps]
        self.active = [p.active for p in ps]
        self.score = [p.score for p in ps]
        self.influence = [[p.influence.count(x) for x in PERSONS] for p in ps]
        self.goods = [list(p.goods) for p in ps]
        self.shown = [self._count(p.played) for p in ps]
        self.pool = list(state.pool)
        self.province = state.province
        self.visit = state.visit
        self.bonus = dict(state.bonus)
        self.palaces = dict(state.palaces)  # city -> seat (one ordinary palace a city)
        self.mine = [set() for _ in ps]
        for c, s in (*state.palaces, *state.moguls):
            self.mine[s].add(c)
        self.deck, self.discard = list(state.deck), list(state.discard)
        self.display = list(state.display)
        self.table_specials = list(state.table_specials)
        self.won = dict(state.won)
        self.turn = state.turn
        self.over = state.phase != "play"
        self.cities = board.provinces[self.province].cities if self.province else ()
        self.future = frozenset(state.order[state.visit + 1 :])  # provinces still to be visited

    def fork(self, rng: random.Random) -> Visit:
        """A copy to play on apart, with its own random source: the same as a new Visit of
        the same state (every candidate of a sample starts from one), without reading the
        state again."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.rng = rng
        for name in ("hand", "played", "influence", "goods"):
            setattr(new, name, [list(x) for x in getattr(self, name)])
        new.shown = [dict(x) for x in self.shown]
        new.mine = [set(x) for x in self.mine]
        for name in ("colour", "active", "score", "pool", "deck", "discard", "display", "table_specials"):
            setattr(new, name, list(getattr(self, name)))
        new.bonus, new.palaces, new.won = dict(self.bonus), dict(self.palaces), dict(self.won)
        return new

    reach_weight = bot_chain.LATER  # the chain a palace to come would join (bot_chain.potential)
    card_base, card_late = 0.25, 0.5  # a card in hand, early and (added) late in the game

    @staticmethod
    def _count(cards) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in cards:
            for s in SYMBOLS[c]:
                out[s] = out.get(s, 0) + 1
        return out

    # -- queries -------------------------------------------------------------------------
    def would_win(self, seat: int, mine: dict[str, int] | None = None) -> list[str]:
        mine = self.shown[seat] if mine is None else mine
        out = []
        for c in CATEGORIES:
            if c in self.won:
                continue
            m = mine.get(c, 0)
            if m and all(m > self.shown[i].get(c, 0) for i in range(self.n) if i != seat and self.active[i]):
                out.append(c)
        return out

    def next_active(self, seat: int) -> int | None:
        for k in range(1, self.n + 1):
            s = (seat + k) % self.n
            if self.active[s]:
                return s
        return None

    def chain(self, seat: int) -> int:
        """Other provinces joined to this province by a road chain of the seat's palaces."""
        return bot_chain.scored(self.board, self.mine[seat], self.province)

    # -- moves ---------------------------------------------------------------------------
    def play(self, seat: int, cards: list[int]) -> None:
        hand, shown = self.hand[seat], self.shown[seat]
        for c in cards:
            hand.remove(c)
            self.played[seat].append(c)
            for s in SYMBOLS[c]:
                shown[s] = shown.get(s, 0) + 1
        if CHANGE not in cards and not self.colour[seat]:
            self.colour[seat] = next(COLOUR[c] for c in cards if COLOURED[c])
        if POINTS in cards:
            self.score[seat] += SPECIAL_POINTS
        self.turn = self.next_active(seat) or 0

    def _draw(self, seat: int) -> None:
        if not self.deck and self.discard:
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
        if self.deck:
            self.hand[seat].append(self.deck.pop(0))

    def _good(self, seat: int, good: str) -> None:
        self.goods[seat].append(good)
        self.score[seat] += self.goods[seat].count(good)

    def withdraw(self, seat: int, build=None, pick=None) -> None:
        """Leave the visit: win, build (with `build(visit, seat, mogul, cities)`), score,
        discard, draw, pick (with `pick(visit, seat, count)`)."""
        won = self.would_win(seat)
        self.active[seat] = False
        persons = [c for c in won if c in PERSONS]
        for c in won:
            self.won[c] = seat
        for c in persons:
            self.influence[seat][PERSONS.index(c)] += 1
            self.pool[PERSONS.index(c)] -= 1
        build = build or best_city
        empty = [c for c in self.cities if c not in self.palaces]
        taken: list[str] = []
        built = False
        for _ in range(min(len(persons), len(empty))):
            city = build(self, seat, False, [c for c in self.cities if c not in self.palaces])
            self.palaces[city] = seat
            self.mine[seat].add(city)
            built = True
            if city in self.bonus:
                taken.append(self.bonus.pop(city))
        if "mogul" in won:
            city = build(self, seat, True, list(self.cities))
            self.mine[seat].add(city)
            built = True
        for tile in taken:
            if tile in BONUS_POINTS:
                self.score[seat] += BONUS_POINTS[tile]
            elif tile == "draw":
                self._draw(seat)
            elif tile in GOODS:
                self._good(seat, tile)
        if "elephant" in won:
            for g in TILE_GOODS[self.visit + 1]:
                self._good(seat, g)
        if built:
            self.score[seat] += 1 + self.chain(seat)
        played = self.played[seat]
        self.discard += [c for c in played if not SPECIAL[c]]
        self.hand[seat] += [c for c in played if SPECIAL[c]]
        if not played:
            self._draw(seat)
        self.played[seat] = []
        self.shown[seat] = {}
        picks = min(2 if any(self.active) else 1, len(self.display))
        if picks:
            pick = pick or best_picks
            chosen = list(self.display) if len(self.display) <= picks else pick(self, seat, picks)
            for c in chosen:
                self.display.remove(c)
                self.hand[seat].append(c)
        nxt = self.next_active(seat)
        if nxt is None:
            self._end()
        else:
            self.turn = nxt

    def _end(self) -> None:
        for i in range(self.n):
            for k, person in enumerate(PERSONS):
                if self.influence[i][k] >= 2:
                    self.influence[i][k] -= 2
                    self.pool[k] += 2
                    cid = SPECIAL_ID[SPECIAL_OF_PERSON[person]]
                    if cid in self.hand[i]:
                        continue
                    if cid in self.table_specials:
                        self.table_specials.remove(cid)
                    else:
                        for j in range(self.n):
                            if cid in self.hand[j]:
                                self.hand[j].remove(cid)
                    self.hand[i].append(cid)
        self.over = True

    def worth(self, seat: int) -> float:
        """What the end of the visit is worth to a seat beyond its score: the cards it holds,
        its special cards (the +2 card most: it scores each visit it is played), influence
        tiles towards a pair, and palaces with roads into provinces still to come (chains to
        score later); after the last visit the hand's points as the rules count them."""
        hand = self.hand[seat]
        if self.visit >= 11:
            per = [sum(COLOUR[c] == col for c in hand) for col in COLOURS]
            return self.score[seat] + sum(EXTRA[c] for c in hand) + max(per)
        late = self.visit / 12
        ahead = min(11 - self.visit, 4) / 4  # visits left in which a special card still plays
        value = self.score[seat] + 0.8 * sum(self.influence[seat]) * (1 - late)
        for c in hand:
            value += SPECIAL_WORTH[c] * ahead + 1.0 if SPECIAL[c] else self.card_base + self.card_late * late
        if self.future:
            network = bot_chain.potential(self.board, frozenset(self.mine[seat]), self.future)
            value += self.reach_weight * network
        return value

    calm = 0.0  # chance a rollout player leading something leaves rather than contest more
    rival = 0.0  # share of the best other seat's worth (the rest: the others' average)

    def value(self, seat: int) -> float:
        """The seat's worth minus the others' average (or, with `rival`, partly the best)."""
        others = [self.worth(i) for i in range(self.n) if i != seat]
        if not others:
            return self.worth(seat)
        against = (1 - self.rival) * sum(others) / len(others) + self.rival * max(others)
        return self.worth(seat) - against

    # -- the rollout policy --------------------------------------------------------------
    def greedy(self, seat: int) -> list[int] | None:
        """The cards that add most to what withdrawing would win (None: withdraw)."""
        hand, colour, mine = self.hand[seat], self.colour[seat], self.shown[seat]
        if self.calm and mine and self.rng.random() < self.calm and self.would_win(seat):
            return None  # content with what it leads
        others = [self.shown[i] for i in range(self.n) if i != seat and self.active[i]]
        top: dict[str, int] = {}
        won = self.won
        for k in CATEGORIES:
            if k not in won:
                t = 0
                for o in others:
                    x = o.get(k, 0)
                    if x > t:
                        t = x
                top[k] = t
        extras = [c for c in hand if EXTRA[c]]
        has_change = CHANGE in hand
        best_gain, best = 0.0, None
        tried = set()
        for c in hand:
            if not COLOURED[c]:
                continue
            if not colour or COLOUR[c] == colour:
                options = [[c], *([c, x] for x in extras)]
            elif has_change:
                options = [[c, CHANGE]]
            else:
                continue
            if (SYMBOLS[c], len(options)) in tried:  # the same symbols played the same ways
                continue
            tried.add((SYMBOLS[c], len(options)))
            for cards in options:
                gain = (POINTS in cards) - 0.1 * (len(cards) - 1) + 0.01 * self.rng.random()
                adds = SYMBOL_COUNT[cards[0]] if len(cards) == 1 else _merge(cards)
                for k, n in adds.items():
                    if k in top:
                        m = mine.get(k, 0)
                        if m <= top[k] < m + n:
                            gain += 1
                if gain > best_gain:
                    best_gain, best = gain, cards
        return best

    def finish(self, leaves: int | None = None, build=None) -> None:
        """Play the visit out with the greedy policy for everyone; `leaves` (a seat) withdraws
        at its next turn instead (building with `build`)."""
        for _ in range(200):
            if self.over:
                return
            seat = self.turn
            if seat == leaves:
                self.withdraw(seat, build)
                continue
            cards = self.greedy(seat)
            if cards is None:
                self.withdraw(seat)
            else:
                self.play(seat, cards)


def best_city(v: Visit, seat: int, mogul: bool, cities: list[str]) -> str:
    """Where a rollout builds: the fortress bonus and links to the seat's other provinces."""
    board, mine = v.board, v.mine[seat]
    best, best_value = cities[0], -1.0
    for city, joined in zip(cities, bot_chain.joins(board, mine, cities), strict=True):
        value = 0.0 if mogul else BUILD_BONUS.get(v.bonus.get(city, ""), 1.5 if city in v.bonus else 0.0)
        value += joined
        value += 0.01 * v.rng.random()
        if value > best_value:
            best, best_value = city, value
    return best


def best_picks(v: Visit, seat: int, count: int) -> list[int]:
    """Display cards a rollout takes: white first, then the seat's most held colour."""
    held = dict.fromkeys(COLOURS, 0)
    for c in v.hand[seat]:
        if COLOURED[c]:
            held[COLOUR[c]] += 1
    ranked = sorted(v.display, key=lambda c: (COLOUR[c] == "white", held.get(COLOUR[c], 0), c))
    return ranked[-count:]
