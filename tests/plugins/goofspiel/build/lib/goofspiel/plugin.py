"""Goofspiel, declared: what this distribution's `bazaar.games` entry point names."""

from game.core.plugin import API, GamePlugin, Parts

PLUGIN = GamePlugin(
    name="goofspiel",
    api=API,
    version="1.0",
    distribution="bazaar-goofspiel",
    face="goofspiel.face:FACE",
    ruleset="goofspiel.ruleset:RULESET",
    table="goofspiel.table:SPEC",
    rules={"": "goofspiel:rules.md"},
    sounds={"bid": (((520, 0, 0.05, 0.3),), 0.02)},
    parts=Parts(opens=("turn_up",), label="Prize {n}"),
)
