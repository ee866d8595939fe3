"""What one seat may see of Ubongo, declared (game/core/secrets.py; anything undeclared is
withheld). Chance reaches the seats when it happens: the setup deals the boards and rolls the
die for all nine rounds at once (so a log replays without drawing), but a round's boards and
die face become known as it happens: the face at the round's `round_start` (the die is
rolled), the boards at its `reveal`, when the hourglass turns for every seat at once; until
then the setup shows only how many boards and rolls there are (seed: 使用する面はまだ見ては
いけません). The gems, the start player and everything played are in the open."""

from __future__ import annotations

from game.core.secrets import COUNT, OWN, PUBLIC, Secrets

EVENTS = {
    "setup": {"gems": PUBLIC, "boards": COUNT, "dice": COUNT, "first": PUBLIC},
    "pawn_start": {"seat": PUBLIC, "row": PUBLIC},
    "round_start": {"round": PUBLIC, "face": PUBLIC, "puzzles": PUBLIC},  # puzzles: older logs
    "reveal": {"round": PUBLIC, "puzzles": PUBLIC},
    "solve": {"seat": PUBLIC, "tick": PUBLIC, "placements": PUBLIC, "rank": PUBLIC},
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
    "puzzles": PUBLIC,
    "hourglass": PUBLIC,
    "now": PUBLIC,
    "status": PUBLIC,
    "solves": PUBLIC,
    "placements": PUBLIC,
    "order": PUBLIC,
    "start_player": PUBLIC,
    "movers": PUBLIC,
    "pawn_windows": PUBLIC,
    "pawn_window": OWN,
    "allowance": OWN,
    "moves": PUBLIC,
    "late": PUBLIC,
    "reach": OWN,
    "colours": PUBLIC,
    "gems": PUBLIC,
    "pawns": PUBLIC,
    "held": PUBLIC,
    "results": PUBLIC,
    "boards_left": PUBLIC,
}

SECRETS = Secrets(events=EVENTS, view=VIEW)
