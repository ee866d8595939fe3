"""Jaipur: the two-player game and the solo variant (rules, views, bots, selection helper)."""

from game.rules.jaipur.ruleset import Jaipur
from game.rules.jaipur.state import State

RULESET = Jaipur()

__all__ = ["RULESET", "Jaipur", "State"]
