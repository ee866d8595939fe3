"""Ubongo's scenario files (tests/scenarios/ubongo/*.json) meet their expectations."""

import pytest

from tests.scenarios import check


@pytest.mark.parametrize("path", check.files("ubongo"), ids=lambda p: p.stem)
def test_scenario(path):
    check.check(path)


def test_the_tricky_cases_have_scenarios():
    names = {p.stem for p in check.files("ubongo")}
    assert {"wrong-piece", "gap", "overlap", "outside", "solve-after-timeout", "second-hourglass"} <= names
    assert {"tie-break-cascade", "shared-win"} <= names
