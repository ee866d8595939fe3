"""Ubongo in Japanese and English (issue 21): every moment of the table, its sheets and the
practice screen is drawn in both languages with no label spilling out of its box, and in
Japanese no English words are left on screen (player names and piece letters aside).

Set UBONGO_SHOTS=/some/folder to save a screenshot of each moment in each language.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest

from game.automation import Session
from game.core import i18n
from game.rules.ubongo.face.words import COLOUR, SYMBOL
from game.rules.ubongo.ruleset import RULESET
from tests.scenes.label_fit import Drawn, Overflow
from tests.scenes.ubongo_player import move_to, play_to_standings, press, solution

NAMES = {"Asha", "Bilal", "Chandra", "Devi"}  # the default seat names, shown as typed


@pytest.fixture
def japanese_seen(monkeypatch) -> Iterator[Drawn]:
    """Every string drawn while Japanese is on."""
    yield Drawn(monkeypatch)
    i18n.set_language("en")


def check(session: Session, overflow: Overflow, seen: Drawn, moment: str) -> None:
    """The top scene drawn in English and in Japanese: nothing spills, nothing stays English."""
    try:
        for language in ("en", "ja"):
            i18n.set_language(language)
            seen.clear()
            assert overflow.problems(session) == [], (moment, language)
            folder = os.environ.get("UBONGO_SHOTS")
            if folder:
                os.makedirs(folder, exist_ok=True)
                session.screenshot(os.path.join(folder, f"{moment}-{language}.png"))
            if language == "ja":
                assert seen.english(NAMES) == [], moment
                assert seen.japanese(), moment
    finally:
        i18n.set_language("en")


def four(setup: dict | None = None) -> Session:
    return Session.open(
        "ubongo", ["human", "easy", "medium", "hard"], seed=3, options={"first": 0}, setup=setup
    )


def test_the_words_of_the_rules_are_japanese():
    i18n.set_language("ja")
    try:
        assert i18n.tr(RULESET.title) == "ウボンゴ"
        assert i18n.tr(SYMBOL["spear and shield"]) == "槍と盾"
        assert {i18n.tr(c) for c in COLOUR.values()} == {"赤", "青", "緑", "黄", "紫", "オレンジ"}
        line = RULESET.describe({"type": "gems", "seat": 1, "row": 3, "gems": ["red", "blue"]}, ["A", "B"])
        assert line == "B takes red and blue from row 4"  # English underneath, for logs
        assert i18n.tr(line) == "Bは4列目から赤と青を取る"
    finally:
        i18n.set_language("en")


def test_start_die_puzzle_and_gem_board(monkeypatch, japanese_seen):
    overflow = Overflow(monkeypatch)
    s = four()
    s.idle()
    assert s.view(0)["phase"] == "start"
    check(s, overflow, japanese_seen, "1-start-fields")
    s.perform(0, {"move": "pawn", "row": 2})
    s.tick(3)
    assert s.table.intro
    check(s, overflow, japanese_seen, "2-die-rolling")
    while s.table.intro > s.table.speed(20):
        s.tick(1)
    check(s, overflow, japanese_seen, "3-die-shown")
    s.idle()
    table = s.table
    letter = table.handler.letters[0]
    grab = s.target(f"piece.{letter}").centre
    press(s, grab)
    move_to(s, table.handler.board.rect.center)
    check(s, overflow, japanese_seen, "4-puzzle-dragged")
    s.perform(0, solution(s, 0))
    s.idle()
    assert table.rows_open()
    check(s, overflow, japanese_seen, "5-gem-board")
    s.perform(0, s.legal(0)[0])
    s.idle()
    while s.scene != "ubongo-round":
        s.perform(
            s.waiting()[0], s.legal(s.waiting()[0])[0] if s.view(0)["phase"] != "solve" else solution(s, 0)
        )
        s.idle()
    check(s, overflow, japanese_seen, "6-round-sheet")


def test_the_final_standings(monkeypatch, japanese_seen):
    overflow = Overflow(monkeypatch)
    s = four()
    play_to_standings(s, random.Random(3))
    check(s, overflow, japanese_seen, "7-standings")


def test_solo_standings_and_hint(monkeypatch, japanese_seen):
    overflow = Overflow(monkeypatch)
    s = Session.open("ubongo", ["human"], seed=3, options={"mode": "solo"}, setup={"pawns": [0]})
    s.idle()
    s.click("hint")
    check(s, overflow, japanese_seen, "8-solo-hint")
    play_to_standings(s, random.Random(3))
    check(s, overflow, japanese_seen, "9-solo-standings")


def test_practice(monkeypatch, japanese_seen):
    from game.scenes.ubongo.practice import Practice

    overflow = Overflow(monkeypatch)
    s = Session.menu()
    s.app.push(Practice(s.app, board=7, side="hard", face=3, seed=1))
    s.app.step(0)
    check(s, overflow, japanese_seen, "10-practice")
    s.key("h")
    practice = s.app.top
    from game.rules.ubongo.face.solver import solve

    tiling = solve(practice.handler.board.cells, practice.handler.letters)
    for gesture in practice.handler.gestures(
        [{"piece": p, "cells": [list(c) for c in cells]} for p, cells in tiling]
    ):
        s.gesture(gesture)
    assert practice.solved_at is not None
    check(s, overflow, japanese_seen, "11-practice-solved")


def test_pass_and_play_hand_off(monkeypatch, japanese_seen):
    overflow = Overflow(monkeypatch)
    s = Session.open("ubongo", ["human", "human"], seed=2, options={"first": 0}, setup={"pawns": [0, 1]})
    s.idle()
    assert s.scene == "handoff", s.scene
    check(s, overflow, japanese_seen, "12-hand-off")
    i18n.set_language("ja")
    try:
        assert "あなたのパズル" in i18n.tr(s.table.handoff_note(0))
    finally:
        i18n.set_language("en")


def test_too_late_an_empty_row_a_dim_rows_notice_and_the_header_tips(monkeypatch, japanese_seen):
    """Issue 44's moments in both languages: the too-late gem board and its sheet, an empty row
    in reach, taking it, a dim row's notice, the header's tips (the mode word, the sign)."""
    from tests.scenes.ubongo_player import empty_row_match, open_match, too_late

    overflow = Overflow(monkeypatch)
    s = too_late()
    assert s.scene == "ubongo" and s.table.late
    check(s, overflow, japanese_seen, "13-too-late-gem-board")
    s.idle()
    assert s.scene == "ubongo-round"
    check(s, overflow, japanese_seen, "14-too-late-sheet")
    s.close()
    s = open_match(empty_row_match())
    s.idle()
    s.perform(0, solution(s, 0))
    s.idle()
    check(s, overflow, japanese_seen, "15-empty-row-in-reach")
    s.move(s.target("row.5").centre)
    check(s, overflow, japanese_seen, "16-dim-row-tip")
    s.key("6")
    check(s, overflow, japanese_seen, "17-dim-row-notice")
    s.perform(0, {"move": "pawn", "row": 0})
    check(s, overflow, japanese_seen, "18-took-nothing")
    for target in ("header.mode", "header.sign"):  # a tooltip lies over the rows: no spill check
        s.move(s.target(target).centre)
        tipped = s.table.tipped()
        assert tipped is not None and tipped.id == target
        i18n.set_language("ja")
        try:
            japanese_seen.clear()
            s.app.draw()
            assert japanese_seen.english(NAMES) == [], target
            wrapped = "".join(japanese_seen.lines)
            assert i18n.tr(tipped.tip)[:8] in wrapped, target  # the tip, in Japanese
        finally:
            i18n.set_language("en")
