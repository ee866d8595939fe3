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


def test_network_doc_names_every_message_error_and_limit():
    """docs/network.md is enough to write a client from: it names every request, every message
    the server sends, every error code and the limits as the code sets them."""
    from game.net import protocol

    text = (DOCS / "network.md").read_text(encoding="utf-8")
    for kind in protocol.REQUESTS:
        assert f"`{kind}`" in text, kind
    for kind in ("welcome", "update", "presence", "clock", "error", "created", "reply", "rematch"):
        assert f'"type": "{kind}"' in text, kind
    codes = [v for k, v in vars(protocol).items() if k.isupper() and isinstance(v, str)]
    for code in codes:
        assert f"`{code}`" in text, code
    assert f"**{protocol.MAX_FRAME // 1024} KiB**" in text
    assert f"**{protocol.MAX_OUT_FRAME // (1024 * 1024)} MiB**" in text
    assert f"**{protocol.RATE:g} messages a second**" in text and f"**{protocol.BURST} at once**" in text
    assert f"the **{protocol.STRIKES}th** is answered and then the connection is closed" in text
    assert f"every **{protocol.STRIKE_SECONDS:g} s**" in text
    assert f"**{protocol.HELLO_SECONDS:g} s**" in text
    assert f"**{protocol.OUTBOX}**" in text
    assert f"**{protocol.PING_SECONDS:g} s**" in text
    timing = registry.face("ubongo").timing
    assert f"**{timing.intro_ticks}**" in text
    assert f"{timing.ready_seconds:g} s" in text
