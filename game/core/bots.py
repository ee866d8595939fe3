"""Bots behind one interface: a game's own levels, a random player, or an outside program.

Every bot receives only `view(state, seat)` and `legal(state, seat)`, never the state.
"""

from __future__ import annotations

import random
import shlex
import subprocess
from typing import Any

from game.core import codec
from game.core.ruleset import Budget, Command, Ruleset, View


class RandomBot:
    """Plays a uniformly random legal command. The baseline for tests and benchmarks."""

    level = "random"

    def choose(self, view: View, legal: list[Command], rng: random.Random, budget: Budget) -> Command:
        return rng.choice(legal)


class ProgramBot:
    """An outside program speaking the JSON-lines bot protocol (docs/bot-protocol.md)."""

    def __init__(self, argv: str | list[str]):
        self.level = f"cmd:{argv}"
        args = shlex.split(argv) if isinstance(argv, str) else argv
        self.proc = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def choose(self, view: View, legal: list[Command], rng: random.Random, budget: Budget) -> Command:
        seat = view.get("seat")
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(codec.dumps({"seat": seat, "view": view, "legal": legal}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"bot program {self.level} closed its output")
        reply = codec.loads(line, "the bot's reply")
        if not isinstance(reply, dict) or not isinstance(reply.get("command"), dict):
            raise RuntimeError(f"bot program {self.level} answered {line.strip()!r}")
        return reply["command"]

    def close(self) -> None:
        if self.proc.poll() is None:
            if self.proc.stdin:
                self.proc.stdin.close()
            try:
                self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def make(ruleset: Ruleset, spec: str) -> Any:
    """A bot from a seat spec: a level name, `random`, or `cmd:PROGRAM ARGS`."""
    if spec.startswith("cmd:"):
        return ProgramBot(spec[4:])
    if spec == "random":
        return RandomBot()
    if spec not in ruleset.bot_levels:
        raise ValueError(f"{ruleset.title} has no bot level {spec!r} ({', '.join(ruleset.bot_levels)})")
    return ruleset.bot(spec)


def serve(ruleset: Ruleset, level: str, stdin, stdout, budget: Budget | None = None) -> int:
    """Answer protocol lines until stdin closes. Returns the process exit code."""
    bot = make(ruleset, level)
    for number, line in enumerate(stdin, 1):
        if not line.strip():
            continue
        try:
            request = codec.loads(line, f"line {number}")
            view, legal = request["view"], request["legal"]
            seed = codec.dumps(view)
            command = bot.choose(view, legal, random.Random(seed), budget or Budget())
            stdout.write(codec.dumps({"command": command}) + "\n")
        except (codec.FormatError, KeyError, TypeError) as exc:
            stdout.write(codec.dumps({"error": f"bad request on line {number}: {exc}"}) + "\n")
        except Exception as exc:  # a bot failing on one request must not end the session
            stdout.write(codec.dumps({"error": f"the bot failed on line {number}: {exc}"}) + "\n")
        stdout.flush()
    return 0
