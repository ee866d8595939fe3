"""The windowed app's last word: an error that stops it is logged and shown, never lost.

A windowed Windows app has no stderr at all (`sys.stderr` is None) and a macOS app started
from Finder writes it nowhere, so a traceback printed there leaves a person with an app that
silently does not open. `run_app` runs the app (`python -m game`, `python -m game play`) so
that an exception that stops it is
- appended with its traceback to `bazaar.log` in the user data folder (moved aside to
  `bazaar.log.1` past `LOG_CAP`; a new file in the temp folder when that folder is unusable),
- shown in SDL's message box, in the person's language, saying what failed and where the log is,
- told to stderr as well when there is one (a terminal, CI).
While the app runs, a missing stderr is replaced by the log, so what the app tells stderr (a
damaged settings file, a thread's error) lands there too.

When SDL's box cannot be shown (a bundle whose SDL library is missing or blocked fails at
`import pygame`, and SDL's box with it), the system's own box says it instead (`system_box`):
- Windows: `MessageBoxW` from user32, through ctypes;
- macOS: `osascript` showing an alert, the title and text handed to its `run` handler as
  arguments (never written into the script), giving up after `BOX_WAIT` seconds;
- Linux and the other Unixes have no box every desktop has: `zenity` (GTK) or `kdialog` (KDE,
  first on a KDE desktop) when one is on PATH and there is a display (DISPLAY or
  WAYLAND_DISPLAY), else none: the log and stderr have the message all the same.
The macOS and Linux boxes are other programs, so a box nobody answers is given up on after
`BOX_WAIT` seconds; `MessageBoxW`, like SDL's box, waits for its click. The log says which box
showed the message, or why none did.

No message box of any kind under `--smoke` or on SDL's screenless drivers (dummy, offscreen,
from the environment when pygame itself does not import): the box waits for a click, and nobody
clicks in CI or a test. The log says it was not shown and why. The command-line tools never
pass through here: they speak on stdout and report on stderr.
"""

from __future__ import annotations

import contextlib
import io
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

from game import __version__
from game.core import i18n
from game.core.i18n import msg

LOG_NAME = "bazaar.log"
LOG_CAP = 256 * 1024  # bytes: past this the log becomes bazaar.log.1, so two files at most
HEADLESS = ("dummy", "offscreen")  # SDL video drivers without a screen: nobody could click
FAILED = 1  # the exit status of an app stopped by an error
TITLE = "Bazaar"
BOX_WAIT = 600  # seconds a system box waits for its click before it gives up: the process ends
MB_OK, MB_ICONERROR, MB_SETFOREGROUND = 0x0, 0x10, 0x10000  # MessageBoxW's uType flags

_fallback: Path | None = None  # this run's log in the temp folder, once the data folder failed


def run_app(args: Any) -> int:
    """`python -m game [play ...]`: the windowed app, guarded. Importing it is guarded too (a
    broken pygame fails right there)."""

    def start() -> int:
        from game import app

        return (app.play if args.tool == "play" else app.main)(args)

    return guarded(start, smoke=bool(args.smoke))


def guarded(run: Callable[[], int], smoke: bool = False) -> int:
    """`run()`'s status, or `FAILED` once an exception that stopped it is logged and shown."""
    stderr, hook = sys.stderr, threading.excepthook
    if stderr is None:
        sys.stderr = LogWriter()

    def thread_failed(info: threading.ExceptHookArgs) -> None:  # the host's server, a worker
        name = info.thread.name if info.thread else "?"
        if info.exc_value is not None and not isinstance(info.exc_value, SystemExit):
            append(entry(info.exc_value, f"An error stopped the thread {name}."))
        if stderr is not None:  # else the log has it already
            hook(info)

    threading.excepthook = thread_failed
    try:
        return run()
    except Exception as error:  # whatever stopped the app is reported; Ctrl-C and exit pass
        return fail(error, smoke, stderr)
    finally:
        threading.excepthook, sys.stderr = hook, stderr


