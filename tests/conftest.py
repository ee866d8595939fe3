"""Every test runs headless, in English (whatever the machine's language) and keeps its saves
in a temporary folder. A test of Japanese asks for it (`japanese` below)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from game.core import i18n  # noqa: E402


@pytest.fixture(autouse=True)
def bazaar_home(tmp_path, monkeypatch):
    home = tmp_path / "bazaar-home"
    monkeypatch.setenv("BAZAAR_HOME", str(home))
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")  # the system language a new settings file follows
    i18n.set_language("en")
    return home


@pytest.fixture
def japanese(bazaar_home):
    """Japanese for this test: the settings say so, and the language is switched now."""
    config = bazaar_home / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.json").write_text('{"language": "ja"}', encoding="utf-8")
    assert i18n.set_language("ja") is None
    yield
    i18n.set_language("en")
