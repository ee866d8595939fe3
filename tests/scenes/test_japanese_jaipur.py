"""Jaipur in Japanese (issue 21): the table, a sale with its bonus, the round's score sheet, the
match result and the solo table say everything in the chosen language, and no label spills
out of its box in either language.

A match is played through `game.automation`; at each moment the same frame is checked in
English and in Japanese. The person's moves steer towards a sale of three (for the bonus),
then follow the medium bot's advice to the end of the match.
"""

from __future__ import annotations

import random

import pytest

from game.automation import Session
from game.core import i18n
from game.core.ruleset import Budget
from game.rules.jaipur.bots import make
from game.rules.jaipur.face import checks, log
from game.rules.jaipur.face.words import NAME, TITLE
from game.rules.jaipur.state import State
from game.rules.jaipur.view import view as jaipur_view
from game.scenes.jaipur import art, selection
from tests.scenes.label_fit import JAPANESE, Drawn, Overflow

ADVISER = make("medium")
NAMES = {"Asha", "Bilal"}  # the players, shown as typed


@pytest.fixture(autouse=True)
def english_after(bazaar_home):
    yield
    i18n.set_language("en")


def look(session: Session, overflow: Overflow, said: Drawn, where: str) -> None:
    """The frame as it is now fits in both languages, and in Japanese shows no English."""
    for language in i18n.LANGUAGES:
        assert i18n.set_language(language) is None
        said.clear()
        assert overflow.problems(session) == [], f"{where}, {language}"
        if language == "ja":
            assert said.english(NAMES) == [], where
            assert said.japanese(), where
    i18n.set_language("en")


def advice(session: Session, rng: random.Random) -> dict:
    return ADVISER.choose(session.view(0), session.legal(0), rng, Budget(iterations=1))


def towards_a_bonus(session: Session) -> dict:
    """A move that gathers one kind of good: take what the hand holds most of, else camels."""
    view, legal = session.view(0), session.legal(0)
    hand = view["hand"]
    takes = [c for c in legal if c["move"] == "take"]
    if takes:
        return max(takes, key=lambda c: (hand.count(c["good"]), c["good"] not in ("diamond", "gold")))
    camels = [c for c in legal if c["move"] == "camels"]
    sells = [c for c in legal if c["move"] == "sell"]
    return (camels or sorted(sells, key=lambda c: c["count"]) or legal)[0]


def bonus_sale(session: Session) -> dict | None:
    view = session.view(0)
    for command in session.legal(0):
        if (
            command["move"] == "sell"
            and command["count"] >= 3
            and view["bonus"][str(min(5, command["count"]))]
        ):
            return command
    return None


def select(session: Session, command: dict) -> None:
    """Select the cards of `command` by clicks, without confirming it."""
    for gesture in session.table.gestures(0, command):  # each found on the table as it is then
        if gesture == ("click", "confirm"):
            return
        session.gesture(gesture)


def test_a_match_of_jaipur_reads_in_japanese(monkeypatch):
    overflow, said = Overflow(monkeypatch), Drawn(monkeypatch)
    session = Session.open("jaipur", ["human", "easy"], seed=3, options={"first": 0})
    rng = random.Random(5)
    try:
        session.idle()
        look(session, overflow, said, "the table at its start")
        i18n.set_language("ja")
        assert session.table.bar()[0] == "Your turn" and i18n.tr(session.table.bar()[0]) == "あなたの手番"
        i18n.set_language("en")
        for _ in range(40):  # gather goods until a sale of three or more earns a bonus
            sale = bonus_sale(session)
            if sale is not None:
                break
            session.perform(0, towards_a_bonus(session))
            session.idle()
            assert session.scene == "jaipur", "the round ended before a sale of three"
        assert sale is not None
        look(session, overflow, said, "mid-round, with the log")
        i18n.set_language("ja")
        assert all(JAPANESE.search(i18n.tr(line)) for line in session.table.log)
        i18n.set_language("en")
        select(session, sale)
        assert session.table.bar()[0].endswith("+ bonus")
        look(session, overflow, said, "a sale of three selected, with its bonus")
        session.perform(0, sale)
        session.idle()
        look(session, overflow, said, "after the sale")
        sheets = 0
        for _ in range(400):
            if session.scene == "jaipur-sheet":
                sheets += 1
                look(session, overflow, said, f"round sheet {sheets}")
                session.click("continue")
                session.idle()
            if session.scene == "results":
                break
            session.perform(0, advice(session, rng))
            session.idle()
        assert session.scene == "results" and sheets >= 2
        look(session, overflow, said, "the match result")
        i18n.set_language("ja")
        lines = [i18n.tr(line) for line in session.app.top.round_lines()]
        assert lines and all(line.startswith("ラウンド") for line in lines), lines
    finally:
        session.close()


def test_the_solo_table_reads_in_japanese(monkeypatch):
    overflow, said = Overflow(monkeypatch), Drawn(monkeypatch)
    session = Session.open("jaipur", ["human", "rules"], seed=9, options={"variant": "solo"})
    rng = random.Random(2)
    try:
        session.idle()
        look(session, overflow, said, "the solo table at its start")
        for _ in range(4):
            session.perform(0, advice(session, rng))
            session.idle()
        look(session, overflow, said, "the solo table after the rule bot's turns")
        i18n.set_language("ja")
        said = [i18n.tr(line) for line in session.table.log]
        assert any(line.startswith("ルールボットが") for line in said), said
        assert i18n.tr(session.match.names[1]) == "ルールボット"
    finally:
        session.close()


def test_the_rules_words_come_out_in_japanese():
    """Rejections, log lines, selection labels and the outcome are messages: English as text,
    Japanese on screen."""
    i18n.set_language("ja")
    assert {i18n.tr(NAME[g]) for g in NAME} == {"ダイヤモンド", "金", "銀", "布", "香辛料", "革", "ラクダ"}
    state = State(market=("camel", "camel", "camel", "gold", "spice"), hands=((0,) * 6, (0,) * 6))
    reason = checks.sell(state, 0, {"move": "sell", "good": "gold", "count": 1})
    assert reason.reason == "Gold sells 2 or more" and i18n.tr(reason.reason) == "金は2枚以上で売ります"
    line = log.describe(
        {"type": "sell", "seat": 0, "good": "spice", "count": 3, "tokens": [5, 3, 3], "bonus": 3},
        ["Asha", "Bo"],
    )
    assert line == "Asha sells 3 spice for 11 + bonus"
    assert i18n.tr(line) == "Ashaが香辛料3枚を売る（11＋ボーナス）"
    exchange = {"type": "exchange", "seat": 1, "take": ["gold", "gold"], "give": ["camel", "spice"]}
    assert i18n.tr(log.describe(exchange, ["Asha", "Bo"])) == "Boがラクダ1枚、香辛料1枚と交換で金2枚を取る"
    playing = State(phase="play", market=state.market)
    _command, label, _why = selection.classify(jaipur_view(playing, 0), ["camel"], [])
    assert label == "Take 3 camels" and i18n.tr(label) == "ラクダを3枚取る"
    face = art.card_face("spice")
    assert face.get_size() == (art.CARD_W, art.CARD_H) and i18n.tr(TITLE["spice"]) == "香辛料"
