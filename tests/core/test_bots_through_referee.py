"""Bots only through the referee (issue 53, item 5): scenes, the windows, replays, the review, the
app's composition, the network and the benches never call a bot's `choose`, nor get a bot
(`.bot(`), themselves. The referee (game/core/referee.py) asks bots in a live match and, for
a past moment, `referee.consult`; `sim` (game/core/sim.py) builds its players for a referee,
and the benches play their games through it (a search's own time: `sim.think_ms`)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCOPE = [
    "game/scenes/**/*.py",
    "game/core/replays.py",
    "game/core/local.py",
    "game/core/history.py",
    "game/net/*.py",
    "game/matches.py",
    "game/bench.py",
    "game/rules/*/bench.py",
]


def calls(path: Path) -> set[tuple[str, str, str]]:
    """Each `x.bot(...)` and `x.choose(...)` (not on `self`: a table's own `choose` is a click),
    by the innermost function it is in."""
    found: set[tuple[str, str, str]] = set()
    relative = path.relative_to(ROOT).as_posix()

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else function
            if isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute):
                receiver = child.func.value
                mine = isinstance(receiver, ast.Name) and receiver.id == "self"
                if child.func.attr in ("bot", "choose") and not mine:
                    found.add((relative, function, child.func.attr))
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8")), "<module>")
    return found


def test_nothing_but_the_referee_asks_a_bot():
    paths = sorted({p for pattern in SCOPE for p in ROOT.glob(pattern)})
    assert any("scenes" in p.parts for p in paths) and len(paths) > 40
    found = set().union(*(calls(p) for p in paths))
    assert found == set(), "a bot asked outside the referee"
