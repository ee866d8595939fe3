"""Where Bazaar keeps its saves and settings: never inside the program folder.

`$BAZAAR_HOME` (tests, portable installs) puts both under one folder; otherwise the operating
system's per-user folders from platformdirs are used. Folders are created on first use.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "Bazaar"


def _home() -> Path | None:
    home = os.environ.get("BAZAAR_HOME", "").strip()
    return Path(home).expanduser() if home else None


def _ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    """Saved matches (the SQLite database) live here."""
    home = _home()
    return _ensure(home / "data" if home else Path(platformdirs.user_data_dir(APP, appauthor=False)))


def config_dir() -> Path:
    """settings.json lives here."""
    home = _home()
    return _ensure(home / "config" if home else Path(platformdirs.user_config_dir(APP, appauthor=False)))


def cache_dir() -> Path:
    """Files made again when missing (the compiled texts of a read-only installation)."""
    home = _home()
    return _ensure(home / "cache" if home else Path(platformdirs.user_cache_dir(APP, appauthor=False)))


def exports_dir() -> Path:
    """A default folder for exported match files."""
    return _ensure(data_dir() / "exports")
