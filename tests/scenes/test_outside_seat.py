"""An outside program at the table: when it crashes, babbles or plays an illegal move, the
table says who and what, hands its seat to our bot and the match plays on, nothing lost."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from game.automation import Session
from game.core.match import Seat
from game.core.outside import ProgramBot
from game.core.referee import HANDOVER_LEVEL
from tests.scenes.driver import record, referee

BADBOT = Path(__file__).parent.parent / "core" / "badbot.py"


@pytest.mark.parametrize("mode", ["crash", "garbage", "illegal"])
def test_a_failing_program_hands_its_seat_to_our_bot_and_the_match_goes_on(mode):
    program = f"{sys.executable} {BADBOT} {mode} 2"  # two good moves, then it misbehaves
    s = Session.open("jaipur", ["human", f"cmd:{program}"], seed=3)
    table = s.table
    assert isinstance(referee(table).players[1], ProgramBot)  # the match's referee seats the program
    name = record(table).seats[1].name
    toasts: list[str] = []
    real = s.app.toast
    s.app.toast = lambda message, *a, **k: (toasts.append(message), real(message, *a, **k))
    rng = random.Random(3)
    played_by_program = 0
    for _ in range(12):  # enough turns for the program's two good moves and its failure
        s.idle()
        if s.outcome is not None:
            break
        if record(table).seats[1].kind == "bot":
            break
        played_by_program = sum(1 for c in record(table).commands if c.seat == 1)
        s.perform(0, rng.choice(s.legal(0)))
    s.idle()
    assert record(table).seats[1] == Seat(name, "bot", HANDOVER_LEVEL)
    assert played_by_program == 2 and any(name in t and "from now on" in t for t in toasts), toasts
    before = len(record(table).commands)
    s.perform(0, rng.choice(s.legal(0)))
    s.idle()
    assert len(record(table).commands) >= before + 2  # our bot answered the person's next move
    stored = s.app.store.load(table.match_id)
    assert stored.seats[1].kind == "bot" and len(stored.commands) == len(record(table).commands)
