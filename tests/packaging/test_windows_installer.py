"""The Windows installer's script, read as text (Inno Setup and PowerShell run on Windows only):
it speaks English and Japanese with Inno Setup's own translations, picks the one Windows
speaks, carries its own version resource, and the check that installs it looks for what it
registers."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WINDOWS = ROOT / "build" / "windows"
# The custom messages Inno Setup's Default.isl and every official translation define (its
# [CustomMessages] section): a script may use these in any of its languages
STANDARD_MESSAGES = {
    "NameAndVersion",
    "AdditionalIcons",
    "CreateDesktopIcon",
    "CreateQuickLaunchIcon",
    "ProgramOnTheWeb",
    "UninstallProgram",
    "LaunchProgram",
    "AssocFileExtension",
    "AssocingFileExtension",
    "AutoStartProgramGroupDescription",
    "AutoStartProgram",
    "AddonHostProgramNotFound",
}


def sections(text: str) -> dict[str, list[str]]:
    """The script's lines by [Section], comments and preprocessor lines left out."""
    found: dict[str, list[str]] = {}
    current = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith((";", "#", "//")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1].lower()
            found.setdefault(current, [])
        else:
            found.setdefault(current, []).append(line)
    return found


def directives(lines: list[str]) -> dict[str, str]:
    return dict(line.split("=", 1) for line in lines)


def entries(lines: list[str]) -> list[dict[str, str]]:
    """`Name: "x"; MessagesFile: "y"` lines as dictionaries."""
    return [
        {key.strip(): value.strip().strip('"') for key, value in (p.split(":", 1) for p in line.split(";"))}
        for line in lines
    ]


def script() -> dict[str, list[str]]:
    return sections((WINDOWS / "bazaar.iss").read_text(encoding="utf-8"))


def test_the_installer_speaks_english_and_japanese_with_inno_setups_translations():
    languages = entries(script()["languages"])
    assert languages == [
        {"Name": "en", "MessagesFile": "compiler:Default.isl"},
        {"Name": "ja", "MessagesFile": "compiler:Languages\\Japanese.isl"},
    ]


def test_the_installer_takes_the_language_windows_speaks_and_asks_only_when_it_has_none():
    setup = directives(script()["setup"])
    assert setup["ShowLanguageDialog"] == "auto"
    assert setup["LanguageDetectionMethod"] == "uilanguage"


def test_every_custom_message_is_translated_into_each_language():
    found = script()
    used = set(re.findall(r"\{cm:(\w+)", "\n".join(line for lines in found.values() for line in lines)))
    assert used  # the shortcuts and the tasks use them
    names = [language["Name"] for language in entries(found["languages"])]
    ours = directives(found.get("custommessages", []))
    for message in used - STANDARD_MESSAGES:
        missing = [name for name in names if f"{name}.{message}" not in ours]
        assert not missing, f"{message} is not translated into {missing}"


def test_the_setup_program_carries_its_own_version_resource():
    setup = directives(script()["setup"])
    assert setup["VersionInfoVersion"] == "{#AppFileVersion}"
    assert setup["VersionInfoProductTextVersion"] == "{#AppVersion}"
    assert setup["VersionInfoCompany"] == setup["AppPublisher"] == "Bazaar"
    assert setup["VersionInfoProductName"] == setup["AppName"] == "Bazaar"
    assert setup["VersionInfoCopyright"] == "MIT License"
    text = (WINDOWS / "bazaar.iss").read_text(encoding="utf-8")
    assert "#ifndef AppFileVersion" in text  # iscc with /DAppVersion alone still compiles
    # make_installer.ps1 hands the compiler both
    maker = (WINDOWS / "make_installer.ps1").read_text(encoding="utf-8")
    assert '"/DAppVersion=$Version" "/DAppFileVersion=$fileVersion"' in maker


def test_the_installer_check_looks_for_the_registration_under_the_scripts_app_id():
    app_id = directives(script()["setup"])["AppId"]
    assert app_id.startswith("{{")  # Inno Setup's escaped brace
    check = (WINDOWS / "check_installer.ps1").read_text(encoding="utf-8")
    assert f'$appId = "{app_id[1:]}"' in check
    assert "Set-StrictMode -Version Latest" in check and '$ErrorActionPreference = "Stop"' in check
    # silent, for the current user, and every program it starts is waited for with a limit
    assert "/VERYSILENT /SUPPRESSMSGBOXES /NORESTART /CURRENTUSER" in check
    assert "WaitForExit($Seconds * 1000)" in check
    assert check.count("Invoke-Bounded $") == 4  # setup, the tool, the uninstaller, and again on failure
