"""One test per rule of the seed (shared/seeds/ginrummy-rules-ja.txt) and the facts page."""

from __future__ import annotations

import pytest

from game.core.match import Match, Seat
from game.core.ruleset import Rejected
from game.rules.ginrummy.face.cards import DECK
from game.rules.ginrummy.face.scoring import can_knock, knock_deadwood
from tests.rules.ginrummy.helpers import RULES, both_pass, deck_for, play, start

# Seat 0 deals in these tests unless said otherwise, so seat 1 receives the first ten cards.
MELDED9 = "AS 2S 3S 4H 5H 6H 7C 7D 7S"  # three melds, nine cards


def test_deal_ten_each_then_the_upcard():
    """カードを配る: 10 cards each (non-dealer first), one upcard, the rest is the stock."""
    m = start(MELDED9 + " TD", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "KD", "QD")
    v0, v1 = m.view(0), m.view(1)
    assert len(v0["hand"]) == len(v1["hand"]) == 10
    assert "TD" in v0["hand"] and "KC" in v1["hand"]
    assert v0["discard"] == ["KD"] and v0["stock"] == 31 and v0["phase"] == "first_upcard"


def test_first_upcard_dealer_first_then_non_dealer_then_dealer_draws():
    """最初のラウンド: the dealer decides first; if they pass the other player decides; after
    both pass, the player after the non-dealer (the dealer) starts a normal turn."""
    m = start(MELDED9 + " TD", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "KD", "QD")
    assert m.to_act == {0}
    assert isinstance(m.submit(1, {"move": "pass"}), Rejected)
    play(m, (0, {"move": "pass"}))
    assert m.to_act == {1} and m.view(1)["phase"] == "first_upcard"
    play(m, (1, {"move": "pass"}))
    assert m.to_act == {0} and m.view(0)["phase"] == "draw"


def test_after_two_passes_the_dealer_may_draw_the_passed_upcard():
    """最初のラウンド: after both pass, the dealer's normal turn may take the pile top (the upcard)."""
    m = start(MELDED9 + " TD", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "KD", "QD")
    both_pass(m)
    assert {"move": "draw", "source": "discard"} in m.legal(0)
    play(m, (0, {"move": "draw", "source": "discard"}))
    assert "KD" in m.view(0)["hand"] and m.view(0)["discard"] == [] and m.view(1)["known"][0] == ["KD"]


def test_upcard_taken_by_dealer_then_non_dealer_plays_and_knock_allowed_at_once():
    """The dealer takes the upcard and discards; a knock is allowed right after that discard."""
    m = start(MELDED9 + " 9D", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "2D")
    play(m, (0, {"move": "take_upcard"}))
    assert m.view(0)["phase"] == "discard" and len(m.view(0)["hand"]) == 11
    events = play(m, (0, {"move": "knock", "card": "9D"}))
    assert events[0]["type"] == "knocked" and events[0]["deadwood"] == 2


def test_dealer_takes_upcard_then_non_dealer_starts_normal_turns():
    """最初のラウンド: when the dealer takes the upcard, the next player (the non-dealer) draws."""
    m = start(MELDED9 + " 9D", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "2D")
    play(m, (0, {"move": "take_upcard"}), (0, {"move": "discard", "card": "9D"}))
    assert m.to_act == {1} and m.view(1)["phase"] == "draw" and m.view(1)["discard"] == ["9D"]
    assert m.view(1)["known"][0] == ["2D"]


def test_non_dealer_takes_upcard_then_dealer_draws():
    m = start(MELDED9 + " 9D", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "7H")
    play(m, (0, {"move": "pass"}), (1, {"move": "take_upcard"}), (1, {"move": "discard", "card": "KC"}))
    assert m.to_act == {0} and m.view(0)["phase"] == "draw"
    assert m.view(0)["known"][1] == ["7H"]  # everyone saw seat 1 take it


def test_non_dealer_may_knock_with_the_upcard_discard():
    """最初のラウンド: この時点でもノック宣言可能 — the non-dealer who takes the upcard may knock at once."""
    m = start("2C 3C 4C 5D 6D 8S 9S JC QC KC", MELDED9 + " 9D", "2D")
    play(m, (0, {"move": "pass"}), (1, {"move": "take_upcard"}))
    events = play(m, (1, {"move": "knock", "card": "9D"}))
    assert events[0]["type"] == "knocked" and events[0]["seat"] == 1 and events[0]["deadwood"] == 2
    assert m.to_act == {0} and m.view(0)["phase"] == "layoff"


