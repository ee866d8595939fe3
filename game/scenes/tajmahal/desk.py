"""The part of the Taj Mahal table its `Render` uses: what is on screen and the few table
methods it calls.

`TajMahalTable` provides it; `Render` types against this protocol, never against the table's
class, so it does not import the table module (which imports it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.window import Window
from game.ui.flights import Flights
from game.ui.targets import TargetMap

if TYPE_CHECKING:
    from game.core.face import Command, View


class Desk(Protocol):
    # the table (game.scenes.table.Table)
    window: Window
    viewer: int | None
    hint: Command | None
    hover: str | None  # a target id
    focus: str | None  # the target id the keyboard is on

    # what is on screen (declared in TajMahalTable.__init__)
    v: View
    flights: Flights
    selected: list[int]  # hand card ids, in the order chosen
    picked: list[int]  # display card ids, in the order chosen
    shown_scores: list[float]  # the scores as they count up
    last_move: list[str]  # the last move in words

    @property
    def acting_human(self) -> int | None: ...

    def target_map(self) -> TargetMap: ...

    def draw_overlay(self, surface: pygame.Surface) -> None: ...

    # TajMahalTable's own
    def hand(self) -> list[int]: ...

    def acting_phase(self) -> str: ...

    def problem(self) -> str: ...

    def hint_words(self) -> str: ...

    def highlight_seat(self) -> int | None: ...
