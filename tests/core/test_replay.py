"""`python -m game replay FILE [--verify]` on good, forged and foreign files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.__main__ import main
from game.core import codec
from game.core.store import write_match
from tests.core.storegames import new, play

ROOT = Path(__file__).resolve().parents[2]
# The tiny game exists only in the tests, so the child registers it before the real entry point.
CHILD = (
    "import sys; from game.core import registry; from tests.core.tinygame import RULESET; "
    "registry.register(RULESET); from game.__main__ import main; sys.exit(main(sys.argv[1:]))"
)


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", CHILD, "replay", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


@pytest.fixture
def good(tmp_path) -> Path:
    path = tmp_path / "good.json"
    write_match(play(new(seed=12)), path)
    return path


def forge(good: Path) -> Path:
    data = json.loads(good.read_text())
    data["events"][3]["card"] = 99  # a card nobody dealt
    path = good.with_name("forged.json")
    path.write_text(json.dumps(data))
    return path


def test_replay_and_verify_a_good_file_in_a_real_process(good):
    done = run(str(good), "--verify")
    assert done.returncode == 0, done.stderr
    assert "game: Tiny (seed 12)" in done.stdout
    assert "seats: Ann (human), Bot (bot easy)" in done.stdout
    assert "verified: 19 commands, 20 events, all legal" in done.stdout


def test_verify_names_the_first_forged_event_in_a_real_process(good):
    done = run(str(forge(good)), "--verify")
    assert done.returncode == 1
    assert "verification failed: event 3 (draw)" in done.stderr


def test_replay_without_verify_folds_and_summarises(good, capsys):
    assert main(["replay", str(good)]) == 0
    out = capsys.readouterr().out
    assert "log: 19 commands, 20 events" in out and "outcome: " in out and "wins (" in out


def test_an_unfinished_match_says_who_is_to_act(tmp_path, capsys):
    path = tmp_path / "half.json"
    write_match(play(new(seed=3), 2), path)
    assert main(["replay", str(path)]) == 0
    assert "outcome: unfinished; to act: Ann" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot be read"),
        ("{not json", "not valid JSON"),
        ('{"rows": []}', "not a Bazaar match file"),
    ],
)
def test_bad_files_exit_2_with_a_message(tmp_path, capsys, content, message):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    assert main(["replay", str(path), "--verify"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("replay: ") and message in err


def test_a_command_log_of_the_wrong_shape_fails_verify_without_a_crash(good, capsys):
    data = codec.roundtrip(json.loads(good.read_text()))
    data["commands"][0] = "draw"
    good.write_text(json.dumps(data))
    assert main(["replay", str(good), "--verify"]) == 1
    assert "command 0" in capsys.readouterr().err