def classic(hand0: str, hand1: str, upcard: str, order: str = "other") -> Match:
    """As start(), seat 0 dealing, with the option "upcard" (the order of the first upcard)."""
    deck = deck_for(hand0, hand1, upcard, "", 0)
    seats = [Seat("Ann"), Seat("Bo")]
    return Match.new(RULES, seats, {"upcard": order}, seed=3, setup={"deck": deck, "dealer": 0})


def test_classic_order_the_non_dealer_decides_first_and_starts_after_two_passes():
    """Option upcard "other" (Hoyle's and Pagat's order, not the seed's): the non-dealer decides
    on the upcard first, then the dealer; after both pass the non-dealer starts a normal turn."""
    m = classic(MELDED9 + " TD", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "KD")
    assert m.to_act == {1}
    assert isinstance(m.submit(0, {"move": "pass"}), Rejected)
    play(m, (1, {"move": "pass"}))
    assert m.to_act == {0} and m.view(0)["phase"] == "first_upcard"
    play(m, (0, {"move": "pass"}))
    assert m.to_act == {1} and m.view(1)["phase"] == "draw"


def test_classic_order_the_non_dealer_takes_the_upcard_then_the_dealer_draws():
    m = classic(MELDED9 + " 9D", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "7H")
    play(m, (1, {"move": "take_upcard"}), (1, {"move": "discard", "card": "KC"}))
    assert m.to_act == {0} and m.view(0)["phase"] == "draw"


def test_classic_order_the_dealer_takes_after_a_pass_then_the_non_dealer_draws():
    m = classic(MELDED9 + " 9D", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "2D")
    play(m, (1, {"move": "pass"}), (0, {"move": "take_upcard"}), (0, {"move": "discard", "card": "9D"}))
    assert m.to_act == {1} and m.view(1)["phase"] == "draw"


def test_an_unknown_upcard_order_is_refused():
    with pytest.raises(ValueError, match="upcard must be one of"):
        classic(MELDED9 + " 9D", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "2D", "hoyle")


def test_draw_from_stock_or_pile_then_discard():
    """自分の手番: draw the top of the stock or of the discard pile, then discard one card."""
    m = start(MELDED9 + " 9D", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "7H", "QD")
    both_pass(m)
    assert m.submit(0, {"move": "discard", "card": "9D"}).reason == "Draw a card first"
    play(m, (0, {"move": "draw", "source": "stock"}))
    assert "QD" in m.view(0)["hand"] and m.view(0)["stock"] == 30
    assert "You have" not in str(m.submit(0, {"move": "draw", "source": "stock"}))
    play(m, (0, {"move": "discard", "card": "QD"}), (1, {"move": "draw", "source": "discard"}))
    assert "QD" in m.view(1)["hand"] and m.view(1)["discard"] == ["7H"]


def test_card_taken_from_pile_cannot_be_thrown_back_at_once():
    """Ours: the card just taken from the pile may not be discarded in the same turn."""
    m = start(MELDED9 + " 9D", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "7H")
    play(m, (0, {"move": "take_upcard"}))
    result = m.submit(0, {"move": "discard", "card": "7H"})
    assert isinstance(result, Rejected) and "just took" in result.reason


@pytest.mark.parametrize(("extra", "ok"), [("4D", True), ("5D", False)])
def test_knock_needs_ten_or_less(extra, ok):
    """ノック: a knock is allowed when the unmelded cards total 10 or less after the discard."""
    # Two melds and AH 2D 3C plus `extra`: deadwood 6 + 4 = 10 (knock) or 6 + 5 = 11 (no).
    m = start("AS 2S 3S 4H 5H 6H AH 2D 3C " + extra, "2C 4C 5C 6D 7D 8S 9S JC QC KC", "KD", "QD")
    both_pass(m)
    play(m, (0, {"move": "draw", "source": "stock"}))
    assert can_knock(m.view(0)["hand"], "QD") is ok
    result = m.submit(0, {"move": "knock", "card": "QD"})
    if ok:
        assert result[0]["type"] == "knocked" and result[0]["deadwood"] == 10
    else:
        assert result.reason == "Deadwood would be 11; knock needs 10 or less"


