"""`python -m game bot GAME --level L`: one of our bots on the JSON-lines protocol."""

from __future__ import annotations

import sys

from game.core import bots, registry
from game.core.ruleset import Budget


def main(args) -> int:
    try:
        ruleset = registry.get(args.game)
        # without --seconds the level's own work decides (the same request, the same reply)
        budget = Budget(seconds=args.seconds, timed=True) if args.seconds else Budget()
        return bots.serve(ruleset, args.level, sys.stdin, sys.stdout, budget)
    except (KeyError, ValueError) as exc:
        print(f"bot: {exc}", file=sys.stderr)
        return 2
