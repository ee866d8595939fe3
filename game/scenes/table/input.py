"""Input over a table's target map, the same at every table (mixed into `Table`).

The pointer lights what it may press, a click or Space presses a target (`choose`), a
right-click steps back (`right_click`), Tab and the arrows walk the keyboard focus, Enter
presses a button or plays what is chosen (`play_chosen`), H asks for a hint, Esc clears a
selection or pauses. A table adds its own keys (`game_key`, asked first) and keeps what is its
own (drags, pieces) before calling this.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.targets import NAVIGATION, Target

if TYPE_CHECKING:
    from game.ui.targets import TargetMap


class TargetInput:
    focus: str | None
    hover: str | None
    pointer: tuple[int, int] | None

    if TYPE_CHECKING:  # provided by Table

        def target_map(self) -> TargetMap: ...
        def busy(self) -> bool: ...
        def idle(self) -> bool: ...
        def consume_escape(self) -> bool: ...
        def pause(self) -> None: ...
        def request_hint(self) -> None: ...
        def connection_event(self, event: pygame.event.Event) -> bool: ...

    def handle(self, event: pygame.event.Event) -> bool:
        if self.connection_event(event):  # network play's badge, which no table knows of
            return True
        if event.type == pygame.WINDOWLEAVE:
            self.pointer = self.hover = None  # no tooltip left standing for a pointer gone
            return False
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            hit = self.target_map().hit(event.pos)
            self.hover = hit.id if hit is not None and self.hoverable(hit) else None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            hit = self.clickable(event.pos)
            if event.button == 1 and hit is None and self.busy():
                self.hurry()  # a person in a hurry: land everything, then take the click
                hit = self.clickable(event.pos)
            if event.button == 1 and hit is not None:
                self.choose(hit.id)
                return True
            if event.button == 3:
                self.right_click(hit)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def key(self, event: pygame.event.Event) -> bool:
        if self.game_key(event):
            return True
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if event.key in NAVIGATION:
            self.focus = self.target_map().step(self.focus, event.key, shift)
            return True
        current = self.focused()
        if event.key == pygame.K_SPACE and current is not None:
            self.choose(current.id, back=shift)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if current is not None and self.enter_chooses(current):
                self.choose(current.id)
            else:
                self.play_chosen()
            return True
        hint = getattr(self, "hint_button", None)
        if event.key == pygame.K_h and hint is not None and hint.visible:
            self.hint_clicked()
            return True
        if event.key in (pygame.K_ESCAPE, pygame.K_p) and not self.consume_escape():
            self.pause()
            return True
        return False

    def clickable(self, pos: tuple[int, int]) -> Target | None:
        """The enabled target under `pos` (a grey one takes no click: its tooltip says why)."""
        hit = self.target_map().hit(pos)
        return hit if hit is not None and hit.enabled else None

    def focused(self) -> Target | None:
        """The enabled target the keyboard is on."""
        if self.focus is None:
            return None  # (asked every frame: no map to build)
        current = self.target_map().get(self.focus)
        return current if current is not None and current.enabled else None

    # what a table says about its own targets and keys
    def choose(self, tid: str, back: bool = False) -> None:
        """A target pressed: clicked, or Space (back: Shift+Space) on the focused one (every
        table: what its targets do)."""

    def hoverable(self, target: Target) -> bool:
        """Whether the pointer lights `target`: an enabled button always, anything else enabled
        while the table waits for a person."""
        return target.enabled and (target.kind == "button" or self.idle())

    def right_click(self, target: Target | None) -> None:
        """A right-click (on `target`, None: beside every target): clears the selection
        (Jaipur: on the herd, one camel fewer to give)."""
        self.consume_escape()

    def enter_chooses(self, target: Target) -> bool:
        """Whether Enter presses the focused `target` (a button) or plays (`play_chosen`)."""
        return target.kind == "button"

    def play_chosen(self) -> None:
        """Enter with no button in focus: play what is chosen (Jaipur, Gin Rummy, Taj Mahal:
        their Play, Take or default action)."""

    def hurry(self) -> None:
        """Land whatever flies now, so a click beside every target finds what it aims at
        (Jaipur, Taj Mahal: their flights; Jaipur also the bot's turn it holds back)."""

    def hint_clicked(self) -> None:
        """The Hint button, and H (every table: ask, then take up the hint shown; Ubongo
        lays one piece)."""
        self.request_hint()

    def game_key(self, event: pygame.event.Event) -> bool:
        """A table's own keys, asked before the common ones; True when used."""
        return False
