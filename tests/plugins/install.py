"""The test game installed as any player's game would be: `pip install` of its own distribution
(tests/plugins/goofspiel, with its own pyproject.toml and `bazaar.games` entry point) into a
folder put on the path, offline, from a copy so that the build leaves nothing in the checkout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parent / "goofspiel"
NAME = "goofspiel"


def install(where: Path) -> Path:
    """Install the test game under `where`; the folder to put on sys.path and PYTHONPATH."""
    source, target = where / "source", where / "site"
    shutil.copytree(SOURCE, source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            "--no-build-isolation",
            "--target",
            str(target),
            str(source),
        ],
        check=True,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    return target


def put_on_path(target: Path) -> None:
    """This process and every one it starts find the game and its entry point."""
    sys.path.insert(0, str(target))
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(target), os.environ.get("PYTHONPATH")]))
