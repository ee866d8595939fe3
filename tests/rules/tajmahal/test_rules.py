"""Taj Mahal rules, one test per rule; sections cite the seed (tajmahal-rules-ja.txt)."""

import json
from collections import Counter

import pytest

from game.core.match import Match, Seat
from game.core.rng import derive
from game.core.ruleset import Rejected
from game.rules.tajmahal.face.board import load
from game.rules.tajmahal.face.data import BONUSES, SPECIAL_ID, TILE_GOODS
from game.rules.tajmahal.rules import chain_provinces, hand_points
from game.rules.tajmahal.ruleset import RULESET
from game.rules.tajmahal.state import Player
from tests.rules.tajmahal.helpers import GREEN, PURPLE, RED, leave, match, ok, play, types, withdraw


# -- 準備 (setup) -----------------------------------------------------------------------------
@pytest.mark.parametrize(("seats", "display"), [(3, 5), (4, 7), (5, 9)])
def test_setup_deals_6_cards_and_a_display_of_5_7_9(seats, display):
    m = match(seats, seed=seats)
    s = m.state
    assert all(len(p.hand) == 6 for p in s.players)
    assert len(s.display) == display
    assert len(s.deck) == 96 - 6 * seats - display
    assert sorted(s.all_cards()) == list(range(100))


def test_setup_agra_is_tile_12_and_the_others_are_shuffled():
    orders = {tuple(match(4, seed=k).state.order) for k in range(6)}
    assert all(o[-1] == "Agra" and len(set(o)) == 12 for o in orders)
    assert len(orders) > 1


def test_setup_bonus_tiles_on_fortresses_taj_on_agra():
    m = match(4, seed=3)
    bonus = dict(m.state.bonus)
    assert bonus["Agra"] == "taj"
    assert Counter(v for k, v in bonus.items() if k != "Agra") == Counter(BONUSES)
    assert len(bonus) == 16


def test_setup_bonus_tiles_are_placed_at_random():
    layouts = {tuple(sorted(match(4, seed=k).state.bonus)) for k in range(6)}
    assert len(layouts) > 1


def test_setup_start_player_is_chosen_at_random():
    assert {match(4, seed=k).state.start for k in range(12)} == {0, 1, 2, 3}


def _opened(seats: int, seed: int, **options) -> Match:
    return Match.new(RULESET, [Seat(f"P{i}") for i in range(seats)], options, seed)


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_setup_start_player_option_the_chosen_seat_starts(seats):
    """先頭プレイヤーを決めます ("somehow"): our setup offers a chosen seat or a draw."""
    for first in range(seats):
        m = _opened(seats, 7, first=first)
        assert m.events[0]["start"] == first
        assert m.state.start == first and m.state.turn == first and m.to_act == {first}


def test_setup_start_player_option_random_draws_from_the_rng():
    """Drawn at random (the default): the draw comes from the match's random source, after the
    province and bonus tiles, so a seed gives the same start it gave before the option existed."""
    for seed in range(12):
        drawn = _opened(4, seed, first="random")
        rng = derive(seed, 0)
        others = [p for p in load().provinces if p != "Agra"]
        rng.shuffle(others)
        rng.shuffle(list(BONUSES))
        assert drawn.state.start == rng.randrange(4)
        assert drawn.events == _opened(4, seed).events  # the default is the draw
    assert {_opened(4, seed).state.start for seed in range(12)} == {0, 1, 2, 3}


def test_setup_start_player_option_chosen_seat_keeps_the_seed_deal():
    """The draw is made whoever starts, so choosing a seat changes nothing else in the deal."""
    drawn = _opened(4, 5).events[0]
    chosen = _opened(4, 5, first=(drawn["start"] + 1) % 4).events[0]
    assert {**chosen, "start": drawn["start"]} == drawn


def test_setup_start_player_option_a_fixed_setup_start_wins():
    m = Match.new(RULESET, [Seat(f"P{i}") for i in range(3)], {"first": 2}, 1, {"start": 1})
    assert m.state.start == 1


