"""The scenario files in tests/scenarios/ginrummy/, each illustrating one rule."""

import json

import pytest

from game.__main__ import main
from game.core import codec, scenario
from tests.scenarios import check

FILES = check.files("ginrummy")
NAMED = {  # the situations the rules must show, one file each
    "upcard_passed_twice",
    "knock_at_ten",
    "forced_gin",
    "undercut_on_tie",
    "layoff_turns_undercut",
    "no_layoff_against_gin",
    "dead_hand",
    "reach_100",
}


def test_scenarios_exist():
    assert {p.stem for p in FILES} >= NAMED


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path):
    check.check(path)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_command_line_prints_the_checked_lines(path, capsys):
    """`python -m game scenario FILE` prints exactly the lines the expectations were checked on."""
    assert main(["scenario", str(path)]) == 0
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    data = json.loads(path.read_text(encoding="utf-8"))
    assert printed == [codec.roundtrip(line) for line in scenario.run(data)]
