"""Checks that every Mach-O file of a bundle runs on the oldest macOS the README promises.

    python build/macos/minos.py dist/Bazaar.app [--highest 11.0]

Each Mach-O file (executables, dylibs, Python's extension modules; found by their first bytes)
records the oldest macOS it runs on: `minos` of its LC_BUILD_VERSION load command for macOS
(platform 1), or `version` of the older LC_VERSION_MIN_MACOSX; a universal file records it once
per architecture, and `otool -arch all -l` prints each. The check fails when a file needs a
newer macOS than --highest, records none, or otool cannot read it, and prints how many files it
read and the highest minimum it found. It needs otool (Xcode's command-line tools) only to run;
the parsing is plain text, tested on any system.
"""

import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

HIGHEST = "11.0"  # the README's "macOS 11 or newer", Bazaar.app's LSMinimumSystemVersion
THIN = {0xFEEDFACE, 0xFEEDFACF, 0xCEFAEDFE, 0xCFFAEDFE}  # 32 and 64 bit, either byte order
FAT = {0xCAFEBABE, 0xCAFEBABF}  # universal, 32-bit and 64-bit offsets (always big-endian)
# 0xcafebabe also opens a Java class file, whose next four bytes are its version (45 or more)
# where a universal file has its count of architectures: `file` tells them apart the same way
MOST_ARCHITECTURES = 20
MACOS_PLATFORMS = {"1", "MACOS"}  # otool prints the number, or with -v the name
# the line of each command that holds the minimum (LC_BUILD_VERSION's tools, listed after it,
# and LC_SOURCE_VERSION have `version` lines too, which are no macOS versions)
MINIMUM_LINES = {("LC_BUILD_VERSION", "minos"), ("LC_VERSION_MIN_MACOSX", "version")}
ARCHITECTURE = re.compile(r"^(?P<path>.*) \(architecture (?P<arch>[^)]+)\):$")


def version(text: str) -> tuple[int, ...]:
    """'10.13' -> (10, 13, 0): versions compare as numbers, padded to three parts."""
    parts = tuple(int(part) for part in text.split("."))
    return parts + (0,) * (3 - len(parts))


def shown(numbers: tuple[int, ...]) -> str:
    while len(numbers) > 2 and numbers[-1] == 0:
        numbers = numbers[:-1]
    return ".".join(map(str, numbers))


def is_macho(path: Path) -> bool:
    """Whether `path` is a Mach-O file, thin or universal, by its first eight bytes."""
    with open(path, "rb") as file:
        head = file.read(8)
    if len(head) < 8:
        return False
    magic, count = struct.unpack(">II", head)
    if magic in THIN or struct.unpack("<I", head[:4])[0] in THIN:
        return True
    return magic in FAT and 0 < count < MOST_ARCHITECTURES


@dataclass
class Slice:
    """One architecture of a file (arch None for a thin file, which otool does not name)."""

    arch: str | None
    minimums: list[tuple[int, ...]] = field(default_factory=list)


def parse(output: str) -> list[Slice]:
    """The macOS minimums `otool -arch all -l` printed, one Slice per architecture."""
    slices: list[Slice] = []
    command = platform = None
    for raw in output.splitlines():
        header = ARCHITECTURE.match(raw)
        if header:
            slices.append(Slice(header["arch"]))
            command = platform = None
            continue
        words = raw.split()
        if len(words) < 2:
            continue
        key, value = words[0], words[1]
        if key == "Load" and value == "command":
            command = platform = None
        elif key == "cmd":
            command, platform = value, None
        elif command == "LC_BUILD_VERSION" and key == "platform":
            platform = value
        elif (command, key) in MINIMUM_LINES:
            for_macos = command == "LC_VERSION_MIN_MACOSX" or platform in MACOS_PLATFORMS
            if for_macos:  # not another platform's build version (Mac Catalyst's is iOS's)
                current(slices).minimums.append(version(value))
    return slices or [Slice(None)]


def current(slices: list[Slice]) -> Slice:
    if not slices:  # a thin file: otool names no architecture
        slices.append(Slice(None))
    return slices[-1]


def otool(path: Path) -> str:
    done = subprocess.run(
        ["otool", "-arch", "all", "-l", str(path)], capture_output=True, text=True, timeout=120
    )
    if done.returncode != 0:
        raise RuntimeError(f"otool exited {done.returncode}: {done.stderr.strip()}")
    return done.stdout


def machos(bundle: Path) -> Iterator[Path]:
    """The bundle's Mach-O files, each once: symbolic links (a framework's Versions/Current,
    its top-level aliases) are not followed."""
    for folder, dirs, files in os.walk(bundle):
        dirs.sort()
        for name in sorted(files):
            path = Path(folder) / name
            if not path.is_symlink() and path.is_file() and is_macho(path):
                yield path


@dataclass
class Report:
    checked: int = 0
    highest: tuple[tuple[int, ...], Path, str | None] | None = None
    problems: list[str] = field(default_factory=list)


def check(bundle: Path, highest: tuple[int, ...], read: Callable[[Path], str] = otool) -> Report:
    report = Report()
    for path in machos(bundle):
        report.checked += 1
        name = path.relative_to(bundle)
        try:
            slices = parse(read(path))
        except (RuntimeError, OSError, ValueError, subprocess.TimeoutExpired) as error:
            report.problems.append(f"{name}: otool cannot read it ({error})")
            continue
        for piece in slices:
            where = f"{name} ({piece.arch})" if piece.arch else str(name)
            if not piece.minimums:
                report.problems.append(f"{where}: no LC_BUILD_VERSION for macOS nor LC_VERSION_MIN_MACOSX")
                continue
            needed = max(piece.minimums)
            if report.highest is None or needed > report.highest[0]:
                report.highest = (needed, name, piece.arch)
            if needed > highest:
                report.problems.append(f"{where}: needs macOS {shown(needed)}, newer than {shown(highest)}")
    return report


def main(argv: list[str] | None = None, read: Callable[[Path], str] = otool) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bundle", type=Path, help="an app bundle or folder (dist/Bazaar.app)")
    parser.add_argument("--highest", default=HIGHEST, help="the newest minimum allowed (default %(default)s)")
    args = parser.parse_args(argv)
    if not args.bundle.is_dir():
        print(f"minos: no folder {args.bundle}", file=sys.stderr)
        return 2
    if read is otool and not shutil.which("otool"):
        print("minos: no otool: install Xcode's command-line tools (xcode-select --install)", file=sys.stderr)
        return 2
    report = check(args.bundle, version(args.highest), read)
    if not report.checked:
        print(f"minos: no Mach-O file in {args.bundle}", file=sys.stderr)
        return 1
    if report.highest:
        needed, name, arch = report.highest
        files = "file" if report.checked == 1 else "files"
        print(
            f"minos: checked {report.checked} Mach-O {files}; the highest minimum macOS is {shown(needed)}"
            f" ({name}{f', {arch}' if arch else ''})"
        )
    for problem in report.problems:
        print(f"minos: {problem}", file=sys.stderr)
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
