"""The rules of a game, the text its declaration names (the built-ins': seeds/<game>.md),
scrollable with wheel, arrows and page keys."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import resources
from game.core import faces, i18n
from game.core.i18n import N_, _, msg
from game.core.plugin import read
from game.scenes import tables
from game.scenes.base import Screen
from game.ui import markdown, text, theme
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.host import Host

VIEW = pygame.Rect(140, 112, 1000, 560)


def rules_text(resource: str) -> str:
    """A rules text: "seeds:jaipur.md" is one the app ships (game/resources.py), any other
    "package:path" a resource of the game's own package."""
    package, path = resource.split(":", 1)
    if package in resources.KINDS:
        return resources.path(package, *path.split("/")).read_text(encoding="utf-8")
    return read(resource)


class RulesScreen(Screen):
    name = "rules"

    def __init__(self, app: Host, game: str):
        super().__init__(app)
        self.title = msg("Rules · {game}", game=faces.face(game).title)
        # the Japanese texts are the project's own, beside the English (seeds/ja)
        texts = faces.plugin(game).rules
        where = texts.get(i18n.language()) or texts.get("", "")
        try:
            source = rules_text(where)
        except OSError:
            source = _(
                "# Rules unavailable\n\nThe rules file {name} is missing from this installation.",
                name=where.rpartition("/")[2].rpartition(":")[2] or game,
            )
        self.page = markdown.render(source, VIEW.w - 40)
        self.scroll = 0
        self.group.add(Button((1040, 22, 180, 50), N_("Back"), self.back))

    @property
    def max_scroll(self) -> int:
        return max(0, self.page.get_height() - VIEW.h)

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-60 * event.y)
            return True
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_DOWN: 40,
                pygame.K_UP: -40,
                pygame.K_PAGEDOWN: VIEW.h - 60,
                pygame.K_PAGEUP: -(VIEW.h - 60),
                pygame.K_SPACE: VIEW.h - 60,
                pygame.K_HOME: -(10**6),
                pygame.K_END: 10**6,
            }
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        surface.set_clip(VIEW)
        surface.blit(self.page, (VIEW.x + 20, VIEW.y + 12 - self.scroll))
        surface.set_clip(None)
        if self.max_scroll:
            track = pygame.Rect(VIEW.right + 16, VIEW.y, 6, VIEW.h)
            pygame.draw.rect(surface, theme.PANEL, track, border_radius=3)
            h = max(40, VIEW.h * VIEW.h // self.page.get_height())
            y = VIEW.y + (VIEW.h - h) * self.scroll // self.max_scroll
            pygame.draw.rect(surface, theme.ACCENT, (track.x, y, 6, h), border_radius=3)
            text.blit(
                surface,
                N_("Scroll with the wheel, arrows or Page Up/Down"),
                (VIEW.x, 700),
                15,
                theme.MUTED,
                anchor="midleft",
            )
        self.group.draw(surface)


AREA = pygame.Rect(60, 130, 1160, 560)  # the index's rows, under the title and Back


def rows(count: int) -> list[tuple[pygame.Rect, tuple[int, int]]]:
    """Each game's button and where its emblem goes: one column of up to four games, more
    columns beyond, each row as tall as the rows leave room for (132 at most)."""
    cols = max(1, -(-count // 4))
    per = -(-count // cols) if count else 1
    row, width = min(132, AREA.h // per), AREA.w // cols
    button_w = min(400, width - 160)
    out = []
    for i in range(count):
        x = AREA.x + (i // per) * width + (width - button_w + 100) // 2  # the emblem left of it
        y = AREA.y + (i % per) * row
        out.append((pygame.Rect(x, y, button_w, 58), (x - 100, y + 42)))
    return out


class RulesIndex(Screen):
    """Every game's rules, from the menu: those without a table yet too."""

    name = "rules-index"
    title = N_("Rules")

    def __init__(self, app: Host):
        super().__init__(app)
        self.games = list(faces.games())
        self.rows = rows(len(self.games))
        for game, (rect, _emblem) in zip(self.games, self.rows, strict=True):
            title = faces.face(game).title
            self.group.add(Button(rect, title, partial(self.open, game), tid=game))
        self.group.add(Button((1040, 22, 180, 50), N_("Back"), self.back))
        self.group.move_focus(1)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        for game, (rect, emblem_at) in zip(self.games, self.rows, strict=True):
            spec = tables.find(game)
            if spec is not None:
                spec.emblem(surface, emblem_at)
                text.blit(surface, spec.tagline, (rect.x, rect.y + 78), 16, theme.MUTED, anchor="midleft")
        self.group.draw(surface)

    def open(self, game: str) -> None:
        self.app.push(RulesScreen(self.app, game))
