"""Resizing the window or going full screen keeps the whole canvas visible, letterboxed and
centred, with clicks landing where things are drawn. Needs a real X server: the test starts
Xvfb when it is installed (xvfb, xdotool) and is skipped where it is not."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.ui import theme

DRIVER = Path(__file__).with_name("window_driver.py")
SCREEN = (1920, 1080)
# the menu's Rules button, canvas coordinates: left of the column (full screen under a bare X
# server leaves the window where it stood, and its right edge beyond the screen's)
RULES_BUTTON = (977, 346 + 28)

pytestmark = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xdotool")), reason="needs Xvfb and xdotool"
)


@pytest.fixture
def x_display():
    """A private Xvfb: it picks a free display and writes its number once it serves."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as ready:
        number = ready.readline().strip()
    if not number:
        pytest.skip("Xvfb could not start")
    yield {**os.environ, "DISPLAY": f":{number}"}
    server.terminate()
    server.wait(timeout=10)


class Window:
    def __init__(self, env: dict, home: Path):
        env = {**env, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy", "BAZAAR_HOME": str(home)}
        self.env = env
        self.proc = subprocess.Popen(
            [sys.executable, str(DRIVER)], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        ready, self.id = self.read().split()
        assert ready == "ready"

    def read(self) -> str:
        line = self.proc.stdout.readline().strip()
        assert line, "the app closed"
        return line

    def say(self, line: str) -> str:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return self.read()

    def xdotool(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, check=True)

    def resize(self, w: int, h: int) -> None:
        self.xdotool("windowmove", self.id, "0", "0")
        self.xdotool("windowsize", self.id, str(w), str(h))
        assert self.say(f"size {w} {h}") == f"size {w} {h}"

    def click_canvas(self, point: tuple[int, int], window: tuple[int, int], origin=(0, 0)) -> None:
        """Click where the canvas point is drawn: scaled to fit, centred in the window."""
        scale = min(window[0] / theme.WIDTH, window[1] / theme.HEIGHT)
        left = (window[0] - theme.WIDTH * scale) / 2
        top = (window[1] - theme.HEIGHT * scale) / 2
        x = origin[0] + round(left + point[0] * scale)
        y = origin[1] + round(top + point[1] * scale)
        self.xdotool("mousemove", "--sync", str(x), str(y), "click", "1")

    def origin(self) -> tuple[int, int]:
        """Where the window sits on the screen (a bare X server has no window manager to put a
        full-screen window at the corner)."""
        shell = subprocess.run(
            ["xdotool", "getwindowgeometry", "--shell", self.id], env=self.env, capture_output=True, text=True
        ).stdout
        values = dict(line.split("=", 1) for line in shell.split())
        return int(values["X"]), int(values["Y"])

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=20)


@pytest.mark.parametrize("size", [(1700, 800), (1280, 960), (1440, 810)])
def test_a_resized_window_shows_the_whole_canvas_and_clicks_land_on_what_is_drawn(x_display, tmp_path, size):
    window = Window(x_display, tmp_path)
    try:
        window.resize(*size)
        window.click_canvas(RULES_BUTTON, size)
        assert window.say("wait rules-index") == "scene rules-index"
    finally:
        window.close()


def test_full_screen_fills_the_screen_and_clicks_still_land(x_display, tmp_path):
    window = Window(x_display, tmp_path)
    try:
        answer = window.say("full").split()
        if answer[1] != "1":
            pytest.skip("this X server refused full screen")
        assert tuple(map(int, answer[2:])) == SCREEN
        window.click_canvas(RULES_BUTTON, SCREEN, window.origin())
        assert window.say("wait rules-index") == "scene rules-index"
    finally:
        window.close()
