"""The tutorials' files: each loads, its moves are played by the rules from its fixed deal, and
they ship in the wheel and the PyInstaller bundle."""

from __future__ import annotations

import fnmatch
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from game.matches import play_scripts, tutorial_match
from game.scenes.tutorial.script import declared, load

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "game" / "tutorials").glob("*.json"))


def test_every_tutorial_file_is_named_and_its_moves_are_legal_from_its_deal():
    assert FILES and {f.stem for f in FILES} <= set(declared())  # a file no game names is lost
    for file in FILES:
        tutorial = load(file.stem)
        assert tutorial.steps[-1].expect is None, "the last step hands over to a normal game"
        assert all(s.text and (s.expect is None or s.hint) for s in tutorial.steps)
        match = tutorial_match(tutorial, len(tutorial.steps))  # raises on a refused move
        play_scripts(tutorial, match)
        assert not match.finished


def test_the_tutorials_are_package_data_of_the_wheel_and_data_of_the_bundle():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["game"]
    for file in FILES:
        relative = file.relative_to(ROOT / "game").as_posix()
        assert any(fnmatch.fnmatch(relative, p) for p in patterns), relative
    spec = (ROOT / "build" / "bazaar.spec").read_text(encoding="utf-8")
    assert '"game" / "tutorials"' in spec and '"game/tutorials"' in spec


@pytest.mark.slow
def test_the_wheel_carries_the_tutorials(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path), str(ROOT)],
        check=True,
    )
    (wheel,) = tmp_path.glob("bazaar-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for file in FILES:
        assert f"game/tutorials/{file.name}" in names
