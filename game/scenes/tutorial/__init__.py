"""Learn to play: a guided first game of each game on its real table (see docs/tutorials.md)."""

from typing import TYPE_CHECKING

from game.scenes.tutorial.script import available, load

if TYPE_CHECKING:
    from game.scenes.tutorial.opening import open_tutorial


def __getattr__(name: str) -> object:
    """`open_tutorial` loads the coach (and with it the table machinery) only when asked for:
    the menu lists the tutorials at start-up without it."""
    if name == "open_tutorial":
        from game.scenes.tutorial.opening import open_tutorial

        return open_tutorial
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["available", "load", "open_tutorial"]
