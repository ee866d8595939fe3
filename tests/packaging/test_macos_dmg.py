"""build/macos/check_dmg.sh, run on any system with stand-ins for macOS's hdiutil (its attach
copies a prepared volume to the mount point, its detach empties it; both are logged) and
codesign: it checks what the image holds, always detaches it, and fails instead of waiting."""

import os
import plistlib
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "build" / "macos" / "check_dmg.sh"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the stand-in tools are shell scripts")

HDIUTIL = """#!/bin/sh
echo "$*" >>"$FAKE_LOG"
case $1 in
    attach)
        while [ $# -gt 0 ]; do
            [ "$1" = -mountpoint ] && mount=$2
            shift
        done
        cp -R "$FAKE_VOLUME"/. "$mount"/
        ;;
    detach)
        find "$2" -mindepth 1 -delete
        ;;
esac
"""


def pyproject_version() -> str:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def checkout(tmp_path: Path, *, version: str = "", link: bool = True, tool: str = "") -> tuple[Path, dict]:
    """A checkout with the script and an image for it (the volume hdiutil's stand-in mounts):
    Bazaar.app whose Info.plist says `version` and whose console tool runs `tool` (by default
    it logs its arguments and BAZAAR_HOME and prints a line), and the Applications link."""
    root = tmp_path / "root"
    (root / "build" / "macos").mkdir(parents=True)
    shutil.copy(SCRIPT, root / "build" / "macos" / "check_dmg.sh")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    (root / ".venv" / "bin").mkdir(parents=True)
    (root / ".venv" / "bin" / "python").symlink_to(sys.executable)
    (root / "dist").mkdir()
    (root / "dist" / f"bazaar-{pyproject_version()}-macos.dmg").write_bytes(b"koly")
    volume = tmp_path / "volume"
    macos = volume / "Bazaar.app" / "Contents" / "MacOS"
    macos.mkdir(parents=True)
    release = version or pyproject_version()
    with open(volume / "Bazaar.app" / "Contents" / "Info.plist", "wb") as file:
        plistlib.dump({"CFBundleShortVersionString": release, "CFBundleVersion": release}, file)
    log = tmp_path / "log"
    cli = tool or f'echo "bazaar-cli $* home=$BAZAAR_HOME" >>"{log}"; echo "jaipur: easy 1, easy 0"'
    (macos / "bazaar-cli").write_text(f"#!/bin/sh\n{cli}\n")
    (macos / "bazaar-cli").chmod(0o755)
    if link:
        (volume / "Applications").symlink_to("/Applications")
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "hdiutil").write_text(HDIUTIL)
    codesign = '#!/bin/sh\necho "codesign $*" >>"$FAKE_LOG"\nexit "${FAKE_CODESIGN:-0}"\n'
    (tools / "codesign").write_text(codesign)
    for name in ("hdiutil", "codesign"):
        (tools / name).chmod(0o755)
    env = {
        **os.environ,
        "PATH": f"{tools}{os.pathsep}{os.environ['PATH']}",
        "FAKE_LOG": str(log),
        "FAKE_VOLUME": str(volume),
        "TMPDIR": str(tmp_path / "tmp"),
    }
    (tmp_path / "tmp").mkdir()
    return root, env


def run(root: Path, env: dict) -> subprocess.CompletedProcess:
    script = root / "build" / "macos" / "check_dmg.sh"
    return subprocess.run(["sh", str(script)], env=env, capture_output=True, text=True, timeout=120)


def logged(env: dict) -> list[str]:
    return Path(env["FAKE_LOG"]).read_text().splitlines()


def test_a_good_image_passes_mounted_read_only_and_is_detached(tmp_path):
    root, env = checkout(tmp_path)
    done = run(root, env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "disk image ok" in done.stdout
    attach, codesign, tool, detach = logged(env)
    assert attach.startswith("attach -nobrowse -readonly -noautoopen -mountpoint ")
    assert attach.endswith(f"dist/bazaar-{pyproject_version()}-macos.dmg")
    mount = attach.split()[5]
    assert codesign == f"codesign --verify --deep --strict --verbose=2 {mount}/Bazaar.app"
    # the tool played a match with its saves in a temporary folder, since removed
    assert tool.startswith("bazaar-cli sim jaipur --seats easy,easy --games 1 home=")
    home = tool.split("home=")[1]
    assert home.startswith(env["TMPDIR"]) and not Path(home).exists()
    assert detach == f"detach {mount} -quiet"
    assert os.listdir(env["TMPDIR"]) == []  # the mount point removed too


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        ({"version": "0.0.1"}, "CFBundleShortVersionString is '0.0.1', pyproject.toml says"),
        ({"link": False}, "no link to /Applications"),
        ({"tool": "exit 3"}, "bazaar-cli sim exited 3"),
    ],
)
def test_a_flawed_image_fails_and_is_detached_all_the_same(tmp_path, change, complaint):
    root, env = checkout(tmp_path, **change)
    done = run(root, env)
    assert done.returncode == 1 and complaint in done.stderr, done.stdout + done.stderr
    assert logged(env)[-1].startswith("detach ")
    assert os.listdir(env["TMPDIR"]) == []


def test_an_app_whose_signature_does_not_hold_fails(tmp_path):
    root, env = checkout(tmp_path)
    done = run(root, {**env, "FAKE_CODESIGN": "1"})
    assert done.returncode == 1 and "signature" in done.stderr and "does not hold" in done.stderr
    assert [line.split()[0] for line in logged(env)] == ["attach", "codesign", "detach"]


def test_a_console_tool_that_hangs_is_killed_and_the_image_detached(tmp_path):
    root, env = checkout(tmp_path, tool="exec sleep 60")
    started = time.monotonic()
    done = run(root, {**env, "CHECK_DMG_SECONDS": "2"})
    assert done.returncode == 1 and "killed after 2 s" in done.stderr, done.stdout + done.stderr
    assert time.monotonic() - started < 30
    assert logged(env)[-1].startswith("detach ")


def test_without_the_image_it_says_to_make_it(tmp_path):
    root, env = checkout(tmp_path)
    for image in (root / "dist").iterdir():
        image.unlink()
    done = run(root, env)
    assert done.returncode == 2 and "run build/macos/make_dmg.sh first" in done.stderr
    assert not Path(env["FAKE_LOG"]).exists()  # nothing attached
