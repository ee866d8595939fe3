"""decide (validate a command, produce events) for Taj Mahal, and the queries it rests on.
evolve lives in evolve.py, the opening in setup.py.

decide folds each event it emits as it goes (an Emitter), so a withdrawal that finishes a
visit can deal the next display in the same command with the state it has reached.
"""

from __future__ import annotations

import random
from collections.abc import Container, Iterable, Mapping
from typing import Any

from game.core.i18n import N_, msg, msg_n
from game.core.ruleset import Rejected
from game.rules.tajmahal import chains
from game.rules.tajmahal.board import Board, load
from game.rules.tajmahal.data import (
    BONUS_POINTS,
    CARDS,
    CATEGORIES,
    COLOURS,
    DISPLAY,
    GOODS,
    PERSONS,
    PICK,
    SPECIAL_ID,
    SPECIAL_OF_PERSON,
    SPECIAL_POINTS,
    TILE_GOODS,
    VISITS,
)
from game.rules.tajmahal.evolve import evolve
from game.rules.tajmahal.state import State, counts
from game.rules.tajmahal.words import COLOUR, listing, place

Event = dict[str, Any]


# -- reading the state -----------------------------------------------------------------------
def standing(
    mine: Mapping[str, int], others: Iterable[Mapping[str, int]], taken: Container[str]
) -> tuple[list[str], list[str]]:
    """(categories `mine` leads, categories it ties) against the counts of `others`: open
    categories (not in `taken`) it showed at least once, with strictly more than each of the
    others (a lead, won on withdrawing) or as many as the best of them (a tie, won by nobody)."""
    lead: list[str] = []
    tie: list[str] = []
    if not mine:
        return lead, tie
    others = list(others)
    for c in CATEGORIES:
        m = mine.get(c, 0)
        if not m or c in taken:
            continue
        best = 0  # a plain loop: every view asks this for each player still in
        for o in others:
            x = o.get(c, 0)
            if x > best:
                best = x
        if m > best:
            lead.append(c)
        elif m == best:
            tie.append(c)
    return lead, tie


def would_win(state: State, seat: int) -> list[str]:
    """The categories `seat` wins if it withdraws now: strictly more than everyone still in.

    With nobody else in the visit this is every open category it showed at least once.
    """
    mine = counts(state.players[seat].played)
    others = [counts(p.played) for i, p in enumerate(state.players) if p.active and i != seat]
    return standing(mine, others, {c for c, _ in state.won})[0]


def play_problem(state: State, seat: int, cards: list[int]) -> str:
    """Why these cards cannot be played now ("" when they can)."""
    player = state.players[seat]
    if not 1 <= len(cards) <= 2:
        return N_("Play one or two cards")
    if len(set(cards)) != len(cards) or any(c not in player.hand for c in cards):
        return N_("You can only play cards from your hand")
    coloured = [c for c in cards if CARDS[c].colour in COLOURS]
    if len(coloured) != 1:
        return N_("Play exactly one coloured card, plus at most one white or special card")
    change = SPECIAL_ID["change"] in cards
    colour = CARDS[coloured[0]].colour
    if player.colour and colour != player.colour and not change:
        return msg("This visit your coloured cards must be {colour}", colour=COLOUR[player.colour])
    return ""


def build_cities(state: State, seat: int, board: Board) -> list[str]:
    """Where the next pending palace may go: an empty city (no ordinary palace), or for the
    mogul's palace any city of the province."""
    if not state.builds:
        return []
    cities = board.provinces[state.province].cities
    if state.builds[0] == "mogul":
        return list(cities)
    taken = {c for c, _ in state.palaces}
    return [c for c in cities if c not in taken]


def palaces_for(state: State, won: list[str]) -> list[str]:
    """The palaces a withdrawal places: one per person won (while empty cities last), then the
    mogul's. A province holds 4 or 5 cities, so only a preset board can run out of room."""
    cities = load().provinces[state.province].cities
    empty = len(set(cities) - {c for c, _ in state.palaces})
    persons = min(sum(c in PERSONS for c in won), empty)
    return ["palace"] * persons + (["mogul"] if "mogul" in won else [])


def chain_provinces(state: State, seat: int, province: str, board: Board) -> int:
    """Other provinces joined to `province` by a road chain of cities holding `seat`'s palaces."""
    mine = {c for c, s in (*state.palaces, *state.moguls) if s == seat}
    return chains.provinces_joined(board, mine, province)


def palace_count(state: State, seat: int) -> int:
    return sum(s == seat for _, s in (*state.palaces, *state.moguls))


def hand_points(hand: tuple[int, ...]) -> int:
    """End of game: 1 per special and white card, plus 1 per card of the most numerous colour."""
    special = sum(CARDS[c].colour in ("special", "white") for c in hand)
    per_colour = [sum(CARDS[c].colour == col for c in hand) for col in COLOURS]
    return special + max(per_colour)


# -- decide ----------------------------------------------------------------------------------
class Emitter:
    """Collects events and keeps the state they lead to."""

    def __init__(self, state: State, rng: random.Random):
        self.state, self.rng, self.events = state, rng, []

    def __call__(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)

    def draw(self, seat: int, n: int, reason: str) -> None:
        self._refill(n)
        cards = list(self.state.deck[:n])
        if cards:
            self({"type": "draw", "seat": seat, "cards": cards, "reason": reason})

    def _refill(self, n: int) -> None:
        s = self.state
        if len(s.deck) < n and s.discard:
            rest = list(s.discard)
            self.rng.shuffle(rest)
            self({"type": "reshuffle", "order": [*s.deck, *rest]})


