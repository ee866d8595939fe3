"""Taj Mahal's face: what anyone may ask of the game without its machinery (game/core/face.py)."""

from __future__ import annotations

from game.core.face import Command, Event, Face, Option, Rejected, View
from game.core.i18n import N_, msg
from game.core.shapes import ANY


class TajMahalFace(Face):
    name = "tajmahal"
    title = N_("Taj Mahal")
    min_seats = 3
    max_seats = 5
    moments = ("visit_end",)  # a visit's summary stands over the visit as it ended
    options = (
        Option(
            "first",
            N_("Start player"),
            ("random", *range(5)),
            "random",
            (N_("Drawn at random"), *(msg("Seat {seat}", seat=i) for i in range(1, 6))),
        ),
    )
    commands = {
        "play": {"move": ANY, "cards": ANY},
        "withdraw": {"move": ANY},
        "build": {"move": ANY, "city": ANY},
        "pick": {"move": ANY, "cards": ANY},
    }

    def describe(self, event: Event, names: list[str]) -> str:
        from game.rules.tajmahal.face.log import describe  # at the first log line: the menu's tile needs none

        return describe(event, names)

    def why_not(self, view: View, seat: int, command: Command) -> Rejected | None:
        from game.rules.tajmahal.face import checks  # at the first question: the menu's tile needs none

        return checks.why_not(view, seat, command)


FACE = TajMahalFace()
