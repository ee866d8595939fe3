"""Two copies of the app playing at once share one save database without harm, and a third
launch meanwhile opens the menu normally (nothing is set aside as damaged, nothing is lost)."""

import os
import subprocess
import sys
from pathlib import Path

from game.core import registry, selfcall
from game.core.match import Match
from game.core.store import Store

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("autoplay_driver.py")
MOVES = 8


def committed_at_least(proc: subprocess.Popen, count: int) -> int:
    assert proc.stdout
    for line in proc.stdout:
        committed = int(line.split()[1])
        if committed >= count:
            return committed
    raise AssertionError(f"the app stopped before {count} moves were saved")


def test_two_running_apps_and_a_third_launch_keep_every_saved_move(bazaar_home):
    env = {**os.environ, "BAZAAR_HOME": str(bazaar_home)}
    apps = [
        subprocess.Popen([sys.executable, str(DRIVER), seed], stdout=subprocess.PIPE, text=True, env=env)
        for seed in ("7", "8")
    ]
    try:
        ids = []
        for app in apps:
            assert app.stdout
            ids.append(int(app.stdout.readline().split()[1]))
        third = subprocess.run(
            selfcall.command("--smoke", "30"),
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        committed = [committed_at_least(app, MOVES) for app in apps]
    finally:
        for app in apps:
            app.kill()
            app.wait(timeout=10)
    assert third.returncode == 0, third.stderr
    assert "Traceback" not in third.stderr and "could not" not in third.stderr, third.stderr
    assert not [p.name for p in (bazaar_home / "data").iterdir() if ".damaged-" in p.name]
    with Store.open() as store:
        assert store.problem is None
        assert store.conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert {m.id for m in store.unfinished("jaipur")} == set(ids)
        for match_id, count in zip(ids, committed, strict=True):
            match = store.load(match_id)
            assert len(match.commands) >= count  # nothing either app reported as saved was lost
            assert Match.from_json(match.to_json(), registry.get("jaipur")).state == match.state
