"""The scenario files in tests/scenarios/jaipur/ hold what their rule says."""

import pytest

from tests.scenarios import check


@pytest.mark.parametrize("path", check.files("jaipur"), ids=lambda p: p.stem)
def test_scenario(path):
    check.check(path)


def test_there_are_scenarios():
    assert len(check.files("jaipur")) >= 8
