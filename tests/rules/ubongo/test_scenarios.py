"""Ubongo's scenario files (tests/scenarios/ubongo/*.json) meet their expectations."""

import pytest

from tests.scenarios import check


@pytest.mark.parametrize("path", check.files("ubongo"), ids=lambda p: p.stem)
def test_scenario(path):
    check.check(path)


def test_the_tricky_cases_have_scenarios():
    names = {p.stem for p in check.files("ubongo")}
    assert {"wrong-piece", "gap", "overlap", "outside", "solve-after-timeout", "second-hourglass"} <= names
    assert {
        "tie-break-cascade",
        "shared-win",
        "pawn-too-late",
        "equal-ticks",
        "later-solver-takes-first",
    } <= names


@pytest.mark.parametrize("path", check.files("ubongo"), ids=lambda p: p.stem)
def test_every_scenario_states_what_each_command_must_give(path):
    """A scenario that lets a command fail silently proves nothing: every line has its expectation."""
    import json

    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(data["expect"]["lines"]) == {str(i) for i in range(len(data["commands"]))}
    assert data["expect"]["final"]
