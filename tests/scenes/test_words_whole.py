"""Words read whole (issue 55, items 5 and 6): the Gin Rummy knock result keeps its total and
keeps each player beside their count, the deadwood box's title stays in its box, and a long
action-bar headline (the Japanese Taj Mahal hint) is not cut, in English and Japanese.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.automation import Session
from game.core import i18n
from game.rules.ginrummy.face import scoring
from game.scenes.ginrummy import layout as GL
from game.ui import card_text, text
from tests.scenes.test_japanese_ginrummy import opened, undercut_deal


class Said:
    """Every line drawn on the screen while recording, with where it landed."""

    def __init__(self, monkeypatch):
        self.lines: list[tuple[pygame.Rect, str]] = []
        for module in (text, card_text):
            monkeypatch.setattr(module, "blit", self.recording(module.blit))

    def recording(self, blit):
        def recorded(surface, words, pos, *args: Any, **kwargs: Any) -> pygame.Rect:
            rect = blit(surface, words, pos, *args, **kwargs)
            if surface.get_size() == (1280, 720):
                self.lines.append((pygame.Rect(rect), i18n.tr(words)))
            return rect

        return recorded

    def frame(self, session: Session) -> list[tuple[pygame.Rect, str]]:
        self.lines.clear()
        session.app.draw()
        return list(self.lines)


def knocked(session: Session) -> None:
    """Bilal knocks with 9; Asha lays 5C off and confirms: an undercut, Asha scores 34."""
    session.perform(0, {"move": "pass"})
    session.perform(1, {"move": "pass"})
    session.perform(0, {"move": "draw", "source": "stock"})
    session.perform(0, {"move": "discard", "card": "KD"})
    session.perform(1, {"move": "draw", "source": "stock"})
    session.perform(1, {"move": "knock", "card": "KH"})
    session.idle()


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_knock_result_says_its_total_and_keeps_each_player_with_their_count(
    language, monkeypatch, bazaar_home
):
    said = Said(monkeypatch)
    s = opened(["human", "human"], undercut_deal())
    try:
        if s.scene == "handoff":
            s.click("ready")
            s.idle()
        knocked(s)
        s.perform(0, {"move": "done"})
        s.idle()
        i18n.set_language(language)
        sentence = i18n.tr(scoring.explain(s.view(0)["history"][-1], ["Asha", "Bilal"]))
        assert sentence.replace(" ", "").endswith(("=34", "=34点"))
        rows = [w for r, w in said.frame(s) if GL.RESULT.contains(r) and r.y > GL.RESULT.y + 70]
        rows = [w for w in rows if w != rows[-1]]  # the bold sum under the sentence
        assert "".join(rows).replace(" ", "") == sentence.replace(" ", ""), rows  # "= 34" too
        # what happened on a row of its own, the count beside its player: never "Asha had / 0"
        assert rows[0].replace(" ", "") == sentence[: sentence.index("0") + 2].replace(" ", ""), rows
    finally:
        i18n.set_language("en")
        s.close()


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_deadwood_box_title_stays_in_its_box_once_a_card_is_chosen(language, monkeypatch, bazaar_home):
    said = Said(monkeypatch)
    s = opened(["human", "human"], undercut_deal())
    try:
        if s.scene == "handoff":
            s.click("ready")
            s.idle()
        s.perform(0, {"move": "pass"})
        s.perform(1, {"move": "pass"})
        s.perform(0, {"move": "draw", "source": "stock"})
        s.idle()
        s.click("hand.KD")
        s.idle()
        i18n.set_language(language)
        title = i18n.tr("Deadwood after this discard")
        drawn = [r for r, w in said.frame(s) if w == title]
        assert drawn and all(GL.METER.contains(r) for r in drawn), (drawn, GL.METER)
    finally:
        i18n.set_language("en")
        s.close()
