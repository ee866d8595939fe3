"""Taj Mahal, declared: what `bazaar.games` names in pyproject.toml (game/core/plugin.py)."""

from game.core.i18n import N_
from game.core.plugin import API, GamePlugin, Parts

PLUGIN = GamePlugin(
    name="tajmahal",
    api=API,
    version="1.0",
    distribution="bazaar",
    face="game.rules.tajmahal.face:FACE",
    ruleset="game.rules.tajmahal.ruleset:RULESET",
    table="game.scenes.tajmahal.spec:SPEC",
    rules={"": "seeds:tajmahal.md", "ja": "seeds:ja/tajmahal.md"},
    tutorials=("game:tutorials/tajmahal.json",),
    busy="game.busy_tables:tajmahal",
    figures="game.rules.tajmahal.bench:figures",
    parts=Parts(closes=("visit_end",), label=N_("Visit {n}"), number="visit"),
)
