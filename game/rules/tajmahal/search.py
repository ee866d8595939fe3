"""Determinized look-ahead for the hard bot: sample the hidden cards from the view, play the
rest of the visit out with a quick greedy policy for everyone, and average what each candidate
move is worth to the bot against the others when the visit ends."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from game.core.ruleset import Command
from game.rules.tajmahal.board import load
from game.rules.tajmahal.data import DECK_IDS, PERSONS, SPECIAL_ID
from game.rules.tajmahal.playout import Visit
from game.rules.tajmahal.state import Player, State

View = dict[str, Any]


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


def best_move(
    view: View,
    candidates: list[Command],
    rng: random.Random,
    samples: int,
    seconds: float,
    build: Callable | None = None,
) -> Command:
    """Average each candidate over the same samples of the hidden cards; return the best.

    Each sample deals the hidden cards (determinize), plays the candidate and then the rest of
    the visit with the greedy policy for everyone on a fast copy of the visit (playout.Visit),
    and scores the seat's worth against the others' average. `build` chooses the bot's own
    palaces when a candidate withdraws. `samples` fixes the work (so a given rng gives the same
    answer); `seconds` is only a hard cap, reached on a machine far slower than ours (stopping
    at 80% of it, at least 1 sample).
    """
    seat = view["seat"]
    board = load()
    totals = [0.0] * len(candidates)
    stop = time.perf_counter() + 0.8 * seconds
    for done in range(max(samples, 1)):
        if done and time.perf_counter() > stop:
            break
        base = determinize(view, rng)
        seed = rng.random()
        for i, cmd in enumerate(candidates):
            visit = Visit(base, board, random.Random(seed))  # the same future for every candidate
            if cmd["move"] == "withdraw":
                visit.withdraw(seat, build)
            else:
                visit.play(seat, cmd["cards"])
            visit.finish()
            totals[i] += visit.value(seat)
    return candidates[max(range(len(candidates)), key=lambda i: totals[i])]
