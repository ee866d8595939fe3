"""The Gin Rummy table in Japanese and English (issue 21): every moment a player meets (the
table at the start, a draw and discard turn, a knock with lay-offs, a gin, the hand's score
sheet, the match result) drawn in both languages with no label out of its box, Japanese
actually shown, and no English left over on screen in Japanese.

With GINRUMMY_SHOTS=<folder> set, each moment is also saved there as PNGs (name.png in
Japanese, name-en.png in English).
"""

from __future__ import annotations

import os

import pytest

from game.automation import Session
from game.core import i18n
from game.rules.ginrummy.face import scoring
from game.scenes.ginrummy import prompts
from game.scenes.ginrummy.table import GinRummyTable
from game.ui import text
from tests.rules.ginrummy.helpers import deck_for
from tests.scenes.label_fit import JAPANESE, Drawn, Overflow

MELDED = "AS 2S 3S 4H 5H 6H JC JD JH"
NAMES = {"Asha", "Bilal"}  # the seats, shown as typed


def undercut_deal() -> dict:
    """Bilal (seat 1) knocks with 9 after one draw; Asha lays 5C off on his club run: an undercut."""
    deck = deck_for(MELDED + " 5C", "2C 3C 4C 5D 6D 7D 8S 9S TS KH", "QH", "KD 9H", dealer=0)
    return {"deck": deck, "dealer": 0}


def gin_deal() -> dict:
    """Asha (dealer) takes the upcard 7H: her four melds then leave gin by throwing KS."""
    deck = deck_for("AS 2S 3S 4H 5H 6H JC JD JH KS", "2C 3C 4C 5D 6D 8S 9S TS QC KC", "7H", dealer=0)
    return {"deck": deck, "dealer": 0}


def opened(seats: list[str], setup: dict, **options) -> Session:
    session = Session.open("ginrummy", seats, seed=3, options={"first_dealer": 0, **options}, setup=setup)
    session.idle()
    return session


class Moments:
    """Checks a moment in both languages; keeps what Japanese drew with English words in it."""

    def __init__(self, monkeypatch):
        self.overflow = Overflow(monkeypatch)
        self.drawn = Drawn(monkeypatch)

    def problems(self, session: Session) -> list[str]:
        """What does not fit, or is cut (the move log's lines too: they wrap whole)."""
        return self.overflow.problems(session)

    @staticmethod
    def bar_fits(session: Session) -> bool:
        """The action bar's detail says all it has in its two lines."""
        table = session.app.top
        if not hasattr(table, "action_bar"):
            return True
        detail = table.notice or prompts.prompt(table)[1]
        shown = [b.rect.x for b in table.action_buttons if b.visible]
        width = table.action_bar.width(min(shown) if shown else None)
        return len(text.wrap(detail, width, 16)) <= 2

    def check(self, session: Session, moment: str) -> None:
        try:
            folder = os.environ.get("GINRUMMY_SHOTS")
            for language in ("en", "ja"):
                assert i18n.set_language(language) is None
                table = session.app.top
                if isinstance(table, GinRummyTable):  # as back from Settings: buttons sized anew
                    table.enter()
                self.drawn.clear()
                assert self.problems(session) == [], (moment, language)
                assert self.bar_fits(session), (moment, language)
                if folder:
                    os.makedirs(folder, exist_ok=True)
                    suffix = "" if language == "ja" else "-en"
                    session.screenshot(os.path.join(folder, f"{moment}{suffix}.png"))
        finally:
            i18n.set_language("en")
        assert self.drawn.japanese(), f"no Japanese drawn at {moment}"
        assert self.drawn.english(NAMES) == [], moment


@pytest.fixture
def moments(monkeypatch, bazaar_home):
    yield Moments(monkeypatch)
    i18n.set_language("en")


def test_a_knock_with_lay_offs_and_the_score_sheet_in_both_languages(moments):
    s = opened(["human", "human"], undercut_deal())
    try:
        if s.scene == "handoff":
            moments.check(s, "handoff")
            s.click("ready")
            s.idle()
        moments.check(s, "start")
        s.perform(0, {"move": "pass"})
        s.perform(1, {"move": "pass"})
        s.perform(0, {"move": "draw", "source": "stock"})
        s.idle()
        s.click("hand.KD")  # chosen: the bar says what discarding it leaves
        s.idle()
        moments.check(s, "turn")
        s.click("stock")  # refused: the bar says why
        moments.check(s, "refusal")
        s.key("v")
        moments.check(s, "pile-history")
        s.key("v")
        s.key("escape")  # chosen no more
        s.click("hint")
        s.idle()
        moments.check(s, "hint")
        s.perform(0, {"move": "discard", "card": "KD"})
        s.perform(1, {"move": "draw", "source": "stock"})
        s.perform(1, {"move": "knock", "card": "KH"})
        s.idle()
        assert s.table.spread is not None and s.table.spread.laid == {"5C"}
        moments.check(s, "knock")
        i18n.set_language("ja")
        laid_on = next(label for _, cards, label in s.table.spread.rows[1].groups if "5C" in cards)
        assert "レイオフ" in i18n.tr(laid_on)
        i18n.set_language("en")
        s.click("laid.5C")  # taken back: deadwood again, then chosen to lay off by hand
        s.idle()
        s.click("free.5C")
        s.idle()
        moments.check(s, "layoff-chosen")
        s.key("h")  # the hint while laying off: lay 5C off again, lit on the table
        s.idle()
        assert s.table.hint is not None and s.table.hint["move"] == "layoff"
        moments.check(s, "layoff-hint")
        s.click("least-deadwood")
        s.idle()
        s.perform(0, {"move": "done"})
        s.idle()
        moments.check(s, "undercut")
        s.click("score-sheet")
        s.idle()
        assert s.scene == "ginrummy-sheet"
        moments.check(s, "sheet")
    finally:
        s.close()


def test_a_gin_and_the_match_result_in_both_languages(moments):
    s = opened(["human", "easy"], gin_deal(), target=50)
    try:
        moments.check(s, "upcard")
        s.perform(0, {"move": "take_upcard"})
        s.idle()
        moments.check(s, "gin-forced")
        s.perform(0, {"move": "knock", "card": "KS"})
        s.idle()
        moments.check(s, "gin")
        s.click("score-sheet")
        s.idle()
        moments.check(s, "match-sheet")
        s.click("continue")
        s.idle()
        assert s.scene == "results"
        moments.check(s, "result")
    finally:
        s.close()


def test_the_hand_explanation_is_the_records_template_in_english_and_translates():
    """`scoring.explain` says what the stored template says, and says it in Japanese too."""
    for kd, dd, gin in ((3, 10, False), (9, 5, False), (0, 31, True)):
        result = scoring.score(1, kd, dd, gin, 25, 25)
        hand = {**result, "knocker": 1, "deadwood": [dd, kd]}
        said = scoring.explain(hand, ["Ann", "Bo"])
        assert said == result["template"].format("Ann", "Bo")
        try:
            i18n.set_language("ja")
            assert JAPANESE.search(i18n.tr(said))
        finally:
            i18n.set_language("en")
    dead = {"kind": "dead", "template": "The stock ran down to 2 cards: dead hand, no score; {1} deals again"}
    assert scoring.explain(dead, ["Ann", "Bo"]) == dead["template"].format("Ann", "Bo")
