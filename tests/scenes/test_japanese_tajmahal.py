"""Taj Mahal in Japanese and English (issue 21): the table at the start with five players, a
visit in progress with the preview of a choice, a visit's summary after withdrawals, and the
final scoring. Every label fits its box in both languages, Japanese is what is shown, and no
English word is left on a Japanese screen (player names aside)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from game.automation import Session
from game.core import i18n
from game.rules.tajmahal.ruleset import RULESET
from game.scenes.tajmahal import art
from game.scenes.tajmahal.sheets import TajMahalResult, VisitSheet
from tests.scenes.label_fit import Drawn, Overflow

FIVE = ["human", "easy", "easy", "easy", "easy"]


def start() -> Session:
    s = Session.open("tajmahal", FIVE, seed=3, setup={"start": 0})
    s.idle()
    return s


def previewing() -> Session:
    """The person has chosen a card: the bar says what playing it would do."""
    s = start()
    play = next(c for c in s.legal(0) if c["move"] == "play" and len(c["cards"]) == 1)
    hand = s.table.hand()
    s.click(f"hand.{hand.index(play['cards'][0])}")
    s.idle()
    return s


def finish_my_withdrawal(s: Session) -> None:
    while s.waiting() == [0] and s.app.top is s.table and s.view(0)["phase"] in ("build", "pick"):
        s.perform(0, s.legal(0)[0])
        s.idle()


def visit_summary() -> Session:
    """The person withdraws at once; the bots play the visit out: its summary stands."""
    s = start()
    s.perform(0, {"move": "withdraw"})
    s.idle()
    finish_my_withdrawal(s)
    for _step in range(200):
        if isinstance(s.app.top, VisitSheet):
            break
        s.idle()
        if s.waiting() == [0] and s.app.top is s.table:
            s.perform(0, s.legal(0)[0])
    assert isinstance(s.app.top, VisitSheet), s.scene
    return s


def final_scoring() -> Session:
    """Three seats to the end: the person withdraws at once every visit."""
    s = Session.open("tajmahal", ["human", "easy", "easy"], seed=5, setup={"start": 0})
    for _step in range(2000):
        s.idle()
        if isinstance(s.app.top, TajMahalResult):
            break
        if isinstance(s.app.top, VisitSheet):
            s.click(s.app.top.proceed)
            continue
        if s.waiting() == [0] and s.app.top is s.table:
            legal = s.legal(0)
            withdraw = [c for c in legal if c["move"] == "withdraw"]
            s.perform(0, (withdraw or legal)[0])
    assert isinstance(s.app.top, TajMahalResult), s.scene
    return s


def mogul_hint() -> Session:
    """A hint that plays the special mogul card: the bar's headline names each card and what
    the special one does, too long for one row in Japanese (issue 55, item 6)."""
    s = Session.open("tajmahal", ["human", "easy", "easy"], seed=3)
    for _step in range(60):
        s.idle()
        if isinstance(s.app.top, VisitSheet):
            s.click(s.app.top.proceed)
            continue
        if s.waiting() == [0] and s.app.top is s.table:
            s.click("hint")
            s.idle()
            if "counts as one mogul" in i18n.tr(s.table.hint_words()):
                return s
            s.perform(0, s.legal(0)[0])
    raise AssertionError("no hint played the special mogul card")


MOMENTS: dict[str, Callable[[], Session]] = {
    "mogul_hint": mogul_hint,
    "start": start,
    "preview": previewing,
    "visit_summary": visit_summary,
    "final_scoring": final_scoring,
}


def english_left(session: Session, drawn: Drawn) -> list[str]:
    """Every string drawn in Japanese that still holds an English word (the players' names
    aside), with every cached picture painted again."""
    for cached in (art._card_face, art._bonus_tile, art._good_chip, art._province_tile):
        cached.cache_clear()
    render = session.table.render
    render.canvas_key = render.layer.key = None  # paint the map and panels again
    drawn.clear()
    session.app.draw()
    return drawn.english(set(session.match.names))


@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_every_label_fits_in_both_languages_and_japanese_is_shown(moment, monkeypatch, bazaar_home):
    overflow, drawn = Overflow(monkeypatch), Drawn(monkeypatch)
    session = MOMENTS[moment]()
    try:
        for language in ("en", "ja"):
            assert i18n.set_language(language) is None
            assert overflow.problems(session) == [], language
        assert english_left(session, drawn) == []
    finally:
        i18n.set_language("en")
        session.close()


def test_the_preview_and_the_bar_speak_japanese(bazaar_home):
    s = previewing()
    try:
        title, detail, _mood = s.table.bar()
        assert str(title).startswith("Play ") and str(detail).startswith("You would lead")
        i18n.set_language("ja")
        title, detail, _mood = s.table.bar()
        assert i18n.tr(title).endswith("を出す")
        assert "トップ" in i18n.tr(detail)
        assert i18n.tr(s.table.withdraw_button.label) == "撤退"
        assert "撤退" in i18n.tr(s.table.withdraw_button.hint)
    finally:
        i18n.set_language("en")
        s.close()


def test_names_rules_words_and_log_lines_in_japanese(bazaar_home):
    s = start()
    try:
        i18n.set_language("ja")
        assert i18n.tr(s.table.city_label("Agra")).startswith("アーグラ（アーグラ）")
        assert i18n.tr(art.SYMBOL_SHORT["vizier"]) == "宰相"
        lines = [i18n.tr(RULESET.describe(e, s.match.names)) for e in s.match.events]
        for name in s.match.names:
            lines = [line.replace(name, "") for line in lines]
        assert lines and all(not re.search(r"[a-z]{3,}", line) for line in lines), lines
        refused = s.match.check(1, {"move": "withdraw"})
        assert refused is not None and i18n.tr(refused.reason) != str(refused.reason)
    finally:
        i18n.set_language("en")
        s.close()


def test_the_map_and_the_card_art_are_drawn_again_for_another_language(bazaar_home):
    s = start()
    try:
        english = art.card_face(0)
        s.app.draw()
        painted = s.table.render.layer.paints
        i18n.set_language("ja")
        assert art.card_face(0) is not english
        s.app.draw()
        assert s.table.render.layer.paints == painted + 1  # the map with its names in katakana
    finally:
        i18n.set_language("en")
        s.close()
