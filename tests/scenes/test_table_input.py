"""The input every table shares, written once in the Table base ("input over the target map"),
checked once at the table of every game of the registry: the pointer leaving the window, the keyboard focus,
Space on a button, Esc. Then what two tables keep of their own around it."""

import pygame
import pytest

from game.automation import Session
from game.core import registry
from tests import games

TABLES = [game for game in games.games() if registry.plugin(game).table]  # a person and bots, fewest seats


def leave_window(s: Session) -> None:
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
    s.tick(0)


@pytest.mark.parametrize("game", TABLES)
def test_every_table_takes_the_pointer_the_focus_and_esc_alike(game):
    s = Session.open(game, games.kinds(game, games.seat_range(game)[0]), seed=5)
    s.idle()
    table = s.table
    assert s.app.top is table and table.focus is None
    scene = s.scene  # the table's (a game's own name, or a plugin table's)

    s.move("menu")  # the pointer lights the Menu button and its tooltip shows
    tip = table.tipped()
    assert table.hover == "menu" and tip is not None and tip.id == "menu"
    leave_window(s)  # and once it has left the window, neither stays
    assert table.pointer is None and table.hover is None and table.tipped() is None

    s.key("tab")  # the focus comes to the first target it may take
    assert table.focus is not None and table.focus == table.target_map().focusable()[0].id
    for gesture in table.press_by_keys("menu"):  # on by Tab and arrows to Menu, then Space
        s.gesture(gesture)
    assert table.focus == "menu" and s.scene == "pause"
    s.key("escape")  # the pause screen goes
    assert s.scene == scene

    s.key("escape")  # nothing is chosen: Esc pauses
    assert s.scene == "pause"


def test_ubongo_pieces_take_tab_and_esc_first_while_solving():
    s = Session.open("ubongo", ["human", "easy"], seed=9, options={"first": 0}, setup={"pawns": [2, 3]})
    s.idle()
    table = s.table
    assert table.solving() and table.handler is not None
    s.key("tab")  # a piece in hand, not the focus
    assert table.handler.hold is not None and table.focus is None
    s.key("escape")  # back to the tray
    assert table.handler.hold is None and s.scene == "ubongo"
    s.key("escape")  # nothing in hand: the pause screen
    assert s.scene == "pause"


def test_gin_a_drag_goes_on_when_the_pointer_leaves_the_window():
    s = Session.open("ginrummy", ["human", "easy"], seed=5)
    s.idle()
    table = s.table
    hand = [t.id for t in table.targets() if t.id.startswith("hand.")]
    start = s.target(hand[0]).centre
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] - 80), buttons=(1, 0, 0))
    )
    s.tick(1)
    assert table.drag.dragging
    leave_window(s)
    s.app.draw()  # drawn with no pointer: no gap in the hand, no pile lit
    assert table.pointer is None and table.drag.dragging
    end = s.target(hand[-1]).centre  # let go over the hand, at its far end
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    s.tick(1)
    assert table.drag.item is None  # the card went back into the hand
    assert sorted(t.id for t in table.targets() if t.id.startswith("hand.")) == sorted(hand)