@pytest.mark.parametrize("first", [3, -1, "2", True, None])
def test_setup_start_player_option_must_name_a_seat_in_play(first):
    with pytest.raises(ValueError, match="start player"):
        _opened(3, 1, first=first)


def test_setup_start_player_option_an_old_log_without_it_folds_the_same():
    """A save from before the option has no "first": it loads as drawn at random, as it was."""
    m = _opened(3, 11)
    seat = next(iter(m.to_act))
    ok(m.submit(seat, m.legal(seat)[0]))
    old = m.to_json()
    old["options"] = {k: v for k, v in old["options"].items() if k != "first"}
    assert "first" not in old["options"]
    loaded = Match.from_json(json.loads(json.dumps(old)))
    assert loaded.state == m.state and loaded.events == m.events
    assert loaded.state.first == -1 and loaded.state.start == m.events[0]["start"]
    seat = next(iter(loaded.to_act))
    ok(loaded.submit(seat, loaded.legal(seat)[0]))  # and plays on


def test_setup_special_cards_lie_beside_the_board():
    v = match(3).view(0)
    assert sorted(v["table_specials"]) == ["change", "elephant", "mogul", "points"]


def test_province_goods_table_has_four_of_each_good():
    goods = Counter(g for tile in TILE_GOODS.values() for g in tile)
    assert goods == {"rice": 4, "tea": 4, "spice": 4, "jewel": 4}


# -- カードのプレイ (playing cards) -------------------------------------------------------------
def test_a_turn_is_one_coloured_card_plus_at_most_one_white_or_special():
    m = match(hands=[[GREEN[0], GREEN[1], 84, 85, 27], PURPLE, RED])
    assert "exactly one coloured" in play(m, 0, 84).reason  # white alone
    assert "exactly one coloured" in play(m, 0, GREEN[0], GREEN[1]).reason
    assert "one or two" in play(m, 0, GREEN[0], 84, 85).reason
    assert "from your hand" in play(m, 0, 60).reason
    ok(play(m, 0, GREEN[0], 84))
    assert m.state.players[0].played == (GREEN[0], 84)


def test_later_coloured_cards_must_share_the_first_colour():
    m = match(hands=[[GREEN[0], GREEN[1], 27], PURPLE, RED])
    ok(play(m, 0, GREEN[0]))
    ok(play(m, 1, PURPLE[0]))
    ok(play(m, 2, RED[0]))
    assert "must be green" in play(m, 0, 27).reason
    ok(play(m, 0, GREEN[1]))


def test_a_new_visit_may_use_a_new_colour():
    m = match(hands=[[GREEN[0], 27, 28], PURPLE, RED])
    ok(play(m, 0, GREEN[0]))
    for seat in (1, 2, 0):
        ok(withdraw(m, seat))
        while m.state.phase in ("build", "pick"):
            ok(m.submit(m.state.turn, RULESET.legal(m.state, m.state.turn)[0]))
    assert m.state.visit == 1 and m.state.players[0].colour == ""
    while 0 not in m.to_act:
        ok(m.submit(m.state.turn, {"move": "withdraw"}))
        while m.state.phase in ("build", "pick"):
            ok(m.submit(m.state.turn, RULESET.legal(m.state, m.state.turn)[0]))
    ok(play(m, 0, 27))


def test_colour_change_played_first_leaves_the_colour_open():
    """Special card 色変更: played on the first turn, the second turn's colour binds."""
    m = match(hands=[[27, 6, 7], PURPLE, RED], specials={"change": 0})
    ok(play(m, 0, 27, SPECIAL_ID["change"]))
    assert m.state.players[0].colour == ""
    ok(play(m, 1, PURPLE[0]))
    ok(play(m, 2, RED[0]))
    ok(play(m, 0, 6))
    assert m.state.players[0].colour == "green"


def test_only_one_special_card_per_turn():
    m = match(hands=[[6, 7], PURPLE, RED], specials={"change": 0, "points": 0})
    assert "one or two" in play(m, 0, 6, SPECIAL_ID["change"], SPECIAL_ID["points"]).reason
    assert "exactly one coloured" in play(m, 0, SPECIAL_ID["change"], SPECIAL_ID["points"]).reason


