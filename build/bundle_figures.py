"""The bundle's figures for `make bench` (game/bench.py loads this file when it exists).

bundle_startup_s: launch of the bundled app to its first menu frame, timed exactly like
`startup_s` (BAZAAR_FIRST_FRAME_PROBE), median of five launches. bundle_size_mb: the bundle
folder on disk. Without a bundle in dist/ there is nothing to measure: it says so on stderr.
"""

from __future__ import annotations

import sys
from pathlib import Path

from game import bench
from game.core import selfcall

ROOT = Path(__file__).resolve().parent.parent


def bundle() -> tuple[Path, Path] | None:
    """(bundle folder, the program whose start-up is timed) of the build for this system, if
    one is built: the app, as the bundle's own bench times it (game/core/selfcall.py)."""
    if sys.platform == "darwin":
        folder = ROOT / "dist" / "Bazaar.app"
        exe = selfcall.program(folder / "Contents" / "MacOS", app=True)
    else:
        folder = ROOT / "dist" / "bazaar"
        exe = selfcall.program(folder, app=True)
    return (folder, exe) if exe.is_file() else None


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 2**20


def figures() -> dict[str, float]:
    found = bundle()
    if found is None:
        print("bundle figures: no bundle in dist/ (run `make dist` to build one)", file=sys.stderr)
        return {}
    folder, exe = found
    return {
        "bundle_startup_s": bench.startup_s(runs=5, command=[str(exe), "--smoke", "2"]),
        "bundle_size_mb": size_mb(folder),
    }
