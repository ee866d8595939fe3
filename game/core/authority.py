"""The authority: where a match is decided. It alone holds the `Match` (state, log, seed),
checks every command with the rules, and hands out seat windows (game/core/window.py): one
for the people at this screen, one per bot. Here it lives in the app's process (local play);
a remote player's window talks to an authority elsewhere, and sees no more than this one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from game.core import bots
from game.core.match import Match
from game.core.rng import derive
from game.core.ruleset import Bot, Command, Event, Rejected
from game.core.window import SeatWindow


class Authority:
    """The match in this process: its windows, the rules clock, and each bot's random source."""

    def __init__(self, match: Match):
        self._match = match
        self._windows: list[SeatWindow] = []
        match.listeners.append(self._tell)

    @property
    def match(self) -> Match:
        """The whole record, for what stands outside the seats (the store, game.automation's
        checks); never handed to a scene."""
        return self._match

    def window(self, seats: Iterable[int], viewer: int | None = None) -> SeatWindow:
        window = SeatWindow(self._match, frozenset(seats), viewer)
        self._windows.append(window)
        return window

    def detach(self) -> None:
        """Stop telling this authority's windows about new events (the table closed)."""
        if self._tell in self._match.listeners:
            self._match.listeners.remove(self._tell)
        self._windows.clear()

    @property
    def due(self) -> Command | None:
        """The command the rules clock submits (as seat None) when the game waits on time."""
        return self._match.clock

    def expire(self, command: Command) -> list[Event] | Rejected:
        """Submit the rules clock's command."""
        return self._match.submit(None, command)

    def rng_for(self, seat: int, at: int) -> random.Random:
        """A bot's (or a hint's) random source for the moment the log was `at` events long:
        the same draws whenever it is asked again about that moment."""
        return derive(self._match.seed, at * 8 + seat)

    def hand_to_bot(self, seat: int, level: str) -> Bot:
        """Our bot `level` plays `seat` from now on (an outside program failed); the seat's
        record says so, so a stored match saves it. Returns the new player."""
        return bots.replace_with_builtin(self._match, seat, level)

    def _tell(self, match: Match, entry: Any, events: list[Event]) -> None:
        if events:
            for window in list(self._windows):
                window._arrive(events)