def test_points_special_scores_2_at_once_and_returns_to_hand_on_withdrawal():
    m = match(hands=[[6, 7], PURPLE, RED], specials={"points": 0})
    events = ok(play(m, 0, 6, SPECIAL_ID["points"]))
    assert types(events) == ["play", "score"] and m.state.players[0].score == 2
    ok(withdraw(m, 1))
    ok(m.submit(1, {"move": "pick", "cards": [89, 90]}))
    ok(withdraw(m, 2))
    ok(m.submit(2, {"move": "pick", "cards": [91, 92]}))
    ok(withdraw(m, 0))
    ok(m.submit(0, {"move": "build", "city": "Peshawar"}))
    assert SPECIAL_ID["points"] in m.state.players[0].hand
    assert SPECIAL_ID["points"] not in m.state.discard


def test_elephant_and_mogul_specials_count_as_symbols():
    m = match(hands=[[4], PURPLE, RED], specials={"elephant": 0, "mogul": 0})
    ok(play(m, 0, 4, SPECIAL_ID["mogul"]))
    assert RULESET.view(m.state, 0)["players"][0]["shown"] == {"elephant": 1, "mogul": 2}


# -- 撤退 (withdrawing) -----------------------------------------------------------------------
def test_withdrawing_wins_only_strict_majorities_against_players_still_in():
    m = match(hands=[[6, 7], [27, 28], RED])
    ok(play(m, 0, 6))  # elephant + vizier
    ok(play(m, 1, 27))  # elephant + vizier: a tie
    ok(play(m, 2, RED[0]))  # elephant + general
    events = ok(withdraw(m, 0))
    assert events[0]["won"] == []


def test_a_withdrawn_players_cards_no_longer_count():
    m = match(hands=[[6, 7], [27, 28], RED])
    ok(play(m, 0, 6))
    ok(play(m, 1, 27))
    ok(play(m, 2, RED[0]))
    ok(withdraw(m, 0))
    ok(m.submit(0, {"move": "pick", "cards": [89, 90]}))
    events = ok(withdraw(m, 1))
    assert events[0]["won"] == ["vizier"]  # seat 0's vizier left with him; seat 2 shows none


def test_each_prize_goes_to_one_player_per_visit():
    m = match(hands=[[6, 7], [27, 28], RED])
    ok(play(m, 0, 6))
    ok(withdraw(m, 1))  # without playing
    ok(m.submit(1, {"move": "pick", "cards": [89, 90]}))
    ok(play(m, 2, RED[0]))
    ok(withdraw(m, 0))  # vizier 1 > 0
    ok(m.submit(0, {"move": "build", "city": "Kabul"}))
    ok(m.submit(0, {"move": "pick", "cards": [91, 92]}))
    events = ok(withdraw(m, 2))  # last: general, elephant; vizier already taken
    assert events[0]["won"] == ["general", "elephant"]


def test_the_last_player_keeps_the_turn_until_he_withdraws():
    m = match(hands=[GREEN, PURPLE, RED])
    for seat in (0, 1):
        ok(withdraw(m, seat))
        ok(m.submit(seat, {"move": "pick", "cards": list(m.state.display[:2])}))
    for card in RED[:3]:
        assert RULESET.to_act(m.state) == {2}
        ok(play(m, 2, card))
    assert RULESET.to_act(m.state) == {2}


def test_withdrawing_without_playing_draws_the_top_card():
    m = match(hands=[GREEN, PURPLE, RED], deck=[77])
    events = ok(withdraw(m, 0))
    assert types(events) == ["withdraw", "clear", "draw"] and events[-1]["cards"] == [77]
    assert 77 in m.state.players[0].hand


def test_withdrawing_after_playing_gives_no_free_card():
    m = match(hands=[GREEN, PURPLE, RED], deck=[77])
    ok(play(m, 0, GREEN[0]))
    ok(play(m, 1, PURPLE[0]))
    ok(play(m, 2, RED[0]))
    assert "draw" not in types(ok(withdraw(m, 0)))


