"""game/core/selfcall.py: how Bazaar starts itself again, from a checkout and from the bundle.

The bundle is PyInstaller's (`sys.frozen`, `sys.executable` its own program, beside the other
one); here it is played by setting those two, and by a stand-in folder whose `bazaar` and
`bazaar-cli` are scripts running this checkout, each noting its name as it starts.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from game import bench
from game.core import selfcall

ROOT = Path(__file__).resolve().parents[2]


def frozen(monkeypatch, executable: Path, platform: str = "linux") -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(executable))
    monkeypatch.setattr(sys, "platform", platform)


def test_from_a_checkout_it_is_this_python_with_the_package(monkeypatch):
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.setattr(sys, "executable", "/somewhere/python3.11")
    python = ["/somewhere/python3.11", "-m", "game"]
    assert selfcall.command("bot", "jaipur") == [*python, "bot", "jaipur"]
    assert selfcall.command("--smoke", "2", app=True) == [*python, "--smoke", "2"]  # the app the same


@pytest.mark.parametrize("started", ["bazaar", "bazaar-cli"])
def test_in_the_linux_bundle_tools_run_through_the_console_tool_and_the_app_is_the_app(
    monkeypatch, tmp_path, started
):
    frozen(monkeypatch, tmp_path / "bazaar" / started)
    folder = (tmp_path / "bazaar").resolve()
    assert selfcall.command("serve", "--port", "1") == [str(folder / "bazaar-cli"), "serve", "--port", "1"]
    assert selfcall.command("--smoke", "2", app=True) == [str(folder / "bazaar"), "--smoke", "2"]


def test_in_the_macos_bundle_both_are_in_the_app_s_macos_folder(monkeypatch, tmp_path):
    macos = tmp_path / "Bazaar.app" / "Contents" / "MacOS"
    frozen(monkeypatch, macos / "bazaar-cli", "darwin")
    assert selfcall.command("bench") == [str(macos.resolve() / "bazaar-cli"), "bench"]
    assert selfcall.command(app=True) == [str(macos.resolve() / "bazaar")]


def test_on_windows_the_console_twin_stands_in_for_the_windowed_app(monkeypatch, tmp_path):
    """bazaar.exe is a windowed program: nothing reads what it prints, so even what measures the
    app runs bazaar-cli.exe (the same code and files)."""
    frozen(monkeypatch, tmp_path / "Bazaar" / "bazaar.exe", "win32")
    cli = str((tmp_path / "Bazaar").resolve() / "bazaar-cli.exe")
    assert selfcall.command("sim", "jaipur") == [cli, "sim", "jaipur"]
    assert selfcall.command("--smoke", "2", app=True) == [cli, "--smoke", "2"]
    assert selfcall.program(Path("dist"), platform="win32") == Path("dist") / "bazaar-cli.exe"
    assert selfcall.program(Path("dist"), app=True, platform="linux") == Path("dist") / "bazaar"


def stand_in_bundle(tmp_path: Path) -> tuple[Path, Path]:
    """A folder with `bazaar` and `bazaar-cli` running this checkout (neither knows `-m game`,
    as the bundle's programs do not), and the file where each writes its name when started."""
    folder, started = tmp_path / "bundle", tmp_path / "started.txt"
    folder.mkdir()
    for name in ("bazaar", "bazaar-cli"):
        script = folder / name
        script.write_text(
            f'#!/bin/sh\ncase "$1" in -m) echo "{name}: no -m here" >&2; exit 2 ;; esac\n'
            f'echo {name} >>"{started}"\n'
            f'PYTHONPATH="{ROOT}" exec "{sys.executable}" -m game "$@"\n'
        )
        script.chmod(0o755)
    return folder, started


posix = pytest.mark.skipif(sys.platform == "win32", reason="the stand-in programs are shell scripts")


@posix
def test_the_bench_in_a_bundle_times_its_app_and_serves_through_its_console_tool(monkeypatch, tmp_path):
    folder, started = stand_in_bundle(tmp_path)
    frozen(monkeypatch, folder / "bazaar-cli", sys.platform)
    monkeypatch.setenv("BAZAAR_HOME", str(tmp_path / "home"))
    assert bench.startup_s(runs=1) > 0
    assert started.read_text().split() == ["bazaar", "bazaar"]  # one launch not counted, one counted
    with bench._server(bot_pause=0.0) as (url, proc):
        assert url.startswith("ws://127.0.0.1:") and proc.poll() is None
    assert started.read_text().split() == ["bazaar", "bazaar", "bazaar-cli"]


def test_a_start_up_that_never_reaches_its_first_frame_is_an_error_not_a_figure():
    with pytest.raises(RuntimeError, match="ended with status 3 before its first frame"):
        bench.startup_s(runs=1, command=[sys.executable, "-c", "raise SystemExit(3)"])


def test_the_bench_s_start_up_counts_launches_after_one_and_writes_bytecode(tmp_path, monkeypatch):
    """As an install has it: the bytecode may be written, whatever the environment says, and the
    launch that writes it is not counted."""
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    said = tmp_path / "launches"
    code = (
        f"import sys; open({str(said)!r}, 'a').write(f'{{sys.flags.dont_write_bytecode}}\\n'); "
        "print('first-frame')"
    )
    assert bench.startup_s(runs=3, command=[sys.executable, "-c", code]) > 0
    assert said.read_text().split() == ["0"] * 4


def test_the_bench_s_start_up_leaves_no_settings_folder_behind_when_it_fails(tmp_path, monkeypatch):
    monkeypatch.setattr(bench.tempfile, "tempdir", str(tmp_path))
    with pytest.raises(RuntimeError):
        bench.startup_s(runs=1, command=[sys.executable, "-c", "pass"], language="ja")
    assert os.listdir(tmp_path) == []
