""".gitattributes keeps every tracked text file LF on every system (Git for Windows would check
them out as CRLF, and the Windows bundle would ship those), and leaves binaries alone."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def tracked() -> list[tuple[str, str, str]]:
    """(index eol, attributes, path) of every tracked file, as `git ls-files --eol` says."""
    if not shutil.which("git") or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    out = subprocess.run(
        ["git", "ls-files", "--eol"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    rows = []
    for line in out.splitlines():
        info, path = line.split("\t", 1)
        index, _, attr = info.split(maxsplit=2)
        rows.append((index, attr.strip(), path))
    return rows


def test_text_files_are_checked_out_lf_and_binaries_untouched():
    rows = tracked()
    assert rows
    wrong = [(i, a, p) for i, a, p in rows if not ("eol=lf" in a or a == "attr/-text")]
    assert wrong == []
    crlf = [p for i, _, p in rows if i in ("i/crlf", "i/mixed")]
    assert crlf == []
    binaries = [p for i, a, p in rows if a == "attr/-text"]
    assert {"assets/icon.png", "build/icons/bazaar.ico", "build/icons/bazaar.icns"} <= set(binaries)
    for shipped in ("levels", "seeds", "game/locale", "game/tutorials"):
        assert any(p.startswith(shipped + "/") and "eol=lf" in a for _, a, p in rows), shipped
