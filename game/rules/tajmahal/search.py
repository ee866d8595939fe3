"""Determinized look-ahead for the hard bot: sample the hidden cards from the view, play the
rest of the visit out with a quick greedy policy for everyone, and average what each candidate
move is worth to the bot against the others when the visit ends."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.core.ruleset import Budget, Command
from game.rules.tajmahal.face.board import load
from game.rules.tajmahal.playout import Visit
from game.rules.tajmahal.resample import determinize

View = dict[str, Any]
STOP = 0.6  # share of a timed budget the sampling may use: ranking and the last sample come on top


def best_move(
    view: View,
    candidates: list[Command],
    rng: random.Random,
    samples: int,
    budget: Budget,
    build: Callable | None = None,
    keep: int = 0,
    weights: dict[str, float] | None = None,
) -> Command:
    """Average each candidate over the same samples of the hidden cards; return the best.

    Each sample deals the hidden cards (determinize), plays the candidate and then the rest of
    the visit with the greedy policy for everyone on a fast copy of the visit (playout.Visit);
    a play is also tried with the bot leaving at its next turn, and counts with the better,
    and scores the seat's worth against the others' average. `build` chooses the bot's own
    palaces when a candidate withdraws. With `keep`, after a third of the samples only the
    `keep` best candidates go on (successive halving: many candidates, the samples where they
    matter). `samples` fixes the work (so a given rng gives the same answer); a timed
    `budget`'s seconds are only a hard cap, reached on a machine far slower or busier than
    ours (stopping at STOP of them, at least 1 sample), and it also cuts to the best lines
    once a third of that time is gone, so a busy machine spends what it has left on them. A
    dropped job stops after its first sample. `weights` overrides Visit's weights (its class
    attributes) by name.
    """
    seat = view["seat"]
    board = load()
    # each play is tried twice: going on greedily, and leaving at the next turn; a play is
    # worth the better of the two (the next turn gets its own search)
    lines = [
        (i, leave)
        for i, cmd in enumerate(candidates)
        for leave in (False, True)[: 1 + (cmd["move"] == "play")]
    ]
    totals = [0.0] * len(lines)
    alive = list(range(len(lines)))
    cut = samples // 3 if 0 < keep < len(lines) else -1
    stop = budget.clock(STOP)
    halve = budget.clock(STOP / 3)
    for done in range(max(samples, 1)):
        if done and stop():
            break
        if done == cut or (budget.timed and cut > 0 and done < cut and done >= 4 and halve()):
            alive = sorted(alive, key=lambda k: -totals[k])[:keep]
            cut = done
        base = determinize(view, rng)
        seed = rng.random()
        start_of = Visit(base, board, rng)  # read once a sample, forked for each candidate
        for k in alive:
            i, leave = lines[k]
            cmd = candidates[i]
            visit = start_of.fork(random.Random(seed))  # the same future for every candidate
            for name, w in (weights or {}).items():
                setattr(visit, name, w)
            if cmd["move"] == "withdraw":
                visit.withdraw(seat, build)
            else:
                visit.play(seat, cmd["cards"])
            visit.finish(seat if leave else None, build)
            totals[k] += visit.value(seat)
    return candidates[lines[max(alive, key=lambda k: totals[k])][0]]