def test_person_majority_gives_influence_tile_and_a_palace_on_an_empty_city():
    m = match(hands=[[6, 7], PURPLE, RED])
    ok(play(m, 0, 6))
    ok(withdraw(m, 1))
    ok(m.submit(1, {"move": "pick", "cards": [89, 90]}))
    ok(withdraw(m, 2))
    ok(m.submit(2, {"move": "pick", "cards": [91, 92]}))
    ok(withdraw(m, 0))
    assert m.state.players[0].influence == ("vizier",)
    assert m.state.phase == "build" and m.state.builds == ("palace",)
    assert "Build in one of" in m.submit(0, {"move": "build", "city": "Delhi"}).reason
    ok(m.submit(0, {"move": "build", "city": "Peshawar"}))
    assert m.state.palaces == (("Peshawar", 0),)


def test_fortress_bonus_goes_to_the_palace_builder():
    m = match(hands=[[6, 7], PURPLE, RED], bonus={"Agra": "taj", "Ghazni": "points2"})
    ok(play(m, 0, 6))
    leave(m, 1, 2)
    ok(withdraw(m, 0))
    events = ok(m.submit(0, {"move": "build", "city": "Ghazni"}))
    points = [(e["reason"], e["points"]) for e in events if e["type"] == "score"]
    assert points[0] == ("points2", 2) and m.state.players[0].bonuses == ("points2",)
    assert "Ghazni" not in dict(m.state.bonus)


def test_draw_bonus_draws_a_card():
    m = match(hands=[[6, 7], PURPLE, RED], bonus={"Agra": "taj", "Ghazni": "draw"}, deck=[70, 71, 72, 73])
    ok(play(m, 0, 6))
    leave(m, 1, 2)
    ok(withdraw(m, 0))
    hand = m.state.players[0].hand
    events = ok(m.submit(0, {"move": "build", "city": "Ghazni"}))
    drawn = [e for e in events if e["type"] == "draw"]
    assert len(drawn) == 1 and drawn[0]["reason"] == "bonus"
    assert set(drawn[0]["cards"]) <= set(m.state.players[0].hand) - set(hand)


def test_elephant_majority_takes_the_province_tile():
    m = match(hands=[[18], PURPLE, RED])
    ok(play(m, 0, 18))
    ok(withdraw(m, 1))
    ok(m.submit(1, {"move": "pick", "cards": [89, 90]}))
    ok(withdraw(m, 2))
    ok(m.submit(2, {"move": "pick", "cards": [91, 92]}))
    events = ok(withdraw(m, 0))
    assert events[0]["won"] == ["elephant"] and m.state.players[0].tiles == (1,)
    assert ("province", 1) in [(e["reason"], e["points"]) for e in events if e["type"] == "score"]


def test_scoring_order_bonus_then_goods_then_palaces():
    m = match(hands=[[6, 7], PURPLE, RED], bonus={"Agra": "taj", "Ghazni": "tea"})
    ok(play(m, 0, 6))
    leave(m, 1, 2)
    ok(withdraw(m, 0))  # vizier and elephant (last player)
    events = ok(m.submit(0, {"move": "build", "city": "Ghazni"}))
    reasons = [e["reason"] for e in events if e["type"] == "score"]
    assert reasons == ["bonus", "province", "palaces"]


def test_palace_chain_counts_provinces_joined_through_the_players_own_palaces():
    """宮殿: +1 per other province (not city) reached by a road chain of your palaces."""
    board = load()
    m = match(palaces=[["Peshawar", 0], ["Baramulla", 0], ["Jammu", 0], ["Sialkot", 0], ["Lahore", 0]])
    assert chain_provinces(m.state, 0, "Kabul", board) == 2  # Kashmir and Lahore, each once
    assert chain_provinces(m.state, 0, "Lahore", board) == 2  # Kashmir and Kabul
    assert chain_provinces(m.state, 1, "Kabul", board) == 0


