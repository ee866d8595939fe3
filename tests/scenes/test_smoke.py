"""`python -m game --smoke N` opens the real app headless, runs N frames and exits 0."""

import os
import subprocess

from game.core import selfcall


def test_smoke_run_exits_cleanly(bazaar_home):
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "BAZAAR_HOME": str(bazaar_home),
    }
    done = subprocess.run(
        selfcall.command("--smoke", "30"), env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert not [line for line in done.stderr.splitlines() if line.startswith("bazaar:")], done.stderr


def test_play_opens_a_table_directly_and_refuses_an_unknown_seat(bazaar_home):
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "BAZAAR_HOME": str(bazaar_home),
    }
    run = selfcall.command("--smoke", "20", "play", "jaipur")
    done = subprocess.run(
        [*run, "--seats", "human,hard", "--seed", "4"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    from game.core.store import Store

    stored = Store.open().unfinished("jaipur")
    assert [(s.name, s.kind, s.level) for s in stored[0].seats] == [
        ("Asha", "human", ""),
        ("Bilal", "bot", "hard"),
    ]
    done = subprocess.run(
        [*run, "--seats", "human,wizard"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert (
        "bazaar: unknown seat 'wizard' for Jaipur (one of human, random, easy, medium, hard, cmd:PROGRAM)"
        in done.stderr
    )


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
        selfcall.command("--smoke", "10"), env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    kept = [p for p in data.iterdir() if ".damaged-" in p.name]
    assert kept and kept[0].read_bytes() == b"this is not a database" * 100
    path = data / "bazaar.sqlite3"
    said = (
        f"bazaar: The saved-games file {path} could not be used: it is not an SQLite database. "
        f"It was kept unchanged as {kept[0]}; a new, empty one was started."
    )
    assert said in done.stderr.splitlines(), done.stderr
