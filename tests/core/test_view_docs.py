"""Every field of a view an outside program receives is named in the game's document, so a
program can be written from docs/<game>.md alone (issue 23). Views are gathered over whole
matches of our easy bots, for both seats and a spectator."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core import registry
from game.core.match import Match, Seat
from game.core.rng import derive
from game.core.ruleset import Budget

DOCS = Path(__file__).resolve().parents[2] / "docs"
CASES = [
    ("ginrummy", {}, Seat("Bo", "bot", "easy")),
    ("jaipur", {}, Seat("Bo", "bot", "easy")),
    ("jaipur", {"variant": "solo"}, Seat("Rule bot", "rules", "")),
]


def view_keys(game: str, options: dict, second: Seat) -> set[str]:
    rules = registry.get(game)
    match = Match.new(rules, [Seat("Ann", "bot", "easy"), second], options, seed=3)
    bot = rules.bot("easy")
    keys: set[str] = set()
    for step in range(5000):
        for seat in (0, 1, None):
            keys |= set(match.view(seat))
        if match.finished:
            return keys
        seat = min(match.to_act)
        match.submit(seat, bot.choose(match.view(seat), match.legal(seat), derive(1, step), Budget()))
    raise AssertionError(f"{game} did not end")


@pytest.mark.parametrize(("game", "options", "second"), CASES)
def test_every_view_field_is_documented(game, options, second):
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    section = text.split("\n## View", 1)[1].split("\n## ", 1)[0]
    missing = sorted(k for k in view_keys(game, options, second) if f"`{k}`" not in section)
    assert not missing, f"docs/{game}.md, View: {missing}"
