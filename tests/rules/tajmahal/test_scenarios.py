"""Every Taj Mahal scenario file runs and meets its expectations (tests/scenarios/tajmahal)."""

import pytest

from tests.scenarios import check


@pytest.mark.parametrize("path", check.files("tajmahal"), ids=lambda p: p.stem)
def test_scenario(path):
    check.check(path)


def test_the_scenarios_issue_8_names_exist():
    names = {p.stem for p in check.files("tajmahal")}
    assert {
        "tie_becomes_majority",
        "last_player",
        "mogul_shares_city",
        "chain_three_provinces",
        "goods_1_2_3",
        "take_special_away",
        "colour_change",
        "deck_exhaustion",
    } <= names