def test_knock_is_optional_with_deadwood_from_one_to_ten():
    """ノック: with 1 to 10 deadwood a player may knock or simply discard and play on."""
    m = start("AS 2S 3S 4H 5H 6H AH 2D 3C 4D", "2C 4C 5C 6D 7D 8S 9S JC QC KC", "KD", "QD")
    both_pass(m)
    play(m, (0, {"move": "draw", "source": "stock"}))
    assert {"move": "knock", "card": "QD"} in m.legal(0) and {"move": "discard", "card": "QD"} in m.legal(0)
    events = play(m, (0, {"move": "discard", "card": "QD"}))
    assert [e["type"] for e in events] == ["discarded"] and m.view(1)["phase"] == "draw"


def test_gin_must_be_declared_and_scores_bonus():
    """ジン: with 0 deadwood the player must knock; gin scores the opponent's deadwood + 25."""
    m = start(MELDED9 + " 9D", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "KD", "7H")
    both_pass(m)
    play(m, (0, {"move": "draw", "source": "stock"}))
    assert knock_deadwood(m.view(0)["hand"], "9D") == 0
    result = m.submit(0, {"move": "discard", "card": "9D"})
    assert isinstance(result, Rejected) and "must knock" in result.reason
    events = play(m, (0, {"move": "knock", "card": "9D"}))
    assert [e["type"] for e in events] == ["knocked", "hand_scored"]
    # Seat 1: 2C 3C 4C and JC QC KC meld; 5D 6D 8S 9S is 28 deadwood.
    assert events[1]["kind"] == "gin" and events[1]["points"] == 28 + 25
    assert m.view(0)["scores"] == [53, 0]


def test_no_layoffs_against_gin():
    """【重要2】 the defender lays nothing off against gin."""
    # 8H would lay off on the knocker's 4H 5H 6H 7H run; against gin it stays deadwood.
    m = start("AS 2S 3S 4H 5H 6H 7C 7D 7S 9D", "8H 2C 3C 4C 5D 6D 9S JC QC KC", "KD", "7H")
    both_pass(m)
    events = play(m, (0, {"move": "draw", "source": "stock"}), (0, {"move": "knock", "card": "9D"}))
    assert events[0]["gin"] and events[0]["layoffs"] == []
    assert events[1]["deadwood"][1] == 8 + 5 + 6 + 9  # 8H counts
    assert m.view(1)["phase"] == "hand_over"


LAYOFF_KNOCKER = "4S 5S 6S 8H 8D 8C JH QH KH 3D"  # deadwood 3 after discarding the drawn TC
LAYOFF_DEFENDER = "9S 9C 9D 2C 3C 4C 5C 7S 2H AH"  # deadwood 10, or 3 with 7S laid off


def knocked_for_layoff(**options):
    m = start(LAYOFF_KNOCKER, LAYOFF_DEFENDER, "KS", "TC", **options)
    both_pass(m)
    play(m, (0, {"move": "draw", "source": "stock"}), (0, {"move": "knock", "card": "TC"}))
    return m


def test_defender_lays_off_and_knocker_cannot():
    """【重要1】 only the defender lays off onto the knocker's melds; the knocker never does."""
    m = knocked_for_layoff()
    assert m.to_act == {1} and m.view(1)["phase"] == "layoff"
    assert isinstance(m.submit(0, {"move": "layoff", "card": "3D", "meld": 0}), Rejected)
    reveal = m.view(1)["reveal"]
    assert reveal["layoffs"] == [{"card": "7S", "meld": 0}]  # the default lays 7S on 4S-6S
    assert reveal["defender_deadwood"] == 3


def test_knock_tie_is_an_undercut():
    """Undercut: the knocker's deadwood equal to the defender's counts as an undercut (seed: 同じか)."""
    m = knocked_for_layoff()
    events = play(m, (1, {"move": "done"}))
    assert events[0]["kind"] == "undercut" and events[0]["winner"] == 1
    assert events[0]["points"] == 0 + 25 and m.view(1)["scores"] == [0, 25]


