"""What a seat sees (issue 8, "view"): the public table, each player's played cards this visit,
who is still in, and for the seat itself what withdrawing now would win; and what the table
reads instead of working it out again (issue 34): each player's largest chain, what each
player still in leads or ties, and play_standing for cards not yet played."""

from game.rules.tajmahal.face.data import CARDS, SPECIAL_ID
from game.rules.tajmahal.face.standing import play_standing
from game.rules.tajmahal.rules import would_win
from game.rules.tajmahal.ruleset import RULESET
from tests.rules.tajmahal.helpers import PURPLE, RED, match, ok, play, withdraw


def card(colour: str, *symbols: str) -> int:
    return next(c.id for c in CARDS if c.colour == colour and c.symbols == symbols)


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

    from game.rules.tajmahal.face.board import load

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


def test_every_view_carries_each_players_largest_chain_through_its_palaces_and_mogul_palaces():
    """宮殿の連鎖: a chain is cities joined by roads, each holding the player's palace; the view
    names each player's largest (most provinces, then most cities) for the table to show."""
    m = match(
        palaces=[
            *[[c, 0] for c in ("Peshawar", "Baramulla", "Jammu", "Sialkot", "Delhi")],
            *[[c, 1] for c in ("Mathura", "Agra", "Kabul", "Jalalabad")],
        ],
        moguls=[["Delhi", 1]],  # beside seat 0's palace: a shared city serves both
    )
    for seat in (0, 1, 2, None):
        players = RULESET.view(m.state, seat)["players"]
        # Kabul-Kashmir-Lahore by road; seat 0's lone palace in Delhi is a smaller chain
        assert players[0]["chain"] == {
            "cities": ["Baramulla", "Jammu", "Peshawar", "Sialkot"],
            "provinces": ["Kabul", "Kashmir", "Lahore"],
        }
        # the mogul's palace in Delhi joins Agra's two palaces; Kabul-Jalalabad spans one province
        assert players[1]["chain"] == {"cities": ["Agra", "Delhi", "Mathura"], "provinces": ["Agra", "Delhi"]}
        assert players[2]["chain"] == {"cities": [], "provinces": []}
        assert [p["palaces"] for p in players] == [5, 5, 0]


def test_of_two_chains_as_large_the_view_names_the_one_with_the_first_city():
    m = match(palaces=[["Kabul", 0], ["Jalalabad", 0], ["Mathura", 0], ["Agra", 0]])
    chain = RULESET.view(m.state, None)["players"][0]["chain"]
    assert chain == {"cities": ["Agra", "Mathura"], "provinces": ["Agra"]}


def test_the_view_says_what_each_player_still_in_leads_and_ties_and_a_withdrawn_player_nothing():
    """Played cards lie face up, so every seat (and a spectator) sees every standing."""
    m = match(hands=[[6, 7], [27, 28], RED])
    ok(play(m, 0, 6))  # elephant + vizier
    ok(play(m, 1, 27))  # elephant + vizier
    ok(play(m, 2, RED[5]))  # elephant + princess
    for seat in (0, 1, 2, None):
        players = RULESET.view(m.state, seat)["players"]
        assert [(p["leads"], p["ties"]) for p in players] == [
            ([], ["vizier", "elephant"]),
            ([], ["vizier", "elephant"]),
            (["princess"], ["elephant"]),
        ]
    ok(play(m, 0, 7))  # a second elephant and vizier
    ok(withdraw(m, 1))  # seat 1 leaves with nothing
    for seat in (0, 1, 2, None):
        players = RULESET.view(m.state, seat)["players"]
        assert [(p["leads"], p["ties"]) for p in players] == [
            (["vizier", "elephant"], []),
            ([], []),
            (["princess"], []),
        ]
    ok(m.submit(1, {"move": "pick", "cards": list(m.state.display[:2])}))
    assert RULESET.view(m.state, 0)["would_win"] == ["vizier", "elephant"]  # the seat's own leads


def test_play_standing_adds_the_cards_to_what_the_seat_showed_against_the_players_still_in():
    v = {
        "players": [
            {"seat": 0, "shown": {"vizier": 1}, "in_visit": True},
            {"seat": 1, "shown": {"vizier": 2, "monk": 1}, "in_visit": True},
            {"seat": 2, "shown": {"elephant": 3}, "in_visit": False},
        ],
        "won": {},
    }
    green_vizier_general = next(
        c.id for c in CARDS if c.colour == "green" and c.symbols == ("vizier", "general")
    )
    white_monk = next(c.id for c in CARDS if c.colour == "white" and c.symbols == ("monk",))
    two_elephants = next(c.id for c in CARDS if c.colour == "green" and c.symbols == ("elephant", "elephant"))
    assert play_standing(v, 0, [green_vizier_general, white_monk]) == (["general"], ["vizier", "monk"])
    assert play_standing(v, 0, [two_elephants]) == (["elephant"], [])  # the withdrawn seat's 3 do not count
    assert play_standing(v, 0) == ([], [])  # one vizier against two


def test_play_standing_leaves_out_the_categories_won_this_visit():
    v = {
        "players": [{"seat": 0, "shown": {"general": 3}, "in_visit": True}],
        "won": {"general": 1},
    }
    assert play_standing(v, 0) == ([], [])


def test_with_no_cards_play_standing_is_the_views_own_standing_in_random_games():
    from game.rules.tajmahal.bench import play_random

    for seed in range(3):
        game = play_random(seed, seats=3 + seed)
        state = RULESET.empty(len(game.seats), {})
        for event in game.events:
            state = RULESET.evolve(state, event)
            if state.phase in ("setup", "over"):
                continue
            v = RULESET.view(state, state.turn)
            for p in v["players"]:
                if p["in_visit"]:
                    assert play_standing(v, p["seat"]) == (p["leads"], p["ties"])
            if state.phase == "play":
                assert v["would_win"] == would_win(state, state.turn)


def test_redact_a_seat_sees_its_own_hand_and_draws_never_anothers_or_the_deck_order():
    """Hidden cards: the setup shows each seat its own hand, a draw shows the drawer its cards,
    a reshuffle shows nobody the new order; counts stay (None in place of each card)."""
    from game.rules.tajmahal.ruleset import RULESET

    setup = {"type": "setup", "hands": [[1, 2], [3, 4]], "deck": [5, 6, 7], "display": [8]}
    mine = RULESET.redact(setup, 0)
    assert mine["hands"] == [[1, 2], [None, None]] and mine["deck"] == [None] * 3 and mine["display"] == [8]
    assert RULESET.redact(setup, None)["hands"] == [[None, None], [None, None]]
    draw = {"type": "draw", "seat": 1, "cards": [9, 10], "reason": "free"}
    assert RULESET.redact(draw, 1) == draw and RULESET.redact(draw, 0)["cards"] == [None, None]
    assert RULESET.redact({"type": "reshuffle", "order": [4, 5]}, 0)["order"] == [None, None]
    assert RULESET.describe(RULESET.redact(draw, 0), ["A", "B"])  # the log reads what a seat sees
    play = {"type": "play", "seat": 0, "cards": [11], "colour": "red"}
    assert RULESET.redact(play, 1) == play  # played in the open
