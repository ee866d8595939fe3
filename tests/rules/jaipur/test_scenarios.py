"""The scenario files in tests/scenarios/jaipur/ hold what their rule says."""

import json

import pytest

from game.__main__ import main
from game.core import codec, scenario
from tests.scenarios import check


@pytest.mark.parametrize("path", check.files("jaipur"), ids=lambda p: p.stem)
def test_scenario(path, capsys):
    """The expectations hold, and `python -m game scenario FILE` prints exactly those lines."""
    check.check(path)
    assert main(["scenario", str(path)]) == 0
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert printed == codec.roundtrip(scenario.run(json.loads(path.read_text(encoding="utf-8"))))


def test_there_are_scenarios():
    assert len(check.files("jaipur")) >= 10
