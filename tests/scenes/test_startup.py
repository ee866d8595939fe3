"""An error that stops the windowed app is logged and shown, headless-safely (game/startup.py).

The subprocess tests force the error the documented way (`BAZAAR_FAIL_AT_START=1`, docs/cli.md)
and bound each run with a timeout: a message box waiting for a click would fail them, not hang.
In this process no box is ever shown: SDL's is recorded (`box`), and so are the system's own
(`desktop`: MessageBoxW through ctypes, the box programs through subprocess.run).
"""

from __future__ import annotations

import argparse
import ctypes
import importlib.abc
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game import startup
from game.core import selfcall

FORCED = "RuntimeError: BAZAAR_FAIL_AT_START is set: a start-up error forced for a test"
COULD_NOT_START_JA = (
    "Bazaarを起動できませんでした：{problem}\n\n詳しい内容は次のファイルに書き込まれています：\n{log}"
)


def run_game(home: Path, args: list[str], code: str | None = None, **env: str) -> subprocess.CompletedProcess:
    """`python -m game ARGS` (or the Python `code`) headless, with the start-up error forced."""
    full = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "BAZAAR_HOME": str(home),
        "BAZAAR_FAIL_AT_START": "1",
        **env,
    }
    command = [sys.executable, "-c", code] if code else selfcall.command(*args)
    return subprocess.run(command, env=full, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("args", [["--smoke", "5"], ["--smoke", "5", "play", "jaipur"]])
def test_a_forced_start_up_error_is_logged_and_exits_non_zero(bazaar_home, args):
    done = run_game(bazaar_home, args)
    assert done.returncode == startup.FAILED
    log = bazaar_home / "data" / "bazaar.log"
    text = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert 'in __init__\n    raise RuntimeError(f"{FAIL_AT_START}' in text  # where it was raised
    assert FORCED in text
    assert "No message box: --smoke runs unattended." in text  # CI never waits for a click
    said = f"Bazaar could not start: {FORCED}\n\nThe details are written in this file:\n{log}"
    assert said in text
    assert f"bazaar: {said}" in done.stderr  # a terminal is told too, traceback first
    assert done.stderr.index("Traceback") < done.stderr.index("bazaar: ")


def test_without_stderr_nor_stdout_the_log_has_it_all_in_the_persons_language(bazaar_home):
    """A windowed Windows app: sys.stderr and sys.stdout are None. No --smoke, so the box would
    be shown but for the dummy driver; the desktop (SDL, from LANG here) says Japanese."""
    config = bazaar_home / "config"
    config.mkdir(parents=True)
    (config / "settings.json").write_text("{damaged", encoding="utf-8")  # told to stderr: None
    code = "import sys; sys.stderr = sys.stdout = None; from game.__main__ import main; sys.exit(main([]))"
    done = run_game(bazaar_home, [], code, LANG="ja_JP.UTF-8")
    assert done.returncode == startup.FAILED
    assert done.stdout == "" and done.stderr == ""  # nothing crashed on the missing streams
    log = bazaar_home / "data" / "bazaar.log"
    text = log.read_text(encoding="utf-8")
    assert "bazaar: The settings file" in text  # what the app told the missing stderr
    assert "No message box: the dummy video driver has no screen to show it on." in text
    assert FORCED in text
    assert COULD_NOT_START_JA.format(problem=FORCED, log=log) in text


def test_the_command_line_tools_do_not_pass_through_it(bazaar_home):
    """`bot` speaks on stdout whatever the windowed app's start-up does."""
    full = {**os.environ, "BAZAAR_HOME": str(bazaar_home), "BAZAAR_FAIL_AT_START": "1"}
    done = subprocess.run(
        selfcall.command("bot", "jaipur", "--level", "easy"),
        input="not json\n",
        env=full,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["error"].startswith("bad request on line 1")
    assert not (bazaar_home / "data" / "bazaar.log").exists()


# -- in this process --------------------------------------------------------------------------
def fails() -> int:
    raise OSError("the disk is gone")


class Desktop:
    """The system's own boxes, recorded: `platform` is the system startup believes it runs on,
    `calls` what it asked of it, `tool(name)` puts a box program on the (otherwise empty) PATH."""

    def __init__(self, tools: Path) -> None:
        self.platform = "linux"
        self.calls: list[tuple] = []
        self.tools = tools
        self.answer = subprocess.CompletedProcess([], 0, b"", b"")  # what a box program returns

    def tool(self, name: str) -> Path:
        program = self.tools / name
        program.write_text("#!/bin/sh\nexit 0\n")
        program.chmod(0o755)
        return program


@pytest.fixture
def desktop(monkeypatch, tmp_path):
    fake = Desktop(tmp_path / "tools")
    fake.tools.mkdir()
    real = startup.system_box
    monkeypatch.setattr(startup, "system_box", lambda platform, env=None: real(fake.platform, env))

    def message_box_w(*args):
        fake.calls.append(("MessageBoxW", args))
        return 1  # IDOK

    def run(command, **options):
        fake.calls.append(("run", command, options))
        return fake.answer

    monkeypatch.setattr(
        ctypes, "windll", SimpleNamespace(user32=SimpleNamespace(MessageBoxW=message_box_w)), raising=False
    )
    monkeypatch.setattr(
        startup, "subprocess", SimpleNamespace(run=run, DEVNULL=subprocess.DEVNULL)
    )  # its own
    monkeypatch.setenv("PATH", str(fake.tools))
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("XDG_CURRENT_DESKTOP", raising=False)
    return fake


@pytest.fixture
def box(monkeypatch, desktop):
    """A screen SDL could show the box on, the box recorded instead of waiting for a click. The
    display stays up: this process's other tests go on using it."""
    shown: list[tuple] = []
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    monkeypatch.setattr(startup, "_window_open", lambda: False)
    monkeypatch.setattr(pygame.display, "get_init", lambda: False)
    monkeypatch.setattr(pygame.display, "quit", lambda: None)
    monkeypatch.setattr(pygame.display, "message_box", lambda *a, **k: shown.append((a, k)) or 0)
    return shown


def test_the_box_says_what_failed_and_where_the_log_is_in_the_persons_language(
    bazaar_home, japanese, box, desktop
):
    assert startup.guarded(fails) == startup.FAILED
    log = bazaar_home / "data" / "bazaar.log"
    (title, text), options = box[0]
    assert title == "Bazaar" and options["message_type"] == "error"
    assert text == COULD_NOT_START_JA.format(problem="OSError: the disk is gone", log=log)
    logged = log.read_text(encoding="utf-8")
    assert "No message box" not in logged and "message box failed" not in logged
    assert desktop.calls == []  # SDL's box showed it: the system's is not asked


def test_no_box_under_smoke_and_a_failed_box_is_logged(bazaar_home, box, monkeypatch):
    assert startup.guarded(fails, smoke=True) == startup.FAILED
    assert box == []

    def broken(*args, **kwargs):
        raise pygame.error("No available video device")

    monkeypatch.setattr(pygame.display, "message_box", broken)
    assert startup.guarded(fails) == startup.FAILED
    text = (bazaar_home / "data" / "bazaar.log").read_text(encoding="utf-8")
    said = "SDL's message box failed: error: No available video device"
    assert f"{said}; the system has no box to show it in instead" in text  # no zenity nor kdialog


def test_a_stopped_app_says_so():
    error = ValueError("bad card")
    said = startup.message(error, None, started=True)
    assert said.splitlines() == [
        "Bazaar stopped because of an error: ValueError: bad card",
        "",
        "The details could not be written to a file.",
    ]


def test_the_temp_folder_takes_the_log_when_the_data_folder_cannot(bazaar_home, monkeypatch, tmp_path):
    bazaar_home.parent.mkdir(parents=True, exist_ok=True)
    bazaar_home.write_text("a file where the folder should be")
    monkeypatch.setattr(startup, "_fallback", None)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    assert startup.guarded(lambda: 1 // 0, smoke=True) == startup.FAILED
    (log,) = tmp_path.glob("bazaar-*.log")
    text = log.read_text(encoding="utf-8")
    assert "ZeroDivisionError: integer division or modulo by zero" in text
    assert f"The details are written in this file:\n{log}" in text


def test_the_log_is_moved_aside_past_its_cap(bazaar_home):
    data = bazaar_home / "data"
    data.mkdir(parents=True)
    (data / "bazaar.log").write_text("x" * (startup.LOG_CAP + 1))
    startup.guarded(fails, smoke=True)
    assert (data / "bazaar.log.1").stat().st_size == startup.LOG_CAP + 1
    text = (data / "bazaar.log").read_text(encoding="utf-8")
    assert text.startswith("--- ") and "OSError: the disk is gone" in text and "xxx" not in text


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")  # told on, as it should
def test_a_threads_error_is_logged_and_the_app_goes_on(bazaar_home):
    def boom() -> None:
        raise KeyError("lost")

    def run() -> int:
        worker = threading.Thread(target=boom, name="worker")
        worker.start()
        worker.join()
        return 0

    before = threading.excepthook
    assert startup.guarded(run) == 0
    assert threading.excepthook is before
    text = (bazaar_home / "data" / "bazaar.log").read_text(encoding="utf-8")
    assert "An error stopped the thread worker." in text and "KeyError: 'lost'" in text


# -- when pygame itself does not import: the system's own box -----------------------------------
NO_SDL = "libSDL2-2.0.so.0: cannot open shared object file: No such file or directory"
SAID = "Bazaar could not start: OSError: the disk is gone\n\nThe details are written in this file:\n{log}"


class NoPygame(importlib.abc.MetaPathFinder):
    """`import pygame` fails as it does in a bundle whose SDL library is missing."""

    def find_spec(self, name, path=None, target=None):
        if name == "pygame":
            raise ImportError(NO_SDL)
        return None


@pytest.fixture(params=["failing", "blocked"])
def no_pygame(request, monkeypatch):
    """pygame out of reach, either way: its import raising (it is then not in sys.modules), or
    blocked (None in sys.modules). The video driver is one with a screen, as on a desktop."""
    if request.param == "failing":
        monkeypatch.delitem(sys.modules, "pygame")
        monkeypatch.setattr(sys, "meta_path", [NoPygame(), *sys.meta_path])
    else:
        monkeypatch.setitem(sys.modules, "pygame", None)
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    with pytest.raises(ImportError):
        import pygame  # noqa: F401
    return request.param


def logged(home: Path) -> str:
    return (home / "data" / "bazaar.log").read_text(encoding="utf-8")


def test_without_pygame_windows_says_it_in_its_own_message_box(bazaar_home, no_pygame, desktop):
    desktop.platform = "win32"
    assert startup.guarded(fails) == startup.FAILED
    log = bazaar_home / "data" / "bazaar.log"
    ((name, (owner, text, title, flags)),) = desktop.calls
    assert name == "MessageBoxW" and owner is None
    assert text == SAID.format(log=log) and title == "Bazaar"
    assert flags & 0xF == startup.MB_OK and flags & 0xF0 == startup.MB_ICONERROR
    assert "SDL's message box failed: " in logged(bazaar_home)
    assert "; the system's box showed it instead" in logged(bazaar_home)


def test_a_failed_windows_box_is_logged(bazaar_home, no_pygame, desktop, monkeypatch):
    desktop.platform = "win32"
    monkeypatch.setattr(ctypes.windll.user32, "MessageBoxW", lambda *args: 0)
    assert startup.guarded(fails) == startup.FAILED
    assert "; the system's box failed too: OSError: MessageBoxW returned 0" in logged(bazaar_home)


def test_without_pygame_macos_hands_the_text_to_osascript_as_an_argument(bazaar_home, no_pygame, desktop):
    desktop.platform = "darwin"

    def odd() -> int:
        raise OSError('"quoted" & end run -- display dialog "no"')  # AppleScript, were it pasted in

    assert startup.guarded(odd) == startup.FAILED
    ((_, command, options),) = desktop.calls
    text = command[-1]
    assert command[0] == "/usr/bin/osascript" and command[-2] == "Bazaar"
    assert text.startswith('Bazaar could not start: OSError: "quoted" & end run -- display dialog "no"\n')
    script = command[1:-2]
    assert script[0::2] == ["-e"] * 4 and tuple(script[1::2]) == startup.MAC_ALERT  # the text is not in it
    assert script[1] == "on run argv" and "(item 2 of argv)" in script[5]
    assert f"giving up after {startup.BOX_WAIT}" in script[5]  # the alert gives up on its own
    assert startup.BOX_WAIT < options["timeout"] < startup.BOX_WAIT + 60  # and osascript is bounded too
    assert "; the system's box showed it instead" in logged(bazaar_home)


@pytest.mark.parametrize(
    ("tools", "session", "used"),
    [
        (["zenity", "kdialog"], "ubuntu:GNOME", "zenity"),
        (["zenity", "kdialog"], "KDE", "kdialog"),
        (["kdialog"], "", "kdialog"),
        ([], "GNOME", None),
    ],
)
def test_without_pygame_linux_uses_zenity_or_kdialog_when_there_is_one(
    bazaar_home, no_pygame, desktop, monkeypatch, tools, session, used
):
    monkeypatch.setenv("XDG_CURRENT_DESKTOP", session)
    programs = {name: str(desktop.tool(name)) for name in tools}
    assert startup.guarded(fails) == startup.FAILED
    text = SAID.format(log=bazaar_home / "data" / "bazaar.log")
    if used is None:
        assert desktop.calls == []
        assert "; the system has no box to show it in instead" in logged(bazaar_home)
        return
    ((_, command, options),) = desktop.calls
    if used == "zenity":
        assert command == [programs["zenity"], "--error", "--no-markup", "--title=Bazaar", f"--text={text}"]
    else:
        assert command == [programs["kdialog"], "--title", "Bazaar", "--error", text]
    assert options["timeout"] == startup.BOX_WAIT and options["stdin"] == subprocess.DEVNULL
    assert "; the system's box showed it instead" in logged(bazaar_home)


def test_without_a_display_linux_tries_no_box_and_a_failing_one_is_logged(
    bazaar_home, no_pygame, desktop, monkeypatch
):
    desktop.tool("zenity")
    monkeypatch.delenv("DISPLAY")
    assert startup.guarded(fails) == startup.FAILED
    assert desktop.calls == []
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    desktop.answer = subprocess.CompletedProcess([], 1, b"", b"Gtk-WARNING: cannot open display: \n")
    assert startup.guarded(fails) == startup.FAILED
    assert len(desktop.calls) == 1
    said = "; the system's box failed too: RuntimeError: zenity ended with status 1: Gtk-WARNING: cannot open"
    assert said in logged(bazaar_home)


@pytest.mark.parametrize("platform", ["win32", "darwin", "linux"])
@pytest.mark.parametrize("unattended", ["--smoke", "SDL_VIDEODRIVER=dummy"])
def test_no_box_of_any_kind_when_unattended(
    bazaar_home, no_pygame, desktop, monkeypatch, platform, unattended
):
    desktop.platform = platform
    desktop.tool("zenity")
    if unattended == "--smoke":
        assert startup.guarded(fails, smoke=True) == startup.FAILED
        assert "No message box: --smoke runs unattended." in logged(bazaar_home)
    else:
        monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # read from the environment: no pygame to ask
        assert startup.guarded(fails) == startup.FAILED
        assert "No message box: the dummy video driver has no screen to show it on." in logged(bazaar_home)
    assert desktop.calls == []
    assert "message box failed" not in logged(bazaar_home)


def test_the_app_without_pygame_is_logged_shown_and_failed(bazaar_home, no_pygame, desktop, monkeypatch):
    """The whole of `python -m game`'s path: importing the app is what fails."""
    import game

    monkeypatch.delitem(sys.modules, "game.app", raising=False)  # imported afresh, so it imports pygame
    monkeypatch.delattr(game, "app", raising=False)
    zenity = str(desktop.tool("zenity"))
    assert startup.run_app(argparse.Namespace(tool=None, smoke=None)) == startup.FAILED
    text = logged(bazaar_home)
    assert 'game/app.py", line' in text and "    import pygame\n" in text  # where it failed
    problem = (
        f"ImportError: {NO_SDL}" if no_pygame == "failing" else "ModuleNotFoundError: import of pygame halted"
    )
    assert f"Bazaar could not start: {problem}" in text
    ((_, command, _),) = desktop.calls
    assert command[0] == zenity and command[-1].startswith(f"--text=Bazaar could not start: {problem}")


def test_the_app_without_pygame_in_a_fresh_process_fails_without_a_box(bazaar_home):
    """No --smoke: the dummy driver from the environment is what keeps the box away."""
    code = "import sys; sys.modules['pygame'] = None; from game.__main__ import main; sys.exit(main([]))"
    done = run_game(bazaar_home, [], code)
    assert done.returncode == startup.FAILED, done.stderr
    text = logged(bazaar_home)
    problem = "ModuleNotFoundError: import of pygame halted; None in sys.modules"
    assert f"Bazaar could not start: {problem}" in text
    assert "No message box: the dummy video driver has no screen to show it on." in text
    assert f"bazaar: Bazaar could not start: {problem}" in done.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="a shell script stands in for zenity")
def test_a_box_program_gets_the_text_whole_and_its_failure_is_told(tmp_path):
    """Run for real, no shell between: the text is one argument, quotes, markup, $ and all."""
    program = tmp_path / "zenity"
    program.write_text('#!/bin/sh\nprintf "%s\\0" "$@" >"$0.args"\necho "cannot open display" >&2\nexit 3\n')
    program.chmod(0o755)
    text = 'Bazaar could not start: <b>"it"</b> & $HOME `x`\n\n/tmp/a;b.log'
    with pytest.raises(RuntimeError, match=r"^zenity ended with status 3: cannot open display$"):
        startup._zenity_box(str(program))("Bazaar", text)
    arguments = (tmp_path / "zenity.args").read_bytes().decode().split("\0")[:-1]
    assert arguments == ["--error", "--no-markup", "--title=Bazaar", f"--text={text}"]
