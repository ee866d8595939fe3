"""Jaipur's face: what anyone may ask of the game without its machinery (game/core/face.py)."""

from __future__ import annotations

from typing import Any

from game.core.face import Command, Event, Face, Option, Rejected, View
from game.core.i18n import N_
from game.core.shapes import ANY


class JaipurFace(Face):
    name = "jaipur"
    title = N_("Jaipur")
    min_seats = 2
    max_seats = 2
    options = (
        Option(
            "variant",
            N_("Game"),
            ("standard", "solo"),
            "standard",
            (N_("Two players"), N_("Solo vs rule bot")),
        ),
        Option(
            "first",
            N_("First player"),
            ("random", 0, 1),
            "random",
            (N_("Random"), N_("Seat 1"), N_("Seat 2")),
        ),
    )
    # the table shows the round as it ended under its sheet, and the solo bot's turn after the
    # bot pause from the moment before it is revealed
    moments = ("round_end", "bot_reveal")
    commands = {
        "take": {"move": ANY, "good": ANY},
        "camels": {"move": ANY},
        "exchange": {"move": ANY, "take": ANY, "give": ANY},
        "sell": {"move": ANY, "good": ANY, "count": ANY},
    }

    def fixed_seats(self, options: dict[str, Any]) -> dict[int, str]:
        return {1: N_("Solo rule bot")} if options.get("variant") == "solo" else {}

    def fixed_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return {"first": 0} if options.get("variant") == "solo" else {}  # the person starts solo

    def describe(self, event: Event, names: list[str]) -> str:  # a Msg: see log.py
        from game.rules.jaipur.face.log import describe  # at the first log line: the menu's tile needs none

        return describe(event, names)

    def why_not(self, view: View, seat: int, command: Command) -> Rejected | None:
        from game.rules.jaipur.face import checks  # at the first question: the menu's tile needs none

        return checks.why_not(view, seat, command)


FACE = JaipurFace()
