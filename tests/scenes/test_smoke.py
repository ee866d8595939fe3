"""`python -m game --smoke N` opens the real app headless, runs N frames and exits 0."""

import os
import subprocess
import sys


def test_smoke_run_exits_cleanly(bazaar_home):
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "BAZAAR_HOME": str(bazaar_home),
    }
    done = subprocess.run(
        [sys.executable, "-m", "game", "--smoke", "30"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


def test_smoke_run_survives_a_damaged_database(bazaar_home):
    data = bazaar_home / "data"
    data.mkdir(parents=True)
    (data / "bazaar.sqlite3").write_bytes(b"this is not a database" * 100)
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "BAZAAR_HOME": str(bazaar_home),
    }
    done = subprocess.run(
        [sys.executable, "-m", "game", "--smoke", "10"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "damaged" in done.stderr.lower() or "not" in done.stderr.lower()
    kept = [p for p in data.iterdir() if ".damaged-" in p.name]
    assert kept and kept[0].read_bytes() == b"this is not a database" * 100
