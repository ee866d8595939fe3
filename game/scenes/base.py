"""The scene interface and a base for simple screens built from widgets."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import text, theme, tooltip
from game.ui.targets import Target
from game.ui.widgets import Group, TextField, Widget

if TYPE_CHECKING:
    from game.scenes.host import Host


class Scene:
    """A screen on the stack. `opaque` scenes hide what lies below; overlays are not opaque.

    Only the top scene receives events and ticks, so an overlay pauses what it covers.
    """

    opaque = True
    name = "scene"
    animated = True  # False: what it draws changes only with input, so a still frame is not redrawn
    proceed: str | None = None  # the target a person presses to move on (a hand-off's "ready")

    def __init__(self, app: Host):
        self.app = app

    def targets(self) -> list[Target]:
        """Everything clickable on this scene, in reading order (see game.ui.targets)."""
        group = getattr(self, "group", None)
        return group.targets() if group is not None else []

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def leave(self) -> None:
        """Called when the scene is removed from the stack."""

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, ticks: int) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def back(self) -> None:
        """Esc: by default leave this screen."""
        self.app.pop()

    def toast_area(self) -> pygame.Rect | None:
        """Where this screen keeps room for toasts, covering none of its controls (None: they
        go along the bottom of the window)."""
        return None

    def draw_tip(self, surface: pygame.Surface) -> None:
        """Over everything, while this scene is on top: the tip of its widget pointed at or
        focused (why a button is greyed out). Tables draw their own, with their targets."""
        group = getattr(self, "group", None)
        tipped = group.tipped() if group is not None else None
        tooltip.draw(surface, tipped.target() if tipped is not None else None, avoid=self.tip_avoid())

    def tip_avoid(self) -> list[pygame.Rect]:
        """Words of this screen a tooltip leaves readable (a setup screen's note)."""
        return []


class Screen(Scene):
    """A full screen with a title and a widget group; Esc goes back."""

    title = ""
    animated = False

    def __init__(self, app: Host):
        super().__init__(app)
        self.group = Group()

    def enter(self) -> None:
        """Opened (or back on top): the keyboard is on its natural first control, so Enter
        does what the screen is for without a Tab first; no hover is left from before the
        screen was covered (the mouse has moved since, unseen)."""
        self.group.unhover()
        self.keep_focus(self.group.focused)

    def first_control(self) -> Widget | None:
        """Where the keyboard starts: the first usable control, in reading order."""
        usable = self.group.usable()
        return usable[0] if usable else None

    def keep_focus(self, focused: Widget | None) -> None:
        """After the widgets were made again: the one focused before, if still there and
        usable, else the first control."""
        kept = focused in self.group.usable()
        self.group.focus(focused if kept else self.first_control())
        if not kept and isinstance(self.group.focused, TextField):
            self.group.focused.select_all()  # typing replaces what it holds, as after a Tab

    def handle(self, event: pygame.event.Event) -> bool:
        if self.group.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.back()
            return True
        return False

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        pygame.draw.rect(surface, theme.BG_DEEP, (0, 0, theme.WIDTH, 92))
        pygame.draw.line(surface, theme.ACCENT_DARK, (0, 92), (theme.WIDTH, 92), 2)
        if self.title:
            text.blit(surface, self.title, (60, 46), 40, theme.TEXT, "black", "midleft")

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.group.draw(surface)


class Overlay(Scene):
    """A box over a dimmed copy of the scene below."""

    opaque = False

    def __init__(self, app: Host, size: tuple[int, int] = (520, 420)):
        super().__init__(app)
        self.group = Group()
        self.box = pygame.Rect(0, 0, *size)
        self.box.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        self._shade = pygame.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
        self._shade.fill(theme.SHADE)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.group.handle(event) and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        return True  # an overlay consumes all input: nothing reaches the scene below

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._shade, (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.box, border_radius=16)
        pygame.draw.rect(surface, theme.ACCENT_DARK, self.box, 2, border_radius=16)
        self.group.draw(surface)
