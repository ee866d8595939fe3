"""A tournament survives its outside programs: failures are listed, the run goes on, and with
--fallback our bot finishes the game."""

from __future__ import annotations

import sys
from pathlib import Path

from game.__main__ import main
from game.core import registry, sim
from tests.core.tinygame import RULESET

BADBOT = Path(__file__).with_name("badbot.py")
registry.register(RULESET)


def spec(mode: str, good: int = 1) -> str:
    return f"cmd:{sys.executable} {BADBOT} {mode} {good}"


def test_each_game_a_program_fails_is_aborted_and_the_run_goes_on():
    # One good move each, then a crash: seat 1 draws, seat 2 draws, seat 1 fails at move 3.
    report = sim.tournament("tiny", [spec("crash"), "easy"], games=3, seed=1)
    assert (report["finished"], report["aborted"]) == (0, 3)
    assert [f["game"] for f in report["failures"]] == [0, 1, 2]
    for failure in report["failures"]:
        assert failure["seat"] == 0
        assert failure["name"] == f"seat 1 ({spec('crash')})"
        assert failure["what"].startswith("exited with status 3")
        assert failure["moves"] == 2  # what was played before the failure is in the record
        assert failure["handed_to"] is None


def test_an_illegal_command_is_the_program_failing():
    report = sim.tournament("tiny", ["easy", spec("illegal", good=0)], games=1, seed=2)
    (failure,) = report["failures"]
    assert failure["seat"] == 1
    assert failure["what"] == "played an illegal move '{\"move\":\"fly\"}': unknown move 'fly'"


def test_a_hanging_program_is_cut_off_at_move_seconds():
    report = sim.tournament("tiny", [spec("hang"), "easy"], games=1, seed=1, move_seconds=0.5)
    (failure,) = report["failures"]
    assert failure["what"] == "did not answer within 0.5 s"


def test_fallback_hands_the_seat_to_our_bot_and_finishes_every_game():
    report = sim.tournament("tiny", [spec("garbage"), "easy"], games=3, seed=1, fallback="easy")
    assert (report["finished"], report["aborted"]) == (3, 0)
    assert sum(report["wins"]) + report["draws"] == 3
    assert [f["handed_to"] for f in report["failures"]] == ["easy"] * 3
    assert report["avg_moves"] == 9  # the tiny game always ends after its 9 draws


def test_the_cli_prints_the_failures_and_exits_1(capsys):
    status = main(["sim", "tiny", "--seats", f"{spec('error')},easy", "--games", "2", "--move-seconds", "5"])
    out = capsys.readouterr().out
    assert status == 1
    assert out.startswith("2 games of tiny, seed 1 (2 aborted: the figures count the other 0)\n")
    assert "2 failures of outside programs, 2 games aborted:" in out
    assert "game 2 (seed 1000004), seat 1: seat 1 (cmd:" in out
    assert "answered error: 'no idea what to do'; game aborted after 2 moves" in out


def test_the_cli_with_fallback_exits_0_and_names_the_new_player(capsys):
    status = main(["sim", "tiny", "--seats", f"{spec('error')},easy", "--games", "1", "--fallback", "easy"])
    assert status == 0
    assert "seat handed to easy after 2 moves" in capsys.readouterr().out


def test_an_unknown_fallback_or_limit_is_refused_before_any_game(capsys):
    assert main(["sim", "tiny", "--seats", "easy,easy", "--games", "1", "--fallback", "genius"]) == 2
    assert main(["sim", "tiny", "--seats", "easy,easy", "--games", "1", "--move-seconds", "0"]) == 2
    err = capsys.readouterr().err
    assert "no bot level 'genius'" in err and "above 0 s" in err


def test_save_writes_every_game_as_a_match_file_the_aborted_one_unfinished(tmp_path, capsys):
    """`sim --save DIR`: game i is DIR/game-i.json, an exported match (replay, import); a game
    an outside program aborted is kept too, unfinished, up to the failed move."""
    from game.core import codec
    from game.core.match import verify
    from game.core.store import read_match

    folder = tmp_path / "games"
    argv = ["sim", "tiny", "--seats", f"{spec('crash', good=3)},easy", "--games", "1", "--seed", "1"]
    assert main([*argv, "--save", str(folder)]) == 1  # the game was aborted
    more = ["sim", "tiny", "--seats", "random,easy", "--games", "2", "--save", str(folder / "more")]
    assert main(more) == 0
    capsys.readouterr()
    aborted = read_match(folder / "game-1.json")
    assert aborted.outcome is None and aborted.moves == 6
    assert sorted(p.name for p in (folder / "more").iterdir()) == ["game-1.json", "game-2.json"]
    for path in (folder / "game-1.json", *(folder / "more").iterdir()):
        ok, why = verify(codec.loads(path.read_text(encoding="utf-8"), str(path)))
        assert ok, why
    finished = read_match(folder / "more" / "game-2.json")
    assert finished.outcome is not None and finished.seed == 1 * 1_000_003 + 1
