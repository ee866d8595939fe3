"""The shared card-game pieces: fanned hands, glides, drag and drop, card names in text, the
keyboard focus, and how a Gin Rummy hand is grouped and ordered."""

import pygame
import pytest

from game.scenes.ginrummy.arrange import RANK, HandOrder
from game.ui import card_text
from game.ui.drag import DragDrop
from game.ui.fan import Glide, fanned, insertion, spread


def test_spread_overlaps_to_fit_and_separates_groups():
    xs = spread([3, 2], 500, 100, 2000, 60, gap=20)
    assert [round(b - a) for a, b in zip(xs, xs[1:], strict=False)] == [60, 60, 80, 60]
    assert (xs[0] + xs[-1]) / 2 == pytest.approx(500)
    tight = spread([11], 500, 100, 600, 60, min_step=20)
    assert tight[-1] - tight[0] + 100 == pytest.approx(600)  # shrunk to the width
    assert spread([0, 0], 500, 100, 600, 60) == []


def test_insertion_counts_the_cards_left_of_the_pointer():
    assert insertion([100, 160, 220], 50) == 0
    assert insertion([100, 160, 220], 190) == 2
    assert insertion([100, 160, 220], 500) == 3


def test_glide_eases_to_the_target_and_new_cards_start_there():
    glide = Glide(rate=0.5)
    glide.aim({"7H": (100, 100)})
    assert glide.at("7H") == (100, 100) and glide.settled
    glide.aim({"7H": (200, 100)})
    glide.advance(1)
    assert glide.at("7H") == (150, 100) and not glide.settled
    glide.advance(20)
    assert glide.at("7H") == (200, 100) and glide.settled
    glide.keep_only([])
    assert "7H" not in glide.pos


def test_a_press_that_moves_is_a_drag_and_one_that_does_not_is_a_click():
    image = pygame.Surface((10, 10))
    dd = DragDrop()
    dd.press((100, 100), "card", image, (95, 95))
    dd.move((102, 101))
    assert not dd.dragging
    gesture = dd.release((102, 101))
    assert gesture is not None and not gesture.active
    dd.press((100, 100), "card", image, (95, 95))
    dd.move((130, 100))
    assert dd.dragging and dd.payload() == "card" and dd.item.centre == (125, 95)
    assert dd.release((140, 100)).active and not dd.dragging


def test_fanned_puts_cards_side_by_side():
    a, b = pygame.Surface((20, 30)), pygame.Surface((20, 30))
    assert fanned([a, b], 8).get_size() == (28, 30)
    assert fanned([a], 8) is a


def test_card_codes_in_text_become_rank_and_suit():
    pygame.font.init()
    plain = card_text.render("Take it", 20)
    named = card_text.render("Take 7H", 20)
    assert named.get_width() > plain.get_width()
    assert card_text.CODE.findall("AS, TD and QC; not AX or 7HH") == [("A", "S"), ("T", "D"), ("Q", "C")]
    assert card_text.label("TD") == "10"


def test_hand_order_puts_melds_first_then_sorted_deadwood():
    hand = ["KD", "5H", "2C", "9S", "6H", "9D", "7H", "9C", "QS", "3C"]
    melds = [["7H", "5H", "6H"], ["9S", "9D", "9C"]]
    order = HandOrder()
    groups = order.groups(hand, melds)
    assert [g.kind for g in groups] == ["run", "set", "deadwood"]
    assert groups[0].cards == ("5H", "6H", "7H")
    assert groups[2].cards == ("QS", "KD", "2C", "3C")  # by suit: spades, hearts, diamonds, clubs
    order.sort(RANK)
    groups = order.groups(hand, melds)
    assert groups[-1].cards == ("2C", "3C", "QS", "KD")
    shown = [c for g in groups for c in g.cards]
    order.move(shown, ["KD"], 6)  # dragged to the front of the deadwood
    assert order.groups(hand, melds)[-1].cards == ("KD", "2C", "3C", "QS")
    assert order.groups([*hand, "4C"], melds)[-1].cards[-1] == "4C"  # a new card joins at the right
