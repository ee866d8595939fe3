"""A replay: any stored match shown on its game's own table, read-only, with controls to walk it.

The replay holds no match: the app's composition module hands it a `Rewind` (game/core/replays.py)
that says where moves, rounds and the end lie and gives, at point k (the first k events), a
read-only window on the match as the chosen seat may see it. A fresh table of the game is built
over that window with `watching` set: it decides nothing and accepts nothing. Mouse motion and
the wheel over the table reach it (hover, its log); the controls at the bottom are the replay's
own: a move or an event back and forth, play/pause at three speeds, a timeline with the starts
of rounds, hands or visits, Home/End, the seat whose hidden cards show (only the one person's of
this screen before the match is over; everybody's after), the review and "Play on from here"
(for a finished match).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import pygame

from game.core import i18n
from game.core.i18n import N_, _, msg
from game.scenes import tables
from game.scenes.base import Scene
from game.scenes.replay_review import Review
from game.scenes.waiting import opening
from game.ui import text, theme
from game.ui.targets import Target
from game.ui.widgets import Button, Choice, Group, Widget, panel

if TYPE_CHECKING:
    from game.core.face import Event, View
    from game.scenes.asked import Opened, Replayed
    from game.scenes.host import Host
    from game.scenes.table import Table
    from game.scenes.tables import TableClass

# Ticks between moves while playing, per speed
SPEEDS = ((N_("Slow"), 90), (N_("Normal"), 45), (N_("Fast"), 15))
# Where the controls go: over the table's own action bar and buttons, which a replay does not
# use (unless the game's TableSpec.replay_controls puts them elsewhere)
WIDE = pygame.Rect(0, 610, 1280, 110)
SETTLE = 200  # at most this many strides of ten ticks for a table's opening flights to land


class Replay(Scene):
    name = "replay"

    def __init__(self, app: Host, rewind: Replayed, match_id: int | None = None):
        super().__init__(app)
        self.rewind = rewind  # the match's timeline and its windows (game/core/replays.py)
        self.timeline = rewind
        self.match_id = match_id
        self.finished = rewind.finished
        # Whose hidden cards may show (the rewind's rule); first the person who played here
        self.seats: list[int | None] = list(rewind.viewers)
        people = [i for i, s in enumerate(rewind.players) if s.kind == "human" and i in self.seats]
        self.viewer: int | None = people[0] if people else self.seats[0]
        self.count = self.timeline.start
        self.table_class = watching_class(tables.table_class(rewind.game.name))
        self.playing = False
        self.speed = 1
        self.wait = 0  # ticks until the next move while playing
        self.scrubbing = False
        self.pointer = (0, 0)
        self.frame: pygame.Surface | None = None  # the last frame drawn, and what it showed
        self.frame_key_drawn: tuple[object, ...] = ()
        self.table: Table = self._build(self.count)
        self.box = pygame.Rect(tables.spec(rewind.game.name).replay_controls or WIDE)
        self.review = Review(app, self)
        self.group = Group()
        self._controls()
        self._sync()

    # -- the table at a point -------------------------------------------------------------
    def _build(self, count: int) -> Table:
        table = self.table_class(self.app, self.rewind.window(count, self.viewer))
        table.watching = True
        table.viewer = self.viewer
        table.on_viewer_changed()
        carry(getattr(self, "table", None), table)
        for _step in range(SETTLE):  # the opening deal flies in a fresh table: land it
            if not table.busy():
                break
            table.update(10)
        return table

    def show(self, count: int) -> None:
        """Move the replay to point `count` (clamped to the match)."""
        count = max(self.timeline.start, min(count, self.timeline.end))
        if count != self.count:
            self.count = count
            self.table = self._build(count)
        if count >= self.timeline.end:
            self.playing = False
        self._sync()

    def set_viewer(self, seat: int | None) -> None:
        self.viewer = seat
        self.table = self._build(self.count)
        self.review.seat_changed()
        self._sync()

    def shown_view(self) -> View:
        """What the table shows now (for tests: the rules' fold must give the same)."""
        return self.table.view()

    # -- controls -------------------------------------------------------------------------
    def _controls(self) -> None:
        box = self.box
        wide = box.w >= 1000
        step_w = 80 if wide else (box.w - 16 - 6 * 4) // 7
        y1 = box.bottom - 48 if wide else box.y + 98
        x = box.x + 16 if wide else box.x + 8

        def button(
            label: str, action: Callable[[], None], w: int, tid: str, hint: str = "", primary: bool = False
        ) -> Button:
            nonlocal x
            b = Button((x, y1, w, 40), label, action, primary=primary, size=16, hint=hint, tid=tid)
            x += w + (6 if wide else 4)
            self.group.add(b)
            return b

        self.start_button = button(
            N_("First"), lambda: self.show(self.timeline.start), step_w, "start", N_("Home key")
        )
        button(N_("‹ Move"), self.back_move, step_w, "move.back", N_("Left arrow"))
        button(N_("‹ Event"), self.back_event, step_w, "event.back", N_("Shift + Left arrow"))
        self.play_button = button(N_("Autoplay"), self.toggle, step_w, "play", N_("Space bar"), primary=True)
        button(N_("Event ›"), self.forward_event, step_w, "event.forward", N_("Shift + Right arrow"))
        button(N_("Move ›"), self.forward_move, step_w, "move.forward", N_("Right arrow"))
        button(N_("Last"), lambda: self.show(self.timeline.end), step_w, "end", N_("End key"))
        if not wide:
            x, y1 = box.x + 8, box.y + 146
        names = [n for n, _ in SPEEDS]
        self.speed_choice = Choice(
            (x, y1, 130 if wide else 118, 40), "", range(3), 1, self.set_speed, names, 16
        )
        self.speed_choice.tid = "speed"
        self.group.add(self.speed_choice)
        x += (130 if wide else 118) + (6 if wide else 4)
        rect = (x, y1, 190 if wide else 150, 40)
        if len(self.seats) > 1:  # a choice: the arrows say so, a click steps to the next seat
            labels = [self.rewind.names[s] if s is not None else N_("No one's") for s in self.seats]
            self.seat_choice: Choice | Note = Choice(
                rect, N_("Hands"), self.seats, self.viewer, self.set_viewer, labels, 16
            )
            self.seat_choice.hint = N_("Whose hidden cards show: click for the next (right-click: back)")
        else:  # nothing to choose: said in words, drawn as words, never as a button
            only = self.seats[0]
            if only is not None:
                said: str = msg("Showing {name}'s cards", name=self.rewind.names[only])
                why = N_("Until the match is over, a replay shows only your own hidden cards")
            else:
                said = N_("No one's hidden cards show")
                why = N_("Until the match is over, no hidden cards show: no single person played it here")
            self.seat_choice = Note(rect, said, why)
        self.seat_choice.tid = "hands"
        self.group.add(self.seat_choice)
        x += (190 if wide else 150) + (6 if wide else 4)
        button(N_("Review"), self.review.toggle, 96 if wide else 92, "review", "R")
        self.play_on_button = button(
            N_("Play on"),
            self.play_on,
            100 if wide else 92,
            "playon",
            N_("New match from here") if self.finished else N_("Only a finished match can be played on"),
        )
        button(N_("Close"), self.back, 90 if wide else 64, "close", "Esc")

    def set_speed(self, index: int) -> None:
        self.speed = int(index)

    def _sync(self) -> None:
        at_start, at_end = self.count <= self.timeline.start, self.count >= self.timeline.end
        for widget in self.group.widgets:
            if isinstance(widget, Button) and widget.tid in ("start", "move.back", "event.back"):
                widget.enabled = not at_start
            if isinstance(widget, Button) and widget.tid in ("end", "move.forward", "event.forward"):
                widget.enabled = not at_end
        self.play_button.label = N_("Pause") if self.playing else N_("Autoplay")
        self.play_button.enabled = not at_end
        # only a finished match (its secrets are out) is played on, and not from its last point
        self.play_on_button.enabled = self.finished and not at_end

    # -- moving ---------------------------------------------------------------------------
    def forward_event(self) -> None:
        self.show(self.count + 1)

    def back_event(self) -> None:
        self.show(self.count - 1)

    def forward_move(self) -> None:
        self.show(self.timeline.next_turn(self.count))

    def back_move(self) -> None:
        self.show(self.timeline.prev_turn(self.count))

    def next_mark(self, step: int) -> None:
        marks = [m.at for m in self.timeline.marks]
        if step > 0:
            self.show(next((m for m in marks if m > self.count), self.timeline.end))
        else:
            self.show(next((m for m in reversed(marks) if m < self.count), self.timeline.start))

    def toggle(self) -> None:
        if self.count >= self.timeline.end:
            return
        self.playing = not self.playing
        self.wait = SPEEDS[self.speed][1]
        self._sync()

    def play_on(self) -> None:
        """A new match from the point shown of a finished one: the same seats, options and seed,
        the moves so far; saved as a new match with a note of where it branched, and opened on
        its table (docs/history.md)."""
        if not self.play_on_button.enabled:
            return
        count = self.count

        def show(opened: Opened) -> None:
            table = tables.table_class(self.rewind.game.name)(self.app, opened.window, opened.match_id)
            self.app.replace(table)
            self.app.toast(msg("A new match goes on from move {n}.", n=self.rewind.move_number(count)))

        opening(
            self.app,
            lambda answered: self.app.matches.play_on(self.rewind, count, self.match_id, answered),
            show,
        )

    # -- the loop -------------------------------------------------------------------------
    @property
    def animated(self) -> bool:  # type: ignore[override]
        return self.playing or self.review.working

    def update(self, ticks: int) -> None:
        self.review.update()
        if not self.playing:
            return
        self.wait -= ticks
        if self.wait <= 0:
            self.wait = SPEEDS[self.speed][1]
            self.forward_move()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos  # where the wheel turns (the events carry no position)
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        if self.review.handle(event):
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.bar().inflate(0, 16).collidepoint(event.pos)
        ):
            self.scrubbing = True
            self.scrub(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.scrubbing:
            self.scrub(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.scrubbing:
            self.scrubbing = False
            return True
        if self.group.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.back()
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.box.collidepoint(self.pointer):
                (self.back_move if event.y > 0 else self.forward_move)()
                return True
            return self.table.handle(event)
        if event.type == pygame.MOUSEMOTION and not self.box.collidepoint(event.pos):
            self.table.pointer = event.pos
            self.table.handle(event)  # hover reaches the table (its clicks do not)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.review.open:
                self.review.toggle()
            else:
                self.back()
        elif key == pygame.K_RIGHT:
            (self.forward_event if shift else self.forward_move)()
        elif key == pygame.K_LEFT:
            (self.back_event if shift else self.back_move)()
        elif key == pygame.K_SPACE:
            self.toggle()
        elif key == pygame.K_HOME:
            self.show(self.timeline.start)
        elif key == pygame.K_END:
            self.show(self.timeline.end)
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.next_mark(1 if key == pygame.K_PAGEDOWN else -1)
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.speed_choice.set(key - pygame.K_1)
            self.set_speed(key - pygame.K_1)
        elif key == pygame.K_r:
            self.review.toggle()
        else:
            return False
        return True

    # -- the timeline ---------------------------------------------------------------------
    def bar(self) -> pygame.Rect:
        box = self.box
        if box.w >= 1000:
            return pygame.Rect(box.x + 24, box.y + 40, box.w - 48, 10)
        return pygame.Rect(box.x + 16, box.y + 74, box.w - 32, 10)

    def x_of(self, count: int) -> int:
        bar, tl = self.bar(), self.timeline
        span = max(1, tl.end - tl.start)
        return bar.x + round(bar.w * (count - tl.start) / span)

    def point_at(self, x: int) -> int:
        """The point a click at column x of the timeline goes to: the start of the move there."""
        bar, tl = self.bar(), self.timeline
        share = min(1.0, max(0.0, (x - bar.x) / max(1, bar.w)))
        return tl.turn_at(tl.start + round(share * (tl.end - tl.start))) if share < 1 else tl.end

    def scrub(self, x: int) -> None:
        self.show(self.point_at(x))

    def pointed(self) -> int | None:
        """The point under the mouse while it is over the timeline."""
        return (
            self.point_at(self.pointer[0]) if self.bar().inflate(0, 16).collidepoint(self.pointer) else None
        )

    def targets(self) -> list[Target]:
        bar = self.bar()
        marks = [
            Target(
                f"mark.{k}",
                mark.label,
                "mark",
                pygame.Rect(self.x_of(mark.at) - 6, bar.y - 8, 12, bar.h + 16),
            )
            for k, mark in enumerate(self.timeline.marks)
        ]
        return [
            *self.group.targets(),
            Target("timeline", N_("Timeline"), "slider", bar.inflate(0, 16)),
            *marks,
            *self.review.targets(),
        ]

    def status(self) -> str:
        tl = self.timeline
        moves = tl.moves
        mark = tl.mark_at(self.count)
        parts = [_("{done} of {n} moves played", done=tl.move_number(self.count), n=moves)]
        if mark is not None:
            parts.append(i18n.tr(mark.label))
        if self.count >= tl.end:
            parts.append(_("the end") if self.finished else _("where it stopped"))
        return " · ".join(parts)

    def next_words(self) -> str:
        """The move about to be made, in words, or what the review says about it."""
        index = self.rewind.entry_at(self.count)
        if index is None:
            return ""
        advice = self.review.advice_at(index)
        made = self.rewind.describe(index, self.viewer)  # the move as the seat shown saw it
        if advice is not None and advice.differs:
            return msg("Next: {made}  ·  hard bot: {bot}", made=made, bot=advice.bot)
        if advice is not None:
            return msg("Next: {made}  ·  the hard bot agrees", made=made)
        return msg("Next: {made}", made=made)

    # -- drawing --------------------------------------------------------------------------
    def frame_key(self) -> tuple[object, ...]:
        """Everything a frame shows: while it is unchanged (a replay waiting, or playing between
        moves) the last frame is blitted again instead of drawn."""
        widgets = tuple((w.hover, w.focused, w.enabled, getattr(w, "label", "")) for w in self.group.widgets)
        review = (self.review.open, len(self.review.advice), self.review.scroll)
        table = (id(self.table), self.table.hover, self.table.focus)
        return (
            self.count,
            self.viewer,
            self.speed_choice.index,
            table,
            widgets,
            review,
            self.pointed(),
            i18n.generation,  # a language switch draws afresh
        )

    def draw(self, surface: pygame.Surface) -> None:
        key = self.frame_key()
        if (
            self.frame is not None
            and key == self.frame_key_drawn
            and self.frame.get_size() == surface.get_size()
        ):
            surface.blit(self.frame, (0, 0))
            return
        self.paint(surface)
        if self.frame is None or self.frame.get_size() != surface.get_size():
            self.frame = surface.copy()
        else:
            self.frame.blit(surface, (0, 0))
        self.frame_key_drawn = key

    def paint(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        box = self.box
        panel(surface, box, theme.BG_DEEP, theme.ACCENT_DARK, width=2)
        wide = box.w >= 1000
        title = _("Replay · {where}", where=self.status())
        if wide:
            shown, size = text.fit(title, 420, 18, "bold", 14)
            text.blit(surface, shown, (box.x + 24, box.y + 18), size, theme.ACCENT, "bold", "midleft")
            words, wsize = text.fit(self.next_words(), box.w - 480, 16, "regular", 13)
            text.blit(surface, words, (box.right - 24, box.y + 18), wsize, theme.TEXT, anchor="midright")
        else:
            shown, size = text.fit(title, box.w - 32, 18, "bold", 14)
            text.blit(surface, shown, (box.x + 16, box.y + 16), size, theme.ACCENT, "bold", "midleft")
            lines = text.wrap(self.next_words(), box.w - 32, 15)
            if len(lines) > 2:  # the rest is cut with an ellipsis, not mid-word without one
                lines = (lines[0], text.fit(" ".join(lines[1:]), box.w - 32, 15, "regular", 15)[0])
            for k, line in enumerate(lines):
                text.blit(surface, line, (box.x + 16, box.y + 34 + 18 * k), 15, theme.TEXT, anchor="midleft")
        self._draw_bar(surface)
        self.group.draw(surface)
        self.review.draw(surface)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        bar = self.bar()
        pygame.draw.rect(surface, theme.PANEL, bar, border_radius=5)
        done = pygame.Rect(bar.x, bar.y, max(0, self.x_of(self.count) - bar.x), bar.h)
        pygame.draw.rect(surface, theme.ACCENT_DARK, done, border_radius=5)
        for mark in self.timeline.marks:
            x = self.x_of(mark.at)
            pygame.draw.line(surface, theme.TEXT, (x, bar.y - 5), (x, bar.bottom + 4), 2)
        for index in self.review.differing():  # the review's differences, as small ticks below
            x = self.x_of(self.rewind.move_at(index))
            pygame.draw.line(surface, theme.DANGER, (x, bar.bottom + 2), (x, bar.bottom + 7), 2)
        knob = (self.x_of(self.count), bar.centery)
        pygame.draw.circle(surface, theme.ACCENT, knob, 9)
        pygame.draw.circle(surface, theme.BG_DEEP, knob, 9, 2)
        point = self.pointed()
        if point is not None:  # where a click would go, in words
            at = self.timeline.mark_at(point)
            move = self.timeline.move_number(point) + 1
            said = _("{part} · move {n}", part=i18n.tr(at.label), n=move) if at else _("move {n}", n=move)
            if point >= self.timeline.end:
                said = _("the end")
            image = text.render(said, 15, theme.TEXT, "bold")
            tip = image.get_rect(midbottom=(self.x_of(point), bar.y - 8)).inflate(16, 8)
            tip.clamp_ip(self.box)
            panel(surface, tip, theme.PANEL_HI, theme.ACCENT)
            surface.blit(image, image.get_rect(center=tip.center))


class Note(Widget):
    """Words among the controls that look like words: no box, no arrows, nothing to press;
    pointed at, the tip says why there is no choice."""

    focusable = False
    kind = "label"

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], label: str, hint: str):
        super().__init__(rect)
        self.label, self.hint = label, hint
        self.enabled = False

    def draw(self, surface: pygame.Surface) -> None:
        shown, size = text.fit(self.label, self.rect.w - 8, 16, "regular", 12)
        text.blit(surface, shown, (self.rect.x + 4, self.rect.centery), size, theme.MUTED, anchor="midleft")


def watching_class(table_class: TableClass) -> type[Table]:
    """The game's table class, its move log's lines remembered per event: every step builds a
    fresh table, and each would describe the whole log again (most of a Jaipur step's cost)."""
    cls = cast("type[Table]", table_class)  # what a spec names is a Table, not checked here
    lines: dict[int, str] = {}
    events: list[Event] = []  # holds what `lines` is keyed on, so no id is reused

    def log_lines(self: Table, logged: list[Event]) -> list[str]:
        out = []
        for event in logged:
            line = lines.get(id(event))
            if line is None:
                line = lines[id(event)] = self.rules.describe(event, self.window.names)
                events.append(event)
            if line:
                out.append(line)
        return out[-50:]

    return type(cls.__name__, (cls,), {"log_lines": log_lines, "__module__": cls.__module__})


def carry(old: object, new: object) -> None:
    """Hand a table's paint caches keyed by what they show to the next table of the same game:
    a step then costs a blit, not a fresh background (Jaipur's felt and token piles)."""
    if old is None or type(old) is not type(new):
        return
    for name in ("background",):
        if hasattr(old, name) and hasattr(new, name):
            setattr(new, name, getattr(old, name))
