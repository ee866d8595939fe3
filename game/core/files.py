"""Small file helpers shared by saves and settings: atomic writes and keeping bad files aside."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from pathlib import Path

from game.core.i18n import msg


def write_atomic(path: Path, text: str) -> None:
    """Write text so that a kill at any moment leaves either the old file or the new one.

    The text goes to a temporary file in the same folder, is flushed to disk, then renamed
    over the target (a rename within one folder is atomic on every system we ship for).
    """
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX only; Windows has no folder handles to sync)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def aside_name(path: Path, label: str = "damaged") -> Path:
    """A free name beside `path` for keeping a bad file: NAME.damaged-YYYYmmdd-HHMMSS[-N]."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 2
    while candidate.exists():
        candidate = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
        n += 1
    return candidate


def keep_aside(path: Path, companions: tuple[str, ...] = ()) -> Path:
    """Rename `path` (and NAME+suffix companions such as -wal/-shm) aside, untouched.

    Companions keep their suffix after the new name, so SQLite still finds a kept WAL file
    beside its kept database. Returns the new name of the main file.
    """
    target = aside_name(path)
    os.replace(path, target)
    for suffix in companions:
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            os.replace(extra, target.with_name(target.name + suffix))
    return target


def read_json_object(file: Path, name: str, fallback: str) -> tuple[dict | None, str | None]:
    """A small JSON file of ours: (its object, None); (None, None) when there is none yet; or
    (None, a message for the player) when it cannot be read or is not a JSON object, in which
    case a damaged file is kept aside untouched. `name` (what the file holds) and `fallback` (what
    is used instead) are messages too, so the whole is said in the language shown."""
    try:
        raw = file.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, msg(
            "The {name} file {file} could not be read ({why}); {fallback}.",
            name=name,
            file=str(file),
            why=str(exc),
            fallback=fallback,
        )
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        data = None
    if isinstance(data, dict):
        return data, None
    try:
        kept = keep_aside(file)
    except OSError as exc:
        return None, msg(
            "The {name} file {file} is damaged and could not be moved aside ({why}); {fallback}.",
            name=name,
            file=str(file),
            why=str(exc),
            fallback=fallback,
        )
    return None, msg(
        "The {name} file was damaged. It was kept unchanged as {kept}; {fallback}.",
        name=name,
        kept=str(kept),
        fallback=fallback,
    )
