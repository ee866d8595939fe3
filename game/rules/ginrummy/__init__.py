"""Gin Rummy: pure rules, the exact meld solver, and the bots (no pygame here)."""

from game.rules.ginrummy.melds import (
    arrangements,
    best_discards,
    best_layoffs,
    best_melds,
    deadwood,
    is_meld,
)
from game.rules.ginrummy.rules import why_not
from game.rules.ginrummy.ruleset import RULESET, GinRummy, legal
from game.rules.ginrummy.scoring import can_knock, knock_deadwood

__all__ = [
    "RULESET",
    "GinRummy",
    "arrangements",
    "best_discards",
    "best_layoffs",
    "best_melds",
    "can_knock",
    "deadwood",
    "is_meld",
    "knock_deadwood",
    "legal",
    "why_not",
]
