"""`make test-slow` installs the pinned PyInstaller before its tests (they build the real
bundle: tests/packaging/test_bundle.py), as `make dist` does; CI runs it on a fresh machine."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PINNED = "bash build/install_pinned.sh .venv/bin/python"  # pip, then the app with PyInstaller


def planned(tmp_path: Path, target: str, stamps: tuple[str, ...]) -> list[str]:
    """What `make -n TARGET` would run in a copy of the Makefile whose virtual environment has
    the given stamps already (newer than what they were made from)."""
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    (tmp_path / "build").mkdir()
    for made_from in ("pyproject.toml", "build/constraints.txt", "build/install_pinned.sh"):
        shutil.copy(ROOT / made_from, tmp_path / made_from)
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin" / "python").touch()
    later = time.time() + 60
    for stamp in stamps:
        (tmp_path / ".venv" / stamp).touch()
        os.utime(tmp_path / ".venv" / stamp, (later, later))
    done = subprocess.run(["make", "-n", target], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


@pytest.mark.skipif(shutil.which("make") is None, reason="no make here")
def test_test_slow_installs_the_pinned_pyinstaller_first(tmp_path):
    lines = planned(tmp_path, "test-slow", (".installed-play", ".installed-dev"))
    installs = [i for i, line in enumerate(lines) if PINNED in line]
    tests = [i for i, line in enumerate(lines) if "-m pytest -q -m slow" in line]
    assert len(installs) == 1 and len(tests) == 1 and installs[0] < tests[0], lines


@pytest.mark.skipif(shutil.which("make") is None, reason="no make here")
def test_once_installed_it_is_not_installed_again(tmp_path):
    lines = planned(tmp_path, "test-slow", (".installed-play", ".installed-dev", ".installed-dist"))
    assert not [line for line in lines if "pip install" in line or "install_pinned" in line], lines
