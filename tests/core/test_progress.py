"""Progress on a terminal (issue 55, item 24): `sim` and `replay` over several files draw the
done of the total, the rate and the time left on a terminal's standard error, and nothing at
all when standard error is not a terminal or the tool prints JSON."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SIM = ["sim", "jaipur", "--seats", "random,random", "--games", "3", "--seed", "5"]


def on_a_terminal(args: list[str]) -> tuple[str, str]:
    """Run `python -m game ARGS` with standard error on a pseudo-terminal: (stdout, what the
    terminal received)."""
    leader, follower = pty.openpty()
    # a terminal 100 columns wide (a new pseudo-terminal has none, and a bar then has no room)
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "game", *args],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=follower,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        os.close(follower)
        follower = -1
        received = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal's other side closed: the program is done
                break
            if not chunk:
                break
            received += chunk
        out, _ = proc.communicate(timeout=120)
    finally:
        os.close(leader)
        if follower != -1:
            os.close(follower)
    return out.decode(), received.decode(errors="replace")


def piped(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def test_sim_shows_games_done_of_the_total_on_a_terminal():
    out, terminal = on_a_terminal(SIM)
    assert "3 games of jaipur" in out
    assert re.search(r"\b[0-3]/3 \[", terminal) and "game/s" in terminal, terminal


def test_sim_prints_nothing_extra_when_not_on_a_terminal_or_with_json():
    plain = piped(SIM)
    assert plain.returncode == 0 and plain.stderr == "", plain.stderr
    as_json = piped([*SIM, "--json"])
    assert as_json.returncode == 0 and as_json.stderr == ""
    _, terminal = on_a_terminal([*SIM, "--json"])
    assert "/3 [" not in terminal and "game/s" not in terminal


@pytest.fixture
def saved(tmp_path: Path) -> list[Path]:
    assert piped([*SIM, "--save", str(tmp_path)]).returncode == 0
    return sorted(tmp_path.glob("*.json"))


def test_replay_verifies_several_files_with_progress_on_a_terminal(saved: list[Path]):
    out, terminal = on_a_terminal(["replay", "--verify", *map(str, saved)])
    assert out.count("verified:") == len(saved) == 3
    assert re.search(r"\b[0-3]/3 \[", terminal) and "file/s" in terminal, terminal
    assert out.count("== ") == 3  # each file's summary under its name
    plain = piped(["replay", "--verify", *map(str, saved)])
    assert plain.returncode == 0 and plain.stderr == "" and plain.stdout.count("verified:") == 3


def test_bench_shows_its_steps_on_a_terminal_and_nothing_off_one():
    only = ["bench", "--only", "history_open_s,replay_step_ms"]
    out, terminal = on_a_terminal(only)
    assert "history_open_s" in out and "replay_step_ms" in out
    assert re.search(r"\b[0-2]/2 \[", terminal) and "step" in terminal, terminal
    plain = piped(only)
    assert plain.returncode == 0 and plain.stderr == "", plain.stderr
