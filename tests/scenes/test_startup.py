"""An error that stops the windowed app is logged and shown, headless-safely (game/startup.py).

The subprocess tests force the error the documented way (`BAZAAR_FAIL_AT_START=1`, docs/cli.md)
and bound each run with a timeout: a message box waiting for a click would fail them, not hang.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

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


@pytest.fixture
def box(monkeypatch):
    """A screen SDL could show the box on, the box recorded instead of waiting for a click. The
    display stays up: this process's other tests go on using it."""
    shown: list[tuple] = []
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    monkeypatch.setattr(startup, "_window_open", lambda: False)
    monkeypatch.setattr(pygame.display, "get_init", lambda: False)
    monkeypatch.setattr(pygame.display, "quit", lambda: None)
    monkeypatch.setattr(pygame.display, "message_box", lambda *a, **k: shown.append((a, k)) or 0)
    return shown


def test_the_box_says_what_failed_and_where_the_log_is_in_the_persons_language(bazaar_home, japanese, box):
    assert startup.guarded(fails) == startup.FAILED
    log = bazaar_home / "data" / "bazaar.log"
    (title, text), options = box[0]
    assert title == "Bazaar" and options["message_type"] == "error"
    assert text == COULD_NOT_START_JA.format(problem="OSError: the disk is gone", log=log)
    assert "No message box" not in log.read_text(encoding="utf-8")


def test_no_box_under_smoke_and_a_failed_box_is_logged(bazaar_home, box, monkeypatch):
    assert startup.guarded(fails, smoke=True) == startup.FAILED
    assert box == []

    def broken(*args, **kwargs):
        raise pygame.error("No available video device")

    monkeypatch.setattr(pygame.display, "message_box", broken)
    assert startup.guarded(fails) == startup.FAILED
    text = (bazaar_home / "data" / "bazaar.log").read_text(encoding="utf-8")
    assert "The message box failed: error: No available video device" in text


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
