"""The version resource of Bazaar's Windows programs: the name, version and publisher Explorer
shows in a file's Properties > Details, and which SmartScreen and antivirus programs weigh (an
executable without one looks like something thrown together). build/bazaar.spec passes
`resource(name, VERSION)` to each EXE on Windows.

What goes in it is worked out here without PyInstaller (the tests read it on any system); only
`resource` builds PyInstaller's own structures (PyInstaller.utils.win32.versioninfo, whose
module needs pefile, installed with PyInstaller on Windows only), when it is called.
"""

import re

PUBLISHER = "Bazaar"  # the installer's AppPublisher (build/windows/bazaar.iss)
PRODUCT = "Bazaar"
COPYRIGHT = "MIT License"  # pyproject.toml's licence, as Bazaar.app's NSHumanReadableCopyright
DESCRIPTIONS = {  # what Task Manager and the SmartScreen dialog call each program
    "bazaar": "Bazaar",
    "bazaar-cli": "Bazaar command-line tools",
}
# US English, Unicode: the language and code page of the strings (StringTable's name and the
# Translation entry of VarFileInfo say the same)
LANGUAGE, CODEPAGE = 0x0409, 1200


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """The four 16-bit numbers of a binary file version from a project version: its leading
    release numbers, padded with zeros ("0.1.0" -> (0, 1, 0, 0), "1.2rc1" -> (1, 2, 0, 0))."""
    match = re.match(r"\d+(?:\.\d+)*", version)
    if not match:
        raise ValueError(f"version {version!r} does not start with a number")
    numbers = [int(part) for part in match.group().split(".")]
    if len(numbers) > 4 or max(numbers) > 0xFFFF:
        raise ValueError(f"version {version!r} does not fit four 16-bit numbers")
    major, minor, patch, build = numbers + [0] * (4 - len(numbers))
    return major, minor, patch, build


def strings(program: str, version: str) -> dict[str, str]:
    """The resource's named strings for `program` (bazaar or bazaar-cli)."""
    return {
        "CompanyName": PUBLISHER,
        "FileDescription": DESCRIPTIONS[program],
        "FileVersion": ".".join(map(str, version_tuple(version))),
        "InternalName": program,
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": f"{program}.exe",
        "ProductName": PRODUCT,
        "ProductVersion": version,
    }


def resource(program: str, version: str):
    """PyInstaller's VSVersionInfo for `program`, for EXE(version=...)."""
    from PyInstaller.utils.win32 import versioninfo

    numbers = version_tuple(version)
    named = [versioninfo.StringStruct(key, value) for key, value in strings(program, version).items()]
    return versioninfo.VSVersionInfo(
        ffi=versioninfo.FixedFileInfo(
            filevers=numbers,
            prodvers=numbers,
            mask=0x3F,
            flags=0x0,
            OS=0x40004,  # VOS_NT_WINDOWS32
            fileType=0x1,  # VFT_APP
            subtype=0x0,
            date=(0, 0),
        ),
        kids=[
            versioninfo.StringFileInfo([versioninfo.StringTable(f"{LANGUAGE:04X}{CODEPAGE:04X}", named)]),
            versioninfo.VarFileInfo([versioninfo.VarStruct("Translation", [LANGUAGE, CODEPAGE])]),
        ],
    )
