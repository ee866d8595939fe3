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


def test_nothing_under_core_or_rules_imports_pygame():
    import subprocess

    code = (
        "import sys, pkgutil, importlib, game.core, game.rules\n"
        "for pkg in (game.core, game.rules):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(m.name)\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
