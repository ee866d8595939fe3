"""The rules of a game, the text its declaration names (the built-ins': seeds/<game>.md),
scrollable with wheel, arrows and page keys."""

from __future__ import annotations

import pygame

from game import resources
from game.core import i18n, registry
from game.core.i18n import N_, _, msg
from game.core.plugin import read
from game.scenes import tables
from game.scenes.base import Screen
from game.ui import markdown, text, theme
from game.ui.widgets import Button

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

    def __init__(self, app, game: str):
        super().__init__(app)
        self.title = msg("Rules · {game}", game=registry.face(game).title)
        # the Japanese texts are the project's own, beside the English (seeds/ja)
        texts = registry.plugin(game).rules
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


ROW = 132


class RulesIndex(Screen):
    """Every game's rules, from the menu: those without a table yet too."""

    name = "rules-index"
    title = N_("Rules")

    def __init__(self, app):
        super().__init__(app)
        self.games = list(registry.games())
        for i, game in enumerate(self.games):
            title = registry.face(game).title
            self.group.add(
                Button((480, 130 + ROW * i, 400, 58), title, lambda g=game: self.open(g), tid=game)
            )
        self.group.add(Button((1040, 22, 180, 50), N_("Back"), self.back))
        self.group.move_focus(1)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        for i, game in enumerate(self.games):
            y = 130 + ROW * i
            spec = tables.find(game)
            if spec is not None:
                spec.emblem(surface, (380, y + 42))
                text.blit(surface, spec.tagline, (480, y + 78), 16, theme.MUTED, anchor="midleft")
        self.group.draw(surface)

    def open(self, game: str) -> None:
        self.app.push(RulesScreen(self.app, game))
