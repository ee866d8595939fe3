"""Words of issue 55, item 7: the replay's key tips are translated, Gin Rummy says "1 point",
a person is "人" on every Japanese screen, and Jaipur's panel names both ends of a round."""

from __future__ import annotations

from game.core import i18n
from game.core.i18n import msg_n, tr


def test_the_replays_key_tips_and_a_single_point_read_well_in_both_languages():
    try:
        i18n.set_language("ja")
        assert tr("Right arrow") == "→キー" and tr("End key") == "Endキー"
        assert tr(msg_n("{n} point", "{n} points", 1)) == "1点"
        assert tr("person") == tr("Person") == "人"  # the result screen as the setup screen
    finally:
        i18n.set_language("en")
    assert str(msg_n("{n} point", "{n} points", 1)) == "1 point"
    assert str(msg_n("{n} point", "{n} points", 2)) == "2 points"


def test_jaipurs_panel_names_the_empty_deck_as_an_end_of_the_round(monkeypatch):
    import pygame

    from game.automation import Session
    from game.scenes.jaipur import draw
    from game.ui import text

    drawn: list[str] = []
    render = text._render

    def recording(words, size, colour, face, language):
        drawn.append(words)
        return render(words, size, colour, face, language)

    s = Session.open("jaipur", ["human", "easy"], seed=3)
    monkeypatch.setattr(text, "_render", recording)
    draw.token_panel(pygame.Surface((1280, 720)), s.table.v)  # (the table keeps it drawn, still)
    assert any("sold out" in line and "no deck" in line for line in drawn), drawn
