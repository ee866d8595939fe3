"""Learn to play: a guided first game of each game on its real table (see docs/tutorials.md)."""

from game.scenes.tutorial.opening import open_tutorial
from game.scenes.tutorial.script import available, load

__all__ = ["available", "load", "open_tutorial"]
