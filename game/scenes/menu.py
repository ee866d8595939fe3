"""The main menu: a tile per game (with its Learn to play), then continue, join a game hosted
elsewhere, statistics and history, rules and settings, quit."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from game.core import faces, i18n
from game.core.i18n import N_, msg, said
from game.scenes import tables
from game.scenes.base import Screen
from game.scenes.overlays import Confirm
from game.scenes.tutorial import available, progress
from game.ui import text, theme
from game.ui.targets import Target
from game.ui.widgets import Button, Widget, panel

if TYPE_CHECKING:
    from game.scenes.host import Host

TILES = pygame.Rect(60, 130, 820, 570)  # where the tiles go, left of the buttons' column
TILE_GAP = 20


def tile_rects(count: int) -> list[pygame.Rect]:
    """A tile per game over TILES: two columns for up to four games, three beyond, as many
    rows as it takes, each as tall as the rows leave room for (252 at most)."""
    cols = 2 if count <= 4 else 3
    rows = max(1, -(-count // cols))
    w = (TILES.w - (cols - 1) * TILE_GAP) // cols
    h = min(252, (TILES.h - (rows - 1) * TILE_GAP) // rows)
    return [
        pygame.Rect(TILES.x + (i % cols) * (w + TILE_GAP), TILES.y + (i // cols) * (h + TILE_GAP), w, h)
        for i in range(count)
    ]


class GameTile(Widget):
    kind = "tile"

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        game: str,
        on_click: Callable[[str], None],
        on_learn: Callable[[str], None] | None = None,
    ):
        super().__init__(rect)
        self.game = game
        self.tid = game
        self.on_click = on_click
        # Learn to play, for a game with a tutorial: a link in the tile's corner (L on the tile)
        self.on_learn = on_learn
        self.learn_rect = pygame.Rect(self.rect.right - 166, self.rect.bottom - 48, 148, 34)
        self.face = faces.face(game)  # the public part: the menu loads no machinery
        self.label = self.face.title
        self.spec = tables.find(game)  # None: no table for it yet
        self.enabled = self.spec is not None
        self._images: dict[tuple[bool, str], pygame.Surface] = {}

    def activate(self) -> None:
        if self.enabled:
            self.on_click(self.game)

    def click(self, event: pygame.event.Event) -> bool:
        if event.button == 1 and self.on_learn is not None and self.learn_rect.collidepoint(event.pos):
            self.on_learn(self.game)
            return True
        return super().click(event)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_l and self.on_learn is not None:
            self.on_learn(self.game)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        lit = self.hover or self.focused
        look = (lit, i18n.language())
        image = self._images.get(look)
        if image is None:  # drawn once per look; emblems and wrapped text are not free
            image = self._images[look] = pygame.Surface(self.rect.inflate(10, 10).size, pygame.SRCALPHA)
            self._paint(image, pygame.Rect(5, 5, self.rect.w, self.rect.h), lit)
        surface.blit(image, self.rect.move(-5, -5))
        if self.on_learn is not None:
            panel(surface, self.learn_rect, theme.BG_DEEP, theme.ACCENT_DARK, radius=10)
            text.blit(
                surface, N_("Learn to play"), self.learn_rect.center, 16, theme.ACCENT, "bold", "center"
            )
        if self.focused:
            pygame.draw.rect(surface, theme.FOCUS, self.rect.inflate(8, 8), 2, border_radius=17)

    def _paint(self, surface: pygame.Surface, r: pygame.Rect, lit: bool) -> None:
        panel(
            surface,
            r,
            theme.PANEL_HI if lit else theme.PANEL,
            theme.ACCENT if lit else theme.LINE,
            radius=14,
            width=2 if lit else 1,
        )
        band = pygame.Rect(r.x + 1, r.y + 1, r.w - 2, min(96, r.h * 3 // 8))
        pygame.draw.rect(surface, theme.BG_DEEP, band, border_top_left_radius=14, border_top_right_radius=14)
        if self.spec is not None:
            self.spec.emblem(surface, (band.centerx, band.centery + 2))
        rules = self.face
        seats = (
            msg("{n} players", n=rules.min_seats)
            if rules.min_seats == rules.max_seats
            else msg("{low}–{high} players", low=rules.min_seats, high=rules.max_seats)
        )
        top = band.bottom + 10
        text.blit(surface, rules.title, (r.x + 18, top), 28, theme.TEXT, "black")
        if r.w >= 360:  # the seats beside the title, or under it on a narrow tile
            text.blit(surface, seats, (r.right - 18, top + 8), 18, theme.ACCENT, "bold", "topright")
            top += 38
        else:
            text.blit(surface, seats, (r.x + 18, top + 34), 18, theme.ACCENT, "bold")
            top += 60
        size, step = (17, 21) if r.w >= 360 else (15, 19)
        tagline = text.wrap(self.spec.tagline, r.w - 36, size) if self.spec is not None else []
        bottom = self.learn_rect.y - 4 if self.on_learn is not None else r.bottom - 12
        if top + step * len(tagline) <= bottom:  # whole or not at all: no sentence cut short
            for k, line in enumerate(tagline):
                text.blit(surface, line, (r.x + 18, top + step * k), size, theme.MUTED)
        if not self.enabled:
            text.blit(
                surface,
                N_("Table coming soon"),
                (r.centerx, r.bottom - 20),
                16,
                theme.MUTED,
                "bold",
                "center",
            )


class Menu(Screen):
    name = "menu"

    def __init__(self, app: Host):
        super().__init__(app)
        games = faces.games()
        for game, rect in zip(games, tile_rects(len(games)), strict=True):
            learn = self.learn if available(game) and tables.has_table(game) else None
            self.group.add(GameTile(rect, game, self.new_game, learn))
        x, w, h, step = 900, 320, 56, 72
        self.continue_button = Button(
            (x, 130, w, h), N_("Continue"), self.open_continue, True, tid="continue"
        )
        self.group.add(self.continue_button)
        join = Button((x, 130 + step, w, h), N_("Join a game"), self.open_join, tid="join")
        join.hint = N_("Play a match another computer hosts, with the invite you were sent")
        self.group.add(join)
        half = (w - 12) // 2  # Statistics and History share a row: both look back
        y = 130 + 2 * step
        self.group.add(Button((x, y, half, h), N_("Statistics"), self.open_stats))
        self.group.add(Button((x + w - half, y, half, h), N_("History"), self.open_history, tid="history"))
        y += step  # Rules and Settings share one too
        self.group.add(Button((x, y, half, h), N_("Rules"), self.open_rules))
        self.group.add(Button((x + w - half, y, half, h), N_("Settings"), self.open_settings))
        self.group.add(Button((x, 130 + 4 * step, w, h), N_("Quit"), self.ask_quit, tid="quit"))
        self.saved = 0  # what Continue leads back to: the unfinished matches here and the seats elsewhere
        self.seats = 0  # of which seats at other computers (Join lists them)

    def enter(self) -> None:
        self.group.unhover()  # the mouse moved unseen while another screen was on top
        self.count(self.saved)
        placed = self.group.focused
        # asked once the menu is on the screen: the saves' modules load after its first frame
        self.app.after_frame(lambda: self.ask_count(placed))

    def ask_count(self, placed: Widget | None) -> None:
        try:  # the count comes from the store's thread: the menu never waits on the file
            self.app.matches.read(self.to_continue, lambda done: self.counted(done, placed))
        except Exception as exc:  # the menu must open even when the save database cannot
            self.app.toast(msg("Saved games are unavailable: {problem}", problem=said(exc)), error=True)
            self.count(0)

    def to_continue(self) -> tuple[int, int]:
        """(On the store's thread.) The unfinished matches saved here or made on a server, and the
        seats this app took at other computers: Continue leads back to either."""
        matches = self.app.matches
        return len(matches.unfinished()) + len(matches.served()), len(matches.remembered())

    def counted(self, done: Future[tuple[int, int]], placed: Widget | None) -> None:
        try:
            here, self.seats = done.result()
            saved = here + self.seats
        except Exception as exc:
            self.app.toast(msg("Saved games are unavailable: {problem}", problem=said(exc)), error=True)
            saved = self.seats = 0
        self.app.dirty = True
        moved = self.group.focused is not placed  # the person moved the focus meanwhile: theirs
        self.count(saved)
        if saved and not moved and (placed is None or placed is self.first_game()):
            self.group.focus(self.continue_button)

    def count(self, saved: int) -> None:
        """Continue, offered with the number of unfinished matches."""
        self.saved = saved
        self.continue_button.enabled = saved > 0
        self.continue_button.label = msg("Continue ({n})", n=saved) if saved else N_("Continue")
        if self.group.focused is None or not self.group.focused.enabled:
            # Enter works at once: on Continue when it is offered (it is drawn as the main
            # choice), else on the first game
            self.group.focus(self.continue_button if saved else None)
            self.group.focus_first()

    def first_game(self) -> Widget | None:
        return next((w for w in self.group.widgets if isinstance(w, GameTile) and w.enabled), None)

    def back(self) -> None:
        """Esc asks, as Quit does: a key pressed once too often never closes the app."""
        self.ask_quit()

    def ask_quit(self) -> None:
        question = N_("Quit Bazaar? Every match is saved; Continue picks it up again.")
        self.app.push(Confirm(self.app, question, self.app.quit, N_("Quit")))

    def targets(self) -> list[Target]:
        """The widgets, then each tile's Learn to play link (`learn.<game>`)."""
        tiles = [w for w in self.group.widgets if isinstance(w, GameTile) and w.on_learn is not None]
        links = [
            Target(f"learn.{t.game}", msg("Learn to play {game}", game=t.label), "button", t.learn_rect)
            for t in tiles
        ]
        return super().targets() + links

    def learn(self, game: str) -> None:
        """The game's tutorial, where it was left; taking it counts as the game's offer."""
        progress.mark_offered(game)
        from game.scenes.tutorial.opening import open_tutorial  # the coach loads when asked for

        open_tutorial(self.app, available(game)[0])

    def new_game(self, game: str) -> None:
        from game.scenes.setup import Setup

        self.app.push(Setup(self.app, game))

    def open_join(self) -> None:
        from game.scenes.join import JoinScreen

        self.app.push(JoinScreen(self.app))

    def open_continue(self) -> None:
        """The saved matches; only seats at other computers to go back to: Join's list of them."""
        if self.saved and self.saved == self.seats:
            self.open_join()
            return
        from game.scenes.saved import SavedMatches

        self.app.push(SavedMatches(self.app))

    def open_history(self) -> None:
        from game.scenes.history import History

        self.app.push(History(self.app))

    def open_stats(self) -> None:
        from game.scenes.stats import Statistics

        self.app.push(Statistics(self.app))

    def open_rules(self) -> None:
        from game.scenes.rules import RulesIndex

        self.app.push(RulesIndex(self.app))

    def open_settings(self) -> None:
        from game.scenes.settings import SettingsScreen

        self.app.push(SettingsScreen(self.app))

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        pygame.draw.rect(surface, theme.BG_DEEP, (0, 0, theme.WIDTH, 100))
        pygame.draw.line(surface, theme.ACCENT_DARK, (0, 100), (theme.WIDTH, 100), 2)
        text.blit(surface, "Bazaar", (60, 50), 54, theme.ACCENT, "black", "midleft")
        text.blit(surface, N_("a table for board games"), (262, 60), 22, theme.MUTED, anchor="midleft")
        text.blit(
            surface,
            N_("Tab or arrows to move, Enter to choose, F11 full screen"),
            (theme.WIDTH - 60, 50),
            16,
            theme.MUTED,
            anchor="midright",
        )
        box = pygame.Rect(900, 492, 320, 162)
        panel(surface, box, theme.BG_DEEP, theme.LINE)
        text.blit(surface, N_("Pass and play"), (box.x + 18, box.y + 16), 20, theme.ACCENT, "bold")
        tips = N_(
            "Share one screen with friends, or fill any seat with a bot. Every move is saved as "
            "you play: close the window whenever you like and pick up again with Continue."
        )
        for k, line in enumerate(text.wrap(tips, box.w - 36, 16)):
            text.blit(surface, line, (box.x + 18, box.y + 46 + 20 * k), 16, theme.MUTED)