def test_undercut_when_the_knocker_has_more():
    """アンダーカット: the knocker's count above the defender's gives the defender the difference + 25."""
    m = start(LAYOFF_KNOCKER, "9S 9C 9D 2C 3C 4C 5C 7S AH AD", "KS", "TC")
    both_pass(m)
    play(m, (0, {"move": "draw", "source": "stock"}), (0, {"move": "knock", "card": "TC"}))
    events = play(m, (1, {"move": "done"}))
    assert events[0]["deadwood"] == [3, 2]  # 3D against AH AD (7S laid off on 4S-6S)
    assert events[0]["kind"] == "undercut" and events[0]["winner"] == 1 and events[0]["points"] == 1 + 25


def test_undercut_bonus_option_ten():
    """Variation: the undercut bonus may be 10 instead of 25."""
    m = knocked_for_layoff(undercut_bonus=10)
    events = play(m, (1, {"move": "done"}))
    assert events[0]["points"] == 10


def test_gin_bonus_stays_25_with_the_undercut_option():
    """Variation: ジン25点、アンダーカット10点 — the house rule lowers only the undercut bonus."""
    m = start(MELDED9 + " 9D", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "KD", "7H", undercut_bonus=10)
    both_pass(m)
    events = play(m, (0, {"move": "draw", "source": "stock"}), (0, {"move": "knock", "card": "9D"}))
    assert events[1]["kind"] == "gin" and events[1]["points"] == 28 + 25


def test_rearranging_without_the_layoff_lets_the_knock_win():
    """The defender may rearrange; without laying 7S off, the knock wins by 10 - 3 = 7."""
    m = knocked_for_layoff()
    play(m, (1, {"move": "arrange", "melds": [["9S", "9C", "9D"], ["2C", "3C", "4C", "5C"]]}))
    assert m.view(1)["reveal"]["layoffs"] == []
    events = play(m, (1, {"move": "done"}))
    assert events[0]["kind"] == "knock" and events[0]["winner"] == 0 and events[0]["points"] == 7


def test_layoff_command_checks_the_fit():
    m = knocked_for_layoff()
    play(m, (1, {"move": "arrange", "melds": [["9S", "9C", "9D"]]}))
    assert m.submit(1, {"move": "layoff", "card": "2H", "meld": 0}).reason == "2H does not fit that meld"
    assert "rearrange" in m.submit(1, {"move": "layoff", "card": "9S", "meld": 0}).reason
    play(m, (1, {"move": "layoff", "card": "7S", "meld": 0}))
    assert m.view(0)["reveal"]["extended_melds"][0] == ["4S", "5S", "6S", "7S"]
    assert m.submit(1, {"move": "arrange", "melds": [["2C", "3C"]]}).reason.endswith(
        "is not a meld (3+ of a rank, or a run of 3+ in one suit)"
    )


def test_layoffs_extend_runs_at_either_end_and_complete_sets():
    """付け足す: a layoff may extend a run at either end (one laid card after another) or add the
    fourth card of a set; a card that fits nowhere is refused."""
    m = start(LAYOFF_KNOCKER, "2S 3S 7S 8S TH 9D 9C 2C 5C AD", "KS", "TC")
    both_pass(m)
    play(m, (0, {"move": "draw", "source": "stock"}), (0, {"move": "knock", "card": "TC"}))
    play(m, (1, {"move": "arrange", "melds": []}))
    melds = m.view(1)["reveal"]["melds"]
    wanted = (["4S", "5S", "6S"], ["JH", "QH", "KH"], ["8H", "8D", "8C"])
    run, hearts, eights = (melds.index(x) for x in wanted)
    assert m.submit(1, {"move": "layoff", "card": "2S", "meld": run}).reason == "2S does not fit that meld"
    for card, k in (("3S", run), ("2S", run), ("7S", run), ("8S", eights), ("TH", hearts)):
        play(m, (1, {"move": "layoff", "card": card, "meld": k}))
    reveal = m.view(0)["reveal"]
    assert reveal["extended_melds"][run] == ["2S", "3S", "4S", "5S", "6S", "7S"]
    assert reveal["extended_melds"][eights] == ["8S", "8H", "8D", "8C"]
    assert reveal["extended_melds"][hearts] == ["TH", "JH", "QH", "KH"]
    assert reveal["defender_deadwood"] == 9 + 9 + 2 + 5 + 1


