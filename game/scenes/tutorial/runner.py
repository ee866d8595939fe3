"""A tutorial's match: from its fixed deal, replayed up to the step it was left at, its
scripted players; and the normal game it ends in."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.core import registry, seats
from game.core.match import Match
from game.core.ruleset import Budget, Command, Rejected, View
from game.core.window import SeatWindow
from game.scenes import tables
from game.scenes.tutorial.script import Tutorial

if TYPE_CHECKING:
    from game.scenes.host import Host

FALLBACK = "easy"  # plays a scripted seat on once its script is spent


class ScriptedPlayer:
    """Plays a seat's scripted moves in order, so the table's own bot machinery shows them.
    Which move is next is read from the match (the seat's commands so far), so a tutorial
    resumed mid-way goes on with the right one."""

    def __init__(self, window: SeatWindow, seat: int, script: tuple[Command, ...], fallback: Any):
        self.window, self.seat, self.script, self.fallback = window, seat, script, fallback
        self.level = "scripted"

    def choose(self, view: View, legal: list[Command], rng: random.Random, budget: Budget) -> Command:
        done = len(self.window.commands(self.seat))
        if done < len(self.script) and self.window.check(self.seat, self.script[done]) is None:
            return self.script[done]
        return self.fallback.choose(view, legal, rng, budget)


def new_match(tutorial: Tutorial) -> Match:
    ruleset = registry.get(tutorial.game)
    made = seats.from_specs(ruleset, list(tutorial.seats), tutorial.options)
    named = [replace(s, name=n) for s, n in zip(made, tutorial.names, strict=True)]
    return Match.new(ruleset, named, tutorial.options, tutorial.seed, tutorial.setup)


def replayed(tutorial: Tutorial, upto: int) -> Match:
    """The match as it stood when step `upto` began: the person's commands of the steps
    before, each after the scripted moves that came before it."""
    match = new_match(tutorial)
    for step in tutorial.steps[:upto]:
        if step.expect is None:
            continue
        scripted_moves(tutorial, match, step.expect.get("tick"))
        result = match.submit(tutorial.person, step.expect)
        if isinstance(result, Rejected):
            raise ValueError(f"tutorial {tutorial.name}: a step's move is refused ({result.reason})")
    return match


def scripted_moves(tutorial: Tutorial, match: Match, until: int | None = None) -> None:
    """Play the scripted seats' moves for as long as the match waits on one of them; in a
    timed game only those whose tick comes by `until` (a table's clock would show them by
    then), earliest first."""
    for _ in range(1000):
        due = []
        for seat in sorted(s for s in match.to_act if s in tutorial.script):
            done = sum(1 for e in match.commands if e.seat == seat)
            if done < len(tutorial.script[seat]):
                command = tutorial.script[seat][done]
                tick = command.get("tick", -1)
                if until is None or tick <= until:
                    due.append((tick, seat, command))
        if not due:
            return
        _, seat, command = min(due, key=lambda d: (d[0], d[1]))
        result = match.submit(seat, command)
        if isinstance(result, Rejected):
            raise ValueError(
                f"tutorial {tutorial.name}: seat {seat}'s scripted move is refused ({result.reason})"
            )


def start_normal_game(app: Host, tutorial: Tutorial) -> None:
    """The game the tutorial ends in: a normal match against an easy bot, saved like any other."""
    ruleset = registry.get(tutorial.game)
    options = {**ruleset.default_options(), **tutorial.then.get("options", {})}
    made = seats.from_specs(ruleset, list(tutorial.then.get("seats", ["human", FALLBACK])), options)
    named = [
        replace(s, name=n) if s.kind != "rules" else s for s, n in zip(made, tutorial.names, strict=False)
    ]
    app.replace(tables.new_table(app, ruleset, named, options))
