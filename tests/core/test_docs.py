"""The format documents stay true: every command is documented, the example bot really plays."""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

from game.__main__ import build_parser
from game.core import registry, sim
from tests.core.tinygame import RULESET

DOCS = Path(__file__).resolve().parents[2] / "docs"
registry.register(RULESET)


def test_cli_doc_names_every_subcommand_and_option():
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.dest == "tool")
    for name, sub in subparsers.choices.items():
        assert f"python -m game {name}" in text, name
        for action in sub._actions:
            for flag in action.option_strings:
                if flag.startswith("--") and flag != "--help":
                    assert flag in text, f"{name} {flag}"
    assert "--smoke" in text and "--windowed" in text


def test_the_example_outside_program_plays_a_tournament(tmp_path):
    text = (DOCS / "bot-protocol.md").read_text(encoding="utf-8")
    program = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    path = tmp_path / "randombot.py"
    path.write_text(program)
    spec = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(path))}"
    report = sim.tournament("tiny", [spec, "easy"], games=3, seed=1)
    assert sum(report["wins"]) + report["draws"] == 3
