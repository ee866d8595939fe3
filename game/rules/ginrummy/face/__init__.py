"""Gin Rummy's face: what anyone may ask of the game without its machinery (game/core/face.py)."""

from __future__ import annotations

from game.core.face import Command, Event, Face, Option, Rejected, View
from game.core.i18n import N_
from game.core.shapes import ANY

TARGETS = (100, 50)
UNDERCUT_BONUSES = (25, 10)
FIRST_DEALERS = ("random", 0, 1)
UPCARD_FIRST = (
    "dealer",
    "other",
)  # who decides on the first upcard first: the seed's dealer, or Hoyle's non-dealer


class GinRummyFace(Face):
    name = "ginrummy"
    title = N_("Gin Rummy")
    min_seats = 2
    max_seats = 2
    options = (
        Option("target", N_("Match to"), TARGETS, 100, (N_("100 points"), N_("50 points"))),
        Option(
            "undercut_bonus", N_("Undercut bonus"), UNDERCUT_BONUSES, 25, (N_("25 points"), N_("10 points"))
        ),
        Option(
            "first_dealer",
            N_("First dealer"),
            FIRST_DEALERS,
            "random",
            (N_("Random"), N_("Seat 1"), N_("Seat 2")),
        ),
        Option(
            "upcard",
            N_("First upcard to"),
            UPCARD_FIRST,
            "dealer",
            (N_("The dealer (these rules)"), N_("The non-dealer (classic)")),
        ),
    )
    commands = {
        "take_upcard": {"move": ANY},
        "pass": {"move": ANY},
        "draw": {"move": ANY, "source": ANY},
        "discard": {"move": ANY, "card": ANY},
        "knock": {"move": ANY, "card": ANY, "melds": ANY},
        "layoff": {"move": ANY, "card": ANY, "meld": ANY},
        "arrange": {"move": ANY, "melds": ANY},
        "done": {"move": ANY},
        "next_hand": {"move": ANY},
    }

    def describe(self, event: Event, names: list[str]) -> str:
        from game.rules.ginrummy.face.log import describe  # at the first log line: the menu's tile needs none

        return describe(event, names)

    def why_not(self, view: View, seat: int, command: Command) -> Rejected | None:
        from game.rules.ginrummy.face import checks  # at the first question: the menu's tile needs none

        return checks.why_not(view, seat, command)


FACE = GinRummyFace()
