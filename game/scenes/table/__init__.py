"""The table base every game's table builds on: the window, target map, hand-off, results."""

from game.scenes.table.base import Gesture, Table

__all__ = ["Gesture", "Table"]
