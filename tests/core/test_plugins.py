"""A game is one declared plugin (issue 53): the registry takes every game through the
`bazaar.games` entry points, the built-ins as declared in pyproject.toml, and the test game
(tests/plugins/goofspiel), installed with pip as its own distribution by tests/conftest.py,
appears in `sim`, the menu, Rules, History, Statistics and a server's matches with no file of
the project naming it. The screens that list the games lay themselves out for any number."""

from __future__ import annotations

import json
import logging
import random
import subprocess
import sys
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from game.automation import Session
from game.core import faces, registry
from game.core.plugin import API, GamePlugin
from tests.scenes.label_fit import Overflow

ROOT = Path(__file__).resolve().parents[2]
TEST_GAME = "goofspiel"
WINDOW = (0, 0, 1280, 720)


def test_the_built_in_games_are_what_pyproject_declares():
    table = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["entry-points"]
    declared = table["bazaar.games"]
    own = {n: p for n, p in registry.plugins().items() if p.distribution == "bazaar"}
    assert list(own) == list(declared) and len(own) >= 4
    for name, plugin in own.items():
        assert plugin.name == name and plugin.api == API
        assert registry.get(name).name == registry.face(name).name == name
    assert registry.refused() == {}


def test_the_installed_game_is_listed_and_nothing_of_the_project_names_it():
    assert TEST_GAME in registry.games()
    plugin = registry.plugin(TEST_GAME)
    assert plugin.distribution == "bazaar-goofspiel"
    module = sys.modules[type(registry.get(TEST_GAME)).__module__]
    assert ROOT not in Path(module.__file__).resolve().parents  # the installed copy, not the source
    named = subprocess.run(
        ["git", "grep", "-il", TEST_GAME, "--", "game", "pyproject.toml", "build", "Makefile"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert named.stdout == "", named.stdout


def write_plugin(where: Path, name: str, api: tuple[int, int]) -> None:
    """A distribution on the path declaring one game for plugin API `api`."""
    (where / f"{name}_decl.py").write_text(
        "from dataclasses import replace\n"
        "from game.rules.jaipur.plugin import PLUGIN as JAIPUR\n"
        f"PLUGIN = replace(JAIPUR, name={name!r}, api={api!r}, version='9.0',"
        f" distribution='bazaar-{name}')\n",
        encoding="utf-8",
    )
    info = where / f"bazaar_{name}-9.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: bazaar-{name}\nVersion: 9.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(f"[bazaar.games]\n{name} = {name}_decl:PLUGIN\n", encoding="utf-8")


def test_a_game_for_another_major_api_is_refused_with_words_and_left_out(tmp_path, monkeypatch, caplog):
    write_plugin(tmp_path, "future", (API[0] + 1, 0))
    write_plugin(tmp_path, "newer", (API[0], API[1] + 3))  # a newer minor version is fine
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.refresh()
    try:
        with caplog.at_level(logging.WARNING, logger="game.core.registry"):
            games = registry.games()
        assert "future" not in games and "newer" in games and TEST_GAME in games
        why = registry.refused()["future"]
        assert f"plugin API {API[0] + 1}.x" in why and "bazaar-future" in why, why
        assert why in caplog.text
        with pytest.raises(KeyError, match="refused"):
            registry.get("future")
    finally:
        monkeypatch.undo()
        registry.refresh()
    assert "future" not in registry.refused() and "newer" not in registry.games()


def test_sim_plays_the_installed_game():
    command = [
        sys.executable,
        "-m",
        "game",
        "sim",
        TEST_GAME,
        "--seats",
        "easy,hard",
        "--games",
        "6",
        "--json",
    ]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["game"] == TEST_GAME and result["games"] == 6, result


def test_the_menu_rules_history_and_statistics_take_the_installed_game():
    s = Session.menu()
    tile = next(t for t in s.targets() if t["id"] == TEST_GAME)
    assert tile["kind"] == "tile" and tile["enabled"] and tile["label"] == "Goofspiel"
    s.click(TEST_GAME)
    assert s.scene == "setup"
    s.close()
    s = Session.menu()
    s.click("rules")
    s.click(TEST_GAME)
    assert s.scene == "rules" and s.app.top.title == "Rules · Goofspiel"
    assert s.app.top.page.get_height() > 200  # its own text, not the placeholder
    s.close()
    played = Session.open(TEST_GAME, ["human", "easy"], seed=4)
    rng = random.Random(4)
    while not played.app.top.window.finished:
        played.perform(0, rng.choice(played.legal(0)))
        played.idle()
    played.close()
    s = Session.menu()
    s.click("history")
    s.idle()
    assert TEST_GAME in s.app.top.game_choice.choices and "Goofspiel" in s.app.top.game_choice.names
    s.close()
    s = Session.menu()
    s.click("statistics")
    s.idle()
    assert {row.game for row in s.app.top.rows} == {TEST_GAME}
    s.close()


# -- screens laid out from the number of games ------------------------------------------------
SCREENS = ("menu", "rules", "history", "statistics")


def pretend(count: int) -> dict[str, GamePlugin]:
    """`count` games: the built-ins again under other names, as many times as it takes."""
    built = list(registry.plugins().values())[:4]
    return {f"g{i}": replace(built[i % 4], name=f"g{i}") for i in range(count)}


@pytest.mark.parametrize("count", [4, 5, 8])
@pytest.mark.parametrize("screen", SCREENS)
def test_every_target_of_every_games_screen_is_on_the_window_and_every_label_fits(count, screen, monkeypatch):
    games = pretend(count)
    monkeypatch.setattr(faces, "_plugins", lambda: (games, {}))
    overflow = Overflow(monkeypatch)
    s = Session.menu()
    try:
        if screen != "menu":
            s.click(screen)
            s.idle()
        targets = s.app.top.targets()
        shown = {t.id for t in targets}
        assert all(f"g{i}" in shown for i in range(count)) or screen in ("history", "statistics")
        window = __import__("pygame").Rect(WINDOW)
        outside = [(t.id, tuple(t.bounds)) for t in targets if not window.contains(t.bounds)]
        assert outside == []
        assert overflow.problems(s) == []
    finally:
        s.close()


def test_the_entry_points_the_registry_reads_are_importlib_metadatas():
    """The registry reads the `bazaar.games` entry points itself (importlib.metadata's import
    alone cost the app's start 15-30 ms): the same ones, the test game's included."""
    import importlib.metadata
    import re

    def norm(name: str) -> str:
        return re.sub(r"[-_.]+", "-", name).lower()

    theirs = {
        (e.name, e.value, norm(e.dist.name)) for e in importlib.metadata.entry_points(group=registry.GROUP)
    }
    assert set(faces._declared()) == theirs
    assert any(name == TEST_GAME for name, _, _ in theirs)
