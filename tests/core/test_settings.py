"""settings.json: round trips, per-key defaults, damaged files kept aside."""

from __future__ import annotations

import json
from dataclasses import replace

from game.core import settings
from game.core.settings import Settings


def test_defaults_when_there_is_no_file(bazaar_home):
    assert settings.load() == (Settings(), None)
    assert settings.path() == bazaar_home / "config" / "settings.json"


def test_save_then_load_round_trips():
    chosen = Settings(
        fullscreen=True,
        volume=0.25,
        muted=True,
        animation_speed=2.0,
        bot_pause_ms=0,
        show_hints=False,
        four_colour_deck=True,
    )
    assert settings.save(chosen) is None
    assert settings.load() == (chosen, None)
    assert [p.name for p in settings.path().parent.iterdir()] == ["settings.json"]  # no temp left


def test_unknown_keys_are_ignored_and_bad_values_fall_back_per_key():
    settings.path().write_text(
        json.dumps(
            {
                "volume": "loud",
                "muted": 1,
                "animation_speed": 0.7,
                "bot_pause_ms": 250,
                "show_hints": False,
                "fullscreen": None,
                "colour_scheme": "dark",
            }
        )
    )
    loaded, problem = settings.load()
    assert problem is None
    assert loaded == replace(Settings(), bot_pause_ms=250, show_hints=False)


def test_numbers_out_of_range_fall_back():
    settings.path().write_text(json.dumps({"volume": 3, "bot_pause_ms": -5, "animation_speed": 1}))
    loaded, _ = settings.load()
    assert (loaded.volume, loaded.bot_pause_ms, loaded.animation_speed) == (0.7, 600, 1.0)
    assert isinstance(loaded.animation_speed, float)


def test_a_damaged_file_is_kept_aside_and_defaults_used(capsys):
    for content in (b'{"volume": 0.3,', b"\xff\xfe\x00garbage", b"[1, 2]"):
        path = settings.path()
        path.write_bytes(content)
        loaded, problem = settings.load()
        assert loaded == Settings()
        kept = sorted(path.parent.glob("settings.json.damaged-*"))[-1]
        assert kept.read_bytes() == content
        assert problem and "damaged" in problem and str(kept) in problem
        assert not path.exists()
        assert "damaged" in capsys.readouterr().err


def test_a_failed_save_reports_instead_of_raising(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setattr(settings, "path", lambda: blocker / "settings.json")
    assert "could not be saved" in settings.save(Settings())


def test_a_config_folder_that_cannot_be_made_gives_defaults_and_a_message(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("BAZAAR_HOME", str(blocker / "home"))
    loaded, problem = settings.load()
    assert loaded == Settings() and "cannot be made" in problem
    assert "could not be saved" in settings.save(Settings())
