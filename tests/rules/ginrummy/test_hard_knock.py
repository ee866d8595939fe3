"""The hard bot's knock decision: knocking now against waiting one more turn (issue 23)."""

from __future__ import annotations

import random

from game.core.ruleset import Budget
from game.rules.ginrummy.bots import HardBot
from game.rules.ginrummy.cards import BIT, mask_of
from tests.rules.ginrummy.helpers import RULES, both_pass, play, start


def hand(text: str) -> int:
    return mask_of(text.split(" "))


def test_hard_goes_gin_when_the_draw_completes_its_hand():
    m = start("AS 2S 3S 4H 5H 6H 7C 8C 9C KD", "2C 5C 3D 6D 9D JS QH KH 4S 8D", "9H", "TC")
    both_pass(m)
    play(m, (0, {"move": "draw", "source": "stock"}))
    command = RULES.bot("hard").choose(m.view(0), m.legal(0), random.Random(1), Budget())
    assert command == {"move": "knock", "card": "KD"}


def test_waiting_counts_the_undercut_when_the_opponent_is_about_to_knock():
    """The opponent holds three melds and a king: after any draw it knocks with 10. Our hand
    keeps 3 deadwood, so waiting means undercutting it: 10 - 3 + the 25 bonus."""
    theirs = hand("AS 2S 3S 4H 5H 6H 7C 8C 9C KD")
    ours = hand("5D 6D 7D 9S TS JS 8H 8D 8S 3D")
    value = HardBot.wait_value(theirs, ours, BIT["KC"], [BIT["QH"], BIT["2D"]], 25, 25)
    assert value == 10 - 3 + 25


def test_waiting_counts_our_gin_a_turn_later():
    """The opponent cannot knock after drawing 2C (55 deadwood left); our next draw, 4D, joins
    3D to the diamond run: gin, worth their 55 plus the 25 bonus."""
    theirs = hand("AS 5S 9S 2H 6H TH 3C 7C JC KD")
    ours = hand("5D 6D 7D TS JS QS 8H 8D 8S 3D")
    value = HardBot.wait_value(theirs, ours, BIT["KC"], [BIT["2C"], BIT["4D"]], 25, 25)
    assert value == 55 + 25
