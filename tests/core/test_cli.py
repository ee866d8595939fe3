"""The scenario runner and the tournament, on the tests' tiny game."""

from game.core import registry, scenario, sim
from tests.core.tinygame import RULESET

registry.register(RULESET)


def test_scenario_prints_a_line_per_command_then_the_final_views():
    lines = scenario.run(
        {
            "game": "tiny",
            "seed": 1,
            "seats": ["Ann", "Bo"],
            "setup": {"deck": [5, 1, 2, 3, 4, 6, 7, 8, 9]},
            "commands": [
                {"seat": 1, "command": {"move": "draw"}},
                {"seat": 0, "command": {"move": "draw"}},
            ],
        }
    )
    assert lines[0] == {"index": 0, "ok": False, "reason": "it is not your turn"}
    assert lines[1]["ok"] and lines[1]["events"] == [{"type": "draw", "seat": 0, "card": 5}]
    assert lines[-1]["final"] and lines[-1]["outcome"] is None
    assert lines[-1]["views"][0]["hand"] == [5]
    assert lines[-1]["views"][1]["hand"] == []


def test_sim_counts_every_game_once():
    report = sim.tournament("tiny", ["random", "easy"], games=20, seed=3)
    assert sum(report["wins"]) + report["draws"] == 20
    assert report["games_per_s"] > 0


def test_sim_starts_its_worker_processes_afresh_on_every_system(monkeypatch):
    """Spawned, as on Windows and macOS: in the bundle each worker is the bundle's program
    again (multiprocessing.freeze_support), so a Linux build checks that path too."""
    started = []

    class Pool:  # ProcessPoolExecutor's part that tournament uses, in this process
        def __init__(self, workers, mp_context=None):
            started.append((workers, mp_context.get_start_method()))

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def map(self, play, jobs):
            return [play(job) for job in jobs]

    monkeypatch.setattr(sim, "ProcessPoolExecutor", Pool)
    report = sim.tournament("tiny", ["random", "easy"], games=3, seed=3, processes=2)
    assert started == [(2, "spawn")] and report["finished"] == 3


def test_the_version_is_pyprojects_and_the_program_says_it(capsys):
    """One version: pyproject's (the bundle, the installers and the release tag take it from
    there), which the program says as `bazaar --version` and writes at the head of its log."""
    import tomllib
    from pathlib import Path

    import pytest

    from game import __main__, __version__

    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    assert __version__ == tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]
    with pytest.raises(SystemExit) as stopped:
        __main__.main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out == f"bazaar {__version__}\n"
