"""Shipped files are found through one helper, from a checkout and from a bundle."""

import sys

import pytest

from game import resources


def test_finds_the_shipped_folders_from_a_checkout():
    assert resources.path("assets").is_dir()
    assert resources.path("levels").is_dir()


def test_prefers_a_pyinstaller_bundle(tmp_path, monkeypatch):
    (tmp_path / "assets").mkdir()
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    resources.root.cache_clear()
    try:
        assert resources.path("seeds", "x.md") == tmp_path / "seeds" / "x.md"
    finally:
        monkeypatch.delattr(sys, "_MEIPASS")
        resources.root.cache_clear()


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError):
        resources.path("secrets")
