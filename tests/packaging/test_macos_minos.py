"""build/macos/minos.py, the check that every Mach-O file of Bazaar.app runs on macOS 11: its
parsing of `otool -l` (samples in the format otool prints: thin files with LC_BUILD_VERSION or
LC_VERSION_MIN_MACOSX, universal ones with a block per architecture), its finding of Mach-O
files by their first bytes, and the script run with a stand-in otool."""

import importlib.util
import os
import struct
import subprocess
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "build" / "macos" / "minos.py"


def load() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("minos", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["minos"] = module  # dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules["minos"]
    return module


minos = load()

SEGMENT = """Load command 0
      cmd LC_SEGMENT_64
  cmdsize 72
  segname __PAGEZERO
   vmaddr 0x0000000000000000
   vmsize 0x0000000100000000
  fileoff 0
 filesize 0
  maxprot 0x00000000
 initprot 0x00000000
   nsects 0
    flags 0x0
"""
# what follows the minimum in every file: the source version has a `version` line too, which
# is not a macOS version
TAIL = """Load command 11
      cmd LC_SOURCE_VERSION
  cmdsize 16
  version 0.0
Load command 12
      cmd LC_LOAD_DYLIB
          cmdsize 56
             name /usr/lib/libSystem.B.dylib (offset 24)
       time stamp 2 Thu Jan  1 01:00:02 1970
          current version 1345.100.2
compatibility version 1.0.0
"""


def build_version(minos_: str, platform: str = "1", number: int = 9) -> str:
    """An LC_BUILD_VERSION block as otool -l prints it; its linker tool's `version` line is
    the linker's, far above any macOS."""
    return f"""Load command {number}
      cmd LC_BUILD_VERSION
  cmdsize 32
 platform {platform}
    minos {minos_}
      sdk 14.0
   ntools 1
     tool 3
  version 1015.7
"""


def version_min(version: str) -> str:
    return f"""Load command 8
      cmd LC_VERSION_MIN_MACOSX
  cmdsize 16
  version {version}
      sdk 10.15
"""


def thin(path: str, *blocks: str) -> str:
    return f"{path}:\n{SEGMENT}{''.join(blocks)}{TAIL}"


def fat(path: str, **architectures: str) -> str:
    return "".join(
        f"{path} (architecture {arch}):\n{SEGMENT}{block}{TAIL}" for arch, block in architectures.items()
    )


def test_a_thin_file_with_a_build_version_needs_its_minos():
    (piece,) = minos.parse(thin("Contents/MacOS/bazaar", build_version("11.0")))
    assert piece.arch is None and piece.minimums == [(11, 0, 0)]


def test_an_older_file_with_a_minimum_version_command_needs_its_version():
    (piece,) = minos.parse(thin("Contents/Frameworks/libSDL2.dylib", version_min("10.13")))
    assert piece.minimums == [(10, 13, 0)]


def test_a_file_with_both_commands_needs_the_newer():
    (piece,) = minos.parse(thin("lib.so", version_min("10.9"), build_version("10.15")))
    assert max(piece.minimums) == (10, 15, 0)


def test_a_universal_file_has_a_minimum_per_architecture():
    pieces = minos.parse(
        fat("Contents/Frameworks/_imaging.so", x86_64=version_min("10.9"), arm64=build_version("11.0"))
    )
    assert [(p.arch, p.minimums) for p in pieces] == [("x86_64", [(10, 9, 0)]), ("arm64", [(11, 0, 0)])]


def test_only_the_macos_build_version_counts():
    # a zippered library: macOS 10.15 and Mac Catalyst (platform 6), whose minos is iOS's 13.1
    (piece,) = minos.parse(thin("lib.dylib", build_version("10.15"), build_version("13.1", platform="6")))
    assert piece.minimums == [(10, 15, 0)]
    # otool -v names the platform
    (piece,) = minos.parse(thin("lib.dylib", build_version("10.14", platform="MACOS")))
    assert piece.minimums == [(10, 14, 0)]


def test_a_file_with_neither_command_has_no_minimum():
    (piece,) = minos.parse(thin("Contents/Resources/lib.so"))
    assert piece.minimums == []


def magic(number: int, count: int = 0, order: str = ">") -> bytes:
    return struct.pack(order + "II", number, count) + b"\0" * 24


@pytest.mark.parametrize(
    ("head", "macho"),
    [
        (magic(0xFEEDFACF, 0x0100000C), True),  # 64-bit, as written (big-endian reading)
        (magic(0xFEEDFACF, 0x0100000C, "<"), True),  # 64-bit little-endian on disk: cffaedfe
        (magic(0xFEEDFACE, 7, "<"), True),  # 32-bit little-endian: cefaedfe
        (magic(0xFEEDFACE, 7), True),  # 32-bit big-endian (PowerPC)
        (magic(0xCAFEBABE, 2), True),  # universal, two architectures
        (magic(0xCAFEBABF, 2), True),  # universal with 64-bit offsets
        (magic(0xCAFEBABE, 0x00000034), False),  # a Java class file (version 52, Java 8)
        (magic(0xCAFEBABE, 0x00030037), False),  # a Java class file (version 55.3)
        (b"#!/bin/sh\nexec python\n", False),
        (b"\xfe\xed", False),
    ],
)
def test_mach_o_files_are_told_by_their_first_bytes(tmp_path, head, macho):
    path = tmp_path / "file"
    path.write_bytes(head)
    assert minos.is_macho(path) is macho


def stand_in_bundle(tmp_path: Path, outputs: dict[str, str]) -> Path:
    """Bazaar.app with a Mach-O file (64-bit magic) at each relative path of `outputs`, a text
    file, a Java class and a symbolic link to the first file."""
    app = tmp_path / "Bazaar.app"
    for relative in outputs:
        (app / relative).parent.mkdir(parents=True, exist_ok=True)
        (app / relative).write_bytes(magic(0xFEEDFACF, 0x0100000C, "<"))
    (app / "Contents" / "Info.plist").write_text("<plist/>")
    (app / "Contents" / "Resources").mkdir(exist_ok=True)
    (app / "Contents" / "Resources" / "Hello.class").write_bytes(magic(0xCAFEBABE, 0x34))
    (app / "Contents" / "Resources" / "alias").symlink_to(app / next(iter(outputs)))
    return app


def test_the_check_reads_each_mach_o_file_once_and_passes_a_bundle_for_macos_11(tmp_path, capsys):
    outputs = {
        "Contents/MacOS/bazaar": thin("bazaar", build_version("11.0")),
        "Contents/MacOS/bazaar-cli": thin("bazaar-cli", build_version("11.0")),
        "Contents/Frameworks/libSDL2-2.0.0.dylib": thin("libSDL2", version_min("10.13")),
        "Contents/Frameworks/_imaging.so": fat(
            "_imaging.so", x86_64=version_min("10.9"), arm64=build_version("11.0")
        ),
    }
    app = stand_in_bundle(tmp_path, outputs)
    read: list[str] = []

    def otool(path: Path) -> str:
        read.append(path.relative_to(app).as_posix())
        return outputs[read[-1]]

    assert minos.main([str(app)], read=otool) == 0
    assert sorted(read) == sorted(outputs)  # not the link, the class file nor the plist
    out = capsys.readouterr()
    assert "checked 4 Mach-O files; the highest minimum macOS is 11.0" in out.out and out.err == ""


@pytest.mark.parametrize(
    ("output", "complaint"),
    [
        (thin("libnew.dylib", build_version("12.0")), "needs macOS 12.0, newer than 11.0"),
        (thin("libnew.dylib", version_min("10.15"), build_version("11.3")), "needs macOS 11.3"),
        (thin("libnew.dylib"), "no LC_BUILD_VERSION for macOS nor LC_VERSION_MIN_MACOSX"),
        (fat("libnew.dylib", x86_64=version_min("10.9"), arm64=""), "(arm64): no LC_BUILD_VERSION"),
        (fat("libnew.dylib", x86_64=version_min("10.9"), arm64=build_version("14.0")), "(arm64): needs"),
    ],
)
def test_the_check_fails_a_file_for_a_newer_macos_or_with_no_minimum(tmp_path, capsys, output, complaint):
    outputs = {
        "Contents/MacOS/bazaar": thin("bazaar", build_version("11.0")),
        "Contents/Frameworks/libnew.dylib": output,
    }
    app = stand_in_bundle(tmp_path, outputs)
    assert minos.main([str(app)], read=lambda path: outputs[path.relative_to(app).as_posix()]) == 1
    err = capsys.readouterr().err
    assert "Contents/Frameworks/libnew.dylib" in err and complaint in err
    assert "Contents/MacOS/bazaar:" not in err


def test_a_file_otool_cannot_read_fails_the_check(tmp_path, capsys):
    app = stand_in_bundle(tmp_path, {"Contents/MacOS/bazaar": ""})

    def otool(path: Path) -> str:
        raise RuntimeError("otool exited 1: truncated or malformed object")

    assert minos.main([str(app)], read=otool) == 1
    assert "otool cannot read it (otool exited 1: truncated" in capsys.readouterr().err


def test_a_folder_without_mach_o_files_fails_the_check(tmp_path):
    (tmp_path / "Bazaar.app").mkdir()
    assert minos.main([str(tmp_path / "Bazaar.app")], read=lambda path: "") == 1


def test_the_highest_allowed_is_the_apps_minimum_system_version():
    spec = (ROOT / "build" / "bazaar.spec").read_text(encoding="utf-8")
    assert f'"LSMinimumSystemVersion": "{minos.HIGHEST}"' in spec


@pytest.mark.skipif(sys.platform == "win32", reason="the stand-in otool is a shell script")
def test_the_script_runs_otool_on_every_architecture(tmp_path):
    """`python build/macos/minos.py BUNDLE` with an otool on PATH that answers as the real one
    does only when asked for all architectures (by default it prints the host's alone)."""
    sample = tmp_path / "sample.txt"
    sample.write_text(fat("lib.so", x86_64=version_min("10.9"), arm64=build_version("12.0")))
    tools = tmp_path / "bin"
    tools.mkdir()
    (tools / "otool").write_text(
        '#!/bin/sh\n[ "$1 $2 $3" = "-arch all -l" ] || { echo "otool: want -arch all -l" >&2; exit 1; }\n'
        f'[ -f "$4" ] && exec cat "{sample}"\n'
    )
    (tools / "otool").chmod(0o755)
    app = stand_in_bundle(tmp_path, {"Contents/Frameworks/lib.so": ""})
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(app)],
        env={**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ['PATH']}"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Contents/Frameworks/lib.so (arm64): needs macOS 12.0, newer than 11.0" in done.stderr
    highest = "checked 1 Mach-O file; the highest minimum macOS is 12.0 (Contents/Frameworks/lib.so, arm64)"
    assert highest in done.stdout
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(app), "--highest", "12"],
        env={**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ['PATH']}"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
