"""Jaipur, declared: what `bazaar.games` names in pyproject.toml (game/core/plugin.py)."""

from game.core.i18n import N_
from game.core.plugin import API, GamePlugin, Parts

PLUGIN = GamePlugin(
    name="jaipur",
    api=API,
    version="1.0",
    distribution="bazaar",
    face="game.rules.jaipur.face:FACE",
    ruleset="game.rules.jaipur.ruleset:RULESET",
    table="game.scenes.jaipur.spec:SPEC",
    rules={"": "seeds:jaipur.md", "ja": "seeds:ja/jaipur.md"},
    tutorials=("game:tutorials/jaipur.json", "game:tutorials/jaipur-solo.json"),
    busy="game.busy_tables:jaipur",
    figures="game.rules.jaipur.bench:figures",
    parts=Parts(opens=("deal",), label=N_("Round {n}"), before=N_("Before round 1"), number="round"),
)
