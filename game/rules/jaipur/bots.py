"""Jaipur's opponents. Each sees only its view and the legal list.

easy   the rollout player: greedy sales and takes, with a little randomness, no exchanges
medium one-ply: scores every legal move (exchanges too) with a static evaluation
hard   determinized Monte Carlo search: samples the hidden cards from the view, tries the
       most promising moves (pruned by medium's evaluation) by sequential halving with
       common random numbers (search.py): every candidate is played on the same sampled deals
       and rolled out to the end of the round by a fast form of medium's evaluation for both
       sides (rollout.py), the worse half dropped after each stage; it plays the move that won
       the most rounds
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.core.ruleset import Budget
from game.rules.jaipur import rollout
from game.rules.jaipur.search import halving
from game.rules.jaipur.sim import BONUS_MEAN, CAMEL_I, TOK, Sim, bonus_size, determinize, to_move

Command = dict[str, Any]

HARD_ITERATIONS = 5000  # rollouts of the search; a timed budget's seconds stay a hard cap
HARD_CANDIDATES = 10  # moves kept for the search after medium's evaluation


def _static(sim: Sim, seat: int, move: tuple) -> float:
    """How good `move` looks for `seat`: points now, the hand's promise, the market left."""
    before = sim.points[seat]
    after = sim.copy()
    after.deck = []  # the refill is unknown here: judge only what the move itself does
    after.over = False
    after.solo = False  # nor the solo bot's answer
    after.apply(move)
    score = after.points[seat] - before
    hand = after.hands[seat]
    for g in range(6):
        c = hand[g]
        if not c:
            continue
        pos = after.tokpos[g]
        promise = sum(TOK[g][pos : pos + c])
        if c >= 3:
            promise += BONUS_MEAN[bonus_size(c)]
        score += 0.55 * promise
    size = sum(hand)
    if size >= 6:
        score -= 1.5 * (size - 5)
    herd = after.herds[seat]
    score += 0.6 * min(herd, 6) + 0.1 * max(0, herd - 6)
    # what the market offers the opponent next
    market = after.market
    best = 0.0
    for c in market:
        if c != CAMEL_I:
            pos = after.tokpos[c]
            if pos < len(TOK[c]):
                best = max(best, TOK[c][pos])
    score -= 0.35 * best
    camels = market.count(CAMEL_I)
    score -= 0.25 * camels
    if move[0] == 1:
        score -= 0.8  # turning over unknown cards for the opponent
    return score


def _ranked(view: dict[str, Any], legal: list[Command], rng: random.Random) -> list[tuple[float, int]]:
    sim = determinize(view, rng)
    seat = view["seat"]
    return sorted(((_static(sim, seat, to_move(c)), i) for i, c in enumerate(legal)), reverse=True)


@dataclass(frozen=True)
class EasyBot:
    level: str = "easy"

    def choose(
        self, view: dict[str, Any], legal: list[Command], rng: random.Random, budget: Budget
    ) -> Command:
        sim = determinize(view, rng)
        move = sim.policy(rng, 0.25)
        for command in legal:
            if to_move(command) == move:
                return command
        return rng.choice(legal)


@dataclass(frozen=True)
class MediumBot:
    level: str = "medium"

    def choose(
        self, view: dict[str, Any], legal: list[Command], rng: random.Random, budget: Budget
    ) -> Command:
        ranked = _ranked(view, legal, rng)
        top = ranked[0][0]
        ties = [i for s, i in ranked if s >= top - 1e-9]
        return legal[rng.choice(ties)]


@dataclass(frozen=True)
class HardBot:
    level: str = "hard"
    iterations: int = HARD_ITERATIONS

    def choose(
        self, view: dict[str, Any], legal: list[Command], rng: random.Random, budget: Budget
    ) -> Command:
        if len(legal) == 1:
            return legal[0]
        over = budget.clock(0.85)
        ranked = _ranked(view, legal, rng)
        keep = [i for _, i in ranked[:HARD_CANDIDATES]]
        for kind in ("take", "camels", "sell"):  # keep the best of every kind of move
            first = next((i for _, i in ranked if legal[i]["move"] == kind), None)
            if first is not None and first not in keep:
                keep.append(first)
        moves = [to_move(legal[i]) for i in keep]
        total = budget.iterations if budget.iterations is not None else self.iterations
        best, _, _ = halving(view, moves, rng, total, over, 0.0, rollout.rollout)
        return legal[keep[best]]


def make(level: str) -> EasyBot | MediumBot | HardBot:
    if level == "easy":
        return EasyBot()
    if level == "medium":
        return MediumBot()
    if level == "hard":
        return HardBot()
    raise ValueError(f"Jaipur has no bot level {level!r}")
