"""Every field of a view an outside program receives is named in the game's document, so a
program can be written from docs/<game>.md alone (issue 23). Views are gathered over whole
matches of our easy bots, for both seats and a spectator."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.core import registry
from game.core.match import Match, Seat
from game.core.rng import derive
from game.core.ruleset import Budget
from tests import games

DOCS = Path(__file__).resolve().parents[2] / "docs"
# every game the project ships (a plugin documents its own), and each variant that plays
# otherwise (tests/games.py: Jaipur's solo game with its rule bot, Ubongo's solo mode)
BUILT_IN = [name for name, plugin in registry.plugins().items() if plugin.distribution == "bazaar"]


def second(game: str, options: dict) -> Seat:
    """The second seat: the rules' own under a variant where they play it, else an easy bot."""
    return (
        Seat("Rule bot", "rules", "")
        if games.kinds(game, 2, options)[1] == "rules"
        else Seat("Bo", "bot", "easy")
    )


CASES = [
    (game, options, second(game, options)) for game in BUILT_IN for options in [{}, *games.variants(game)]
]


def view_keys(game: str, options: dict, second: Seat) -> set[str]:
    rules = registry.get(game)
    fewest = rules.seat_range({**rules.default_options(), **options})[0]
    seats = [Seat("Ann", "bot", "easy"), second, *(Seat(f"S{i}", "bot", "easy") for i in range(2, fewest))]
    match = Match.new(rules, seats[:fewest], options, seed=3)
    bot = rules.bot("easy")
    keys: set[str] = set()
    for step in range(5000):
        for seat in (*range(len(match.seats)), None):
            keys |= set(match.view(seat))
        if match.finished:
            return keys
        if not match.to_act:  # a timed game waits on its clock
            assert match.submit(None, match.clock)
            continue
        seat = min(match.to_act)
        match.submit(seat, bot.choose(match.view(seat), match.legal(seat), derive(1, step), Budget()))
    raise AssertionError(f"{game} did not end")


@pytest.mark.parametrize(("game", "options", "second"), CASES)
def test_every_view_field_is_documented(game, options, second):
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    section = text.split("\n## View", 1)[1].split("\n## ", 1)[0]
    # a field is named in code, alone (`deck`) or in a list of them (`seat, seats, to_act`)
    named = set(re.findall(r"\w+", " ".join(re.findall(r"`([^`]*)`", section))))
    missing = sorted(k for k in view_keys(game, options, second) if k not in named)
    assert not missing, f"docs/{game}.md, View: {missing}"
