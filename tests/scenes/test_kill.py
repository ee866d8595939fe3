"""Killing the app's process mid-match loses nothing that was committed."""

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from game.core import registry
from game.core.match import Match
from game.core.ruleset import Budget
from game.core.store import Store

DRIVER = Path(__file__).with_name("autoplay_driver.py")


def test_sigkill_mid_match_then_resume_with_every_committed_command(bazaar_home):
    env = {**os.environ, "BAZAAR_HOME": str(bazaar_home)}
    proc = subprocess.Popen([sys.executable, str(DRIVER), "7"], stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout
    match_id = int(proc.stdout.readline().split()[1])
    committed = 0
    for line in proc.stdout:
        committed = int(line.split()[1])
        if committed >= 12:
            break
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert committed >= 12
    store = Store.open()
    match = store.load(match_id)
    assert len(match.commands) >= committed  # nothing reported as saved was lost
    fresh = Match.from_json(match.to_json(), registry.get("jaipur"))
    assert fresh.state == match.state
    # and the match plays on from there to the end, still saving
    bot, rng = registry.get("jaipur").bot("easy"), random.Random(7)
    while not match.finished:
        seat = min(match.to_act)
        assert match.submit(seat, bot.choose(match.view(seat), match.legal(seat), rng, Budget()))
    assert store.load(match_id).finished
