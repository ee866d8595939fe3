"""One way to find the files the game ships (assets, levels, seeds), wherever it runs.

From a checkout or an editable install they sit beside the `game` package; in a PyInstaller
bundle they are unpacked under `sys._MEIPASS`; in a wheel they are installed as package data
under `game/_data` (put there by setup.py). The first folder that exists wins.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

KINDS = ("assets", "levels", "seeds")


@cache
def root() -> Path:
    here = Path(__file__).resolve().parent
    candidates = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle))
    candidates += [here.parent, here / "_data"]
    for candidate in candidates:
        if (candidate / "assets").is_dir():
            return candidate
    raise FileNotFoundError("the game's assets folder is missing; reinstall Bazaar")


def path(kind: str, *parts: str) -> Path:
    """A shipped file: path("levels", "tajmahal.tmx"), path("seeds", "jaipur.md")."""
    if kind not in KINDS:
        raise ValueError(f"unknown resource kind {kind!r}")
    return root().joinpath(kind, *parts)
