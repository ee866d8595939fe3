"""The part of the Jaipur table its `Render` uses: what is on screen, the selection, the
buttons it sizes and the few table methods it calls.

`JaipurTable` provides it; `Render` types against this protocol, never against the table's
class, so it does not import the table module (which imports it).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.core.face import Command, View
from game.core.window import Window
from game.scenes.jaipur.draw import Background
from game.ui.action_bar import ActionBar
from game.ui.flights import Flights
from game.ui.log_panel import LogPanel
from game.ui.targets import TargetMap
from game.ui.widgets import Button


class Desk(Protocol):
    # the table (game.scenes.table.Table)
    window: Window
    humans: list[int]
    hint: Command | None
    log: list[str]
    focus: str | None  # a target id
    hover: str | None  # a target id

    # what is on screen (declared in JaipurTable.__init__)
    v: View
    solo: bool
    flights: Flights
    background: Background
    frozen: View | None  # the table as a round ended, under its sheet
    revealing: tuple[int, View] | None  # Instant animations: the rule bot's pause
    last_move: list[str]  # the latest moves in words

    # the selection and the move it means
    market_sel: set[int]
    hand_sel: set[int]
    herd_sel: int
    command: Command | None
    label: str
    reason: str

    # what Render sizes or draws
    confirm: Button
    action_bar: ActionBar
    log_panel: LogPanel

    @property
    def acting_human(self) -> int | None: ...

    def target_map(self) -> TargetMap: ...

    def draw_overlay(self, surface: pygame.Surface) -> None: ...

    # JaipurTable's own
    def bottom_seat(self) -> int: ...

    def hinted(self) -> tuple[set[int], set[int], bool]: ...

    def lifted(self) -> set[str]: ...

    def bar_right(self) -> int | None: ...
