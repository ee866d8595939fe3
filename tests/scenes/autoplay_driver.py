"""Runs the real app loop on a Jaipur table where two bots play, reporting every committed
event count on stdout. The kill test SIGKILLs this process mid-match."""

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from game.app import App  # noqa: E402
from game.core import registry  # noqa: E402
from game.core.match import Match, Seat  # noqa: E402
from game.scenes.jaipur.table import JaipurTable  # noqa: E402
from tests.scenes.driver import open_table


def main() -> None:
    app = App(windowed=True)
    app.settings = type(app.settings)(bot_pause_ms=0, animation_speed=2.0)
    seats = [Seat("Asha", "bot", "easy"), Seat("Bilal", "bot", "easy")]
    match = Match.new(registry.get("jaipur"), seats, seed=int(sys.argv[1]))
    match_id = app.store.attach(match)
    print(f"match {match_id}", flush=True)
    reported = [0]

    def report() -> None:
        if len(match.commands) != reported[0]:
            reported[0] = len(match.commands)
            print(f"committed {reported[0]}", flush=True)

    app.frame_hooks.append(report)
    app.push(open_table(app, JaipurTable, match, match_id))
    app.run()


if __name__ == "__main__":
    main()
