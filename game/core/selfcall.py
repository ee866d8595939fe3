"""How Bazaar starts itself again: the one place that builds such a command line.

From a checkout or an installed package the program is this Python with `-m game`. In the
bundle (PyInstaller, `sys.frozen`) `sys.executable` is the bundle's own program, which takes
the arguments directly and knows no `-m game`; the bundle holds two programs side by side
(build/bazaar.spec):
- `bazaar-cli` (`bazaar-cli.exe`), the console program: every command-line tool started again
  (`serve` under `bench`, a `cmd:` seat playing our own `bot`) runs through it, whichever of
  the two started it, since only it reads standard input and prints on every system;
- `bazaar`, the app, for what measures the app itself (`bench`'s `startup_s`, which reads
  "first-frame" from its standard output). Except on Windows: there the app is a windowed
  program, with no standard output unless its parent happens to lend one, so its console twin
  `bazaar-cli.exe`, the same code and files started the same way, stands in for it.

`sim --processes N` is not started through here: multiprocessing starts its own workers
(`sys.executable` with its own arguments), and the bundle's entry point hands them to it
(`multiprocessing.freeze_support()` in build/launch.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

APP = "bazaar"  # the app people start: windowed on Windows and macOS
TOOL = "bazaar-cli"  # the console program for the command-line tools


def program(folder: Path, app: bool = False, platform: str | None = None) -> Path:
    """The bundle's program in `folder` (the one holding both): the console tool, or with `app`
    the app itself where it has a standard output (not on Windows)."""
    platform = sys.platform if platform is None else platform
    windows = platform == "win32"
    name = APP if app and not windows else TOOL
    return folder / (f"{name}.exe" if windows else name)


def command(*args: str, app: bool = False) -> list[str]:
    """The command line that runs this program again with `args`: `python -m game ARGS` from
    a checkout, the bundle's console tool (or with `app`, the app) beside this one when frozen."""
    if not getattr(sys, "frozen", False):
        return [sys.executable, "-m", "game", *args]
    return [str(program(Path(sys.executable).resolve().parent, app)), *args]
