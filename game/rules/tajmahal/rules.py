"""decide (produce a command's events) for Taj Mahal, and the queries it rests on. Whether a
command may be sent is checks.py's (the face's why_not runs the same checks on a seat's view);
evolve lives in evolve.py, the opening in setup.py.

decide folds each event it emits as it goes (an Emitter), so a withdrawal that finishes a
visit can deal the next display in the same command with the state it has reached.
"""

from __future__ import annotations

import random
from typing import Any

from game.core.ruleset import Rejected
from game.rules.tajmahal import chains
from game.rules.tajmahal.evolve import evolve
from game.rules.tajmahal.face import checks
from game.rules.tajmahal.face.board import Board, load
from game.rules.tajmahal.face.data import (
    BONUS_POINTS,
    CARDS,
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
from game.rules.tajmahal.face.standing import standing
from game.rules.tajmahal.state import State, counts

Event = dict[str, Any]


# -- reading the state -----------------------------------------------------------------------
def would_win(state: State, seat: int) -> list[str]:
    """The categories `seat` wins if it withdraws now: strictly more than everyone still in.

    With nobody else in the visit this is every open category it showed at least once.
    """
    mine = counts(state.players[seat].played)
    others = [counts(p.played) for i, p in enumerate(state.players) if p.active and i != seat]
    return standing(mine, others, {c for c, _ in state.won})[0]


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
    refused = checks.check(state, seat, command)
    if refused is not None:
        return refused
    assert seat is not None
    move = command["move"]
    em = Emitter(state, rng)
    if move == "play":
        cards = command["cards"]
        colour = state.players[seat].colour
        if SPECIAL_ID["change"] not in cards and not colour:
            colour = next(CARDS[c].colour for c in cards if CARDS[c].colour in COLOURS)
        em({"type": "play", "seat": seat, "cards": cards, "colour": colour})
        if SPECIAL_ID["points"] in cards:
            em({"type": "score", "seat": seat, "points": SPECIAL_POINTS, "reason": "special"})
    elif move == "withdraw":
        won = would_win(state, seat)
        em({"type": "withdraw", "seat": seat, "won": won, "builds": palaces_for(state, won)})
        if not em.state.builds:
            _finish_withdrawal(em, seat)
    elif move == "build":
        city, kind = command["city"], state.builds[0]
        bonus = dict(state.bonus).get(city) if kind == "palace" else None
        em({"type": "build", "seat": seat, "city": city, "kind": kind, "bonus": bonus})
        if not em.state.builds:
            _finish_withdrawal(em, seat)
    else:
        em({"type": "pick", "seat": seat, "cards": command["cards"]})
        _maybe_end_visit(em)
    return em


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
