"""The scenario files in tests/scenarios/ginrummy/, each illustrating one rule."""

import pytest

from tests.scenarios import check

FILES = check.files("ginrummy")


def test_scenarios_exist():
    assert len(FILES) >= 8


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path):
    check.check(path)