def test_knocker_default_leaves_least_to_lay_off():
    """Facts (ours): among the knocker's best arrangements, the one the defender can lay off least on."""
    # AS 2S 3S 4S 4H 4D 4C: A-4S + 4H 4D 4C, or A-3S + four 4s. The defender holds 5S.
    m = start("AS 2S 3S 4S 4H 4D 4C 2H 3D AC", "5S 9S 9C 9D JC QC KC 6H 7H 8H", "KS", "KD")
    both_pass(m)
    events = play(m, (0, {"move": "draw", "source": "stock"}), (0, {"move": "knock", "card": "KD"}))
    melds = sorted(sorted(x) for x in events[0]["melds"])
    assert melds == [["2S", "3S", "AS"], ["4C", "4D", "4H", "4S"]]
    assert events[0]["layoffs"] == []


def test_knocker_may_choose_melds():
    """A player may rearrange before confirming: the knock can carry the knocker's own melds."""
    m = start("AS 2S 3S 4S 4H 4D 4C 2H 3D AC", "5S 9S 9C 9D JC QC KC 6H 7H 8H", "KS", "KD")
    both_pass(m)
    play(m, (0, {"move": "draw", "source": "stock"}))
    bad = m.submit(0, {"move": "knock", "card": "KD", "melds": [["AS", "2S", "3S"]]})
    assert bad.reason == "Those melds leave 22 deadwood; knock needs 10 or less"
    events = play(
        m, (0, {"move": "knock", "card": "KD", "melds": [["AS", "2S", "3S", "4S"], ["4H", "4D", "4C"]]})
    )
    assert events[0]["layoffs"] == [["5S", 0]]


def test_scorer_deals_next_hand():
    """得点を得たプレイヤーを次の親: the player who scored deals the next hand."""
    m = knocked_for_layoff()
    play(m, (1, {"move": "done"}))
    assert m.to_act == {1} and m.view(0)["phase"] == "hand_over"
    assert m.submit(0, {"move": "next_hand"}).reason == "It is not your turn"
    play(m, (1, {"move": "next_hand"}))
    view = m.view(0)
    assert view["dealer"] == 1 and view["hand_number"] == 2 and view["phase"] == "first_upcard"
    assert view["history"][0]["totals"] == [0, 25] and view["reveal"] is None
    assert m.to_act == {1}


def test_dead_hand_when_stock_runs_down():
    """Facts (ours): stock at 2 and the drawer discards without knocking: dead hand, same dealer."""
    m = start("AS 3S 5S 7S 9S JS KS 2H 4H 6H", "AD 3D 5D 7D 9D JD KD 2C 4C 6C", "8C", dealer=1)
    both_pass(m)
    seat = 1
    while True:
        drawn = play(m, (seat, {"move": "draw", "source": "stock"}))[0]["card"]
        events = play(m, (seat, {"move": "discard", "card": drawn}))
        if m.view(0)["phase"] != "draw":
            break
        assert m.view(0)["stock"] > 2
        seat = 1 - seat
    assert m.view(0)["stock"] == 2
    assert [e["type"] for e in events] == ["discarded", "hand_dead"]
    assert m.view(0)["scores"] == [0, 0] and m.to_act == {1}
    play(m, (1, {"move": "next_hand"}))
    assert m.view(0)["dealer"] == 1


def test_knock_on_the_last_draw_is_scored_not_dead():
    """Dead hand (ours) needs a discard without a knock: knocking with the stock at 2 still counts."""
    m = start("AS 2S 3S 4H 5H 6H 7C 7D 7S KD", "AD 3D 5D 8D TD QD 2C 4C 9H JH", "6C")
    both_pass(m)
    seat = 0
    while m.view(0)["stock"] > 3:
        drawn = play(m, (seat, {"move": "draw", "source": "stock"}))[0]["card"]
        play(m, (seat, {"move": "discard", "card": drawn}))
        seat = 1 - seat
    assert seat == 0  # the dealer makes the 29th draw, leaving 2
    drawn = play(m, (0, {"move": "draw", "source": "stock"}))[0]["card"]
    assert m.view(0)["stock"] == 2
    events = play(m, (0, {"move": "knock", "card": drawn}))
    assert events[0]["type"] == "knocked" and m.view(1)["phase"] == "layoff"
    events = play(m, (1, {"move": "done"}))
    assert events[0]["type"] == "hand_scored" and events[0]["winner"] == 0


