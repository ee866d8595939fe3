"""The screen switches language at once: the same call draws the other language."""

from __future__ import annotations

from game.automation import Session
from game.core import i18n
from game.core.i18n import N_
from game.scenes.settings import SettingsScreen
from game.ui import text


def choose(choice, value) -> None:
    while choice.value != value:
        choice.step(1)


def test_language_setting_switches_without_a_restart(japanese):
    session = Session.menu()
    try:
        app = session.app
        assert i18n.language() == "ja"  # from the saved settings
        app.push(SettingsScreen(app))
        app.step(0)
        language = app.top.choices["language"]
        choose(language, "en")
        assert i18n.language() == "en" and app.settings.language == "en"
        assert text.wrap(N_("System"), 400) == ("System",)
        choose(language, "ja")
        assert i18n.language() == "ja" and app.settings.language == "ja"
        assert text.wrap(N_("System"), 400) == ("システム",)
    finally:
        session.close()
