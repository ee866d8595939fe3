"""An outside program as a bot: the JSON-lines protocol (docs/bot-protocol.md) with a time limit.

A program that hangs, dies, or answers anything but a command raises `OutsideBotError` naming
it and saying what it did, and is killed and reaped on the spot: a table or a tournament can
report it and go on. The pipes are read and written by daemon threads, so a program that stops
reading or writing can never block the caller beyond the limit.
"""

from __future__ import annotations

import contextlib
import os
import queue
import random
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from typing import IO

from game.core import codec
from game.core.i18n import Msg, msg
from game.core.ruleset import Budget, Command, View

DEFAULT_MOVE_SECONDS = 10.0
STDERR_LINES = 5  # the tail of standard error a crash report quotes
QUOTE_CHARS = 200  # how much of a bad answer a report quotes
_EOF = None  # what the reader thread queues when standard output closes
# On POSIX a program runs in a process group of its own, so a kill also ends what it started
# (a shell's child, a helper).
_GROUPS = os.name == "posix"


class OutsideBotError(Exception):
    """An outside program failed a move. `name` says which, `what` what it did."""

    def __init__(self, name: str, what: str):
        super().__init__(name, what)  # both in args, so the error survives pickling
        self.name, self.what = name, what

    def __str__(self) -> str:
        return f"{self.name} {self.what}"

    def message(self) -> Msg:
        """The failure for a person, in the language shown (`what` is a message when ours)."""
        return msg("{name} {what}", name=self.name, what=self.what)


def _quote(text: str) -> str:
    text = text.strip()
    return repr(text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + "...")


class ProgramBot:
    """An outside program speaking the protocol, started at once, asked one move at a time."""

    def __init__(self, argv: str | list[str], name: str | None = None, move_seconds: float | None = None):
        self.level = f"cmd:{argv}"
        self.name = name or (argv if isinstance(argv, str) else shlex.join(argv))
        self.move_seconds = DEFAULT_MOVE_SECONDS if move_seconds is None else move_seconds
        self.failed: OutsideBotError | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._requests: queue.Queue[str | None] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=STDERR_LINES)
        args = shlex.split(argv) if isinstance(argv, str) else list(argv)
        try:
            self.proc: subprocess.Popen[str] | None = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",  # bytes that are not UTF-8 are garbage to report, not a crash here
                bufsize=1,
                start_new_session=_GROUPS,
            )
        except (OSError, ValueError) as exc:
            self.proc = None
            self.failed = OutsideBotError(self.name, msg("could not be started ({why})", why=str(exc)))
            return
        assert self.proc.stdin and self.proc.stdout and self.proc.stderr
        self._thread(self._read, self.proc.stdout)
        self._thread(self._write, self.proc.stdin)
        self._stderr_thread = self._thread(self._drain, self.proc.stderr)

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    # -- the pipes, each on its own thread ------------------------------------------------
    def _thread(self, target, stream: IO[str]) -> threading.Thread:
        thread = threading.Thread(target=target, args=(stream,), daemon=True, name=f"bot-pipe {self.name}")
        thread.start()
        return thread

    def _read(self, stream: IO[str]) -> None:
        try:
            for line in stream:
                self._lines.put(line)
        except (OSError, ValueError):
            pass  # the pipe closed under us: the program is gone or being killed
        self._lines.put(_EOF)

    def _write(self, stream: IO[str]) -> None:
        try:
            while (line := self._requests.get()) is not None:
                stream.write(line)
                stream.flush()
            stream.close()  # end of input: a well-behaved program exits now
        except (OSError, ValueError):
            pass  # a program that died or stopped reading is reported by the reader's side

    def _drain(self, stream: IO[str]) -> None:
        # Standard error stays the program's log: passed on as it comes, its tail kept for a report.
        try:
            for line in stream:
                self._stderr.append(line.rstrip("\n"))
                if sys.stderr is not None:  # None in a windowed app: draining must go on regardless
                    sys.stderr.write(line)
        except (OSError, ValueError):
            pass

    # -- playing --------------------------------------------------------------------------
    def choose(self, view: View, legal: list[Command], rng: random.Random, budget: Budget) -> Command:
        if self.failed:
            raise self.failed
        self._check_between_moves()
        self._requests.put(codec.dumps({"seat": view.get("seat"), "view": view, "legal": legal}) + "\n")
        line = self._next_line(time.monotonic() + self.move_seconds)
        try:
            reply = codec.loads(line, "the reply")
        except codec.FormatError:
            raise self._fail(msg("answered garbage: {line}", line=_quote(line))) from None
        if isinstance(reply, dict) and "error" in reply:
            raise self._fail(msg("answered error: {error}", error=_quote(str(reply["error"]))))
        if not isinstance(reply, dict) or not isinstance(reply.get("command"), dict):
            raise self._fail(msg("answered garbage (not a command): {line}", line=_quote(line)))
        return reply["command"]

    def _next_line(self, deadline: float) -> str:
        """The next non-blank line of its output before the deadline, or the failure raised."""
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise self._fail(
                    msg("did not answer within {seconds} s", seconds=f"{self.move_seconds:g}")
                ) from None
            if line is _EOF:
                raise self._fail(self._death())
            if line.strip():
                return line

    def _check_between_moves(self) -> None:
        """A program that died or spoke out of turn since its last answer fails now, before
        a new request could be paired with a stale line."""
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return
            if line is _EOF:
                raise self._fail(self._death())
            if line.strip():
                raise self._fail(msg("answered more than once (an extra line {line})", line=_quote(line)))

    def illegal(self, command: Command, reason: str) -> OutsideBotError:
        """The rules refused this program's command: it is ended and the error returned."""
        return self._fail(
            msg("played an illegal move {move}: {reason}", move=_quote(codec.dumps(command)), reason=reason)
        )

    def _death(self) -> Msg:
        """What a program whose output closed did: its exit status and last words."""
        status = None
        if self.proc is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                status = self.proc.wait(timeout=2)
            # its last words may still be in the pipe. Once it exited, the pipe ends at once
            # (unless a child of its own holds it): wait for them, lest a loaded machine drop
            # them from the report; the bound is for such a child only
            self._stderr_thread.join(timeout=1 if status is None else 5)
        what = (
            msg("closed its output") if status is None else msg("exited with status {status}", status=status)
        )
        tail = " / ".join(line for line in self._stderr if line.strip())
        return msg("{what}; its standard error ended: {tail}", what=what, tail=tail) if tail else what

    def _fail(self, what: Msg) -> OutsideBotError:
        self.failed = OutsideBotError(self.name, what)
        self.kill()
        return self.failed

    # -- ending ---------------------------------------------------------------------------
    def kill(self) -> None:
        """End the program at once and reap it (no zombie left behind)."""
        self._requests.put(None)
        if self.proc is None or self.proc.returncode is not None:
            return  # never started, or already reaped (its id may belong to another process now)
        if _GROUPS:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)
        else:
            self.proc.kill()
        self.proc.wait()

    def close(self) -> None:
        """End of the match: close its input, give it a moment to exit, then kill it."""
        self._requests.put(None)
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.kill()

    def __del__(self) -> None:
        proc = getattr(self, "proc", None)
        if proc is not None and proc.poll() is None:
            proc.kill()
