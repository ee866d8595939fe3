"""The bundle's two programs and its check.

`build/bazaar.spec` is run with stand-ins for PyInstaller's classes, as on each system: one
folder holds the app (windowed on Windows and macOS) and the console tool, Bazaar.app starts
the app, and on Windows both programs carry a version resource made from pyproject's version.
`build/check_bundle.sh` is run on a stand-in bundle whose programs are this checkout's
`python -m game`, on one whose app hangs (it must fail, not wait), and as on macOS (stand-in
uname, codesign and otool) on a Bazaar.app with a library for a newer macOS than 11. With
PyInstaller installed (`make dist` and `make test-slow` install it), slow tests build the real
bundle once, check it with the script, ask its console tool for a bot move and for the bench's
start-up and network figures, and run its app in Japanese without BudouX's model.
"""

import importlib.util
import json
import os
import plistlib
import shutil
import subprocess
import sys
import time
import tomllib
import types
from pathlib import Path

import pytest

from game.core import i18n

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "build" / "bazaar.spec"
VERSION_RESOURCE = ROOT / "build" / "windows" / "version_resource.py"
CHECK = ROOT / "build" / "check_bundle.sh"
REQUEST = (  # the first move of a Jaipur match, as Bazaar writes requests (docs/bot-protocol.md)
    '{"legal":[{"good":"leather","move":"take"},{"move":"camels"}],"seat":0,"view":{"bonus":'
    '{"3":7,"4":6,"5":5},"camel_token":null,"deck":40,"discard":[],"earned":[{"bonus":[],'
    '"goods":[]},{"bonus":[],"goods":[]}],"game":"jaipur","hand":["diamond","spice","leather",'
    '"leather"],"hand_counts":[4,5],"herd":1,"herd_empty":[false,true],"market":["camel","camel",'
    '"camel","camel","leather"],"opponent_hand":5,"opponent_herd":null,"opponent_known":[],'
    '"phase":"play","round":1,"seals":[0,0],"seat":0,"sheets":[],"starter":0,"to_act":[0],'
    '"tokens":{"cloth":[5,3,3,2,2,1,1],"diamond":[7,7,5,5,5],"gold":[6,6,5,5,5],"leather":'
    '[4,3,2,1,1,1,1,1,1],"silver":[5,5,5,5,5],"spice":[5,3,3,2,2,1,1]},"variant":"standard",'
    '"winner":null}}\n'
)


class Built:
    """A stand-in for one of PyInstaller's spec classes: it keeps what it was given."""

    made: list["Built"] = []

    def __init__(self, *args, **kwargs):
        self.kind, self.args, self.kwargs = type(self).__name__, args, kwargs
        self.scripts = self.pure = self.binaries = self.datas = []
        Built.made.append(self)


def versioninfo_stand_in() -> types.ModuleType:
    """PyInstaller.utils.win32.versioninfo's classes as far as a spec uses them, with their
    signatures and the attributes they keep (its module needs pefile and win32api: Windows only)."""
    module = types.ModuleType("PyInstaller.utils.win32.versioninfo")

    class VSVersionInfo:
        def __init__(self, ffi=None, kids=None):
            self.ffi, self.kids = ffi, kids or []

    class FixedFileInfo:
        def __init__(
            self,
            filevers=(0, 0, 0, 0),
            prodvers=(0, 0, 0, 0),
            mask=0x3F,
            flags=0x0,
            OS=0x40004,
            fileType=0x1,
            subtype=0x0,
            date=(0, 0),
        ):
            self.fileVersionMS = filevers[0] << 16 | filevers[1]
            self.fileVersionLS = filevers[2] << 16 | filevers[3]
            self.productVersionMS = prodvers[0] << 16 | prodvers[1]
            self.productVersionLS = prodvers[2] << 16 | prodvers[3]
            self.fileFlags, self.fileOS, self.fileType = flags, OS, fileType

    class StringFileInfo:
        def __init__(self, kids=None):
            self.name, self.kids = "StringFileInfo", kids or []

    class StringTable:
        def __init__(self, name=None, kids=None):
            self.name, self.kids = name or "", kids or []

    class StringStruct:
        def __init__(self, name=None, val=None):
            self.name, self.val = name or "", val or ""

    class VarFileInfo:
        def __init__(self, kids=None):
            self.kids = kids or []

    class VarStruct:
        def __init__(self, name=None, kids=None):
            self.name, self.kids = name or "", kids or []

    kinds = (VSVersionInfo, FixedFileInfo, StringFileInfo, StringTable, StringStruct, VarFileInfo, VarStruct)
    for kind in kinds:
        setattr(module, kind.__name__, kind)
    return module


