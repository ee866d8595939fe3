"""The part of the Gin Rummy table its collaborators use (`Actions`, `Controls`, `Render`,
`gestures`): what is on screen, the buttons, and the few table methods they call.

`GinRummyTable` provides it; the collaborators type against this protocol, never against the
table's class, so none of them imports the table module (which imports them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.face import Rejected
from game.core.window import Window
from game.scenes.ginrummy import prompts, reveal
from game.scenes.ginrummy.arrange import Group, HandOrder
from game.scenes.host import Host
from game.ui.action_bar import ActionBar
from game.ui.drag import DragDrop
from game.ui.fan import Glide
from game.ui.flights import Flights
from game.ui.log_panel import LogPanel
from game.ui.targets import Target, TargetMap
from game.ui.widgets import Button, CardButton
from game.ui.widgets import Group as Widgets

if TYPE_CHECKING:
    from game.core.face import Command, View
    from game.scenes.ginrummy.layout import Point
    from game.scenes.ginrummy.motion import Slot
    from game.scenes.table.base import Guard


class Desk(Protocol):
    # the table (game.scenes.table.Table)
    app: Host
    window: Window
    humans: list[int]
    viewer: int | None
    hint: Command | None
    guard: Guard | None  # a tutorial step's say over the people's moves
    log: list[str]
    age: int  # ticks the table has been shown (what glows keeps time by it)
    hover: str | None  # a target id
    pointer: tuple[int, int] | None  # None: the pointer has left the window

    # what is on screen (declared in GinRummyTable.__init__)
    v: View
    flights: Flights
    glide: Glide
    drag: DragDrop
    spread: reveal.Spread | None
    defence: reveal.Defence
    selected: str | None
    fresh: str | None
    least: prompts.Least
    history_open: bool
    notice: str | None
    bubbles: dict[int, str]
    staged: bool
    acknowledged: int

    # the buttons
    take_button: CardButton
    pass_button: CardButton
    discard_button: CardButton
    knock_button: CardButton
    best_button: CardButton
    meld_button: CardButton
    done_button: CardButton
    continue_button: CardButton
    action_buttons: list[CardButton]
    sort_button: Button
    hint_button: Button
    hint_tip: str
    menu_button: Button
    buttons: Widgets
    action_bar: ActionBar
    log_panel: LogPanel

    @property
    def acting_human(self) -> int | None: ...

    @property
    def hint_pending(self) -> bool: ...

    def submit(self, seat: int | None, command: Command) -> Rejected | None: ...

    def away(self, seat: int) -> bool: ...

    def target_map(self) -> TargetMap: ...

    def tipped(self) -> Target | None: ...

    def draw_overlay(self, surface: pygame.Surface) -> None: ...

    # GinRummyTable's own
    def four(self) -> bool: ...

    def bottom_seat(self) -> int: ...

    def hand_order(self) -> HandOrder: ...

    def groups(self, order: HandOrder | None = None) -> list[Group]: ...

    def hand_layout(self) -> tuple[list[Group], dict[str, tuple[float, float]]]: ...

    def over_hand(self, pos: tuple[int, int] | None) -> bool: ...

    def over_pile(self, pos: tuple[int, int] | None) -> bool: ...

    def dragged_hand_cards(self) -> list[str]: ...

    def meld_of(self, code: str) -> list[str]: ...

    def fan(self, view: View, seat: int) -> list[tuple[Slot, Point]]: ...

    def card_rect(self, code: str) -> pygame.Rect: ...

    def free_cards(self) -> list[str]: ...

    def knock_card(self) -> str | None: ...

    def gin_forced(self) -> bool: ...

    def cannot(self, command: Command) -> str | None: ...

    def focused(self) -> Target | None: ...

    def button(self, tid: str) -> Button | None: ...

    def aim(self) -> None: ...

    def say(self, line: str) -> None: ...
