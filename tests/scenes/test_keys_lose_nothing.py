"""Keys that once lost a match (issue 55, items 1-4): Esc means back or cancel everywhere and
never moves on; quitting asks; a sheet moves on only by its button, Enter or Space; the result
screen's focus starts nothing; Ubongo's Give up (G, beside F) asks before it gives up, and the
board then says that the person gave up, not that the sand ran out."""

from __future__ import annotations

from game.automation import Session
from game.scenes.ubongo.table import ASK


def test_escape_on_the_menu_asks_and_a_second_escape_keeps_the_app():
    s = Session.menu()
    s.key("escape")
    assert s.scene == "confirm" and s.app.running
    s.key("return")  # its focus rests on Cancel: Enter pressed once too often changes nothing
    assert s.scene == "menu" and s.app.running
    s.key("escape")
    s.key("escape")  # the question's own back: cancel
    assert s.scene == "menu" and s.app.running
    s.click("quit")  # the Quit button asks too
    assert s.scene == "confirm" and s.app.running
    s.click("quit")  # the question's Quit
    assert not s.app.running


def test_escape_from_settings_comes_back_to_the_menu_and_no_further():
    s = Session.menu()
    s.click("settings")
    s.key("escape")
    assert s.scene == "menu"
    s.key("escape")
    assert s.scene == "confirm" and s.app.running


def ubongo_round_sheet() -> Session:
    s = Session.open("ubongo", ["human", "easy"], seed=23, options={"first": 0}, setup={"pawns": [0, 1]})
    s.idle()
    s.perform(0, {"move": "give_up"})
    for _ in range(10):  # the bot solves or not; whatever the board then waits on, to the sheet
        s.idle()
        if s.scene == "ubongo-round" or not s.waiting():
            break
        seat = s.waiting()[0]
        s.perform(seat, s.legal(seat)[0])
    assert s.scene == "ubongo-round", s.scene
    return s


def test_escape_on_a_round_sheet_opens_the_menu_and_never_starts_the_next_round():
    s = ubongo_round_sheet()
    rounds = s.view(0)["round"]
    s.key("escape")
    assert s.scene == "pause"  # the table's menu, over the sheet
    s.key("escape")  # Resume: the sheet again, the round not moved on
    s.idle()
    assert s.scene == "ubongo-round" and s.view(0)["round"] == rounds
    s.key("return")  # its forward key
    s.idle()
    assert s.scene != "ubongo-round"


def test_space_moves_a_sheet_on_too():
    s = ubongo_round_sheet()
    s.key("space")
    s.idle()
    assert s.scene != "ubongo-round"


def test_the_result_screen_opens_on_menu_so_enter_starts_no_new_match():
    s = Session.open("jaipur", ["human", "easy"], seed=3)
    s.app.top.show_result()
    assert s.scene == "results"
    assert s.focused == "menu"
    s.key("return")
    assert s.scene == "menu"


def test_ubongo_give_up_asks_first_and_the_board_says_you_gave_up():
    s = Session.open("ubongo", ["human", "easy"], seed=23, options={"first": 0}, setup={"pawns": [0, 1]})
    s.idle()
    table = s.table
    mine = table.window.commands  # seat 0's moves
    played = len(mine(0))
    s.key("g")
    assert len(mine(0)) == played and table.solving()  # asked, nothing given up
    assert "again" in table.render.bar()[1]
    s.tick(ASK + 1)  # the question lapses
    s.key("g")
    assert len(mine(0)) == played and table.solving()
    s.key("g")
    s.delivered()
    assert [c["move"] for c in mine(0)[played:]] == ["give_up"]
    title, _detail, _mood = table.render.bar()
    assert title == "You gave up", title
