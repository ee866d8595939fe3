"""Jaipur's tokens read without colour (issue 55, item 12): an earned token of diamond, cloth or
leather once differed from the others only by its shade in grey. Each now carries its good's
symbol: thresholded at its own middle grey (so shade alone no longer tells anything), the
tokens of any two goods of one value still differ in shape."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.scenes.jaipur import art
from game.scenes.jaipur import layout as L

GOODS = ("diamond", "gold", "silver", "cloth", "spice", "leather")


def shape(good: str, r: int) -> set[tuple[int, int]]:
    """The token's pixels darker than its own median grey: its shape, whatever its shade."""
    grey = pygame.transform.grayscale(art.token(good, 5, r))
    w, h = grey.get_size()
    seen = {(x, y): grey.get_at((x, y)) for x in range(w) for y in range(h) if grey.get_at((x, y)).a > 200}
    levels = sorted(c.r for c in seen.values())
    middle = levels[len(levels) // 2]
    return {p for p, c in seen.items() if c.r < middle}


@pytest.mark.parametrize("r", [L.EARNED_R, L.TOKEN_R])
def test_goods_tokens_differ_in_shape_not_only_in_shade(r):
    shapes = {g: shape(g, r) for g in GOODS}
    for a, b in itertools.combinations(GOODS, 2):
        differ = len(shapes[a] ^ shapes[b])
        assert differ >= r * r // 3, f"{a} and {b} tokens (radius {r}) differ in {differ} pixels only"
