"""Taj Mahal for 3-5 players: pure rules, the board loader and bots (no pygame)."""

from game.rules.tajmahal.board import Board, BoardError, levels_dir, load, parse
from game.rules.tajmahal.data import CARDS, Card
from game.rules.tajmahal.ruleset import RULESET, TajMahal
from game.rules.tajmahal.state import Player, State

__all__ = [
    "CARDS",
    "RULESET",
    "Board",
    "BoardError",
    "Card",
    "Player",
    "State",
    "TajMahal",
    "levels_dir",
    "load",
    "parse",
]