def fail(error: BaseException, smoke: bool, stderr: TextIO | None) -> int:
    """Log `error`, tell stderr, show the box; every step on its own, so none hides the others."""
    started = _window_open()
    _choose_language()
    why_not = _why_no_box(smoke)
    written = append(entry(error, "", why_not))  # first: the message names where it went
    text = message(error, written, started)
    if written:
        append(f"{text}\n\n", rotate=False)  # beside its traceback, whatever the size
    if stderr is not None:
        with contextlib.suppress(Exception):  # a closed or broken stream: the log has it all
            traceback.print_exception(error, file=stderr)
            print(f"bazaar: {text}", file=stderr)
    if why_not is None:
        said = show(text)
        if said and written:
            append(f"{said}\n\n", rotate=False)
    return FAILED  # the process ends now, and pygame with it


def message(error: BaseException, log: Path | None, started: bool) -> str:
    """What the box says, in the current language: what failed and where the details are."""
    said = i18n.said(error)
    problem = i18n.tr(said) if isinstance(said, i18n.Msg) else f"{type(error).__name__}: {said}"
    if started:
        head = msg("Bazaar stopped because of an error: {problem}", problem=problem)
    else:
        head = msg("Bazaar could not start: {problem}", problem=problem)
    if log is not None:
        tail = msg("The details are written in this file:\n{log}", log=str(log))
    else:
        tail = msg("The details could not be written to a file.")
    return f"{i18n.tr(head)}\n\n{i18n.tr(tail)}"


def entry(error: BaseException, note: str = "", why_no_box: str | None = None) -> str:
    """One report for the log: when, which version on which system, the traceback."""
    when = time.strftime("%Y-%m-%d %H:%M:%S")
    lines = [f"--- {when} Bazaar {__version__}, Python {platform.python_version()}, {platform.platform()}"]
    if note:
        lines.append(note)
    if why_no_box:
        lines.append(f"No message box: {why_no_box}.")
    lines.append("".join(traceback.format_exception(error)).rstrip())
    return "\n".join(lines) + "\n\n"


# -- the log ------------------------------------------------------------------------------
def append(text: str, rotate: bool = True) -> Path | None:
    """Append `text` to the log; the file it went to, or None when no folder would take it."""
    global _fallback
    try:
        from game.core import paths

        path = paths.data_dir() / LOG_NAME
        if rotate and path.exists() and path.stat().st_size > LOG_CAP:
            os.replace(path, path.with_name(LOG_NAME + ".1"))
        with open(path, "a", encoding="utf-8") as f:
            f.write(text)
        return path
    except Exception:  # an unusable data folder (OSError), or platformdirs failing
        pass
    try:
        if _fallback is None:  # a new file of our own: a fixed name in a shared /tmp is not safe
            handle, name = tempfile.mkstemp(prefix="bazaar-", suffix=".log")
            os.close(handle)
            _fallback = Path(name)
        with open(_fallback, "a", encoding="utf-8") as f:
            f.write(text)
        return _fallback
    except OSError:
        return None


class LogWriter(io.TextIOBase):
    """Stands in for a missing stderr: what is told to it is appended to the log."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        append(text)  # opened and closed each time: rare lines, and none waits in a buffer
        return len(text)


# -- the box ------------------------------------------------------------------------------
def _why_no_box(smoke: bool) -> str | None:
    """None when the message box may be shown; else why not, for the log."""
    if smoke:
        return "--smoke runs unattended"
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    with contextlib.suppress(Exception):  # pygame absent, blocked (None) or half imported: the env
        display = sys.modules["pygame"].display
        driver = display.get_driver() if display.get_init() else driver  # what SDL chose
    if driver.lower() in HEADLESS:
        return f"the {driver} video driver has no screen to show it on"
    return None


def show(text: str) -> str | None:
    """Show `text` in SDL's error box, else in the system's own, and wait for the click. None
    when SDL's box showed it; else what happened instead, for the log."""
    problem = _sdl_box(text)
    if problem is None:
        return None
    said = f"SDL's message box failed: {problem}"
    box = system_box(sys.platform)
    if box is None:
        return f"{said}; the system has no box to show it in instead"
    try:
        box(TITLE, text)
    except Exception as exc:  # not there, no display, or it timed out unanswered
        return f"{said}; the system's box failed too: {type(exc).__name__}: {exc}"
    return f"{said}; the system's box showed it instead"


