"""Ubongo, declared: what `bazaar.games` names in pyproject.toml (game/core/plugin.py)."""

from game.core.i18n import N_
from game.core.plugin import API, GamePlugin, Parts

PLUGIN = GamePlugin(
    name="ubongo",
    api=API,
    version="1.0",
    distribution="bazaar",
    face="game.rules.ubongo.face:FACE",
    ruleset="game.rules.ubongo.ruleset:RULESET",
    table="game.scenes.ubongo.spec:SPEC",
    rules={"": "seeds:ubongo.md", "ja": "seeds:ja/ubongo.md"},
    tutorials=("game:tutorials/ubongo.json",),
    sounds={
        # the die, pieces in hand, the hourglass, the shout and the gems
        "roll": (((180, 0, 0.05, 0.5), (220, 0.09, 0.05, 0.45), (200, 0.17, 0.05, 0.4)), 0.25),
        "pickup": (((660, 0, 0.05, 0.25),), 0.02),
        "snap": (((220, 0, 0.06, 0.6), (1320, 0, 0.04, 0.2)), 0.01),
        "turn": (((990, 0, 0.04, 0.18),), 0.03),
        "flip": (((140, 0, 0.12, 0.6), (280, 0, 0.08, 0.25)), 0.35),
        "tick": (((1760, 0, 0.03, 0.3),), 0.0),
        "ubongo": (
            ((523, 0, 0.18, 0.3), (659, 0.08, 0.18, 0.3), (784, 0.16, 0.35, 0.35), (1047, 0.24, 0.4, 0.25)),
            0.0,
        ),
        "gem": (((2637, 0, 0.2, 0.3), (3520, 0.03, 0.15, 0.2)), 0.0),
    },
    busy="game.busy_tables:ubongo",
    figures="game.rules.ubongo.bench:figures",
    parts=Parts(opens=("round_start",), label=N_("Round {n}"), before=N_("Before round 1"), number="round"),
)
