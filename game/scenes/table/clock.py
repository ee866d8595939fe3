"""The table's clock: game time in ticks, shared, and per seat for pass-and-play.

It counts only the ticks it is given, so a paused table (an overlay on top, or a lone
player's window out of focus) simply stops it, and tests advance it exactly.
"""

from __future__ import annotations


class TableClock:
    def __init__(self, seats: int, per_seat: bool = False):
        self.now = 0  # ticks since the clock was last set
        self.per_seat = per_seat  # several people at one screen: each seat's time runs only while it plays
        self.own = [0] * seats

    def advance(self, n: int, at_screen: int | None) -> None:
        self.now += n
        if at_screen is not None:
            self.own[at_screen] += n

    def tick(self, seat: int | None) -> int:
        """The tick a command of `seat` carries: its own clock in pass-and-play, else the table's."""
        if self.per_seat and seat is not None:
            return self.own[seat]
        return self.now

    def set(self, tick: int, seat: int | None = None) -> None:
        """Start counting from `tick` (a new round's hourglass): one seat's clock, or all of them."""
        if seat is None:
            self.now = tick
            self.own = [tick] * len(self.own)
        else:
            self.own[seat] = tick