def test_palace_chain_is_broken_by_an_empty_city_or_another_players_palace():
    board = load()
    empty = match(palaces=[["Peshawar", 0], ["Jammu", 0], ["Sialkot", 0]])  # Baramulla empty
    assert chain_provinces(empty.state, 0, "Kabul", board) == 0
    rival = match(palaces=[["Peshawar", 0], ["Baramulla", 1], ["Jammu", 0], ["Sialkot", 0]])
    assert chain_provinces(rival.state, 0, "Kabul", board) == 0


def test_palace_chain_runs_through_a_city_both_players_share():
    """A city holding palaces of two players (here a mogul's palace beside a palace) serves both."""
    board = load()
    m = match(
        palaces=[["Peshawar", 0], ["Baramulla", 1], ["Jammu", 0], ["Sialkot", 0]],
        moguls=[["Baramulla", 0]],
    )
    assert chain_provinces(m.state, 0, "Kabul", board) == 2
    assert chain_provinces(m.state, 1, "Kashmir", board) == 0


def test_mogul_palace_may_not_take_a_fortress_bonus():
    m = match(hands=[[4], PURPLE, RED], bonus={"Agra": "taj", "Kabul": "points2"})
    ok(play(m, 0, 4))  # elephant + mogul
    leave(m, 1, 2)
    ok(withdraw(m, 0))
    assert m.state.builds == ("mogul",)
    events = ok(m.submit(0, {"move": "build", "city": "Kabul"}))
    assert events[0]["bonus"] is None and dict(m.state.bonus)["Kabul"] == "points2"


def test_the_last_withdrawer_takes_the_one_card_left():
    m = match(hands=[GREEN, PURPLE, RED])
    for seat in (0, 1):
        ok(withdraw(m, seat))
        ok(m.submit(seat, {"move": "pick", "cards": list(m.state.display[:2])}))
    ok(play(m, 2, RED[0]))
    left = m.state.display
    assert len(left) == 1
    ok(withdraw(m, 2))
    events = ok(m.submit(2, {"move": "build", "city": "Kabul"}))
    picks = [e for e in events if e["type"] == "pick"]
    assert picks == [{"type": "pick", "seat": 2, "cards": [left[0]]}]


def test_pick_must_take_two_different_display_cards():
    m = match(hands=[GREEN, PURPLE, RED])
    ok(withdraw(m, 0))
    for bad in ([89], [89, 89], [89, 5], "89"):
        assert isinstance(m.submit(0, {"move": "pick", "cards": bad}), Rejected)
    ok(m.submit(0, {"move": "pick", "cards": [89, 93]}))


# -- 訪問の終了 (end of a visit) -----------------------------------------------------------------
def finish_visit(m):
    while m.state.visit == 0:
        seat = m.state.turn
        cmd = RULESET.legal(m.state, seat)[-1] if m.state.phase == "play" else RULESET.legal(m.state, seat)[0]
        ok(m.submit(seat, cmd))


def test_start_player_passes_to_the_left_and_a_new_display_is_dealt():
    m = match(hands=[GREEN, PURPLE, RED], start=2)
    assert m.state.turn == 2
    finish_visit(m)
    assert m.state.start == 0 and m.state.turn == 0 and len(m.state.display) == 5
    assert m.state.province == "Kashmir" and m.state.won == ()


def test_pair_of_influence_tiles_wins_the_special_card_from_the_table():
    m = match(hands=[[6, 7], PURPLE, RED], influence=[["vizier"], [], []])
    ok(play(m, 0, 6))
    leave(m, 1, 2)
    ok(withdraw(m, 0))
    events = ok(m.submit(0, {"move": "build", "city": "Kabul"}))
    special = [e for e in events if e["type"] == "special"]
    assert special == [
        {"type": "special", "seat": 0, "person": "vizier", "card": SPECIAL_ID["mogul"], "from": None}
    ]
    assert SPECIAL_ID["mogul"] in m.state.players[0].hand
    assert m.state.players[0].influence == () and m.state.pool[0] == 6