def test_two_players_only():
    """プレイ人数: 2人用 — a match takes exactly two seats."""
    from game.core.match import Match, Seat

    for seats in (1, 3):
        with pytest.raises(ValueError):
            Match.new(RULES, [Seat(f"P{i}") for i in range(seats)])


def test_first_dealer_is_drawn_at_random():
    """順番決め: without a fixed setup the first dealer is chosen at random (from the match seed)."""
    import random

    dealers = set()
    for seed in range(12):
        events = RULES.setup(RULES.empty(2, {}), None, random.Random(seed))
        dealers.add(events[0]["dealer"])
        assert sorted(events[0]["deck"]) == sorted(DECK)  # 52 cards, no jokers, shuffled
    assert dealers == {0, 1}


def test_reaching_exactly_the_target_wins():
    """勝利条件: 先に取ったほうが勝ち — reaching the target exactly (100) ends the match."""
    from dataclasses import replace

    m = start(MELDED9 + " 9D", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "KD", "7H")
    both_pass(m)
    play(m, (0, {"move": "draw", "source": "stock"}))
    state = replace(m.state, scores=(47, 30))  # as if earlier hands had scored these
    for event in RULES.decide(state, 0, {"move": "knock", "card": "9D"}, m.rng()):
        state = RULES.evolve(state, event)
    assert state.scores == (100, 30) and state.phase == "match_over"
    assert RULES.outcome(state).winners == (0,)
    below = replace(m.state, scores=(46, 30))
    for event in RULES.decide(below, 0, {"move": "knock", "card": "9D"}, m.rng()):
        below = RULES.evolve(below, event)
    assert below.scores == (99, 30) and below.phase == "hand_over"


def test_match_to_target_ends_the_match():
    """勝利条件: the first to reach the target (100, or 50 as an option) wins the match."""
    # A gin against 98 deadwood scores 123 in one hand.
    m = start(MELDED9 + " 9D", "KS KH QD QC JS JH TD TC 9S 9H", "2D", "7H")
    both_pass(m)
    play(m, (0, {"move": "draw", "source": "stock"}), (0, {"move": "knock", "card": "9D"}))
    assert m.view(0)["phase"] == "match_over" and m.to_act == frozenset()
    assert m.outcome.winners == (0,) and m.outcome.scores == (123.0, 0.0)
    assert m.submit(0, {"move": "next_hand"}).reason == "The match is over"


def test_target_fifty_option():
    m = knocked_for_layoff(target=50)
    assert m.state.target == 50
    play(m, (1, {"move": "done"}))
    assert m.view(0)["phase"] == "hand_over"  # 25 < 50


def test_first_dealer_option():
    """適当な方法で最初の親を決めます: the first dealer is drawn at random, or chosen at setup."""
    from game.core.match import Match, Seat

    seats = [Seat("Ann"), Seat("Bo")]
    for seat in (0, 1):
        dealers = {Match.new(RULES, seats, {"first_dealer": seat}, seed=s).state.dealer for s in range(8)}
        assert dealers == {seat}
    drawn = {Match.new(RULES, seats, {}, seed=s).state.dealer for s in range(16)}
    assert drawn == {0, 1}
    for bad in (2, True, "seat 1"):
        with pytest.raises(ValueError):
            Match.new(RULES, seats, {"first_dealer": bad}, seed=1)


def test_hand_over_explains_the_score():
    m = knocked_for_layoff()
    play(m, (1, {"move": "arrange", "melds": [["9S", "9C", "9D"], ["2C", "3C", "4C", "5C"]]}))
    play(m, (1, {"move": "done"}))
    last = m.view(0)["last_hand"]
    assert last["template"].format("Ann", "Bo") == "Ann knocked with 3, Bo had 10: Ann scores 7"
    assert RULES.describe(m.events[-1], ["Ann", "Bo"]) == "Ann knocked with 3, Bo had 10: Ann scores 7"


def test_legal_commands_are_all_accepted():
    m = knocked_for_layoff()
    for command in m.legal(1):
        assert not isinstance(RULES.decide(m.state, 1, command, m.rng()), Rejected)
    assert {"move": "done"} in m.legal(1) and m.legal(0) == []


