"""Gin Rummy, declared: what `bazaar.games` names in pyproject.toml (game/core/plugin.py)."""

from game.core.i18n import N_
from game.core.plugin import API, GamePlugin, Parts

PLUGIN = GamePlugin(
    name="ginrummy",
    api=API,
    version="1.0",
    distribution="bazaar",
    face="game.rules.ginrummy.face:FACE",
    ruleset="game.rules.ginrummy.ruleset:RULESET",
    table="game.scenes.ginrummy.spec:SPEC",
    rules={"": "seeds:ginrummy.md", "ja": "seeds:ja/ginrummy.md"},
    tutorials=("game:tutorials/ginrummy.json",),
    sounds={
        "knock": (
            ((150, 0, 0.09, 0.7), (300, 0, 0.05, 0.3), (150, 0.16, 0.09, 0.7), (300, 0.16, 0.05, 0.3)),
            0.02,
        ),
    },
    busy="game.busy_tables:ginrummy",
    figures="game.rules.ginrummy.bench:figures",
    parts=Parts(opens=("deal",), label=N_("Hand {n}"), before=N_("Before hand 1"), number="hand_number"),
)
