"""What a seat sees (issue 8, "view"): the public table, each player's played cards this visit,
who is still in, and for the seat itself what withdrawing now would win."""

from game.rules.tajmahal import RULESET
from game.rules.tajmahal.data import SPECIAL_ID
from tests.rules.tajmahal.helpers import PURPLE, RED, match, ok, play, withdraw


def test_view_shows_every_players_played_cards_this_visit_with_colour_and_symbols():
    m = match(hands=[[6, 84], PURPLE, RED])
    ok(play(m, 0, 6, 84))  # green elephant + vizier, white vizier
    ok(play(m, 1, PURPLE[0]))
    for seat in (0, 1, 2, None):
        v = RULESET.view(m.state, seat)
        assert v["players"][0]["played"] == [
            {"id": 6, "colour": "green", "symbols": ["elephant", "vizier"]},
            {"id": 84, "colour": "white", "symbols": ["vizier"]},
        ]
        assert v["players"][0]["shown"] == {"elephant": 1, "vizier": 2}
        assert v["players"][0]["colour"] == "green"
        assert v["players"][1]["played"][0]["id"] == PURPLE[0]
        assert v["players"][2]["played"] == []


def test_view_shows_who_is_still_in_the_visit():
    m = match(hands=[[6, 7], PURPLE, RED])
    ok(withdraw(m, 0))
    ok(m.submit(0, {"move": "pick", "cards": [89, 90]}))
    v = RULESET.view(m.state, 1)
    assert [p["in_visit"] for p in v["players"]] == [False, True, True]


def test_would_win_is_shown_to_the_seat_itself_only():
    m = match(hands=[[6, 7], [27, 28], RED])
    ok(play(m, 0, 6))  # elephant + vizier
    ok(play(m, 1, 27))  # elephant + vizier: ties both
    ok(play(m, 2, RED[5]))  # elephant + princess
    assert RULESET.view(m.state, 0)["would_win"] == []
    assert RULESET.view(m.state, 2)["would_win"] == ["princess"]
    ok(play(m, 0, 7))
    assert RULESET.view(m.state, 0)["would_win"] == ["vizier", "elephant"]
    assert RULESET.view(m.state, 1)["would_win"] == []  # against seat 0's two of each
    assert RULESET.view(m.state, None)["would_win"] == []


def test_a_seat_sees_its_own_hand_only_and_every_hand_size():
    m = match(hands=[[6, 7], PURPLE, RED], specials={"points": 1})
    v = RULESET.view(m.state, 0)
    assert [c["id"] for c in v["hand"]] == [6, 7]
    assert [p["hand_size"] for p in v["players"]] == [2, 7, 6]
    assert v["players"][1]["specials"] == ["points"]  # special cards are face up
    assert RULESET.view(m.state, None)["hand"] == []
    assert {"id": SPECIAL_ID["points"], "colour": "special", "symbols": [], "special": "points"} in (
        RULESET.view(m.state, 1)["hand"]
    )


def test_the_view_carries_the_board_so_an_outside_bot_needs_no_level_file():
    """Issue 23: provinces with their cities, goods by name, roads, fortresses, in plain JSON."""
    import json

    from game.rules.tajmahal import load

    m = match(4, seed=3)
    board = load()
    for seat in (0, None):
        v = json.loads(json.dumps(RULESET.view(m.state, seat)))
        b = v["board"]
        assert list(b["provinces"]) == list(board.provinces)
        for name, p in b["provinces"].items():
            assert p["cities"] == list(board.provinces[name].cities)
            assert p["tile"] == v["order"].index(name) + 1
            assert p["goods"] == v["tile_goods"][str(p["tile"])]
            assert set(p["borders"]) == set(board.borders[name])
        assert b["provinces"]["Agra"]["tile"] == 12 and b["provinces"]["Agra"]["goods"] == ["tea", "jewel"]
        assert {tuple(r) for r in b["roads"]} == set(board.roads) and len(b["roads"]) == 75
        assert ["Delhi", "Mathura"] in b["roads"]
        assert sorted(b["fortresses"]) == sorted(board.fortresses) and b["taj"] == "Agra"
        for name, c in b["cities"].items():
            assert c["province"] == board.cities[name].province
            assert c["roads"] == list(board.neighbours[name])
            assert c["fortress"] is board.cities[name].fortress
