"""Settings: full screen, sound, animation speed, bot pause, hints, card colours. Saved on leave."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import LANGUAGES, N_, NAMES
from game.core.settings import ANIMATION_SPEEDS
from game.scenes.base import Screen
from game.ui import text, theme
from game.ui.widgets import Button, Choice, panel

if TYPE_CHECKING:
    from game.scenes.host import Host

ON_OFF: tuple[list[object], list[str]] = ([False, True], [N_("Off"), N_("On")])


class SettingsScreen(Screen):
    name = "settings"
    title = N_("Settings")

    def __init__(self, app: Host):
        super().__init__(app)
        s = app.settings
        rows: list[tuple[str, str, Sequence[object], list[str]]] = [
            # named in both languages, so it can be found whichever is shown
            ("language", N_("Language · 言語"), ["", *LANGUAGES], [N_("System"), *NAMES.values()]),
            ("fullscreen", N_("Full screen (F11)"), *ON_OFF),
            ("volume", N_("Sound volume"), [i / 10 for i in range(11)], [f"{i * 10}%" for i in range(11)]),
            ("muted", N_("Mute"), *ON_OFF),
            (
                "animation_speed",
                N_("Animation speed"),
                list(ANIMATION_SPEEDS),
                [N_("Relaxed"), N_("Normal"), N_("Brisk"), N_("Instant")],
            ),
            (
                "bot_pause_ms",
                N_("Bot pause before a move"),
                [0, 300, 600, 1000, 1600],
                [N_("None"), N_("0.3 s"), N_("0.6 s"), N_("1 s"), N_("1.6 s")],
            ),
            ("show_hints", N_("Hint button at the table"), *ON_OFF),
            ("four_colour_deck", N_("Four-colour playing cards"), *ON_OFF),
            (
                "outside_move_seconds",
                N_("Outside bot programs: time a move"),
                [2.0, 5.0, 10.0, 30.0, 60.0],
                [N_("2 s"), N_("5 s"), N_("10 s"), N_("30 s"), N_("60 s")],
            ),
        ]
        self.choices: dict[str, Choice] = {}
        for i, (key, label, choices, names) in enumerate(rows):
            value = round(s.volume, 1) if key == "volume" else getattr(s, key)  # a hand-edited 0.65
            choice = Choice((240, 124 + 50 * i, 800, 44), label, choices, value, self._setter(key), names)
            self.group.add(choice)
            self.choices[key] = choice
        online = Button((540, 594, 240, 54), N_("Online…"), self.online, tid="online")
        online.hint = N_("A relay for hosting when friends cannot reach this computer")
        self.group.add(online)
        self.group.add(Button((800, 594, 240, 54), N_("Done"), self.back, primary=True))

    def online(self) -> None:
        from game.scenes.online_settings import OnlineSettings

        self.app.push(OnlineSettings(self.app))

    def _setter(self, key: str) -> Callable[[object], None]:
        def setter(value: object) -> None:
            # the row of each key offers only values of its field's type: no check to add
            self.app.apply_settings(replace(self.app.settings, **{key: value}))  # type: ignore[arg-type]
            if key in ("volume", "muted"):
                self.app.sounds.play("token")

        return setter

    def draw(self, surface: pygame.Surface) -> None:
        # what the app has: F11 may have switched the window, or full screen been refused
        self.choices["fullscreen"].set(self.app.settings.fullscreen)
        self.draw_backdrop(surface)
        panel(surface, pygame.Rect(210, 104, 860, 474), theme.BG_DEEP)
        text.blit(
            surface,
            N_("Changes apply at once and are kept for next time."),
            (240, 672),
            17,
            theme.MUTED,
            anchor="midleft",
        )
        self.group.draw(surface)
