"""Outside programs that misbehave: each is reported by name with what it did, and is gone."""

from __future__ import annotations

import os
import random
import select
import shlex
import sys
import uuid
from pathlib import Path

import pytest

from game.core import bots, registry
from game.core.outside import OutsideBotError, ProgramBot
from game.core.ruleset import Budget
from tests.core.tinygame import RULESET

BADBOT = Path(__file__).with_name("badbot.py")
VIEW = {"seat": 0, "to_act": [0], "deck": 9, "hand": [], "opponent_hand": 0}
LEGAL = [{"move": "draw"}, {"move": "pass"}]
registry.register(RULESET)


def argv(mode: str, good: int = 0, mark: str = "") -> list[str]:
    return [sys.executable, str(BADBOT), mode, str(good), mark]


def fail(mode: str, move_seconds: float = 30.0) -> tuple[ProgramBot, OutsideBotError]:
    """Ask a bad program for one move; the limit is generous unless the test is about it."""
    bot = ProgramBot(argv(mode), name="Badbot", move_seconds=move_seconds)
    with pytest.raises(OutsideBotError) as caught:
        bot.choose(VIEW, LEGAL, random.Random(1), Budget())
    return bot, caught.value


def assert_gone(bot: ProgramBot) -> None:
    """Ended and reaped: no process, not even a zombie, under its id."""
    assert bot.proc is not None and bot.proc.returncode is not None
    with pytest.raises(ProcessLookupError):
        os.kill(bot.proc.pid, 0)


def test_a_program_that_hangs_hits_the_time_limit_and_is_killed():
    bot, error = fail("hang", move_seconds=0.5)
    assert (error.name, error.what) == ("Badbot", "did not answer within 0.5 s")
    assert str(error) == "Badbot did not answer within 0.5 s"
    assert_gone(bot)


def test_a_program_that_crashes_is_reported_with_its_status_and_last_words():
    bot, error = fail("crash")
    assert error.name == "Badbot"
    assert error.what == "exited with status 3; its standard error ended: badbot: out of ideas"
    assert_gone(bot)


def test_a_program_that_answers_garbage_is_quoted():
    bot, error = fail("garbage")
    assert error.what == 'answered garbage: "I\'d rather not"'
    assert_gone(bot)


def test_a_program_that_answers_error_is_reported():
    bot, error = fail("error")
    assert error.what == "answered error: 'no idea what to do'"
    assert_gone(bot)


def test_a_failed_program_fails_again_without_a_new_request():
    bot, error = fail("garbage")
    with pytest.raises(OutsideBotError) as again:
        bot.choose(VIEW, LEGAL, random.Random(1), Budget())
    assert again.value is error


def test_a_program_that_cannot_start_is_reported_at_its_first_move():
    bot = ProgramBot([str(BADBOT.with_name("no-such-program"))], name="Ghost")
    with pytest.raises(OutsideBotError, match=r"^Ghost could not be started \("):
        bot.choose(VIEW, LEGAL, random.Random(1), Budget())
    bot.close()


def test_a_program_that_plays_well_is_closed_at_the_end():
    bot = ProgramBot(argv("hang", good=2), move_seconds=30.0)
    for _ in range(2):
        assert bot.choose(VIEW, LEGAL, random.Random(1), Budget()) == {"move": "draw"}
    bot.close()  # it hangs on no request: closing its input ends it
    assert_gone(bot)


def test_for_seat_names_the_program_after_the_seat_and_sets_its_limit():
    from game.core.match import Seat

    bot = bots.for_seat(RULESET, Seat("Ann", "cmd", f"{sys.executable} {BADBOT} hang"), move_seconds=0.5)
    try:
        assert isinstance(bot, ProgramBot)
        assert bot.move_seconds == 0.5
        assert bot.name.startswith("Ann (")
    finally:
        bot.kill()
    assert_gone(bot)
    assert bots.for_seat(RULESET, Seat("Bo", "bot", "easy")).level == "easy"
    with pytest.raises(ValueError):
        bots.for_seat(RULESET, Seat("Cy"))


@pytest.mark.skipif(sys.platform == "win32", reason="process groups are POSIX")
def test_what_the_program_started_is_killed_with_it():
    mark = uuid.uuid4().hex
    inner = " ".join(shlex.quote(a) for a in argv("hang", mark=mark))
    bot = ProgramBot(["sh", "-c", f"{inner}; true"], name="Wrapper", move_seconds=0.5)
    with pytest.raises(OutsideBotError, match="did not answer within 0.5 s"):
        bot.choose(VIEW, LEGAL, random.Random(1), Budget())
    assert_gone(bot)
    await_exits(mark)  # the grandchild got its SIGKILL with the group; it dies on its own time
    assert not leftovers(mark)


def test_children_of_this_process_marked_so_are_gone():
    """The sim's programs are its own; marked with a token, none may outlive a tournament."""
    from game.core import sim

    mark = uuid.uuid4().hex
    spec = "cmd:" + " ".join(argv("hang", good=1, mark=mark))
    report = sim.tournament("tiny", [spec, "easy"], games=2, seed=1, move_seconds=0.5)
    assert report["aborted"] == 2
    assert not leftovers(mark)


def await_exits(mark: str, bound: float = 10.0) -> None:
    """Wait for every process marked so to exit, on the kernel's word (a pidfd turns readable
    when its process ends), not by polling. `bound` only keeps a process that was never killed
    (it would hang an hour) from hanging the test: what counts is asserted afterwards."""
    if not hasattr(os, "pidfd_open"):
        pytest.skip("needs pidfd_open (Linux 5.3)")
    for pid in marked(mark):
        try:
            fd = os.pidfd_open(pid)
        except ProcessLookupError:
            continue  # gone already
        try:
            select.select([fd], [], [], bound)
        finally:
            os.close(fd)


def leftovers(mark: str) -> list[str]:
    """Processes whose command line holds `mark`, and zombie children of this process."""
    return [f"{pid}: {stat}" for pid, stat in processes(mark)]


def marked(mark: str) -> list[int]:
    """The ids of the processes whose command line holds `mark`."""
    return [pid for pid, stat in processes(mark) if not stat.startswith("zombie child ")]


def processes(mark: str) -> list[tuple[int, str]]:
    if not Path("/proc/self").exists():
        pytest.skip("needs /proc")
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # ended while we looked
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if mark.encode() in cmdline:
            found.append((int(entry.name), stat.strip()))
        elif state == "Z" and int(ppid) == os.getpid():
            found.append((int(entry.name), "zombie child " + stat.strip()))
    return found
