"""What the Taj Mahal table says about a choice, in words, from a view: the categories a play
would lead or tie, what withdrawing gives, a visit's summary. The comparisons themselves (and a
player's largest chain) are the rules' (tests/rules/tajmahal/test_view.py)."""

from __future__ import annotations

from game.core import i18n
from game.rules.tajmahal.face.data import CARDS
from game.scenes.tajmahal.preview import play_words, withdraw_words
from game.scenes.tajmahal.sheets import summary_line, visit_summary


def card(colour: str, *symbols: str) -> int:
    return next(c.id for c in CARDS if c.colour == colour and c.symbols == symbols)


def view_with(shown: list[dict[str, int]], won: dict[str, int] | None = None, out: int | None = None):
    players = [
        {"seat": i, "shown": s, "in_visit": i != out, "played": [], "palaces": 0} for i, s in enumerate(shown)
    ]
    return {"players": players, "won": won or {}, "would_win": [], "visit": 1, "tile_goods": {"1": ["rice"]}}


def test_a_play_is_worded_with_what_it_would_lead_and_tie():
    v = view_with([{"vizier": 1}, {"vizier": 2, "monk": 1}, {"elephant": 3}], out=2)
    words = play_words(v, 0, [card("green", "vizier", "general"), card("white", "monk")])
    assert words == "You would lead general (tied in vizier, monk); withdrawing then wins what you lead."
    words = play_words(v, 0, [card("green", "elephant", "elephant")])
    assert words == "You would lead elephant; withdrawing then wins what you lead."


def test_a_play_that_leads_nothing_says_so():
    v = view_with([{"general": 3}, {"general": 1}], won={"general": 1})
    assert play_words(v, 0, []).startswith("You would lead nothing")


def test_a_play_that_only_ties_says_a_tie_wins_nothing_in_both_languages():
    """Issue 44: a play that led nothing but tied was worded "You would lead nothing (tied in
    princess, elephant)", in Japanese "なしでトップになります（王女・象は同数）"."""
    v = view_with([{"princess": 1, "elephant": 1}, {"princess": 1, "elephant": 2}, {"princess": 2}])
    words = play_words(v, 0, [card("yellow", "elephant", "princess")])
    assert words == "You would lead nothing, only tie in princess, elephant; a tie wins nothing."
    i18n.set_language("ja")
    try:
        said = i18n.tr(words)
    finally:
        i18n.set_language("en")
    assert said == "どの種類でもトップにならず、王女・象は同数です。同数では何も勝ち取れません。"
    assert "なしでトップ" not in said


def test_withdrawing_names_the_gains_and_the_free_card():
    v = view_with([{}, {}])
    assert withdraw_words(v, 0).startswith("Withdrawing now wins nothing; you draw a free card")
    v["would_win"] = ["vizier", "elephant"]
    v["players"][0]["played"] = [{"id": 0}]
    assert withdraw_words(v, 0) == (
        "Withdrawing now wins vizier, elephant: 1 palace and vizier influence; tile 1 (rice)."
    )


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
