"""Determinized look-ahead for the hard bot: sample the hidden cards from the view, play the
rest of the visit out with a quick greedy policy for everyone, and average what each candidate
move is worth to the bot against the others when the visit ends."""

from __future__ import annotations

import random
import time
from typing import Any

from game.core.ruleset import Command, Rejected
from game.rules.tajmahal import rules
from game.rules.tajmahal.data import CARDS, COLOURS, DECK_IDS, PERSONS, SPECIAL_ID
from game.rules.tajmahal.state import Player, State, counts

View = dict[str, Any]
MAX_STEPS = 200  # a visit never needs this many decisions; a guard, not a limit in play


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


def greedy(state: State, seat: int, rng: random.Random) -> Command:
    """The rollout policy: play the card that adds most to what withdrawing would win."""
    if state.phase == "build":
        cities = rules.build_cities(state, seat, rules.load())
        bonus = dict(state.bonus)
        if state.builds[0] == "palace":
            rich = [c for c in cities if c in bonus]
            if rich:
                return {"move": "build", "city": rich[0]}
        return {"move": "build", "city": rng.choice(cities)}
    if state.phase == "pick":
        best = sorted(state.display, key=lambda c: (CARDS[c].colour == "white", len(CARDS[c].symbols)))
        return {"move": "pick", "cards": best[-state.picks :]}
    p = state.players[seat]
    now = len(rules.would_win(state, seat))
    others = [counts(q.played) for i, q in enumerate(state.players) if q.active and i != seat]
    taken = {c for c, _ in state.won}
    mine = counts(p.played)
    extras = [c for c in p.hand if CARDS[c].colour in ("white", "special")]
    best_gain, best_cards = 0, None
    for c in p.hand:
        if CARDS[c].colour not in COLOURS:
            continue
        options = [[c], *([c, x] for x in extras)] if (not p.colour or CARDS[c].colour == p.colour) else []
        if p.colour and CARDS[c].colour != p.colour and SPECIAL_ID["change"] in p.hand:
            options = [[c, SPECIAL_ID["change"]]]
        for cards in options:
            after = dict(mine)
            for cid in cards:
                for s in CARDS[cid].symbols:
                    after[s] = after.get(s, 0) + 1
            wins = sum(
                1
                for k, v in after.items()
                if k not in taken and v > max((o.get(k, 0) for o in others), default=0)
            )
            gain = wins - now - 0.1 * (len(cards) - 1) + 0.01 * rng.random()
            if gain > best_gain:
                best_gain, best_cards = gain, cards
    if best_cards is None:
        return {"move": "withdraw"}
    return {"move": "play", "cards": best_cards}


def worth(state: State, seat: int) -> float:
    """What a position is worth to a seat, beyond its score: cards, specials, influence."""
    p = state.players[seat]
    if state.phase == "over":
        return float(p.score)  # the hand is scored already
    specials = sum(CARDS[c].colour == "special" for c in (*p.hand, *p.played))
    late = state.visit / 12
    return (
        p.score
        + (0.25 + 0.5 * late) * (len(p.hand) + len(p.played) - specials)
        + 2.0 * specials * (1 - late)
        + 0.8 * len(p.influence) * (1 - late)
    )


def rollout(state: State, seat: int, rng: random.Random) -> float:
    """Play to the end of the visit; the seat's gain minus the others' average gain."""
    visit = state.visit
    for _ in range(MAX_STEPS):
        if state.visit != visit or state.phase == "over":
            break
        actor = state.turn
        result = rules.step(state, actor, greedy(state, actor, rng), rng)
        if isinstance(result, Rejected):  # the policy never errs; withdrawing keeps a sample going
            result = rules.step(state, actor, {"move": "withdraw"}, rng)
        assert isinstance(result, State)
        state = result
    mine = worth(state, seat)
    others = [worth(state, i) for i in range(state.seats) if i != seat]
    return mine - sum(others) / max(len(others), 1)


def best_move(
    view: View, candidates: list[Command], rng: random.Random, samples: int, seconds: float
) -> Command:
    """Average each candidate over the same samples of the hidden cards; return the best.

    `samples` fixes the work (so a given rng gives the same answer); `seconds` is only a hard
    cap, reached on a machine far slower than ours (stopping at 80% of it, at least 1 sample).
    """
    seat = view["seat"]
    totals = [0.0] * len(candidates)
    stop = time.perf_counter() + 0.8 * seconds
    for done in range(max(samples, 1)):
        if done and time.perf_counter() > stop:
            break
        base = determinize(view, rng)
        seed = rng.random()
        for i, cmd in enumerate(candidates):
            sample_rng = random.Random(seed)  # the same future for every candidate
            state = rules.step(base, seat, cmd, sample_rng)
            if isinstance(state, Rejected):
                totals[i] = float("-inf")
                continue
            totals[i] += rollout(state, seat, sample_rng)
    return candidates[max(range(len(candidates)), key=lambda i: totals[i])]
