"""What a newcomer tripped over in the menus and at the tables, each shown fixed through
game.automation."""

from __future__ import annotations

from game.automation import Session
from game.core import registry


def test_the_menu_opens_with_the_focus_on_a_control_so_enter_works_at_once():
    s = Session.menu()
    assert s.focused == registry.games()[0]  # no saved match: the first game
    s.key("return")
    assert s.scene == "setup"


def test_the_menu_focuses_continue_when_there_is_a_match_to_continue():
    first = Session.open("jaipur", ["human", "easy"], seed=1)
    first.close()
    s = Session.menu()
    assert s.focused == "continue"
    s.key("return")
    assert s.scene == "saved"


def test_arrows_move_over_the_menu_in_two_dimensions():
    s = Session.menu()
    tiles = [t for t in s.targets() if t["kind"] == "tile"]
    row = [t["id"] for t in tiles if t["y"] == tiles[0]["y"]]  # the first row, however many
    assert len(row) >= 2
    for beside in row[1:]:
        s.key("right")
        assert s.focused == beside  # beside the tile before, not below it
    s.key("right")
    assert s.focused in ("continue", "statistics")  # on to the buttons
    for beside in reversed(row):
        s.key("left")
        assert s.focused == beside
    s.key("down")  # from the first tile down: the tile below it, or the nearest control below
    assert s.focused not in (None, row[0])


def open_setup() -> Session:
    s = Session.menu()
    s.click("jaipur")
    assert s.scene == "setup"
    return s


def name_field(s: Session, k: int):
    return s.app.top.names[k]


def test_a_click_in_a_name_field_places_the_caret_where_it_lands():
    s = open_setup()
    field = name_field(s, 1)  # "Bilal"
    box = s.target("name.1").bounds
    s.click((box.x + 13, box.centery))  # just before the first letter
    s.type("Sa")
    assert field.value == "SaBilal"
    for name in ("end", "shift+left", "shift+left", "x"):
        s.key(name)
    assert field.value == "SaBilx"


def test_ctrl_a_home_and_shift_selection_replace_what_is_typed_over():
    s = open_setup()
    field = name_field(s, 1)
    s.click("name.1")
    s.key("ctrl+a")
    s.type("Carla")
    assert field.value == "Carla"
    for name in ("home", "shift+right", "K"):
        s.key(name)
    assert field.value == "Karla"
    for name in ("backspace", "delete"):
        s.key(name)
    assert field.value == "rla"


def test_tabbing_into_a_name_field_selects_it_so_typing_replaces_the_name():
    s = open_setup()
    field = name_field(s, 0)
    for _ in range(20):
        if s.app.top.group.focused is field:
            break
        s.key("tab")
    assert s.app.top.group.focused is field
    s.type("Mira")
    assert field.value == "Mira"


def test_setup_remembers_the_last_setup_of_each_game():
    s = open_setup()
    s.click("name.1")
    s.key("ctrl+a")
    s.type("Carla")
    kind = s.app.top.seat_kinds[1]
    for _ in range(len(kind.choices)):
        if kind.value == "hard":
            break
        s.click("kind.1")
    assert kind.value == "hard"
    s.click("start")
    assert s.scene == "jaipur"
    assert [seat.name for seat in s.match.seats] == ["Asha", "Carla"]
    s.close()
    again = open_setup()
    assert [seat.name for seat in again.app.top.seats()] == ["Asha", "Carla"]
    assert again.app.top.seat_kinds[1].value == "hard"
    gin = Session.menu()
    gin.click("ginrummy")
    assert [seat.name for seat in gin.app.top.seats()] == ["Asha", "Bilal"]  # each game its own


def test_a_damaged_setups_file_is_kept_aside_and_the_usual_setup_offered(bazaar_home):
    config = bazaar_home / "config"
    config.mkdir(parents=True)
    (config / "setups.json").write_text("[not an object")
    s = open_setup()
    assert [seat.name for seat in s.app.top.seats()] == ["Asha", "Bilal"]
    kept = [p for p in config.iterdir() if ".damaged-" in p.name]
    assert kept and kept[0].read_text() == "[not an object"
    assert any("remembered setups file was damaged" in t.message for t in s.app.toasts)


def test_the_hand_off_screen_offers_the_pause_menu_without_showing_the_table():
    s = Session.open("jaipur", ["human", "human"], seed=3)
    s.idle()
    assert s.scene == "handoff"
    drawn = []
    table = s.table
    table.draw = lambda surface: drawn.append(surface)  # a spy: is the table drawn at all?
    s.key("escape")
    assert s.scene == "pause"
    s.click("rules")
    assert s.scene == "rules"
    s.key("escape")
    s.click("resume")
    assert s.scene == "handoff"
    s.click("menu")
    assert s.scene == "pause"
    s.app.draw()
    assert drawn == []  # the cover stays under the pause menu: no hand was drawn
    s.click("save-and-leave")
    assert s.scene == "menu"


def test_every_games_rules_open_from_the_menu_even_without_a_table():
    s = Session.menu()
    s.click("rules")
    assert s.scene == "rules-index"
    games = list(registry.games())
    assert [t["id"] for t in s.targets()][: len(games)] == games
    s.click("ubongo")
    assert s.scene == "rules" and s.app.top.title == "Rules · Ubongo"
    assert s.app.top.page.get_height() > 600  # the whole rules text, not a placeholder
    s.key("escape")
    s.key("escape")
    assert s.scene == "menu"


def test_continue_brings_back_the_last_moves_at_the_jaipur_table():
    s = Session.open("jaipur", ["human", "easy"], seed=2)
    for _ in range(3):
        s.idle()
        s.perform(0, s.legal(0)[0])
    s.idle()
    shown = list(s.table.log)
    assert len(shown) >= 6  # the deal, three moves of each side
    s.close()
    again = Session.resume()
    assert again.scene == "jaipur"
    assert again.table.log == shown
    on_show = [full for full, _ in again.table.log_panel.shown(again.table.log)]
    assert on_show and on_show == shown[-len(on_show) :]  # the newest lines whole
