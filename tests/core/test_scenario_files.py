"""The scenario expectation checker catches what it should."""

import json

import pytest

from game.core import registry
from tests.core.tinygame import RULESET
from tests.scenarios.check import check

registry.register(RULESET)

BASE = {
    "game": "tiny",
    "seed": 1,
    "seats": ["A", "B"],
    "setup": {"deck": [5, 1, 2, 3, 4, 6, 7, 8, 9]},
    "commands": [{"seat": 1, "command": {"move": "draw"}}, {"seat": 0, "command": {"move": "draw"}}],
}


def write(tmp_path, expect):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({**BASE, "expect": expect}))
    return path


def test_expectations_that_hold_pass(tmp_path):
    check(
        write(
            tmp_path,
            {
                "lines": {"0": "rejected: not your turn", "1": "ok"},
                "events": {"1": ["draw"]},
                "final": {"views.0.hand": [5]},
            },
        )
    )


@pytest.mark.parametrize(
    "expect",
    [
        {"lines": {"0": "ok"}},
        {"lines": {"1": "rejected"}},
        {"final": {"views.0.hand": [1]}},
        {"lines": {"0": "rejected: deck is empty"}},
        {"events": {"1": ["pass"]}},
    ],
)
def test_expectations_that_fail_are_reported(tmp_path, expect):
    with pytest.raises(AssertionError):
        check(write(tmp_path, expect))
