"""Buttons, choices and text fields, with hover, focus and keyboard use built in.

A `Group` owns a screen's widgets: it routes mouse events to them and moves keyboard focus
with Tab / Shift+Tab / arrows; Enter or Space activates the focused widget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.ui import card_text, text, theme
from game.ui.targets import Target, TargetMap, slug


class Widget:
    focusable = True
    kind = "button"
    tid = ""  # the target id; from the label when empty
    spoken = ""  # what its target is called when not its label (several "Copy" buttons)
    hint = ""  # its tip: why it is greyed out, or what it does

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int]):
        self.rect = pygame.Rect(rect)
        self.hover = False
        self.pointer: tuple[int, int] | None = None  # where the mouse last moved (its group says)
        self.focused = False
        self.enabled = True
        self.visible = True

    def activate(self) -> None:
        """What Enter/Space or a click does."""

    def key(self, event: pygame.event.Event) -> bool:
        """Keys other than navigation while focused. True when consumed."""
        return False

    def click(self, event: pygame.event.Event) -> bool:
        if event.button == 1:
            self.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None: ...

    def targets(self) -> list[Target]:
        """What automation and the keyboard's map see of it: itself (a choice adds its arrows)."""
        return [self.target()]

    def target(self) -> Target:
        label = str(getattr(self, "spoken", "") or getattr(self, "label", "")) or self.kind
        return Target(
            self.tid or slug(label),
            label,
            self.kind,
            pygame.Rect(self.rect),
            enabled=self.enabled,
            tip=getattr(self, "hint", ""),
        )


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color=theme.PANEL,
    border=theme.LINE,
    radius: int = theme.RADIUS,
    width: int = 1,
) -> None:
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    if border:
        pygame.draw.rect(surface, border, rect, width, border_radius=radius)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, theme.FOCUS, rect.inflate(8, 8), 2, border_radius=theme.RADIUS + 3)


class Button(Widget):
    def __init__(
        self,
        rect,
        label: str,
        on_click: Callable[[], Any],
        primary: bool = False,
        size: int = 22,
        hint: str = "",
        tid: str = "",
    ):
        super().__init__(rect)
        self.tid = tid
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.size = size
        self.hint = hint  # a short reason shown when disabled, or a tooltip

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        if not self.enabled:
            fill, border, ink = theme.BG_DEEP, theme.LINE, theme.MUTED
        elif self.primary:
            fill = (255, 196, 96) if self.hover else theme.ACCENT
            border, ink = theme.ACCENT_DARK, theme.ACCENT_TEXT
        else:
            fill = theme.PANEL_HI if self.hover else theme.PANEL
            border, ink = (theme.ACCENT if self.hover else theme.LINE), theme.TEXT
        panel(surface, self.rect, fill, border, width=2 if self.hover else 1)
        self.draw_label(surface, ink)
        if self.focused:
            focus_ring(surface, self.rect)

    def draw_label(self, surface: pygame.Surface, ink) -> None:
        # a longer translation steps down a few sizes rather than spill out of the button
        label, size = text.fit(self.label, self.rect.w - 16, self.size, "bold", self.size - 4)
        text.blit(surface, label, self.rect.center, size, ink, "bold", "center")


def dashed_outline(surface: pygame.Surface, colour, rect: pygame.Rect, dash: int = 8, gap: int = 6) -> None:
    """A rectangle's sides as dashes, its corners left open (a rounded panel's corners)."""
    r = theme.RADIUS
    for start, end in (
        ((rect.x + r, rect.y), (rect.right - r, rect.y)),
        ((rect.x + r, rect.bottom - 1), (rect.right - r, rect.bottom - 1)),
        ((rect.x, rect.y + r), (rect.x, rect.bottom - r)),
        ((rect.right - 1, rect.y + r), (rect.right - 1, rect.bottom - r)),
    ):
        length = max(end[0] - start[0], end[1] - start[1])
        across = end[0] != start[0]
        for at in range(0, length, dash + gap):
            stop = min(at + dash, length)
            a = (start[0] + at, start[1]) if across else (start[0], start[1] + at)
            b = (start[0] + stop, start[1]) if across else (start[0], start[1] + stop)
            pygame.draw.line(surface, colour, a, b, 2)


DIM_INK = (128, 118, 128)  # the words of an action not open now: readable, plainly not lit


