"""Ubongo alone (issue 55, item 13): the setup's Players stops at its ends ("‹" at 2 is not 4);
solo offers no start player and says nothing of a race or a hand-off; a solo solve names no
place ("1st")."""

from __future__ import annotations

from game.automation import Session
from game.ui import text
from tests.scenes.ubongo_player import solution


def drawn_lines(s: Session, monkeypatch) -> list[str]:
    drawn: list[str] = []
    render = text._render

    def recording(words, size, colour, face, language):
        drawn.append(words)
        return render(words, size, colour, face, language)

    monkeypatch.setattr(text, "_render", recording)
    s.app.draw()
    monkeypatch.setattr(text, "_render", render)
    return drawn


def test_players_stops_at_its_ends_instead_of_wrapping():
    s = Session.menu()
    s.click("ubongo")
    setup = s.app.top
    count = setup.count_choice
    count.set(2)
    setup._set_count(2)
    s.click(f"{count.target().id}.back")
    assert setup.count == 2, "‹ at two players stays at two"
    count.set(4)
    setup._set_count(4)
    s.click(f"{count.target().id}.next")
    assert setup.count == 4


def test_solo_setup_offers_no_start_player_and_says_it_is_played_alone(monkeypatch):
    s = Session.menu()
    s.click("ubongo")
    setup = s.app.top
    mode = next(w for w in setup.option_widgets if w.tid == "option.mode")
    start = next(w for w in setup.option_widgets if w.tid == "option.first")
    mode.set("race")
    setup._option_setter("mode")("race")
    assert start.visible
    setup._option_setter("mode")("solo")
    mode.set("solo")
    assert not start.visible and start not in setup.group.widgets
    lines = drawn_lines(s, monkeypatch)
    assert any(line.startswith("You play alone against the clock") for line in lines), lines
    assert not any("races at once" in line or "hand-off" in line for line in lines)


def test_a_solo_solve_names_no_place_and_a_race_does():
    s = Session.open("ubongo", ["human"], seed=6, options={"mode": "solo"}, setup={"pawns": [0]})
    s.idle()
    s.perform(0, solution(s, 0))
    s.idle()
    title = s.table.render.corner_title(0)[0]
    assert title.startswith("Ubongo!") and "·" not in title and "1st" not in title, title
    race = Session.open("ubongo", ["human", "easy"], seed=6, options={"first": 0}, setup={"pawns": [0, 1]})
    race.idle()
    race.perform(0, solution(race, 0))
    race.idle()
    assert "·" in race.table.render.corner_title(0)[0]  # first or second: a race has places
