"""Ubongo's fixed numbers and names: the sand, the gem rows, the die, the rounds and boards,
the clocks and a seat's statuses, and the tie-break. The state they describe is the
machinery's (state.py)."""

from __future__ import annotations

TICKS_PER_SECOND = 60
HOURGLASS = 45 * TICKS_PER_SECOND  # one turn of the sand, 2700 ticks
TURNS = 2  # turned once more when nobody solved
ROUNDS = 9  # whatever the player count
BOARDS_PER_SEAT = 9  # 2 players use 18 boards, 3 use 27, 4 all 36, solo 9
GEM_ROWS = 6
GEMS_PER_ROW = 12
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple", "amber")
GEMS_PER_COLOUR = 12
TAKE = 2  # gems taken from the head of a row
ALLOWANCE = (3, 2, 1, 0)  # rows a pawn may move by solve order (1st, 2nd, 3rd, 4th)
# Die faces in row order. The facts page names seven symbols for six faces; ours: the public
# "spear" and "shield" share one face (crossed), baobab and sun are the team's two.
DIE: tuple[str, ...] = ("elephant", "gazelle", "mask", "spear and shield", "baobab", "sun")
EXTRA_SECONDS = (0, 10, 20, 30)  # handicap choices per seat
HINT_TICKS = 10 * TICKS_PER_SECOND  # a hint in a solo game costs 10 s of sand
# How the seats' clocks relate (option `clock`, set from who sits where): "shared", one clock
# for the table (one person with bots, a simulation); "turns", people at one screen solve one
# after another, each on a clock of their own (pass-and-play).
CLOCKS = ("shared", "turns")
# A seat's status in a round: still at the puzzle; solved and yet to move its pawn; moved
# (reached for its gems); out of this hourglass (gave up or the sand ran out); solved but the
# sand ran out before it moved (no gems).
ACTIVE = ("solving", "solved")  # the statuses that may still act this hourglass


def allowance(rank: int) -> int:
    """Rows a solver's pawn may move by its solve rank (0 for the first solver)."""
    return ALLOWANCE[rank] if rank < len(ALLOWANCE) else 0


def key(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The tie-break cascade: most of one colour, then the next largest colour, and so on."""
    return tuple(sorted(counts, reverse=True))