def test_move_log_lines_hide_stock_cards():
    """The move log is public: a stock draw never names the card; a pile draw does."""
    m = start(MELDED9 + " 9D", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "KD", "QD")
    both_pass(m)
    events = play(m, (0, {"move": "draw", "source": "stock"}))
    line = RULES.describe(events[0], ["Ann", "Bo"])
    assert line == "Ann draws from the stock" and "QD" not in line
    events = play(m, (0, {"move": "discard", "card": "9D"}), (1, {"move": "draw", "source": "discard"}))
    assert RULES.describe(events[0], ["Ann", "Bo"]) == "Bo takes 9D from the discard pile"
    assert RULES.describe(m.events[0], ["Ann", "Bo"]) == "Ann deals hand 1"


def test_spectator_sees_no_hand_until_the_knock():
    m = knocked_for_layoff()
    spectator = m.view(None)
    assert spectator["hand"] == [] and spectator["reveal"]["hands"][1] == sorted(
        spectator["reveal"]["hands"][1], key=lambda c: ("SHDC".index(c[1]), "A23456789TJQK".index(c[0]))
    )
    fresh = start(MELDED9 + " 9D", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "KD").view(None)
    assert fresh["hand"] == [] and fresh["reveal"] is None and fresh["hand_counts"] == [10, 10]


def test_why_not_explains_from_the_view_without_changing_anything():
    from game.rules.ginrummy.face import FACE

    m = start(MELDED9 + " 9D", "2C 3C 4C 5D 6D 8S 9S JC QC KC", "KD", "QD")
    both_pass(m)
    before = m.state
    assert FACE.why_not(m.view(0), 0, {"move": "knock", "card": "9D"}).reason == "Draw a card first"
    assert FACE.why_not(m.view(1), 1, {"move": "draw", "source": "stock"}).reason == "It is not your turn"
    assert FACE.why_not(m.view(0), 0, {"move": "draw", "source": "stock"}) is None
    assert m.state is before and m.view(0)["phase"] == "draw" and len(m.view(0)["hand"]) == 10


@pytest.mark.parametrize(
    "setup",
    [{"deck": ["AS"] * 52, "dealer": 0}, {"deck": [1] * 52}, {"deck": "AS"}, {"deck": None, "dealer": 3}],
)
def test_bad_setup_is_a_clear_error(setup):
    import random

    with pytest.raises(ValueError):
        RULES.setup(RULES.empty(2, {}), setup, random.Random(0))


def test_the_match_outcome_names_seats_like_every_game():
    """The summary says "Seat N", which the results screen and replay turn into names."""
    import random

    from game.core.match import Match, Seat
    from game.core.ruleset import Budget

    m = Match.new(RULES, [Seat("A"), Seat("B")], {"target": 50}, seed=4)
    bot = RULES.bot("easy")
    while not m.finished:
        seat = min(m.to_act)
        m.submit(seat, bot.choose(m.view(seat), m.legal(seat), random.Random(len(m.events)), Budget()))
    assert m.outcome.summary.startswith(f"Seat {m.outcome.winners[0] + 1} wins")
    assert "{" not in m.outcome.summary


def test_redact_a_seat_sees_its_ten_cards_and_the_upcard_and_its_own_stock_draws_only():
    """Hidden cards: the non-dealer is dealt deck[:10], the dealer deck[10:20], deck[20] is the
    upcard; the stock's order and the other hand stay hidden, and so does a card another seat
    draws from the stock (a card from the pile is seen by everyone)."""
    from game.rules.ginrummy.ruleset import RULESET

    deck = [f"c{i}" for i in range(52)]
    deal = {"type": "deal", "number": 1, "dealer": 1, "deck": deck}
    seen = RULESET.redact(deal, 0)["deck"]
    assert seen[:10] == deck[:10] and seen[20] == deck[20] and set(seen[10:20] + seen[21:]) == {None}
    dealer = RULESET.redact(deal, 1)["deck"]
    assert dealer[10:21] == deck[10:21] and set(dealer[:10] + dealer[21:]) == {None}
    assert RULESET.redact(deal, None)["deck"][20] == "c20" and len(RULESET.redact(deal, None)["deck"]) == 52
    drew = {"type": "drew", "seat": 1, "source": "stock", "card": "7H"}
    assert RULESET.redact(drew, 1) == drew and RULESET.redact(drew, 0)["card"] is None
    took = {"type": "drew", "seat": 1, "source": "discard", "card": "7H"}
    assert RULESET.redact(took, 0) == took
