"""The hard bot's knock decision: knocking now, waiting a turn or holding out (issue 23)."""

from __future__ import annotations

import random

from game.core.ruleset import Budget
from game.rules.ginrummy.bots import HardBot, play_out
from game.rules.ginrummy.face.cards import BIT, mask_of
from game.rules.ginrummy.face.melds import deadwood_mask
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


def test_holding_out_undercuts_the_opponent_when_it_knocks():
    """We throw KC and do not knock. The opponent passes it (it would not lower its deadwood),
    draws QH and knocks with 10 at once; our deadwood stays 3 and none of it lays off: we
    undercut, 10 - 3 + the 25 bonus. The stock is drawn from its end."""
    theirs = hand("AS 2S 3S 4H 5H 6H 7C 8C 9C KD")
    ours = hand("5D 6D 7D 9S TS JS 8H 8D 8S 3D")
    assert play_out(theirs, ours, BIT["KC"], [BIT["AH"], BIT["2D"], BIT["QH"]], 25, 25) == 10 - 3 + 25


def test_holding_out_waits_for_gin_rather_than_knocking():
    """The opponent draws 2C and cannot knock. We draw KH and throw it back: we could knock with
    3, but holding out we do not while the stock is long. The opponent passes KH, draws QC and
    still cannot knock; our 4D joins 3D to the diamond run: gin, worth the opponent's deadwood
    (55 after throwing TH, then QC for JC or a king: still 55) plus the 25 bonus."""
    theirs = hand("AS 5S 9S 2H 6H TH 3C 7C JC KD")
    ours = hand("5D 6D 7D TS JS QS 8H 8D 8S 3D")
    stock = [BIT[c] for c in ("AH", "4H", "8C", "9C", "4D", "QC", "KH", "2C")]
    assert play_out(theirs, ours, BIT["KC"], stock, 25, 25) == 55 + 25


def test_playing_out_sure_knocks_as_soon_as_the_knock_wins():
    """The same hand played out knocking whenever it wins (as the discard search plays it): after
    drawing KH and throwing it back we knock with 3. The opponent holds 55 and lays 9S off on our
    spade run: 46 - 3."""
    theirs = hand("AS 5S 9S 2H 6H TH 3C 7C JC KD")
    ours = hand("5D 6D 7D TS JS QS 8H 8D 8S 3D")
    stock = [BIT[c] for c in ("AH", "4H", "8C", "9C", "4D", "QC", "KH", "2C")]
    assert play_out(theirs, ours, BIT["KC"], stock, 25, 25, low=0, sure=True) == 46 - 3


def test_a_low_last_discard_means_a_low_imagined_hand():
    """Most players throw their least useful card, so an opponent whose last discard was an ace
    is imagined with less deadwood than one whose last discard was a king."""
    bot = HardBot()
    gone = ["9S", "TH", "JD", "QC"]

    def imagined(last: str) -> float:
        ours = "KS" if last == "AS" else "AS"  # both out of sight either way
        public = [[1, "discarded", c] for c in gone] + [[0, "discarded", ours], [1, "discarded", last]]
        view = {
            "seat": 0,
            "hand": [],
            "discard": [*gone, ours, last],
            "stock": 30,
            "hand_counts": [0, 10],
            "known": [[], []],
            "reveal": None,
            "public": public,
        }
        rng = random.Random(7)
        return sum(deadwood_mask(bot.imagined(view, rng)[0]) for _ in range(40)) / 40

    assert imagined("AS") < imagined("KS") - 5


def test_when_it_waits_it_throws_the_card_its_waiting_was_scored_on():
    """Knocking would throw 8D (deadwood 2 left). The opponent took 8H and 8S, so 8D feeds it and
    an ordinary discard would be 2D; but waiting was weighed on throwing 8D (and our low
    deadwood is what undercuts its knock), so a bot that decides to wait throws 8D."""

    class Waiting(HardBot):
        def should_knock(self, *args: object) -> bool:
            return False

    cards = ["AS", "2S", "3S", "4H", "5H", "6H", "7C", "8C", "9C", "8D", "2D"]
    view = {
        "seat": 0,
        "hand": cards,
        "discard": ["KD"],
        "stock": 20,
        "opponent_hand": 10,
        "hand_counts": [11, 10],
        "known": [[], ["8H", "8S"]],
        "reveal": None,
        "passed": [[], []],
        "public": [[1, "took", "8H"], [1, "took", "8S"]],
        "taken": None,
    }
    legal = [{"move": "discard", "card": c} for c in cards]
    legal += [{"move": "knock", "card": c} for c in ("8D", "2D")]
    bot = Waiting()
    assert bot.danger(view, "8D") > bot.danger(view, "2D") + 6  # else 2D would go
    command = bot.choose_discard(view, legal, random.Random(1), lambda: False, 40, 60)
    assert command == {"move": "discard", "card": "8D"}


def test_holding_out_with_two_stock_cards_left_is_a_dead_hand():
    """A discard that leaves 2 stock cards without a knock ends the hand: nobody scores."""
    theirs = hand("AS 2S 3S 4H 5H 6H 7C 8C 9C KD")
    ours = hand("5D 6D 7D 9S TS JS 8H 8D 8S 3D")
    assert play_out(theirs, ours, BIT["KC"], [BIT["2D"], BIT["QH"]], 25, 25) == 0
