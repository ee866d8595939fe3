"""Overlays: pause, hand-off between people at one screen, confirm, and a match paused by a fault."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, cast

import pygame

from game.core.i18n import N_, msg
from game.scenes.base import Overlay, Scene
from game.ui import text, theme
from game.ui.widgets import Button, Group

if TYPE_CHECKING:
    from game.core.face import Face
    from game.core.window import Connection, Window
    from game.scenes.host import Host


class Networked(Protocol):
    """A table of network play, as the pause menu and a fault's notice see it."""

    @property
    def window(self) -> Window: ...

    @property
    def rules(self) -> Face: ...

    @property
    def connection(self) -> Connection | None: ...

    def open_connection(self) -> None: ...


class Pause(Overlay):
    name = "pause"
    animated = False

    def __init__(self, app: Host, game: str, on_quit: Callable[[], None] | None = None):
        # a table of network play beneath (its badge may be out of the keyboard's reach, as
        # while Ubongo's pieces take the arrows, or hidden by a hand-off): Connection too.
        # Only a table has a connection: the cast names what that scene is
        self.networked = cast(
            "Networked | None",
            next((s for s in reversed(app.stack) if getattr(s, "connection", None) is not None), None),
        )
        super().__init__(app, (440, 512 if self.networked is not None else 440))
        self.game = game
        self.on_quit = on_quit
        x, w = self.box.x + 60, self.box.w - 120
        y = self.box.y + 100
        self.group.add(Button((x, y, w, 56), N_("Resume"), self.back, primary=True))
        rules = self.group.add(Button((x, y + 72, w, 56), N_("Rules"), self.rules))
        rules.enabled = bool(game)
        self.group.add(Button((x, y + 144, w, 56), N_("Settings"), self.settings))
        if self.networked is not None:
            self.group.add(Button((x, y + 216, w, 56), N_("Connection"), self.networked.open_connection))
            y += 72
        self.group.add(Button((x, y + 216, w, 56), N_("Save and leave"), self.leave_game))
        self.group.move_focus(1)
        # a race over the network goes on under this menu: its clock keeps moving, and says so
        self.racing = self.networked is not None and bool(getattr(self.networked.rules, "timed", False))
        self.animated = self.racing

    def rules(self) -> None:
        from game.scenes.rules import RulesScreen

        self.app.push(RulesScreen(self.app, self.game))

    def settings(self) -> None:
        from game.scenes.settings import SettingsScreen

        self.app.push(SettingsScreen(self.app))

    def leave_game(self) -> None:
        if self.on_quit:
            self.on_quit()
        self.app.home()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text.blit(
            surface, N_("Paused"), (self.box.centerx, self.box.y + 50), 36, theme.TEXT, "black", "center"
        )
        text.blit(
            surface,
            self.saved_words(),
            (self.box.centerx, self.box.bottom - 24),
            15,
            theme.MUTED,
            anchor="center",
        )
        if self.racing:
            text.blit(
                surface,
                N_("The race goes on while this menu is open."),
                (self.box.centerx, self.box.y + 82),
                15,
                theme.ACCENT,
                "bold",
                "center",
            )

    def saved_words(self) -> str:
        """Where the moves are kept: here, or (a guest's) where the match is hosted: the host's
        app or a server (`serve`), which a guest's screen cannot tell apart."""
        remote = self.networked.connection if self.networked is not None else None
        if remote is not None and not remote.host:
            return N_("Every move is kept by the computer that hosts the match.")
        return N_("Every move is saved as it is played.")


