"""Ubongo's face: what anyone may ask of the game without its machinery (game/core/face.py)."""

from __future__ import annotations

from typing import Any

from game.core.face import Command, Event, Face, Option, Rejected, Timing, View
from game.core.i18n import N_, msg
from game.core.shapes import ANY
from game.rules.ubongo.face.constants import EXTRA_SECONDS

MAX_SEATS = 4
# A round's intro on every screen, in ticks: the die tumbles, its face shows, the hourglass
# turns over; the round's sand runs after it, on a server for every screen at once
ROLL = 70
SHOW = 50
TURN = 30
READY_SECONDS = 30.0  # a server's round waits this long at most for a screen still on its sheet


class UbongoFace(Face):
    name = "ubongo"
    title = N_("Ubongo")
    min_seats = 1
    max_seats = MAX_SEATS
    timed = True  # solves, give-ups and pawn moves carry the seat's tick
    # people at one screen solve in turns, each against their own hourglass
    timing = Timing(intro_ticks=ROLL + SHOW + TURN, ready_seconds=READY_SECONDS, turns=True)
    hidden_hands = True  # in pass-and-play the others look away while one solves
    options = (
        Option(
            "mode",
            N_("Mode"),
            ("race", "solo"),
            "race",
            (N_("Race each other"), N_("Solo against the clock")),
        ),
        Option(
            "first",
            N_("Start player"),
            ("random", *range(MAX_SEATS)),
            "random",
            (N_("Drawn at random"), *(msg("Seat {seat}", seat=i) for i in range(1, MAX_SEATS + 1))),
        ),
        *(
            Option(
                f"side{i}",
                msg("Seat {seat} board side", seat=i),
                ("easy", "hard"),
                "easy",
                (N_("Easy (3 pieces)"), N_("Hard (4 pieces)")),
                seat=i - 1,
                family=N_("Board side"),
            )
            for i in range(1, MAX_SEATS + 1)
        ),
        *(
            Option(
                f"extra{i}",
                msg("Seat {seat} extra time", seat=i),
                EXTRA_SECONDS,
                0,
                tuple(msg("none") if s == 0 else msg("+{n} s", n=s) for s in EXTRA_SECONDS),
                seat=i - 1,
                family=N_("Extra time"),
            )
            for i in range(1, MAX_SEATS + 1)
        ),
    )
    # every move carries the seat's tick (the referee stamps a person's); the clock's time
    # entries name a seat when each seat has its own sand
    commands = {
        "pawn": {"move": ANY, "row": ANY, "tick": ANY},
        "solve": {"move": ANY, "tick": ANY, "placements": [{"piece": ANY, "cells": ANY}]},
        "give_up": {"move": ANY, "tick": ANY},
        "hint": {"move": ANY, "tick": ANY},
        "reveal": {"move": ANY, "tick": ANY},
        "expire": {"move": ANY, "tick": ANY},
        "time": {"move": ANY, "tick": ANY, "seat": ANY},
    }

    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        return (1, 1) if options.get("mode") == "solo" else (2, MAX_SEATS)

    def fixed_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return {"first": 0} if options.get("mode") == "solo" else {}  # alone, you start

    def seated_options(self, kinds: list[str]) -> dict[str, Any]:
        """Several people at one screen solve in turn, each on a clock of their own."""
        return {"clock": "turns" if kinds.count("human") > 1 else "shared"}

    # the table shows each round's sheet over the round as it ended
    moments = ("round_end",)

    def describe(self, event: Event, names: list[str]) -> str:
        from game.rules.ubongo.face.text import describe  # at the first log line: the menu's tile needs none

        return describe(event, names)

    def why_not(self, view: View, seat: int, command: Command) -> Rejected | None:
        from game.rules.ubongo.face import checks  # at the first question: the menu's tile needs none

        return checks.why_not(view, seat, command)


FACE = UbongoFace()
