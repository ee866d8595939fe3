"""The target map: hit-testing by rectangle and polygon, and keyboard focus in two dimensions."""

from __future__ import annotations

import pygame
import pytest

from game.ui.targets import Target, TargetMap, inside, interior_point, slug

# An L-shaped province and a triangle, as a map would have them.
L_SHAPE = ((0, 0), (100, 0), (100, 30), (30, 30), (30, 100), (0, 100))
TRIANGLE = ((200, 0), (300, 100), (100, 100))


def test_a_polygon_target_is_hit_inside_and_missed_in_its_notch():
    t = Target("province.l", "L", "province", polygon=L_SHAPE)
    assert t.contains((10, 90)) and t.contains((90, 10))
    assert not t.contains((60, 60))  # the notch of the L
    assert t.contains(t.centre)  # a click on its point lands on it, though the centroid is outside
    assert not inside(L_SHAPE, (-1, 50))


def test_the_interior_point_of_a_convex_shape_is_its_centroid():
    assert interior_point(TRIANGLE) == (200, 67)


def test_later_targets_are_on_top():
    under = Target("under", "Under", rect=pygame.Rect(0, 0, 100, 100))
    over = Target("over", "Over", rect=pygame.Rect(50, 50, 100, 100))
    m = TargetMap([under, over])
    assert m.hit((75, 75)) is over
    assert m.hit((25, 25)) is under
    assert m.hit((500, 500)) is None
    assert m.hit((75, 75), kinds=("nothing",)) is None


def test_two_targets_may_not_share_an_id():
    with pytest.raises(ValueError, match="share the id"):
        TargetMap([Target("a", "A", rect=pygame.Rect(0, 0, 1, 1))] * 2)


def grid() -> TargetMap:
    """Two rows of three cards, and a button under them."""
    cards = [
        Target(f"{row}.{k}", f"{row} {k}", "card", pygame.Rect(100 * k, 100 * r, 80, 80), row=row)
        for r, row in enumerate(("top", "bottom"))
        for k in range(3)
    ]
    return TargetMap([*cards, Target("ok", "OK", "button", pygame.Rect(100, 220, 80, 40))])


def test_arrows_move_in_two_dimensions():
    m = grid()
    assert m.step(None, pygame.K_RIGHT) == "top.0"  # nothing focused: the first target
    assert m.step("top.0", pygame.K_RIGHT) == "top.1"
    assert m.step("top.1", pygame.K_DOWN) == "bottom.1"  # straight down, not to the row's start
    assert m.step("bottom.1", pygame.K_UP) == "top.1"
    assert m.step("bottom.2", pygame.K_DOWN) == "ok"
    assert m.step("top.2", pygame.K_RIGHT) == "bottom.0"  # the row's end: on in reading order
    assert m.step("top.1", pygame.K_UP) == "ok"  # the top edge wraps to the bottom


def test_tab_walks_the_reading_order_and_skips_disabled_targets():
    m = grid()
    m.get("top.1").enabled = False
    assert m.step("top.0", pygame.K_TAB) == "top.2"
    assert m.step("top.0", pygame.K_TAB, shift=True) == "ok"


def test_slug_makes_ids_from_labels():
    assert slug("Save and leave") == "save-and-leave"
    assert slug("‹ Newer") == "newer"