class HandOff(Scene):
    """Covers the whole table until the next person confirms, so no hand is ever seen by the
    wrong player. Opaque on purpose: nothing of the table is drawn beneath it."""

    name = "handoff"
    animated = False
    proceed = "ready"

    def __init__(
        self,
        app: Host,
        seat: int,
        player: str,
        note: str = "",
        on_ready: Callable[[], None] | None = None,
        game: str = "",
    ):
        super().__init__(app)
        self.seat = seat  # whose screen it becomes (game.automation checks it before a move)
        self.player = player
        self.note = note
        self.on_ready = on_ready
        self.game = game
        ready = Button((490, 430, 300, 64), msg("I am {name}", name=player), self.ready, True, tid="ready")
        menu = Button(
            (1110, 632, 150, 64),
            N_("Menu"),
            self.pause,
            hint=N_("Pause: rules, settings, leave (Esc)"),
            tid="menu",
        )
        self.group = Group([ready, menu])
        self.group.move_focus(1)

    def pause(self) -> None:
        """The pause menu over the cover: nothing of the table shows beneath it."""
        self.app.push(Pause(self.app, self.game))

    def ready(self) -> None:
        self.app.pop()
        if self.on_ready:
            self.on_ready()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_p):
            self.pause()
        elif event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ):
            focused = self.group.focused
            (focused.activate if focused is not None else self.ready)()
        else:
            self.group.handle(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG_DEEP)
        for i in range(0, theme.WIDTH, 40):  # a quiet pattern so it reads as a cover, not a crash
            pygame.draw.line(surface, theme.BG, (i, 0), (i - 200, theme.HEIGHT), 12)
        card = pygame.Rect(0, 0, 640, 340)
        card.center = (theme.WIDTH // 2, theme.HEIGHT // 2 + 20)
        pygame.draw.rect(surface, theme.PANEL, card, border_radius=18)
        pygame.draw.rect(surface, theme.ACCENT, card, 2, border_radius=18)
        text.blit(
            surface, N_("Pass the screen to"), (card.centerx, card.y + 58), 24, theme.MUTED, anchor="center"
        )
        text.blit(
            surface,
            self.player,
            (card.centerx, card.y + 116),
            56,
            theme.ACCENT,
            "black",
            "center",
            as_is=True,
        )
        for k, line in enumerate(text.wrap(self.note, card.w - 48, 20)[:2] if self.note else ()):
            text.blit(surface, line, (card.centerx, card.y + 176 + 26 * k), 20, theme.TEXT, anchor="center")
        text.blit(
            surface,
            N_("Everyone else, look away. Enter when ready; Esc for the menu."),
            (card.centerx, card.bottom - 30),
            16,
            theme.MUTED,
            anchor="center",
        )
        self.group.draw(surface)


class Confirm(Overlay):
    name = "confirm"
    animated = False

    def __init__(self, app: Host, question: str, on_yes: Callable[[], None], yes: str = N_("Yes")):
        super().__init__(app, (560, 240))
        self.question = question
        self.on_yes = on_yes
        b = self.box
        cancel = self.group.add(Button((b.x + 40, b.bottom - 90, 220, 56), N_("Cancel"), self.back))
        self.group.add(Button((b.right - 260, b.bottom - 90, 220, 56), yes, self.yes, primary=True))
        self.group.focus(cancel)  # the keys start on the answer that changes nothing

    def yes(self) -> None:
        self.app.pop()
        self.on_yes()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        for k, line in enumerate(text.wrap(self.question, self.box.w - 60, 22)):
            text.blit(surface, line, (self.box.centerx, self.box.y + 50 + 28 * k), 22, anchor="center")


class Halted(Overlay):
    """A match paused by a fault (its referee failed, here or on the server): the words why,
    over the table. Back to the table (to look at it), or Save and leave; over the network
    it closes by itself when the server takes the match up again."""

    name = "fault"
    animated = False

    def __init__(self, app: Host, table: Networked):
        super().__init__(app, (620, 330))
        self.table = table
        self.words = str(table.window.fault or "")
        b = self.box
        self.group.add(
            Button((b.x + 40, b.bottom - 90, 250, 56), N_("Back to the table"), self.back, tid="back")
        )
        self.group.add(
            Button(
                (b.right - 290, b.bottom - 90, 250, 56),
                N_("Save and leave"),
                self.app.home,
                True,
                tid="leave",
            )
        )
        self.group.move_focus(1)

    def update(self, ticks: int) -> None:
        super().update(ticks)
        window = self.table.window
        connection = self.table.connection  # the window's own
        if connection is not None:
            connection.pump()  # the server's news still comes: it may go on again
        if window.fault is None:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        b = self.box
        text.blit(surface, N_("Paused"), (b.centerx, b.y + 46), 32, theme.TEXT, "black", "center")
        for k, line in enumerate(text.wrap(self.words, b.w - 60, 20)):
            text.blit(surface, line, (b.centerx, b.y + 96 + 28 * k), 20, anchor="center")
