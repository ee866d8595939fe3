"""What build/check_bundle.sh's Japanese step stands on: a headless run of the app in Japanese
breaks the menu's lines with BudouX's Japanese model as its first frames are drawn, so a bundle
without that model fails it (exit 1, the log naming the file), where an English run does not
need the model at all (it is loaded only when Japanese is first wrapped)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from game.core import selfcall

ROOT = Path(__file__).resolve().parents[2]


def smoke(home: Path, language: str, site: Path) -> subprocess.CompletedProcess:
    """`--smoke 2` of this checkout in `language`, importing first what `site` holds."""
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(f'{{"language": "{language}"}}', encoding="utf-8")
    env = {**os.environ, "BAZAAR_HOME": str(home), "PYTHONPATH": os.pathsep.join((str(site), str(ROOT)))}
    return subprocess.run(
        selfcall.command("--smoke", "2"), env=env, cwd=ROOT, capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def budoux_without_its_model(tmp_path) -> Path:
    """A folder holding BudouX as installed, less its Japanese model, as a bundle might."""
    installed = Path(importlib.util.find_spec("budoux").origin).parent
    site = tmp_path / "site"
    shutil.copytree(installed, site / "budoux", ignore=shutil.ignore_patterns("ja.json", "__pycache__"))
    assert (site / "budoux" / "skip_nodes.json").is_file()
    assert not (site / "budoux" / "models" / "ja.json").exists()
    return site


def test_the_japanese_menu_needs_the_model_from_its_first_frames(tmp_path, budoux_without_its_model):
    done = smoke(tmp_path / "ja", "ja", budoux_without_its_model)
    assert done.returncode == 1, done.stdout + done.stderr
    log = (tmp_path / "ja" / "data" / "bazaar.log").read_text(encoding="utf-8")
    assert "load_default_japanese_parser" in log and "ja.json" in log


def test_the_english_menu_runs_without_it_and_the_japanese_one_with_it(tmp_path, budoux_without_its_model):
    english = smoke(tmp_path / "en", "en", budoux_without_its_model)
    assert english.returncode == 0, english.stderr
    japanese = smoke(tmp_path / "ja", "ja", tmp_path / "nothing")  # the installed BudouX, whole
    assert japanese.returncode == 0, japanese.stderr
    assert "Traceback" not in japanese.stderr
