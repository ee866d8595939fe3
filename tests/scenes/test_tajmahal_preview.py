"""What the Taj Mahal table says about a choice, worked out from a view: the categories a
play would lead or tie, what withdrawing gives, a player's largest chain, a visit's summary."""

from __future__ import annotations

from game.rules.tajmahal.data import CARDS
from game.rules.tajmahal.view import board_json
from game.scenes.tajmahal.chains import largest_chain
from game.scenes.tajmahal.preview import standing, withdraw_words
from game.scenes.tajmahal.sheets import summary_line, visit_summary


def card(colour: str, *symbols: str) -> int:
    return next(c.id for c in CARDS if c.colour == colour and c.symbols == symbols)


def view_with(shown: list[dict[str, int]], won: dict[str, int] | None = None, out: int | None = None):
    players = [
        {"seat": i, "shown": s, "in_visit": i != out, "played": [], "palaces": 0} for i, s in enumerate(shown)
    ]
    return {"players": players, "won": won or {}, "would_win": [], "visit": 1, "tile_goods": {"1": ["rice"]}}


def test_a_play_leads_where_it_passes_everyone_still_in_and_ties_where_it_draws_level():
    v = view_with([{"vizier": 1}, {"vizier": 2, "monk": 1}, {"elephant": 3}], out=2)
    lead, tie = standing(v, 0, [card("green", "vizier", "general"), card("white", "monk")])
    assert lead == ["general"] and tie == ["vizier", "monk"]  # the withdrawn seat's elephants do not count
    lead, _ = standing(v, 0, [card("green", "elephant", "elephant")])
    assert lead == ["elephant"]


def test_a_category_won_this_visit_is_out_of_reach():
    v = view_with([{"general": 3}, {"general": 1}], won={"general": 1})
    assert standing(v, 0) == ([], [])


def test_withdrawing_names_the_gains_and_the_free_card():
    v = view_with([{}, {}])
    assert withdraw_words(v, 0).startswith("Withdrawing now wins nothing; you draw a free card")
    v["would_win"] = ["vizier", "elephant"]
    v["players"][0]["played"] = [{"id": 0}]
    assert withdraw_words(v, 0) == (
        "Withdrawing now wins vizier, elephant: 1 palace and vizier influence; tile 1 (rice)."
    )


def test_the_largest_chain_follows_roads_between_cities_holding_the_seats_palaces():
    order = tuple(f"p{i}" for i in range(12))
    v = {"board": board_json(order), "palaces": [["Delhi", 0], ["Mathura", 0], ["Kabul", 0]], "moguls": []}
    roads = v["board"]["cities"]["Delhi"]["roads"]
    assert "Mathura" in roads  # the Grand Trunk road runs Delhi-Mathura
    cities, provinces = largest_chain(v, 0)
    assert cities == {"Delhi", "Mathura"} and provinces == {"Delhi", "Agra"}
    assert largest_chain(v, 1) == (set(), set())


def test_a_visit_summary_says_who_won_built_scored_and_took_in_words():
    events = [
        {"type": "withdraw", "seat": 1, "won": ["vizier", "mogul"], "builds": ["palace", "mogul"]},
        {"type": "build", "seat": 1, "city": "Delhi", "kind": "palace", "bonus": "points2"},
        {"type": "build", "seat": 1, "city": "Hisar", "kind": "mogul", "bonus": None},
        {"type": "score", "seat": 1, "points": 2, "reason": "points2"},
        {"type": "score", "seat": 1, "points": 3, "reason": "palaces", "chain": 2},
        {"type": "special", "seat": 1, "person": "vizier", "card": 98, "from": None},
    ]
    rows = visit_summary(events, 3)
    assert rows[1]["points"] == 5 and summary_line(rows[0]) == "won nothing"
    assert summary_line(rows[1]) == (
        "won vizier, mogul; built a palace in Delhi (+2 bonus), the mogul's palace in Hisar; "
        "points: 2 for a bonus tile + 3 for palaces (2 more provinces joined); takes the mogul card"
    )