def _sdl_box(text: str) -> str | None:
    """SDL's error box, through pygame; None, or why it failed."""
    try:
        import pygame

        pygame.display.quit()  # a full-screen window would hide the box; it is of no use now
        pygame.display.message_box(TITLE, text, message_type="error", escape_button=0)
    except Exception as exc:  # no display at all, or pygame itself is what is broken
        return f"{type(exc).__name__}: {exc}"
    return None


def system_box(platform: str, env: Mapping[str, str] | None = None) -> Callable[[str, str], None] | None:
    """The system's own error box on `platform` (a `sys.platform` value), called as
    `box(title, text)`; it returns once the box is answered or given up on and raises when it
    could not be shown. None when the system has none to offer (see the module's docstring)."""
    if platform == "win32":
        return _windows_box
    if platform == "darwin":
        return _mac_box
    env = os.environ if env is None else env
    if not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        return None
    tools = ["zenity", "kdialog"]
    if "KDE" in env.get("XDG_CURRENT_DESKTOP", "").upper().split(":"):
        tools.reverse()
    for tool in tools:
        path = shutil.which(tool, path=env.get("PATH"))
        if path:
            return _zenity_box(path) if tool == "zenity" else _kdialog_box(path)
    return None


def _windows_box(title: str, text: str) -> None:
    import ctypes

    flags = MB_OK | MB_ICONERROR | MB_SETFOREGROUND  # no window of ours to own it: to the front
    if not ctypes.windll.user32.MessageBoxW(None, text, title, flags):  # type: ignore[attr-defined]
        raise OSError("MessageBoxW returned 0")


# the title and text arrive as the run handler's arguments: nothing of them is AppleScript
MAC_ALERT = (
    "on run argv",
    "activate",  # osascript's alert in front: the app has no window to lead to it
    f"display alert (item 1 of argv) message (item 2 of argv) as critical giving up after {BOX_WAIT}",
    "end run",
)


def _mac_box(title: str, text: str) -> None:
    script = [part for line in MAC_ALERT for part in ("-e", line)]
    _run_box(["/usr/bin/osascript", *script, title, text], BOX_WAIT + 30)  # it gives up first


def _zenity_box(path: str) -> Callable[[str, str], None]:
    def box(title: str, text: str) -> None:  # --no-markup: a < or & in a path stays as it is
        _run_box([path, "--error", "--no-markup", f"--title={title}", f"--text={text}"], BOX_WAIT)

    return box


def _kdialog_box(path: str) -> Callable[[str, str], None]:
    def box(title: str, text: str) -> None:
        _run_box([path, "--title", title, "--error", text], BOX_WAIT)

    return box


def _run_box(command: list[str], timeout: float) -> None:
    """Run a box program, no shell, its output kept out of the terminal. Raises when it ended
    other than by its OK (the status, and its last word on stderr: a missing display, say) or
    nobody answered in `timeout` seconds (`TimeoutExpired`, the program killed)."""
    done = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout)
    if done.returncode:
        last = done.stderr.decode(errors="replace").strip().splitlines()[-1:]
        raise RuntimeError(": ".join([f"{Path(command[0]).name} ended with status {done.returncode}", *last]))


def _window_open() -> bool:
    """Whether the window had opened: the app then stopped rather than failed to start."""
    pygame = sys.modules.get("pygame")  # None when it was blocked, absent when it failed
    try:
        return bool(pygame and pygame.display.get_init() and pygame.display.get_surface() is not None)
    except Exception:
        return False


def _choose_language() -> None:
    """The box in the person's language, when the app failed before it chose one."""
    if i18n.generation:  # set already (by the app, from the settings)
        return
    try:
        from game.core import settings

        code = settings.load()[0].language
    except Exception:
        code = ""
    try:
        from game import app  # asks the desktop for its languages

        app.set_language(code)
    except Exception:  # the app itself does not import: the environment alone then
        with contextlib.suppress(Exception):  # or English
            i18n.set_language(code)
