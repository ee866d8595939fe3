"""Saves and settings go to per-user folders, never the program folder."""

from __future__ import annotations

from pathlib import Path

from game.core import paths


def test_bazaar_home_holds_both_folders(bazaar_home):
    assert paths.data_dir() == bazaar_home / "data" and paths.data_dir().is_dir()
    assert paths.config_dir() == bazaar_home / "config" and paths.config_dir().is_dir()
    assert paths.exports_dir() == bazaar_home / "data" / "exports"


def test_without_bazaar_home_the_platform_folders_are_used(tmp_path, monkeypatch):
    monkeypatch.delenv("BAZAAR_HOME")
    asked = []

    def fake(kind):
        def folder(app, appauthor=None):
            asked.append((kind, app, appauthor))
            return str(tmp_path / kind)

        return folder

    monkeypatch.setattr(paths.platformdirs, "user_data_dir", fake("data"))
    monkeypatch.setattr(paths.platformdirs, "user_config_dir", fake("config"))
    assert paths.data_dir() == tmp_path / "data" and paths.config_dir() == tmp_path / "config"
    assert asked == [("data", "Bazaar", False), ("config", "Bazaar", False)]
    program = Path(paths.__file__).resolve().parents[2]
    assert program not in paths.data_dir().parents
