"""Who sits where: a `Seat` (a name, and a person, a bot, a program or the rules), and seats from
short specs, as the command line and game.automation name them.

A spec is `human`, `online` (a person playing from another computer), a bot level of the game
(`easy`, `hard`, ...), `random`, `cmd:PROGRAM`, or `rules` for a seat the rules play themselves
(the Jaipur solo variant's rule bot).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.codec import FormatError
from game.core.face import Face
from game.core.i18n import N_, Msg, msg


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "human"  # "human", "online" (at another computer), "bot", "cmd" (an outside program), "rules"
    level: str = ""  # bot level, or the program for "cmd"

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @staticmethod
    def from_json(data: Any) -> Seat:
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise FormatError(msg("a seat must be an object with a name"))
        return Seat(str(data["name"]), str(data.get("kind", "human")), str(data.get("level", "")))

    @property
    def is_bot(self) -> bool:
        return self.kind not in ("human", "online")


# The bot levels as people read them (a level is an id; these are its words)
LEVEL_NAMES = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "random": N_("random"),
    "scripted": N_("scripted"),
}


def level_name(level: str) -> Msg:
    """A bot level in words, said in the language shown (an outside program's command as it is)."""
    return Msg(LEVEL_NAMES.get(level, level), {})


NAMES = ("Asha", "Bilal", "Chandra", "Devi", "Eshan")


def from_specs(face: Face, specs: list[str], options: dict[str, Any]) -> list[Seat]:
    """Seats for these specs (the face knows them); a seat the rules fix (solo) may be given as
    `rules` or left out."""
    fixed = face.fixed_seats({**face.default_options(), **options})
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
            raise ValueError(f"{face.title} has no seat {i + 1} played by the rules")
        elif spec == "human":
            seats.append(Seat(name))
        elif spec == "online":  # a person on another computer (network play: the match is hosted)
            seats.append(Seat(name, "online"))
        elif spec.startswith("cmd:"):
            seats.append(Seat(name, "cmd", spec[4:]))
        elif spec == "random" or spec in face.bot_levels:
            seats.append(Seat(name, "bot", spec))
        else:
            levels = ", ".join(("human", "random", *face.bot_levels, "cmd:PROGRAM"))
            raise ValueError(f"unknown seat {spec!r} for {face.title} (one of {levels})")
    return seats