class CardButton(Button):
    """A button whose label may name playing cards: "Take 7H" shows the 7 and a heart.

    An action bar's buttons stand side by side, one often allowed while its neighbour is not
    (Discard beside a Knock the deadwood forbids): one that is not open now is drawn hollow,
    with a dashed outline and dim words, so it never passes for one that works; its tooltip
    says why."""

    four_colour = False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.enabled:
            super().draw(surface)
            return
        pygame.draw.rect(surface, theme.BG_DEEP, self.rect, border_radius=theme.RADIUS)
        dashed_outline(surface, theme.LINE, self.rect)
        self.draw_label(surface, DIM_INK)
        if self.focused:
            focus_ring(surface, self.rect)

    def draw_label(self, surface: pygame.Surface, ink) -> None:
        paper = self.primary and self.enabled  # dark ink on the saffron face
        card_text.blit(
            surface, self.label, self.rect.center, self.size, ink, "bold", "center", self.four_colour, paper
        )


class Choice(Widget):
    """A labelled value that cycles through choices: its "‹" steps back and its "›" forward
    (targets of their own), a click elsewhere on it steps forward and a right-click back; once
    clicked it has the keys, Left back and Right forward."""

    kind = "choice"

    def __init__(
        self,
        rect,
        label: str,
        choices: Sequence[Any],
        value: Any,
        on_change: Callable[[Any], Any] | None = None,
        names: Sequence[str] | None = None,
        size: int = 20,
        wraps: bool = True,
    ):
        super().__init__(rect)
        self.label = label
        self.wraps = wraps  # a count stops at its ends ("‹" at 2 players is not 4); names go round
        self.choices = list(choices)
        self.names = list(names) if names else [str(c) for c in self.choices]
        self.index = self.choices.index(value) if value in self.choices else 0
        self.on_change = on_change
        self.size = size

    @property
    def value(self) -> Any:
        return self.choices[self.index]

    def set(self, value: Any) -> None:
        if value in self.choices:
            self.index = self.choices.index(value)

    def step(self, delta: int) -> None:
        if not self.enabled or len(self.choices) < 2:
            return
        index = self.index + delta
        if not self.wraps and not 0 <= index < len(self.choices):
            return
        self.index = index % len(self.choices)
        if self.on_change:
            self.on_change(self.value)

    def activate(self) -> None:
        self.step(1)

    ARROW_W = 22  # each arrow's share of the right end

    def arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where "‹" and "›" are drawn and take clicks: the right end, split in two."""
        r = self.rect
        back = pygame.Rect(r.right - 2 * self.ARROW_W - 2, r.y, self.ARROW_W, r.h)
        return back, back.move(self.ARROW_W, 0)

    @property
    def steps(self) -> bool:
        """Whether it can step now (its arrows are shown)."""
        return self.enabled and len(self.choices) > 1

    def click(self, event) -> bool:
        if event.button not in (1, 3):
            return False
        back, _ = self.arrows()
        self.step(-1 if event.button == 3 or back.collidepoint(event.pos) else 1)
        return True

    def targets(self) -> list[Target]:
        """The choice, and its two arrows ("kind.1.back", "kind.1.next") when it can step."""
        whole = self.target()
        if not self.steps:
            return [whole]
        back, forward = self.arrows()
        return [
            whole,
            Target(f"{whole.id}.back", f"{whole.label} ‹", "choice", back, enabled=True),
            Target(f"{whole.id}.next", f"{whole.label} ›", "choice", forward, enabled=True),
        ]

    def key(self, event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(1 if event.key == pygame.K_RIGHT else -1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        panel(
            surface,
            self.rect,
            theme.PANEL_HI if self.hover else theme.PANEL,
            theme.ACCENT if self.hover else theme.LINE,
        )
        ink = theme.TEXT if self.enabled else theme.MUTED
        r = self.rect
        back, forward = self.arrows()
        right = back.x - 4 if self.steps else r.right - 12  # the value ends before the arrows
        room = right - r.x - 14
        if self.label:
            drawn = text.blit(
                surface, self.label, (r.x + 14, r.centery), self.size, theme.MUTED, anchor="midleft"
            )
            room -= drawn.w + 16
        # a longer translation steps down a few sizes rather than run into the label
        value, size = text.fit(self.names[self.index], room, self.size, "bold", self.size - 5)
        text.blit(surface, value, (right, r.centery), size, ink, "bold", "midright")
        if self.steps:
            for arrow, sign, end in ((back, "‹", 0), (forward, "›", len(self.choices) - 1)):
                stuck = not self.wraps and self.index == end  # a count at its end: the arrow rests
                pointed = self.hover and self.pointer is not None and arrow.collidepoint(self.pointer)
                if pointed and not stuck:  # the arrow a click would use, lit
                    pygame.draw.rect(surface, theme.ACCENT, arrow.inflate(-2, -12), border_radius=6)
                ink_arrow = theme.LINE if stuck else theme.ACCENT_TEXT if pointed else theme.ACCENT
                text.blit(surface, sign, arrow.center, self.size + 2, ink_arrow, "bold", "center", as_is=True)
        if self.focused:
            focus_ring(surface, self.rect)


SECRET_DOT = "\u2022"  # a secret field's characters, as drawn while it is not edited


class TextField(Widget):
    """A one-line text field: a caret placed by click or arrows, Home/End, Shift to select,
    Ctrl+A for all; typing replaces the selection. Tabbing into it selects everything, so a
    new name replaces the old one. A `secret` one (a key an operator gave) shows dots for its
    characters but while it is being edited."""

    kind = "field"
    PAD = 12

    def __init__(
        self,
        rect,
        value: str,
        max_len: int = 16,
        placeholder: str = "",
        size: int = 20,
        on_change: Callable[[str], Any] | None = None,
        secret: bool = False,
    ):
        super().__init__(rect)
        self.secret = secret
        self.value = value
        self.max_len = max_len
        self.placeholder = placeholder
        self.size = size
        self.on_change = on_change
        self.caret = len(value)
        self.anchor = self.caret  # the other end of the selection; equal to caret: none

    @property
    def label(self) -> str:
        return self.shown or self.placeholder

    @property
    def shown(self) -> str:
        """The value as drawn: a secret's as dots unless it is being edited."""
        return SECRET_DOT * len(self.value) if self.secret and not self.focused else self.value

    @property
    def selection(self) -> tuple[int, int]:
        n = len(self.value)
        a, b = min(self.anchor, n), min(self.caret, n)
        return (a, b) if a <= b else (b, a)

    def select_all(self) -> None:
        self.anchor, self.caret = 0, len(self.value)

    def _replace(self, insert: str) -> None:
        start, end = self.selection
        room = self.max_len - (len(self.value) - (end - start))
        insert = insert[: max(0, room)]
        self._set(self.value[:start] + insert + self.value[end:])
        self.caret = self.anchor = start + len(insert)

    def _move(self, to: int, extend: bool) -> None:
        self.caret = max(0, min(len(self.value), to))
        if not extend:
            self.anchor = self.caret

    def key(self, event) -> bool:
        if event.type == pygame.TEXTINPUT:
            if event.text.isprintable():
                self._replace(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        start, end = self.selection
        if event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
            self.select_all()
        elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            if start == end:  # no selection: the character before (or after) the caret
                reach = -1 if event.key == pygame.K_BACKSPACE else 1
                self.anchor = max(0, min(len(self.value), self.caret + reach))
            self._replace("")
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if event.key == pygame.K_LEFT else 1
            if start != end and not shift:  # an arrow collapses a selection to its side
                self._move(start if step < 0 else end, False)
            else:
                self._move(self.caret + step, shift)
        elif event.key == pygame.K_HOME:
            self._move(0, shift)
        elif event.key == pygame.K_END:
            self._move(len(self.value), shift)
        else:
            return False
        return True

    def click(self, event) -> bool:
        if event.button != 1:
            return False
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        self._move(self.index_at(event.pos[0]), shift)
        return True

    def index_at(self, x: int) -> int:
        """The caret position nearest to a pixel column."""
        f = text.font(self.size, sample=self.value)
        offset = x - self.rect.x - self.PAD
        widths = [f.size(self.value[:i])[0] for i in range(len(self.value) + 1)]
        return min(range(len(widths)), key=lambda i: abs(widths[i] - offset))

    def _set(self, value: str) -> None:
        self.value = value
        if self.on_change:
            self.on_change(value)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        panel(surface, self.rect, theme.BG_DEEP, theme.ACCENT if self.focused or self.hover else theme.LINE)
        x0, cy = self.rect.x + self.PAD, self.rect.centery
        f = text.font(self.size, sample=self.value)
        start, end = self.selection
        if self.focused and start != end:
            left, right = f.size(self.value[:start])[0], f.size(self.value[:end])[0]
            shade = pygame.Rect(x0 + left, self.rect.y + 8, right - left, self.rect.h - 16)
            pygame.draw.rect(surface, theme.ACCENT_DARK, shade)
        shown = self.shown or self.placeholder
        ink = theme.TEXT if self.value else theme.MUTED
        text.blit(surface, shown, (x0, cy), self.size, ink, anchor="midleft")
        if self.focused:
            x = x0 + f.size(self.value[: min(self.caret, len(self.value))])[0]
            pygame.draw.line(surface, theme.ACCENT, (x, self.rect.y + 8), (x, self.rect.bottom - 8), 2)
            focus_ring(surface, self.rect)


class Group:
    """The widgets of one screen, with mouse routing and a keyboard focus ring."""

    def __init__(self, widgets: Sequence[Widget] = ()):
        self.widgets: list[Widget] = list(widgets)
        self.focus_index: int | None = None
        self.pointer: tuple[int, int] | None = None  # where the mouse last moved

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    @property
    def focused(self) -> Widget | None:
        if self.focus_index is None or self.focus_index >= len(self.widgets):
            return None
        return self.widgets[self.focus_index]

    def focus(self, widget: Widget | None) -> None:
        for w in self.widgets:
            w.focused = w is widget
        self.focus_index = self.widgets.index(widget) if widget in self.widgets else None

    def usable(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.visible and w.enabled]

    def move_focus(self, delta: int) -> None:
        """Tab order: the next (or previous) usable widget, round the end."""
        usable = self.usable()
        if not usable:
            return
        now = self.focused
        if now not in usable:
            target = usable[0] if delta > 0 else usable[-1]
        else:
            target = usable[(usable.index(now) + delta) % len(usable)]
        self.focus(target)
        if isinstance(target, TextField):
            target.select_all()  # typing replaces the old name

    def move_focus_towards(self, key: int) -> None:
        """Arrows move in two dimensions: to the nearest widget in that direction."""
        usable = self.usable()
        if not usable:
            return
        targets = [Target(str(k), "", "widget", pygame.Rect(w.rect)) for k, w in enumerate(usable)]
        now = self.focused
        current = str(usable.index(now)) if now in usable else None
        found = TargetMap(targets).step(current, key)
        if found is not None:
            self.focus(usable[int(found)])
            if isinstance(self.focused, TextField):
                self.focused.select_all()

    def focus_first(self) -> None:
        """Give the first usable widget the focus, so Enter works before any key moved it."""
        if self.focused is None:
            self.move_focus(1)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            for w in self.widgets:
                w.hover = w.visible and w.enabled and w.rect.collidepoint(event.pos)
                w.pointer = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            for w in self.widgets:
                if w.visible and w.enabled and w.rect.collidepoint(event.pos):
                    # a field or a choice clicked keeps the keys (typing, Left/Right)
                    self.focus(w if isinstance(w, TextField | Choice) else None)
                    return w.click(event)
            self.focus(None)
            return False
        focused = self.focused
        if event.type == pygame.TEXTINPUT:  # typing is for a text field alone
            return isinstance(focused, TextField) and focused.key(event)
        if event.type != pygame.KEYDOWN:
            return False
        if focused and focused.key(event):
            return True
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_LEFT, pygame.K_RIGHT):
            self.move_focus_towards(event.key)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and focused:
            focused.activate()
            return True
        return False

    def tipped(self) -> Widget | None:
        """The widget whose tip shows: the one under the pointer (greyed or not: a greyed one
        says why), else the focused one, when it has a tip."""
        pointer = self.pointer
        under = [w for w in self.widgets if w.visible and pointer and w.rect.collidepoint(pointer)]
        for w in [*under, self.focused]:
            if w is not None and getattr(w, "hint", ""):
                return w
        return None

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            w.draw(surface)

    def targets(self) -> list[Target]:
        """The visible widgets as targets; a repeated id gets a number ("export-2")."""
        out: list[Target] = []
        seen: dict[str, int] = {}
        for w in self.widgets:
            if not w.visible:
                continue
            for t in w.targets():
                seen[t.id] = seen.get(t.id, 0) + 1
                if seen[t.id] > 1:
                    t.id = f"{t.id}-{seen[t.id]}"
                out.append(t)
        return out

    def unhover(self) -> None:
        """Forget where the mouse was: a screen back on top has not seen it move since."""
        self.pointer = None
        for w in self.widgets:
            w.hover, w.pointer = False, None
