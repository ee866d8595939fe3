"""The part of the Ubongo table its `Render` uses: what is on screen, the Give up button, and
the few table methods it calls.

`UbongoTable` provides it; `Render` types against this protocol, never against the table's
class, so it does not import the table module (which imports it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.core.face import View
from game.core.window import Window
from game.scenes.base import Scene
from game.scenes.ubongo.art import Laid
from game.ui.polyomino import PieceHandler
from game.ui.targets import Target, TargetMap
from game.ui.widgets import Button


class Desk(Protocol):
    # the table (game.scenes.table.Table)
    window: Window
    viewer: int | None
    watching: bool  # a replay
    hover: str | None  # a target id
    focus: str | None  # a target id
    sheet_waiting: Callable[[Callable[[], None]], Scene] | None
    sheet_open: bool

    # what is on screen (declared in UbongoTable.__init__)
    v: View
    v_version: int  # bumped with every new view: what cached drawings key on
    solo: bool
    per_seat: bool
    handler: PieceHandler | None
    handler_key: tuple[int, int] | None
    intro: int
    intro_len: int
    turning: int
    flash: dict[int, int]
    shown_solution: list[Laid] | None
    notice: str
    gave_up: bool  # the person gave up this hourglass
    said: str  # why a row just pressed or clicked is not open
    frozen: View | None  # the round as it ended, under its sheet
    late: int  # ticks left of the gem board saying the person was too late
    frame_map: TargetMap | None  # set by Render while it draws a frame
    give_up_button: Button

    def speed(self, n: float) -> int: ...

    def target_map(self) -> TargetMap: ...

    def pointed(self, tmap: TargetMap) -> Target | None: ...

    def draw_overlay(self, surface: pygame.Surface) -> None: ...

    # UbongoTable's own
    def gem_board_shown(self) -> bool: ...

    def solving(self) -> bool: ...

    def held_back(self) -> bool: ...

    def rows_open(self) -> list[int]: ...

    def puzzle_lost(self) -> bool: ...

    def seat_order(self) -> list[int]: ...

    def progress(self, seat: int) -> float | None: ...

    def clock_at(self, seat: int | None) -> int: ...

    def sync_buttons(self) -> None: ...

    def away(self, seat: int) -> bool: ...
