"""Every test runs headless and keeps its saves in a temporary folder."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def bazaar_home(tmp_path, monkeypatch):
    home = tmp_path / "bazaar-home"
    monkeypatch.setenv("BAZAAR_HOME", str(home))
    return home
