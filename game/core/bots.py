"""Bots behind one interface: a game's own levels, a random player, or an outside program.

Every bot receives only `view(state, seat)` and `legal(state, seat)`, never the state.
Outside programs live in game.core.outside; a seat whose program failed can be handed to one
of our bots with `replace_with_builtin`.
"""

from __future__ import annotations

import random
from typing import Any

from game.core import codec
from game.core.match import Match, Seat
from game.core.outside import OutsideBotError, ProgramBot
from game.core.ruleset import Budget, Command, Ruleset, View

__all__ = ["OutsideBotError", "ProgramBot", "RandomBot", "for_seat", "make", "replace_with_builtin", "serve"]


class RandomBot:
    """Plays a uniformly random legal command. The baseline for tests and benchmarks."""

    level = "random"

    def choose(self, view: View, legal: list[Command], rng: random.Random, budget: Budget) -> Command:
        return rng.choice(legal)


def make(ruleset: Ruleset, spec: str, move_seconds: float | None = None, name: str | None = None) -> Any:
    """A bot from a seat spec: a level name, `random`, or `cmd:PROGRAM ARGS`. `move_seconds`
    and `name` only concern an outside program: its time limit a move, and how it is reported."""
    if spec.startswith("cmd:"):
        return ProgramBot(spec[4:], name=name, move_seconds=move_seconds)
    if spec == "random":
        return RandomBot()
    if spec not in ruleset.bot_levels:
        raise ValueError(f"{ruleset.title} has no bot level {spec!r} ({', '.join(ruleset.bot_levels)})")
    return ruleset.bot(spec)


def for_seat(ruleset: Ruleset, seat: Seat, move_seconds: float | None = None) -> Any:
    """The player of a match's bot seat: kind "bot" (a level or `random`) or "cmd" (a program,
    named after the seat in its failure reports)."""
    if seat.kind == "cmd":
        return make(ruleset, f"cmd:{seat.level}", move_seconds, name=f"{seat.name} ({seat.level})")
    if seat.kind == "bot":
        return make(ruleset, seat.level)
    raise ValueError(f"seat {seat.name!r} is played by {seat.kind}, not by a bot")


def replace_with_builtin(match: Match, seat: int, level: str) -> Any:
    """Hand `seat` to our bot `level` (or `random`) for the rest of the match: the seat record
    becomes that bot (a stored match saves it) and the new player is returned. The old player
    is the caller's to close; a program that failed is already gone."""
    if not 0 <= seat < len(match.seats):
        raise ValueError(f"no seat {seat} (this match has {len(match.seats)})")
    player = make(match.ruleset, level)
    match.replace_seat(seat, Seat(match.seats[seat].name, "bot", level))
    return player


def serve(ruleset: Ruleset, level: str, stdin, stdout, budget: Budget | None = None) -> int:
    """Answer protocol lines until stdin closes. Returns the process exit code."""
    bot = make(ruleset, level)
    for number, line in enumerate(stdin, 1):
        if not line.strip():
            continue
        try:
            request = codec.loads(line, f"line {number}")
            view, legal = request["view"], request["legal"]
            seed = codec.dumps(view)
            command = bot.choose(view, legal, random.Random(seed), budget or Budget())
            stdout.write(codec.dumps({"command": command}) + "\n")
        except (codec.FormatError, KeyError, TypeError) as exc:
            stdout.write(codec.dumps({"error": f"bad request on line {number}: {exc}"}) + "\n")
        except Exception as exc:  # a bot failing on one request must not end the session
            stdout.write(codec.dumps({"error": f"the bot failed on line {number}: {exc}"}) + "\n")
        stdout.flush()
    return 0
