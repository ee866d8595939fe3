"""The Linux install and uninstall scripts, run against a stand-in bundle in a temporary home:
everything lands in the user's folders, a second install replaces the first, saved games are
never touched, another program's ~/.local/bin/bazaar is kept and put back, and the person is
told how to start the command whether ~/.local/bin is on their PATH or not."""

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


def run(script: Path, home: Path, *first_on_path: Path) -> subprocess.CompletedProcess:
    """`sh script` with `home` as HOME and `first_on_path` before the PATH of the system's tools
    (which never holds the temporary home's ~/.local/bin)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")} | {"HOME": str(home)}
    env["PATH"] = os.pathsep.join([*map(str, first_on_path), os.environ.get("PATH", os.defpath)])
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


def test_a_command_of_someone_elses_is_kept_aside_and_put_back_by_uninstall(unpacked, home):
    bin_ = home / ".local" / "bin"
    bin_.mkdir(parents=True)
    theirs = bin_ / "bazaar"
    theirs.write_text("#!/bin/sh\necho the other bazaar\n")
    kept = bin_ / "bazaar.before-bazaar"
    done = run(unpacked / "install.sh", home)
    assert done.returncode == 0, done.stderr
    assert kept.read_text() == "#!/bin/sh\necho the other bazaar\n"
    assert os.readlink(theirs) == str(home / ".local" / "opt" / "bazaar" / "bazaar")
    assert f"The {theirs} that was there is kept as {kept}" in done.stdout

    again = run(unpacked / "install.sh", home)  # our own link is replaced, not kept over theirs
    assert again.returncode == 0, again.stderr
    assert kept.read_text() == "#!/bin/sh\necho the other bazaar\n"
    assert "kept as" not in again.stdout

    done = run(home / ".local" / "opt" / "bazaar" / "uninstall.sh", home)
    assert done.returncode == 0, done.stderr
    assert not theirs.is_symlink() and theirs.read_text() == "#!/bin/sh\necho the other bazaar\n"
    assert not kept.exists()
    assert f"The {theirs} that was there before Bazaar is back." in done.stdout


def test_uninstall_keeps_the_kept_command_when_the_name_has_been_taken_since(unpacked, home):
    bin_ = home / ".local" / "bin"
    bin_.mkdir(parents=True)
    (bin_ / "bazaar").symlink_to("/opt/elsewhere/bazaar")  # another link, broken even
    assert run(unpacked / "install.sh", home).returncode == 0
    assert os.readlink(bin_ / "bazaar.before-bazaar") == "/opt/elsewhere/bazaar"
    (bin_ / "bazaar").unlink()
    (bin_ / "bazaar").write_text("newer")
    done = run(home / ".local" / "opt" / "bazaar" / "uninstall.sh", home)
    assert done.returncode == 0, done.stderr
    assert (bin_ / "bazaar").read_text() == "newer"
    assert os.readlink(bin_ / "bazaar.before-bazaar") == "/opt/elsewhere/bazaar"
    assert "is still kept as" in done.stdout


def test_install_changes_nothing_when_it_has_nowhere_to_keep_the_other_command(unpacked, home):
    bin_ = home / ".local" / "bin"
    bin_.mkdir(parents=True)
    (bin_ / "bazaar").write_text("theirs")
    (bin_ / "bazaar.before-bazaar").write_text("older")
    done = run(unpacked / "install.sh", home)
    assert done.returncode == 1 and "nothing was changed" in done.stderr
    assert (bin_ / "bazaar").read_text() == "theirs"
    assert (bin_ / "bazaar.before-bazaar").read_text() == "older"
    assert not (home / ".local" / "opt" / "bazaar").exists()


def test_off_the_path_the_command_is_given_by_its_full_path(unpacked, home):
    done = run(unpacked / "install.sh", home)
    assert done.returncode == 0, done.stderr
    link = home / ".local" / "bin" / "bazaar"
    assert f"{home}/.local/bin is not on your PATH" in done.stdout
    assert f"Start it by its full path: {link}\n" in done.stdout
    assert '    export PATH="$HOME/.local/bin:$PATH"\n' in done.stdout
    assert "type: bazaar" not in done.stdout


@pytest.mark.parametrize("spelling", ["bin", "bin/"])
def test_on_the_path_the_command_is_its_name(unpacked, home, spelling):
    done = run(unpacked / "install.sh", home, home / ".local" / spelling)
    assert done.returncode == 0, done.stderr
    assert "In a terminal, type: bazaar\n" in done.stdout
    assert "not on your PATH" not in done.stdout and "export PATH" not in done.stdout


def test_a_command_of_the_same_name_earlier_on_the_path_is_named(unpacked, home, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    (other / "bazaar").write_text("#!/bin/sh\n")
    (other / "bazaar").chmod(0o755)
    done = run(unpacked / "install.sh", home, other, home / ".local" / "bin")
    assert done.returncode == 0, done.stderr
    assert f"'bazaar' starts another program ({other}/bazaar)" in done.stdout
    assert f"start Bazaar by its full path: {home}/.local/bin/bazaar\n" in done.stdout
