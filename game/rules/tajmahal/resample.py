"""Taj Mahal's determinization, one for the hard bot's look-ahead and Ruleset.resample: the
hidden cards dealt afresh, consistent with what a seat sees.

Hidden from a seat: the other hands but for their special cards, which lie face up (a
spectator: every hand so), the deck's order and what it holds, and the discards (thrown face
up, but a view counts them only). They are dealt from the cards nowhere in sight."""

from __future__ import annotations

import random
from typing import Any

from game.core.frozen import replace
from game.rules.tajmahal.face.data import DECK_IDS, PERSONS, SPECIAL_ID
from game.rules.tajmahal.state import Player, State

View = dict[str, Any]


def resample(state: State, seen: View, rng: random.Random) -> State:
    """`state` with what the seat whose view is `seen` may not know dealt afresh from it."""
    if state.phase == "setup":
        return state
    sample = determinize(seen, rng)
    players = tuple(replace(p, hand=s.hand) for p, s in zip(state.players, sample.players, strict=True))
    return replace(state, players=players, deck=sample.deck, discard=sample.discard)


def determinize(view: View, rng: random.Random) -> State:
    """A full state consistent with what the seat sees: hidden hands and deck dealt at random."""
    me = view["seat"]
    seen = {c["id"] for c in view["hand"]} | {c["id"] for c in view["display"]}
    seen |= {c["id"] for p in view["players"] for c in p["played"]}
    unknown = [i for i in DECK_IDS if i not in seen]
    rng.shuffle(unknown)
    players = []
    for p in view["players"]:
        played = tuple(c["id"] for c in p["played"])
        if p["seat"] == me:
            hand = tuple(c["id"] for c in view["hand"])
        else:
            specials = tuple(SPECIAL_ID[n] for n in p["specials"] if SPECIAL_ID[n] not in played)
            n = max(p["hand_size"] - len(specials), 0)
            hand, unknown = tuple(unknown[:n]) + specials, unknown[n:]
        players.append(
            Player(
                hand=hand,
                played=played,
                colour=p["colour"],
                active=p["in_visit"],
                score=p["score"],
                influence=tuple(person for person in PERSONS for _ in range(p["influence"][person])),
                tiles=tuple(p["tiles"]),
                goods=tuple(p["goods"]),
                bonuses=tuple(p["bonuses"]),
            )
        )
    deck, discard = unknown[: view["deck"]], unknown[view["deck"] :]
    return State(
        seats=view["seats"],
        players=tuple(players),
        phase=view["phase"],
        visit=view["visit"] - 1,
        order=tuple(view["order"]),
        bonus=tuple(sorted(view["bonus"].items())),
        palaces=tuple((c, s) for c, s in view["palaces"]),
        moguls=tuple((c, s) for c, s in view["moguls"]),
        deck=tuple(deck),
        discard=tuple(discard),
        display=tuple(c["id"] for c in view["display"]),
        table_specials=tuple(SPECIAL_ID[n] for n in view["table_specials"]),
        pool=tuple(view["influence_pool"][p] for p in PERSONS),
        won=tuple(view["won"].items()),
        start=view["start"],
        turn=view["turn"],
    )
