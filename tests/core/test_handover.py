"""Handing a failed outside program's seat to our bot: the match goes on, the save records it,
and the time limit is a setting."""

from __future__ import annotations

import json
import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.core import bots, settings
from game.core.match import Seat
from game.core.outside import OutsideBotError
from game.core.ruleset import Budget
from game.core.settings import Settings
from game.core.store import Store
from tests.core.storegames import new, play

BADBOT = Path(__file__).with_name("badbot.py")
PROGRAM = Seat("Prog", "cmd", f"{sys.executable} {BADBOT} garbage 1")


def test_a_failed_program_is_replaced_and_the_stored_match_plays_on():
    with Store.open() as store:
        match = new(seed=3, seats=[Seat("Ann"), PROGRAM])
        match_id = store.attach(match)
        play(match, 1)  # Ann's move: now the program is to act
        program = bots.for_seat(match.ruleset, match.seats[1])
        program.choose(match.view(1), match.legal(1), random.Random(1), Budget())  # its good move
        with pytest.raises(OutsideBotError) as failed:
            program.choose(match.view(1), match.legal(1), random.Random(1), Budget())
        assert failed.value.name == f"Prog ({PROGRAM.level})"
        played = list(match.events)

        player = bots.replace_with_builtin(match, 1, "easy")
        assert match.seats[1] == Seat("Prog", "bot", "easy")
        assert match.events == played  # nothing played is lost
        saved = store.load(match_id)
        assert saved.seats == match.seats  # saved at once, before the new player's first move
        assert saved.events == played

        command = player.choose(match.view(1), match.legal(1), random.Random(1), Budget())
        assert isinstance(match.submit(1, command), list)
        assert store.load(match_id).to_json() == match.to_json()


def test_replace_refuses_an_unknown_level_or_seat_and_changes_nothing():
    match = new(seats=[Seat("Ann"), PROGRAM])
    with pytest.raises(ValueError):
        bots.replace_with_builtin(match, 1, "genius")
    with pytest.raises(ValueError):
        bots.replace_with_builtin(match, 2, "easy")
    with pytest.raises(ValueError):
        bots.replace_with_builtin(match, -1, "easy")
    assert match.seats[1] == PROGRAM


def test_the_outside_time_limit_is_a_setting_with_a_range():
    assert Settings().outside_move_seconds == 10.0
    settings.save(replace(Settings(), outside_move_seconds=30.0))
    assert settings.load()[0].outside_move_seconds == 30.0
    for bad in (0.5, 601, "10", True, float("nan"), None):
        settings.path().write_text(json.dumps({"outside_move_seconds": bad}))
        assert settings.load()[0].outside_move_seconds == 10.0, bad
    settings.path().write_text(json.dumps({"outside_move_seconds": 2}))
    loaded = settings.load()[0].outside_move_seconds
    assert loaded == 2.0 and isinstance(loaded, float)
