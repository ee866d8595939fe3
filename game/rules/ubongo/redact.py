"""What one seat may see of Ubongo, declared (game/core/secrets.py; anything undeclared is
withheld). Chance reaches the seats when it happens: the setup deals the boards and rolls the
die for all nine rounds at once (so a log replays without drawing), but a round's boards and
die face become known as it happens: the face at the round's `round_start` (the die is
rolled), the boards at its `reveal`, when the hourglass turns for every seat at once; until
then the setup shows only how many boards and rolls there are (seed: 使用する面はまだ見ては
いけません). The gems, the start player and everything played are in the open."""

from __future__ import annotations

from game.core.secrets import COUNT, OWN, PUBLIC, Each, Secrets
from game.rules.ubongo.face.constants import COLOURS

PUZZLE = {
    "board": PUBLIC,
    "side": PUBLIC,
    "cells": PUBLIC,
    "pieces": PUBLIC,
    "seconds": PUBLIC,
    "label": PUBLIC,
}
PLACEMENT = {"piece": PUBLIC, "cells": PUBLIC}
GEMS = {colour: PUBLIC for colour in COLOURS}  # gems held, by colour

EVENTS = {
    "setup": {"gems": PUBLIC, "boards": COUNT, "dice": COUNT, "first": PUBLIC},
    "pawn_start": {"seat": PUBLIC, "row": PUBLIC},
    "round_start": {"round": PUBLIC, "face": PUBLIC, "puzzles": Each(PUZZLE)},  # puzzles: older logs
    "reveal": {"round": PUBLIC, "puzzles": Each(PUZZLE)},
    "solve": {"seat": PUBLIC, "tick": PUBLIC, "placements": Each(PLACEMENT), "rank": PUBLIC},
    "give_up": {"seat": PUBLIC, "tick": PUBLIC},
    "time_out": {"seats": PUBLIC, "tick": PUBLIC, "turn": PUBLIC},
    "too_late": {"seats": PUBLIC, "tick": PUBLIC},
    "hourglass_turned": {"turn": PUBLIC, "tick": PUBLIC},
    "solving_over": {"order": PUBLIC},  # older logs
    "pawn": {"seat": PUBLIC, "from": PUBLIC, "to": PUBLIC, "tick": PUBLIC},
    "gems": {"seat": PUBLIC, "row": PUBLIC, "gems": PUBLIC, "tick": PUBLIC},
    "round_end": {"round": PUBLIC, "ticks": PUBLIC},
    # time in the log: how far a clock's sand has run (a seat's, in turns; a solo hint's cost)
    "time": {"tick": PUBLIC, "seat": PUBLIC, "hint": PUBLIC},
}

# The view holds this round's puzzles and face only: the boards still in the box and the
# rolls to come are counted (`boards_left`), never listed.
VIEW = {
    "seat": OWN,
    "seats": PUBLIC,
    "mode": PUBLIC,
    "clock": PUBLIC,
    "phase": PUBLIC,
    "to_act": PUBLIC,
    "round": PUBLIC,
    "rounds": PUBLIC,
    "face": PUBLIC,
    "symbol": PUBLIC,
    "sides": PUBLIC,
    "puzzles": Each(PUZZLE),
    "hourglass": {
        "turn": PUBLIC,
        "turns": PUBLIC,
        "base": PUBLIC,
        "ticks_per_second": PUBLIC,
        "length": PUBLIC,
        "start": PUBLIC,
        "end": PUBLIC,
    },
    "now": PUBLIC,
    "status": PUBLIC,
    "solves": Each({"seat": PUBLIC, "tick": PUBLIC, "rank": PUBLIC}),
    "placements": Each(Each(PLACEMENT)),  # per seat, its accepted solution (None: none yet)
    "order": PUBLIC,
    "start_player": PUBLIC,
    "movers": PUBLIC,
    "pawn_windows": PUBLIC,
    "pawn_window": OWN,
    "allowance": OWN,
    "moves": Each({"seat": PUBLIC, "from": PUBLIC, "to": PUBLIC, "tick": PUBLIC, "gems": PUBLIC}),
    "late": PUBLIC,
    "reach": OWN,
    "colours": PUBLIC,
    "gems": PUBLIC,
    "pawns": PUBLIC,
    "held": Each(GEMS),  # per seat
    "results": PUBLIC,
    "boards_left": PUBLIC,
}

OUTCOME = {"gems": Each(GEMS), "cascade": PUBLIC, "solved": PUBLIC, "ticks": PUBLIC}

SECRETS = Secrets(events=EVENTS, view=VIEW, outcome=OUTCOME)
