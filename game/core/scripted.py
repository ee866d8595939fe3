"""A seat that plays its scripted moves in order (a tutorial's opponent), then a bot's.

Which move is next is read from the match (the seat's commands so far, through its own window),
so a tutorial resumed mid-way goes on with the right one. The referee asks it like any bot.
"""

from __future__ import annotations

import random
from typing import Any

from game.core.authority import SeatWindow
from game.core.ruleset import Budget, Command, View


class ScriptedPlayer:
    level = "scripted"

    def __init__(self, window: SeatWindow, seat: int, script: tuple[Command, ...], fallback: Any):
        self.window, self.seat, self.script, self.fallback = window, seat, script, fallback

    def choose(self, view: View, legal: list[Command], rng: random.Random, budget: Budget) -> Command:
        done = len(self.window.commands(self.seat))
        if done < len(self.script) and self.window.check(self.seat, self.script[done]) is None:
            return self.script[done]
        return self.fallback.choose(view, legal, rng, budget)
