"""The coach: a tutorial's steps run on the game's own table.

`coached(TableClass)` makes a table that is the game's table in every way (its drawing,
targets, gestures and bots) with a coach laid over it: the rest of the table dimmed, the
step's targets ringed, a bubble beside them saying one thing, with Back, Leave and, on a step
that only explains, Next. The table's guard lets through only the command the step waits for
(anything else is refused with the step's hint, the table unchanged); the step moves on when
that command is in the match. The opponent's moves are scripted players the match's referee asks
(game/matches.py opens a tutorial's match with them).

The coach lives inside the table rather than as a scene above it: the table only decides (bots,
hand-offs, results) while it is the top scene, and game.automation drives the top table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import pygame

from game.core import i18n
from game.core.face import Command
from game.core.i18n import N_, _
from game.scenes.tutorial import areas, progress
from game.scenes.tutorial.runner import start_normal_game
from game.scenes.tutorial.script import Step, Tutorial, matches
from game.ui import text, theme
from game.ui.targets import Target
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.core.window import Window
    from game.scenes.host import Host
    from game.scenes.table.base import Table
    from game.scenes.tables import TableClass

    TableBase = Table  # the coach's mixin is checked as the table it goes over
else:
    TableBase = object  # at run time `coached` puts the game's own table after it

BUBBLE_W = 420
NARROW_W = 320  # where the wide bubble would cover a named part and this one none (a side panel)
TEXT_SIZE = 20
LINE_H = 26
PAD = 18
GAP = 22  # between the bubble and what it points at
MARGIN = 10
RING = (255, 214, 120)
NEXT_STEP = N_("Read the note, then press Next.")
NOT_NOW = N_("Not this move now.")


class Coach:
    def __init__(self, table: Coached, tutorial: Tutorial, index: int):
        self.table = table
        self.tutorial = tutorial
        self.index = index
        self.mark = len(table.window.commands(tutorial.person))  # the person's moves when this step began
        self.refused: str | None = None  # the hint last given for a refused move, on show
        self.done = False
        self.next_button = Button(
            (0, 0, 150, 46), N_("Next"), self.next, primary=True, size=20, tid="coach.next"
        )
        self.back_button = Button((0, 0, 100, 46), N_("Back"), self.back, size=20, tid="coach.back")
        self.leave_button = Button((0, 0, 100, 46), N_("Leave"), self.leave, size=20, tid="coach.leave")
        self.buttons = [self.back_button, self.leave_button, self.next_button]
        self.bubble = pygame.Rect(0, 0, BUBBLE_W, 10)
        self.width = BUBBLE_W  # the bubble's, as laid out for the step
        self._shade = pygame.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
        self._shade_key: tuple[tuple[int, ...], ...] | None = None  # the rings the shade was cut for
        table.guard = self.guard
        self.layout()

    # -- the step -------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.tutorial.steps[min(self.index, len(self.tutorial.steps) - 1)]

    @property
    def ready(self) -> bool:
        """The table waits for the person: the opponent's move has landed, nothing flies."""
        table = self.table
        return not self.done and table.app.top is table and table.settled() and not table.window.finished

    @property
    def reading(self) -> bool:
        """A note is on show: the table's clock waits for Next."""
        return self.ready and self.step.expect is None

    def guard(self, seat: int, command: Command) -> str | None:
        step = self.step
        if self.done or matches(step, command):
            return None
        self.refused = step.hint or (NEXT_STEP if step.expect is None else NOT_NOW)
        return self.refused

    def go(self, index: int) -> None:
        self.index = index
        self.mark = len(self.table.window.commands(self.tutorial.person))
        self.refused = None
        progress.save_step(self.tutorial.name, index)
        self.layout()

    def update(self) -> None:
        if self.done or self.step.expect is None:
            return
        made = self.table.window.commands(self.tutorial.person)[self.mark :]
        if any(matches(self.step, command) for command in made):
            self.go(self.index + 1)

    def next(self) -> None:
        if not self.ready or self.step.expect is not None:
            return
        if self.index + 1 < len(self.tutorial.steps):
            self.go(self.index + 1)
            return
        self.done = True  # the last step: on to a normal game
        self.table.guard = None
        progress.save_step(self.tutorial.name, None)
        start_normal_game(self.table.app, self.tutorial)

    def back(self) -> None:
        """Back to the note before, when it only explained (a move played cannot be taken back)."""
        if self.can_go_back:
            self.go(self.index - 1)

    @property
    def can_go_back(self) -> bool:
        steps = self.tutorial.steps
        return 0 < self.index < len(steps) and steps[self.index - 1].expect is None

    def leave(self) -> None:
        """Leave for where the tutorial was opened from; the step is remembered."""
        progress.save_step(self.tutorial.name, self.index)
        self.done = True
        self.table.guard = None
        self.table.app.pop()

    # -- where things are -----------------------------------------------------------------
    def spots(self) -> list[pygame.Rect]:
        """The rectangles of what the step points at, as the table shows them now."""
        found: dict[str, pygame.Rect] = {t.id: t.bounds for t in self.table.table_targets()}
        found.update(areas.of(self.table))
        return [found[i] for i in self.step.targets if i in found]

    def layout(self) -> None:
        """The bubble beside what the step points at (see `place`), its buttons along the
        bottom; in the middle of the table when the step points at nothing. Narrower (its
        buttons on two rows) where only so it covers none of the table's named parts."""
        step = self.step
        self.next_button.visible = step.expect is None
        self.next_button.label = step.next_label
        self.next_button.rect.w = max(150, text.font(20, "bold").size(i18n.tr(step.next_label))[0] + 36)
        self.back_button.visible = self.can_go_back
        spots = self.spots()
        screen = pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT).inflate(-2 * MARGIN, -2 * MARGIN)
        live = [t.bounds for t in self.table.table_targets() if t.enabled and t.kind != "log"]
        named = [r for k, r in areas.of(self.table).items() if k not in step.targets]

        def laid(width: int) -> pygame.Rect:
            self.width = width
            height = PAD + 22 + LINE_H * len(self.lines()) + 14 + self._buttons_h() + PAD
            bubble = pygame.Rect(0, 0, width, height)
            if not spots:
                bubble.center = (theme.WIDTH // 2 - 180, theme.HEIGHT // 2)
                return bubble
            return self.place(bubble, spots, screen, live, named)

        bubble = laid(BUBBLE_W)
        if spots and bubble.collidelist(named) >= 0:
            narrow = laid(NARROW_W)
            bubble = narrow if narrow.collidelist(named) < 0 else laid(BUBBLE_W)
        self.bubble = bubble
        y = bubble.bottom - PAD - 46
        self.next_button.rect.topright = (bubble.right - PAD, y)
        if self._buttons_h() > 46:  # Leave and Back on a row above Next
            y -= 46 + 10
        self.leave_button.rect.topleft = (bubble.x + PAD, y)
        self.back_button.rect.topleft = (self.leave_button.rect.right + 10, y)

    def _buttons_h(self) -> int:
        """The height of the bubble's buttons: one row, or two where they are wider than it."""
        shown = [b.rect.w for b in self.buttons if b.visible]
        return 46 if sum(shown) + 10 * (len(shown) - 1) <= self.width - 2 * PAD else 46 + 10 + 46

    @staticmethod
    def place(
        bubble: pygame.Rect,
        spots: list[pygame.Rect],
        screen: pygame.Rect,
        avoid: Sequence[pygame.Rect] = (),
        keep: Sequence[pygame.Rect] = (),
    ) -> pygame.Rect:
        """Beside the first spot, else beside them all, covering none of them, none of the
        table's named parts the tutorial speaks of (`keep`: a hand's result panel, the spreads)
        where it can, and as few of its other live targets (`avoid`) as may be; else the
        screen's corner farthest from them. Centred on a side first; slid along it to either
        end only when centred it would cover a named part."""
        area = spots[0].unionall(spots[1:])

        def fits(slide: bool) -> list[pygame.Rect]:
            out: list[pygame.Rect] = []
            for around in (spots[0], area):
                for where, at in _sides(around, slide):
                    trial = bubble.copy()
                    setattr(trial, where, at)
                    trial = trial.clamp(screen)
                    if not any(trial.colliderect(s.inflate(12, 12)) for s in spots):
                        out.append(trial)
            return [r for r in out if faces(r, spots[0])] or out  # the wedge can reach the first

        def cost(r: pygame.Rect) -> tuple[int, int]:
            return (sum(r.colliderect(k) for k in keep), sum(r.colliderect(a) for a in avoid))

        centred = fits(False)
        best = min(centred, key=cost) if centred else None  # the first of those covering least
        if best is None or cost(best)[0]:
            best = min(centred + fits(True), key=cost, default=best)
        if best is not None:
            return best
        corners = [
            (screen.x, screen.y),
            (screen.right - bubble.w, screen.y),
            (screen.x, screen.bottom - bubble.h),
        ]
        far = max(corners, key=lambda c: (c[0] - area.centerx) ** 2 + (c[1] - area.centery) ** 2)
        return pygame.Rect(far, bubble.size)

    def lines(self) -> tuple[str, ...]:
        said = text.wrap(self.step.text, self.width - 2 * PAD, TEXT_SIZE)
        if self.refused:  # the hint, from the next line on
            said += text.wrap(self.refused, self.width - 2 * PAD, TEXT_SIZE)
        return said

    def targets(self) -> list[Target]:
        if not self.ready:
            return []
        return [b.target() for b in self.buttons if b.visible]

    # -- input ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """True when the coach took the event (its buttons, a click on the bubble)."""
        if not self.ready:
            return False
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                b.hover = b.visible and b.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and self.bubble.collidepoint(event.pos):
            for b in self.buttons:
                if b.visible and event.button == 1 and b.rect.collidepoint(event.pos):
                    b.activate()
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.bubble.collidepoint(event.pos):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            focused = next((b for b in self.buttons if b.visible and b.tid == self.table.focus), None)
            if focused is not None:
                focused.activate()
                return True
            if self.step.expect is None and event.key != pygame.K_SPACE:
                self.next()  # Enter reads on, as on any note
                return True
        return False

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if not self.ready:
            return
        self.layout()  # what it points at may have moved (a card raised, a hand sorted)
        spots = self.spots()
        rings = clusters(spots)
        key = tuple(tuple(r) for r in rings)
        if key != self._shade_key:  # cut again only when what it rings moved
            self._shade_key = key
            self._shade.fill((0, 0, 0, 140))
            for ring in rings:
                pygame.draw.rect(self._shade, (0, 0, 0, 0), ring.inflate(12, 12), border_radius=12)
        surface.blit(self._shade, (0, 0))
        for ring in rings:
            pygame.draw.rect(surface, RING, ring.inflate(12, 12), 3, border_radius=12)
        if spots:
            self.draw_pointer(surface, next(r for r in rings if r.contains(spots[0])))
        bubble = self.bubble
        pygame.draw.rect(surface, theme.PANEL, bubble, border_radius=14)
        pygame.draw.rect(surface, RING, bubble, 2, border_radius=14)
        count = len(self.tutorial.steps)
        heading = _(
            "{title} · {n} of {count}", title=i18n.tr(self.tutorial.title), n=self.index + 1, count=count
        )
        heading, hsize = text.fit(heading, self.width - 2 * PAD, 15, "bold", 12)
        text.blit(surface, heading, (bubble.x + PAD, bubble.y + PAD - 2), hsize, theme.MUTED, "bold")
        first_refused = len(text.wrap(self.step.text, self.width - 2 * PAD, TEXT_SIZE))
        for k, line in enumerate(self.lines()):
            ink = theme.ACCENT if k >= first_refused else theme.TEXT
            text.blit(surface, line, (bubble.x + PAD, bubble.y + PAD + 22 + LINE_H * k), TEXT_SIZE, ink)
        for b in self.buttons:
            b.focused = b.tid == self.table.focus
            b.draw(surface)

    def draw_pointer(self, surface: pygame.Surface, spot: pygame.Rect) -> None:
        """An arrow from the bubble's edge to the ring of what the step is about."""
        bubble, ring = self.bubble, spot.inflate(12, 12)
        if bubble.top >= ring.bottom or bubble.bottom <= ring.top:
            x = max(bubble.x + 24, min(bubble.right - 24, ring.centerx))
            x = max(ring.x + 12, min(ring.right - 12, x))
            down = bubble.bottom <= ring.top
            start, tip = (
                (x, bubble.bottom if down else bubble.top),
                (x, ring.top - 2 if down else ring.bottom + 2),
            )
            wing = (
                [(x - 11, tip[1] - 14), (x + 11, tip[1] - 14)]
                if down
                else [(x - 11, tip[1] + 14), (x + 11, tip[1] + 14)]
            )
        elif bubble.left >= ring.right or bubble.right <= ring.left:
            y = max(bubble.y + 24, min(bubble.bottom - 24, ring.centery))
            y = max(ring.y + 12, min(ring.bottom - 12, y))
            right = bubble.right <= ring.left
            start, tip = (
                (bubble.right if right else bubble.left, y),
                (ring.left - 2 if right else ring.right + 2, y),
            )
            wing = (
                [(tip[0] - 14, y - 11), (tip[0] - 14, y + 11)]
                if right
                else [(tip[0] + 14, y - 11), (tip[0] + 14, y + 11)]
            )
        else:
            return
        pygame.draw.line(surface, RING, start, tip, 4)
        pygame.draw.polygon(surface, RING, [tip, *wing])


def _sides(around: pygame.Rect, slide: bool) -> list[tuple[str, tuple[int, int]]]:
    """Where a bubble may stand beside `around`: below, above, right and left of it, centred
    on that side, or (`slide`) flush with either end of it."""
    below, above = around.bottom + GAP, around.top - GAP
    right, left = around.right + GAP, around.left - GAP
    if not slide:
        return [
            ("midtop", (around.centerx, below)),
            ("midbottom", (around.centerx, above)),
            ("midleft", (right, around.centery)),
            ("midright", (left, around.centery)),
        ]
    return [
        ("topleft", (around.left, below)),
        ("topright", (around.right, below)),
        ("bottomleft", (around.left, above)),
        ("bottomright", (around.right, above)),
        ("topleft", (right, around.top)),
        ("bottomleft", (right, around.bottom)),
        ("topright", (left, around.top)),
        ("bottomright", (left, around.bottom)),
    ]


def faces(bubble: pygame.Rect, spot: pygame.Rect) -> bool:
    """Whether a side of the bubble lies opposite the spot, so its wedge points straight at it."""
    if bubble.top >= spot.bottom or bubble.bottom <= spot.top:
        return bubble.left < spot.right - 12 and bubble.right > spot.left + 12
    if bubble.left >= spot.right or bubble.right <= spot.left:
        return bubble.top < spot.bottom - 12 and bubble.bottom > spot.top + 12
    return False


def clusters(spots: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping or touching spots (cards fanned in a hand) as one ring each."""
    out: list[pygame.Rect] = []
    for spot in spots:
        merged = pygame.Rect(spot)
        for other in [o for o in out if o.inflate(16, 16).colliderect(merged)]:
            out.remove(other)
            merged.union_ip(other)
        out.append(merged)
    return out


class Coached(TableBase):
    """The coach over a table: the first base of the class `coached` makes, the game's own
    table the second."""

    def __init__(self, app: Host, window: Window, tutorial: Tutorial, index: int):
        super().__init__(app, window, None)  # a tutorial's match is not saved
        self.coach = Coach(self, tutorial, index)

    def table_targets(self) -> list[Target]:
        return super().targets()

    def targets(self) -> list[Target]:
        return super().targets() + self.coach.targets()

    def update(self, n: int) -> None:
        super().update(n)
        self.coach.update()

    def request_hint(self) -> None:
        # a step's hint is its own move (the hard bot's would be refused by the guard)
        if self.coach.done:
            super().request_hint()
        elif self.coach.step.expect is not None and self.acting_human is not None:
            self.hint = dict(self.coach.step.expect)
            self.on_hint()

    def clock_running(self) -> bool:
        # a timed game's clock (Ubongo's hourglass) waits while a note is read
        return super().clock_running() and not self.coach.reading

    def handle(self, event: pygame.event.Event) -> bool:
        return self.coach.handle(event) or super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.coach.draw(surface)


def coached(table_class: TableClass) -> type[Coached]:
    """The game's table with a coach over it: (app, window, tutorial, step index)."""
    table = cast("type[Table]", table_class)  # what a spec names is a Table, not checked here
    # made with `type`: a class statement on a base known only at run time is not checked
    return cast("type[Coached]", type(f"Coached{table.__name__}", (Coached, table), {}))
