"""The Linux install and uninstall scripts, run against a stand-in bundle in a temporary home:
everything lands in the user's folders, a second install replaces the first, and saved games
are never touched."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "build" / "linux"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX shell scripts")


@pytest.fixture
def unpacked(tmp_path):
    """What the release tarball unpacks to, with a shell script standing in for the program."""
    folder = tmp_path / "bazaar-1.0"
    program = folder / "bazaar" / "bazaar"
    (folder / "bazaar" / "_internal" / "assets").mkdir(parents=True)
    program.write_text("#!/bin/sh\necho bazaar ran\n")
    program.chmod(0o755)
    shutil.copy(ROOT / "assets" / "icon.png", folder / "bazaar" / "_internal" / "assets" / "icon.png")
    for name in ("install.sh", "uninstall.sh", "bazaar.desktop"):
        shutil.copy(LINUX / name, folder / name)
    return folder


@pytest.fixture
def home(tmp_path):
    home = tmp_path / "home"
    saves = home / ".local" / "share" / "Bazaar" / "data"
    saves.mkdir(parents=True)
    (saves / "bazaar.sqlite3").write_bytes(b"saved games")
    return home


def run(script: Path, home: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")} | {"HOME": str(home)}
    return subprocess.run(["sh", str(script)], env=env, capture_output=True, text=True, timeout=60)


def test_install_puts_program_command_menu_entry_and_icon_in_the_home_folder(unpacked, home):
    done = run(unpacked / "install.sh", home)
    assert done.returncode == 0, done.stderr
    app = home / ".local" / "opt" / "bazaar"
    link = home / ".local" / "bin" / "bazaar"
    assert os.readlink(link) == str(app / "bazaar")
    assert subprocess.run([str(link)], capture_output=True, text=True).stdout == "bazaar ran\n"
    assert (app / "uninstall.sh").stat().st_mode & 0o111
    share = home / ".local" / "share"
    assert (share / "icons" / "hicolor" / "256x256" / "apps" / "bazaar.png").read_bytes() == (
        ROOT / "assets" / "icon.png"
    ).read_bytes()
    entry = (share / "applications" / "bazaar.desktop").read_text().splitlines()
    assert f'Exec="{app}/bazaar"' in entry and "Icon=bazaar" in entry and "Terminal=false" in entry
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(
            ["desktop-file-validate", str(share / "applications" / "bazaar.desktop")],
            capture_output=True,
            text=True,
        )
        assert check.returncode == 0, check.stdout + check.stderr


def test_installing_again_replaces_the_program(unpacked, home):
    assert run(unpacked / "install.sh", home).returncode == 0
    stale = home / ".local" / "opt" / "bazaar" / "_internal" / "left-over"
    stale.write_text("from the old version")
    assert run(unpacked / "install.sh", home).returncode == 0
    assert not stale.exists()


def test_install_leaves_a_foreign_folder_alone(unpacked, home):
    foreign = home / ".local" / "opt" / "bazaar"
    foreign.mkdir(parents=True)
    (foreign / "notes.txt").write_text("not ours")
    done = run(unpacked / "install.sh", home)
    assert done.returncode == 1 and "not a Bazaar install" in done.stderr
    assert (foreign / "notes.txt").read_text() == "not ours"


def test_uninstall_removes_what_install_added_and_keeps_the_saves(unpacked, home):
    assert run(unpacked / "install.sh", home).returncode == 0
    done = run(home / ".local" / "opt" / "bazaar" / "uninstall.sh", home)
    assert done.returncode == 0, done.stderr
    assert "saved games and settings are kept" in done.stdout
    local = home / ".local"
    assert not (local / "opt" / "bazaar").exists()
    assert not (local / "bin" / "bazaar").is_symlink()
    assert not (local / "share" / "applications" / "bazaar.desktop").exists()
    assert not (local / "share" / "icons" / "hicolor" / "256x256" / "apps" / "bazaar.png").exists()
    assert (local / "share" / "Bazaar" / "data" / "bazaar.sqlite3").read_bytes() == b"saved games"