def test_a_holder_who_wins_the_pair_again_returns_the_tiles_and_keeps_the_card():
    """スペシャルカード: a pair for a card you hold is simply handed back."""
    m = match(hands=[[12], PURPLE, RED], influence=[["monk"], [], []], specials={"change": 0})
    ok(play(m, 0, 12))  # elephant + monk
    leave(m, 1, 2)
    ok(withdraw(m, 0))
    events = ok(m.submit(0, {"move": "build", "city": "Kabul"}))
    special = [e for e in events if e["type"] == "special"]
    assert special == [
        {"type": "special", "seat": 0, "person": "monk", "card": SPECIAL_ID["change"], "from": 0}
    ]
    assert SPECIAL_ID["change"] in m.state.players[0].hand
    assert m.state.players[0].influence == () and m.state.pool[2] == 6


def test_leftover_display_cards_are_discarded_at_the_end_of_a_visit():
    """The last player takes one card even when more are left (here a display of 6 for 3
    players); what is left goes to the discard pile with the visit."""
    m = match(hands=[GREEN, PURPLE, RED], display=[89, 90, 91, 92, 93, 94])
    for seat, pair in ((0, [89, 90]), (1, [91, 92])):
        ok(withdraw(m, seat))
        ok(m.submit(seat, {"move": "pick", "cards": pair}))
    ok(withdraw(m, 2))
    assert m.state.picks == 1
    ok(m.submit(2, {"move": "pick", "cards": [94]}))
    assert m.state.visit == 1 and 93 in m.state.discard and 93 not in m.state.display


# -- ゲーム終了 (end of the game) --------------------------------------------------------------
def test_hand_points_special_white_and_most_numerous_colour():
    hand = (6, 7, 8, 27, 28, 84, 89, SPECIAL_ID["points"])
    assert hand_points(hand) == 3 + 3  # 2 white + 1 special, 3 green
    assert hand_points(()) == 0


def test_ties_break_on_palaces_then_share():
    from dataclasses import replace

    m = match(4, seed=5)
    s = replace(
        m.state,
        phase="over",
        players=tuple(Player(score=v) for v in (30, 30, 20, 30)),
        palaces=(("Kabul", 1), ("Ghazni", 1), ("Jammu", 3)),
    )
    assert RULESET.outcome(s).winners == (1,)
    s = replace(s, palaces=(("Kabul", 1), ("Jammu", 3)))
    assert RULESET.outcome(s).winners == (1, 3)


def test_a_whole_game_ends_after_twelve_visits_with_hand_scoring():
    m = match(4, seed=11)
    while not m.finished:
        seat = min(m.to_act)
        ok(m.submit(seat, RULESET.legal(m.state, seat)[-1]))
    assert m.state.visit == 12
    hand_events = [e for e in m.events if e["type"] == "score" and e["reason"] == "hand"]
    assert len(hand_events) == 4
    assert m.outcome.scores == tuple(float(p.score) for p in m.state.players)


def test_a_full_province_skips_the_palaces_it_has_no_room_for():
    """Palaces go on empty cities only; a preset board with none left gives no ordinary palace."""
    full = [["Kabul", 1], ["Jalalabad", 1], ["Ghazni", 2], ["Peshawar", 2]]
    m = match(hands=[[6, 7], PURPLE, RED], palaces=full)
    ok(play(m, 0, 6))
    leave(m, 1, 2)
    events = ok(withdraw(m, 0))
    assert events[0]["won"] == ["vizier", "elephant"] and events[0]["builds"] == []
    assert m.state.visit == 1


def test_card_ids_must_be_integers():
    m = match(hands=[[1, 6], PURPLE, RED])
    assert isinstance(m.submit(0, {"move": "play", "cards": [True]}), Rejected)
    assert isinstance(m.submit(0, {"move": "play", "cards": ["6"]}), Rejected)


def test_every_event_of_a_game_has_a_log_line():
    m = match(4, seed=2)
    while not m.finished:
        seat = min(m.to_act)
        ok(m.submit(seat, RULESET.legal(m.state, seat)[0]))
    names = ["Ann", "Bob", "Cid", "Dee"]
    for event in m.events:
        line = RULESET.describe(event, names)
        assert line and "{" not in line, event
    first = next(e for e in m.events if e["type"] == "play")
    assert RULESET.describe(first, names).startswith(f"{names[first['seat']]} plays ")