def step(state: State, seat: int, command: dict, rng: random.Random) -> State | Rejected:
    """decide and fold in one go: the state a command leads to (for searches)."""
    em = _decide(state, seat, command, rng)
    return em if isinstance(em, Rejected) else em.state


def decide(state: State, seat: int | None, command: dict, rng: random.Random) -> list[Event] | Rejected:
    em = _decide(state, seat, command, rng)
    return em if isinstance(em, Rejected) else em.events


def _decide(state: State, seat: int | None, command: dict, rng: random.Random) -> Emitter | Rejected:
    if state.phase == "over":
        return Rejected(N_("The game is over"))
    if seat is None or seat != state.turn:
        return Rejected(N_("It is not your turn"))
    move = command.get("move")
    em = Emitter(state, rng)
    if state.phase == "play":
        if move == "play":
            cards = command.get("cards")
            if not isinstance(cards, list) or not all(type(c) is int for c in cards):
                return Rejected(N_("Name the cards to play by their ids"))
            problem = play_problem(state, seat, cards)
            if problem:
                return Rejected(problem)
            p = state.players[seat]
            colour = p.colour
            if SPECIAL_ID["change"] not in cards and not colour:
                colour = next(CARDS[c].colour for c in cards if CARDS[c].colour in COLOURS)
            em({"type": "play", "seat": seat, "cards": cards, "colour": colour})
            if SPECIAL_ID["points"] in cards:
                em({"type": "score", "seat": seat, "points": SPECIAL_POINTS, "reason": "special"})
            return em
        if move == "withdraw":
            won = would_win(state, seat)
            em({"type": "withdraw", "seat": seat, "won": won, "builds": palaces_for(state, won)})
            if not em.state.builds:
                _finish_withdrawal(em, seat)
            return em
        return Rejected(N_("Play cards or withdraw"))
    if state.phase == "build":
        if move != "build":
            return Rejected(N_("Choose a city for your palace"))
        city = command.get("city")
        allowed = build_cities(state, seat, load())
        if city not in allowed:
            return Rejected(
                msg("Build in one of: {cities}", cities=listing([place(c) for c in allowed], "none"))
            )
        kind = state.builds[0]
        bonus = dict(state.bonus).get(city) if kind == "palace" else None
        em({"type": "build", "seat": seat, "city": city, "kind": kind, "bonus": bonus})
        if not em.state.builds:
            _finish_withdrawal(em, seat)
        return em
    if state.phase == "pick":
        if move != "pick":
            return Rejected(N_("Take cards from the display"))
        cards = command.get("cards")
        if (
            not isinstance(cards, list)
            or not all(type(c) is int for c in cards)
            or len(cards) != state.picks
            or len(set(map(str, cards))) != len(cards)
            or any(c not in state.display for c in cards)
        ):
            return Rejected(
                msg_n(
                    "Take {n} different card from the display",
                    "Take {n} different cards from the display",
                    state.picks,
                )
            )
        em({"type": "pick", "seat": seat, "cards": cards})
        _maybe_end_visit(em)
        return em
    return Rejected(N_("Nothing to do now"))


def _finish_withdrawal(em: Emitter, seat: int) -> None:
    """Score (bonus tiles, province goods, palaces), discard, free card, then the display."""
    s = em.state
    board = load()
    before = list(s.players[seat].goods)

    def good(g: str, reason: str) -> None:
        before.append(g)
        em({"type": "score", "seat": seat, "points": before.count(g), "reason": reason, "good": g})

    for tile in s.taken:
        if tile in BONUS_POINTS:
            em({"type": "score", "seat": seat, "points": BONUS_POINTS[tile], "reason": tile})
        elif tile == "draw":
            em.draw(seat, 1, "bonus")
        elif tile in GOODS:
            good(tile, "bonus")
    if ("elephant", seat) in s.won:
        for g in TILE_GOODS[s.visit + 1]:
            good(g, "province")
    if s.built:
        chain = chain_provinces(em.state, seat, s.province, board)
        em({"type": "score", "seat": seat, "points": 1 + chain, "reason": "palaces", "chain": chain})
    s = em.state
    played = s.players[seat].played
    others = any(p.active for p in s.players)
    picks = min(PICK if others else 1, len(s.display))
    em(
        {
            "type": "clear",
            "seat": seat,
            "discard": [c for c in played if CARDS[c].colour != "special"],
            "back": [c for c in played if CARDS[c].colour == "special"],
            "picks": picks,
        }
    )
    if not played:  # withdrawing before playing a card: the top card of the deck
        em.draw(seat, 1, "free")
    if em.state.phase == "pick" and len(em.state.display) <= em.state.picks:
        em({"type": "pick", "seat": seat, "cards": list(em.state.display)})  # no choice left
    _maybe_end_visit(em)


def _maybe_end_visit(em: Emitter) -> None:
    if em.state.phase != "visit_end":
        return
    s = em.state
    for i, p in enumerate(s.players):
        for person in PERSONS:
            if p.influence.count(person) >= 2:
                cid = SPECIAL_ID[SPECIAL_OF_PERSON[person]]
                em(
                    {
                        "type": "special",
                        "seat": i,
                        "person": person,
                        "card": cid,
                        "from": em.state.holder(cid),
                    }
                )
    em({"type": "visit_end"})
    s = em.state
    if s.visit >= VISITS:
        for i, p in enumerate(s.players):
            em({"type": "score", "seat": i, "points": hand_points(p.hand), "reason": "hand"})
        em({"type": "game_over"})
        return
    n = DISPLAY[s.seats]
    em._refill(n)
    em({"type": "display", "cards": list(em.state.deck[:n])})
