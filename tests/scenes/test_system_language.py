"""The first start follows the person's language: SDL's list of the desktop's languages first
(Windows and Finder-started macOS apps have no LANG), then the environment (game/app.py)."""

from __future__ import annotations

import pygame

from game import app
from game.core import i18n
from tests.scenes.driver import make_app


def desktop_says(monkeypatch, *locales: tuple[str, str | None]) -> None:
    found = [{"language": language, "country": country} for language, country in locales]
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: found)


def test_sdl_saying_japanese_wins_over_a_c_locale(monkeypatch):
    desktop_says(monkeypatch, ("ja", "JP"), ("en", None))
    monkeypatch.setenv("LANG", "C")
    assert app.desktop_languages() == ["ja_JP", "en"]
    make_app()  # no settings file: the language setting is "System"
    assert i18n.language() == "ja"


def test_the_environment_decides_when_sdl_says_nothing_we_have(monkeypatch):
    desktop_says(monkeypatch)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    make_app()
    assert i18n.language() == "ja"
    desktop_says(monkeypatch, ("fr", "FR"))
    make_app()
    assert i18n.language() == "ja"
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    make_app()
    assert i18n.language() == "en"


def test_a_chosen_language_is_kept_and_sdl_not_asked(monkeypatch, japanese):
    def asked():
        raise AssertionError("the desktop is asked only for the System setting")

    monkeypatch.setattr(pygame.system, "get_pref_locales", asked)
    make_app()
    assert i18n.language() == "ja"


def test_sdl_failing_to_say_leaves_the_environment(monkeypatch):
    def fails():
        raise pygame.error("not supported on this platform")

    monkeypatch.setattr(pygame.system, "get_pref_locales", fails)
    assert app.desktop_languages() == []
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    make_app()
    assert i18n.language() == "ja"
