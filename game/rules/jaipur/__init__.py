"""Jaipur: the two-player game and the solo variant (rules, views, bots, selection helper)."""

from game.rules.jaipur.ruleset import RULESET, Jaipur
from game.rules.jaipur.state import State

__all__ = ["RULESET", "Jaipur", "State"]
