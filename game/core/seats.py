"""Seats from short specs, as the command line and game.automation name them.

A spec is `human`, `online` (a person playing from another computer), a bot level of the game
(`easy`, `hard`, ...), `random`, `cmd:PROGRAM`, or `rules` for a seat the rules play themselves
(the Jaipur solo variant's rule bot).
"""

from __future__ import annotations

from typing import Any

from game.core.i18n import N_
from game.core.match import Seat
from game.core.ruleset import Ruleset

NAMES = ("Asha", "Bilal", "Chandra", "Devi", "Eshan")


def from_specs(ruleset: Ruleset, specs: list[str], options: dict[str, Any]) -> list[Seat]:
    """Seats for these specs; a seat the rules fix (solo) may be given as `rules` or left out."""
    fixed = ruleset.fixed_seats({**ruleset.default_options(), **options})
    specs = list(specs)
    for i in sorted(fixed):
        if i >= len(specs):
            specs.append("rules")
    seats = []
    for i, spec in enumerate(specs):
        name = NAMES[i % len(NAMES)]
        if i in fixed:
            if spec != "rules":
                raise ValueError(f"seat {i + 1} is played by the rules here: give it as 'rules'")
            seats.append(Seat(N_("Rule bot"), "rules", fixed[i]))
        elif spec == "rules":
            raise ValueError(f"{ruleset.title} has no seat {i + 1} played by the rules")
        elif spec == "human":
            seats.append(Seat(name))
        elif spec == "online":  # a person on another computer (network play: the match is hosted)
            seats.append(Seat(name, "online"))
        elif spec.startswith("cmd:"):
            seats.append(Seat(name, "cmd", spec[4:]))
        elif spec == "random" or spec in ruleset.bot_levels:
            seats.append(Seat(name, "bot", spec))
        else:
            levels = ", ".join(("human", "random", *ruleset.bot_levels, "cmd:PROGRAM"))
            raise ValueError(f"unknown seat {spec!r} for {ruleset.title} (one of {levels})")
    return seats
