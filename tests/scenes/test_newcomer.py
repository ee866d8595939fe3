"""What a newcomer tripped over in the menus and at the tables, each shown fixed through
game.automation."""

from __future__ import annotations

from game.automation import Session


def test_the_menu_opens_with_the_focus_on_a_control_so_enter_works_at_once():
    s = Session.menu()
    assert s.focused == "jaipur"  # no saved match: the first game
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
    s.key("right")
    assert s.focused == "ginrummy"  # beside Jaipur, not below it
    s.key("right")
    assert s.focused in ("continue", "statistics")  # on to the buttons
    s.key("left")
    assert s.focused == "ginrummy"
    s.key("left")
    assert s.focused == "jaipur"
    s.key("down")  # nothing playable below Jaipur yet: down goes to the nearest control below
    assert s.focused not in (None, "jaipur")