def run_spec(monkeypatch, platform: str, spec: Path = SPEC) -> list[Built]:
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda package: [package]
    hooks.collect_data_files = lambda package, includes=(): [(f"{package}/{i}", package) for i in includes]
    for name in ("PyInstaller", "PyInstaller.utils", "PyInstaller.utils.win32"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.win32.versioninfo", versioninfo_stand_in())
    monkeypatch.delitem(sys.modules, "version_resource", raising=False)  # the spec's, from its folder
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "platform", platform)
    Built.made = []
    names = {name: type(name, (Built,), {}) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    code = compile(spec.read_text(encoding="utf-8"), str(spec), "exec")
    exec(code, {"SPECPATH": str(spec.parent), **names})
    return Built.made


def read_version_info(info) -> dict:
    """What Windows reads from a version resource: the binary versions, the file type, the
    strings (by language and code page) and the languages it declares."""
    (strings,) = [kid for kid in info.kids if type(kid).__name__ == "StringFileInfo"]
    (var,) = [kid for kid in info.kids if type(kid).__name__ == "VarFileInfo"]
    (table,) = strings.kids
    (translation,) = var.kids
    ffi = info.ffi

    def four(high, low):
        return high >> 16, high & 0xFFFF, low >> 16, low & 0xFFFF

    return {
        "file": four(ffi.fileVersionMS, ffi.fileVersionLS),
        "product": four(ffi.productVersionMS, ffi.productVersionLS),
        "type": ffi.fileType,
        "table": table.name.strip(),
        "strings": {s.name: s.val for s in table.kids},
        "translation": (translation.name, list(translation.kids)),
    }


def version_module() -> types.ModuleType:
    """build/windows/version_resource.py, which the spec imports from its folder."""
    spec = importlib.util.spec_from_file_location("version_resource", VERSION_RESOURCE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def checkout_at_version(tmp_path: Path, version: str) -> Path:
    """The spec and its version module in a checkout whose pyproject says `version`; the spec
    path returned."""
    root = tmp_path / "checkout"
    (root / "build" / "windows").mkdir(parents=True)
    shutil.copy(SPEC, root / "build" / "bazaar.spec")
    shutil.copy(VERSION_RESOURCE, root / "build" / "windows" / "version_resource.py")
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert pyproject.count('\nversion = "') == 1
    start = pyproject.index('\nversion = "') + len('\nversion = "')
    end = pyproject.index('"', start)
    (root / "pyproject.toml").write_text(pyproject[:start] + version + pyproject[end:], encoding="utf-8")
    return root / "build" / "bazaar.spec"


def test_the_bundle_carries_the_japanese_phrase_model(monkeypatch):
    """BudouX reads its model beside its code: the spec collects it (and only the Japanese)."""
    (analysis,) = [b for b in run_spec(monkeypatch, "linux") if b.kind == "Analysis"]
    datas = analysis.kwargs["datas"]
    assert ("budoux/models/ja.json", "budoux") in datas and ("budoux/skip_nodes.json", "budoux") in datas
    assert not [d for d in datas if d[0].startswith("budoux/models/") and not d[0].endswith("ja.json")]


@pytest.mark.parametrize("platform", ["win32", "darwin", "linux"])
def test_one_folder_holds_the_app_and_the_console_tool(monkeypatch, platform):
    made = run_spec(monkeypatch, platform)
    exes = {e.kwargs["name"]: e for e in made if e.kind == "EXE"}
    assert set(exes) == {"bazaar", "bazaar-cli"}
    assert exes["bazaar-cli"].kwargs["console"] is True
    assert exes["bazaar"].kwargs["console"] is (platform == "linux")  # windowed on Windows, macOS
    (collect,) = [c for c in made if c.kind == "COLLECT"]
    assert collect.kwargs["name"] == "bazaar"
    inside = [a for a in collect.args if isinstance(a, Built) and a.kind == "EXE"]
    # both share the folder; the app comes last, as COLLECT and BUNDLE take its console setting
    assert inside == [exes["bazaar-cli"], exes["bazaar"]]
    bundles = [b for b in made if b.kind == "BUNDLE"]
    if platform == "darwin":
        (app,) = bundles
        assert app.args == (collect,) and app.kwargs["name"] == "Bazaar.app"
        assert app.kwargs["info_plist"]["CFBundleExecutable"] == "bazaar"
        assert app.kwargs["info_plist"]["LSBackgroundOnly"] is False
    else:
        assert bundles == []


def test_the_windows_programs_carry_a_version_resource_made_from_pyproject(monkeypatch, tmp_path):
    spec = checkout_at_version(tmp_path, "2.7.13")
    exes = {e.kwargs["name"]: e for e in run_spec(monkeypatch, "win32", spec) if e.kind == "EXE"}
    read = {name: read_version_info(exe.kwargs["version"]) for name, exe in exes.items()}
    for name, description in (("bazaar", "Bazaar"), ("bazaar-cli", "Bazaar command-line tools")):
        info = read[name]
        assert info["file"] == info["product"] == (2, 7, 13, 0)
        assert info["type"] == 1  # an application
        # US English, Unicode: the strings' table and the declared translation agree
        assert info["table"] == "040904B0" and info["translation"] == ("Translation", [0x0409, 1200])
        assert info["strings"] == {
            "CompanyName": "Bazaar",
            "FileDescription": description,
            "FileVersion": "2.7.13.0",
            "InternalName": name,
            "LegalCopyright": "MIT License",
            "OriginalFilename": f"{name}.exe",
            "ProductName": "Bazaar",
            "ProductVersion": "2.7.13",
        }


def test_the_version_resource_names_the_installers_publisher():
    iss = (ROOT / "build" / "windows" / "bazaar.iss").read_text(encoding="utf-8")
    assert f"\nAppPublisher={version_module().PUBLISHER}\n" in iss


@pytest.mark.parametrize("platform", ["darwin", "linux"])
def test_only_windows_executables_get_a_version_resource(monkeypatch, platform):
    exes = [e for e in run_spec(monkeypatch, platform) if e.kind == "EXE"]
    assert len(exes) == 2 and all("version" not in e.kwargs for e in exes)


def test_the_version_resource_of_this_checkout_is_its_pyproject_version(monkeypatch):
    import tomllib

    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    numbers = [int(n) for n in version.split(".")]
    exes = [e for e in run_spec(monkeypatch, "win32") if e.kind == "EXE"]
    for exe in exes:
        info = read_version_info(exe.kwargs["version"])
        assert list(info["file"]) == numbers + [0] * (4 - len(numbers))
        assert info["strings"]["ProductVersion"] == version


@pytest.mark.parametrize(
    ("version", "numbers"),
    [("0.1.0", (0, 1, 0, 0)), ("3", (3, 0, 0, 0)), ("1.2rc1", (1, 2, 0, 0)), ("1.2.3.4", (1, 2, 3, 4))],
)
def test_a_binary_version_is_the_releases_four_numbers(numbers, version):
    assert version_module().version_tuple(version) == numbers


@pytest.mark.parametrize("version", ["1.2.3.4.5", "70000.0", "dev"])
def test_a_version_windows_cannot_hold_stops_the_build(version):
    with pytest.raises(ValueError, match=version):
        version_module().version_tuple(version)


def test_pyinstallers_own_classes_write_the_resource_windows_reads_back():
    """With PyInstaller's versioninfo (it needs pefile, which PyInstaller installs on Windows),
    the resource survives its own binary round trip: what the EXE gets is what Windows reads."""
    versioninfo = pytest.importorskip(
        "PyInstaller.utils.win32.versioninfo", reason="Windows only (pefile, win32api)", exc_type=ImportError
    )
    made = version_module().resource("bazaar-cli", "0.4.2")
    back = versioninfo.VSVersionInfo()
    back.fromRaw(made.toRaw())
    info = read_version_info(back)
    assert info["file"] == info["product"] == (0, 4, 2, 0)
    assert info["strings"]["OriginalFilename"] == "bazaar-cli.exe"
    assert info["strings"]["FileDescription"] == "Bazaar command-line tools"
    assert info["translation"] == ("Translation", [0x0409, 1200])


def package_data() -> list[str]:
    """What the bundle carries beside the code (build/bazaar.spec), by its path inside: the
    tutorials, the compiled catalogues and BudouX's Japanese model."""
    tutorials = sorted(f"game/tutorials/{p.name}" for p in (ROOT / "game" / "tutorials").glob("*.json"))
    catalogues = [i18n.compiled(code).relative_to(ROOT).as_posix() for code in i18n.LANGUAGES]
    return [*tutorials, *catalogues, "budoux/models/ja.json", "budoux/skip_nodes.json"]


def stand_in(tmp_path: Path, program: str, leave_out: str = "") -> Path:
    """A checkout-like folder with build/check_bundle.sh and a bundle in dist/bazaar whose two
    programs run `program` (a shell script body), its shipped files linked in (all but
    `leave_out`). What the check reads of the checkout (game/, tests/scenarios) is linked too."""
    root = tmp_path / "root"
    (root / "build").mkdir(parents=True)
    shutil.copy(CHECK, root / "build" / "check_bundle.sh")
    (root / ".venv" / "bin").mkdir(parents=True)
    # this Python with its packages (websockets: the check's client of serve); a link to it
    # would be a Python without this virtual environment's
    (root / ".venv" / "bin" / "python").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    (root / ".venv" / "bin" / "python").chmod(0o755)
    (root / "game").symlink_to(ROOT / "game")
    (root / "tests").symlink_to(ROOT / "tests")
    (root / "pyproject.toml").symlink_to(ROOT / "pyproject.toml")
    bundle = root / "dist" / "bazaar"
    (bundle / "_internal").mkdir(parents=True)
    for kind in ("assets", "levels", "seeds"):
        shutil.copytree(ROOT / kind, root / kind)
        (bundle / "_internal" / kind).symlink_to(ROOT / kind)
    budoux = Path(importlib.util.find_spec("budoux").origin).parent
    for inside in package_data():
        if inside != leave_out:
            (bundle / "_internal" / inside).parent.mkdir(parents=True, exist_ok=True)
            origin = budoux.parent / inside if inside.startswith("budoux/") else ROOT / inside
            (bundle / "_internal" / inside).symlink_to(origin)
    for name in ("bazaar", "bazaar-cli"):
        (bundle / name).write_text(f"#!/bin/sh\n{program}\n")
        (bundle / name).chmod(0o755)
    return root


def check(root: Path, **env) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", str(root / "build" / "check_bundle.sh")],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=600,
    )


CHECKOUT = f'PYTHONPATH="{ROOT}" exec "{sys.executable}" -m game "$@"'  # a program: this checkout
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
SAYS_ITS_VERSION = f'if [ "$1" = --version ]; then echo "bazaar {VERSION}"; exit 0; fi\n'
posix = pytest.mark.skipif(sys.platform == "win32", reason="stand-in programs are shell scripts")


@posix
def test_the_check_fails_instead_of_waiting_for_an_app_that_hangs(tmp_path):
    root = stand_in(tmp_path, "exec sleep 60")  # as an error dialog nobody clicks away
    started = time.monotonic()
    done = check(root, CHECK_BUNDLE_SECONDS="2")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "killed after 2 s" in done.stderr
    assert time.monotonic() - started < 30


def macos_stand_in(tmp_path: Path, otool_output: str) -> tuple[Path, dict[str, str]]:
    """stand_in() laid out as Bazaar.app (its programs say their version, then fail at once),
    with a Mach-O library, and the environment that makes check_bundle.sh take this for macOS:
    uname says Darwin, codesign approves, otool prints `otool_output` for any file."""
    root = stand_in(tmp_path, SAYS_ITS_VERSION + "exit 1")
    (root / "build" / "macos").mkdir()
    shutil.copy(ROOT / "build" / "macos" / "minos.py", root / "build" / "macos" / "minos.py")
    contents = root / "dist" / "Bazaar.app" / "Contents"
    contents.mkdir(parents=True)
    (root / "dist" / "bazaar" / "_internal").rename(contents / "Resources")
    (root / "dist" / "bazaar").rename(contents / "MacOS")
    (contents / "Frameworks").mkdir()
    (contents / "Frameworks" / "libpython3.12.dylib").write_bytes(b"\xcf\xfa\xed\xfe" + b"\0" * 28)
    with open(contents / "Info.plist", "wb") as file:
        plistlib.dump({"CFBundleExecutable": "bazaar", "LSBackgroundOnly": False}, file)
    tools = tmp_path / "tools"
    tools.mkdir()
    (tmp_path / "otool.txt").write_text(otool_output)
    for name, body in (
        ("uname", "echo Darwin"),
        ("codesign", "exit 0"),
        ("otool", f'exec cat "{tmp_path / "otool.txt"}"'),
    ):
        (tools / name).write_text(f"#!/bin/sh\n{body}\n")
        (tools / name).chmod(0o755)
    return root, {"PATH": f"{tools}{os.pathsep}{os.environ['PATH']}"}


MACOS_LIBRARY = """libpython3.12.dylib:
Load command 9
      cmd LC_BUILD_VERSION
  cmdsize 32
 platform 1
    minos {minos}
      sdk 14.0
   ntools 1
     tool 3
  version 1015.7
"""


@posix
def test_the_check_on_macos_fails_a_bundle_with_a_library_for_a_newer_macos(tmp_path):
    root, env = macos_stand_in(tmp_path, MACOS_LIBRARY.format(minos="12.0"))
    done = check(root, **env)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "libpython3.12.dylib: needs macOS 12.0, newer than 11.0" in done.stderr
    assert "needs a newer macOS" in done.stderr and "smoke" not in done.stdout


@posix
def test_the_check_on_macos_goes_on_past_libraries_for_macos_11(tmp_path):
    root, env = macos_stand_in(tmp_path, MACOS_LIBRARY.format(minos="11.0"))
    done = check(root, **env)
    assert "checked 1 Mach-O file; the highest minimum macOS is 11.0" in done.stdout
    # on to the app's first run, which the stand-in fails
    assert done.returncode == 1 and "--smoke exited 1" in done.stderr, done.stdout + done.stderr


@posix
@pytest.mark.parametrize(
    "inside", ["budoux/models/ja.json", "game/locale/ja/LC_MESSAGES/bazaar.mo", "game/tutorials/jaipur.json"]
)
def test_the_check_fails_a_bundle_without_the_japanese_model_a_catalogue_or_a_tutorial(tmp_path, inside):
    root = stand_in(tmp_path, CHECKOUT, leave_out=inside)
    done = check(root)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"missing from the bundle: {inside}" in done.stderr and "lacks shipped files" in done.stderr


@posix
def test_the_check_fails_a_bundle_that_says_another_version_than_pyprojects(tmp_path):
    root = stand_in(tmp_path, SAYS_ITS_VERSION.replace(VERSION, "0.0.9") + "exit 1")
    done = check(root)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "says 'bazaar 0.0.9', pyproject.toml" in done.stderr


@posix
@pytest.mark.slow
def test_the_check_passes_a_bundle_whose_programs_are_this_checkout(tmp_path):
    root = stand_in(tmp_path, CHECKOUT)
    done = check(root)
    assert done.returncode == 0, done.stdout + done.stderr
    assert '"command"' in done.stdout and "bundle ok" in done.stdout
    # every tool of docs/cli.md answered: a saved game verified, a scenario, serve and bench
    assert "verified: " in done.stdout and "all legal" in done.stdout
    assert "serving on ws://127.0.0.1:" in done.stdout and "accepted" in done.stdout
    assert [line.split()[0] for line in done.stdout.splitlines() if line.startswith("  net.rtt_ms")] == [
        "net.rtt_ms",
        "net.rtt_ms_p99",
    ]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The real bundle, built once for the tests that need it, in a checkout-like folder:
    the folder (its dist/bazaar is the bundle)."""
    pytest.importorskip("PyInstaller", reason="make dist and make test-slow install PyInstaller")
    if sys.platform == "darwin":
        pytest.skip("macOS builds Bazaar.app: build/check_bundle.sh after make dist checks it")
    if sys.platform == "win32":
        pytest.skip("the stand-in programs are shell scripts")
    top = tmp_path_factory.mktemp("built")
    root = stand_in(top, "exit 1")
    shutil.rmtree(root / "dist")
    subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath", str(root / "dist")]
        + ["--workpath", str(top / "work"), "--log-level", "WARN", str(SPEC)],
        check=True,
        timeout=900,
    )
    return root


def frozen_env(home: Path) -> dict[str, str]:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "BAZAAR_HOME": str(home)}


@pytest.mark.slow
def test_the_built_bundle_passes_its_check_and_its_console_tool_speaks_the_bot_protocol(built, tmp_path):
    cli = built / "dist" / "bazaar" / "bazaar-cli"
    reply = subprocess.run(
        [str(cli), "bot", "jaipur", "--level", "easy"],
        input=REQUEST,
        env=frozen_env(tmp_path / "home"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert reply.returncode == 0, reply.stderr
    assert reply.stdout.startswith('{"command":{') and reply.stdout.count("\n") == 1
    done = check(built)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_the_built_console_tool_benches_the_app_and_a_server_of_its_own(built, tmp_path):
    """In the bundle the bench starts the app and `serve` as the bundle's programs, not as
    `python -m game` (game/core/selfcall.py): each figure is a number."""
    done = subprocess.run(
        [str(built / "dist" / "bazaar" / "bazaar-cli"), "bench", "--only", "startup_s,net.rtt_ms", "--json"],
        env=frozen_env(tmp_path / "home"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert set(figures) == {"startup_s", "startup_s_ja", "net.rtt_ms", "net.rtt_ms_p99"}, figures
    assert all(0 < value < 60_000 for value in figures.values()), figures  # none nan, none absurd


@pytest.mark.slow
def test_the_built_app_stops_in_japanese_without_budoux_s_model(built, tmp_path):
    """The model is collected by the spec; a bundle without it cannot draw the Japanese menu."""
    bundle = tmp_path / "bazaar"
    shutil.copytree(built / "dist" / "bazaar", bundle, symlinks=True)
    (bundle / "_internal" / "budoux" / "models" / "ja.json").unlink()
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text('{"language": "ja"}', encoding="utf-8")
    app = [str(bundle / "bazaar"), "--smoke", "5"]
    done = subprocess.run(app, env=frozen_env(home), capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "FileNotFoundError" in done.stderr and "ja.json" in done.stderr
