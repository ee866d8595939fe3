"""Keep the gettext catalogues (game/locale/<lang>/LC_MESSAGES/bazaar.po) in step with the code.

    python tools/catalog.py extract            # new and removed texts into both catalogues
    python tools/catalog.py missing [PATH...]  # untranslated Japanese as JSON, from those files
    python tools/catalog.py add FILE.json      # {"English": "日本語", ...} into the ja catalogue

The texts are the first arguments of `_`, `_n`, `msg`, `msg_n` and `N_` in game/ (see
game/core/i18n.py) and the people-facing fields of the tutorials (game/tutorials/*.json).
English's catalogue repeats each id as its translation, so both are complete. Every change is
made under a lock and compiled to `.mo` at once, so several people may run this side by side.
"""

from __future__ import annotations

import copy
import fcntl
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game.core import i18n  # noqa: E402 - after the path above, when run as a script

KEYWORDS = {"_": None, "N_": None, "msg": None, "_n": (1, 2), "msg_n": (1, 2)}
TUTORIAL_FIELDS = ("title", "text", "hint", "next")
EPOCH = datetime(2026, 11, 23, tzinfo=UTC)
HEADER = "# Bazaar's texts for people, in the words of each language."


def tutorial_texts() -> Iterator[tuple[str, str]]:
    """(file, text) for every people-facing field of the tutorials."""
    for path in sorted((ROOT / "game" / "tutorials").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        where = path.relative_to(ROOT).as_posix()
        yield where, data["title"]
        for name in data.get("names", ()):  # "You" and the scripted rival, named in each language
            yield where, name
        for step in data["steps"]:
            for key in TUTORIAL_FIELDS[1:]:
                if step.get(key):
                    yield where, step[key]


def template() -> Catalog:
    """Every text the code and the tutorials show, with the files that show it."""
    # a fixed date: the catalogues change only when their texts do
    catalog = Catalog(header_comment=HEADER, project="Bazaar", version="1", creation_date=EPOCH)
    found = extract_from_dir(
        str(ROOT / "game"),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("i18n:",),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(
            message, locations=[(f"game/{filename}", lineno)], auto_comments=comments, context=context
        )
    for where, text in tutorial_texts():
        catalog.add(text, locations=[(where, 0)])
    return catalog


def read(code: str) -> Catalog:
    path = i18n.po_path(code)
    if not path.exists():
        return Catalog(locale=code, header_comment=HEADER, project="Bazaar", version="1", revision_date=EPOCH)
    with open(path, "rb") as f:
        return read_po(f, locale=code)


def write(code: str, catalog: Catalog) -> None:
    path = i18n.po_path(code)
    path.parent.mkdir(parents=True, exist_ok=True)
    catalog.obsolete.clear()
    part = path.with_suffix(".po.part")  # whole or not at all: others read it meanwhile
    with open(part, "wb") as f:
        write_po(f, catalog, width=0, include_lineno=False, sort_output=True, ignore_obsolete=True)
    os.replace(part, path)
    i18n.compiled(code)


@contextmanager
def locked() -> Iterator[None]:
    with open(i18n.LOCALE_DIR / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def extract() -> None:
    fresh = template()
    for code in i18n.LANGUAGES:
        catalog = read(code)
        catalog.update(copy.deepcopy(fresh), no_fuzzy_matching=True)  # update shares its messages
        catalog.fuzzy = False
        if code == "en":
            for message in catalog:
                if message.id:
                    message.string = message.id if isinstance(message.id, str) else tuple(message.id)
        write(code, catalog)
    print(f"{len(fresh)} texts")


def missing(paths: list[str]) -> dict[str, str]:
    """The Japanese entries still empty, from files under `paths` (all when none)."""
    out: dict[str, str] = {}
    for message in read("ja"):
        if not message.id or _translated(message.string):
            continue
        if paths and not any(loc.startswith(p) for loc, _ in message.locations for p in paths):
            continue
        out[message.id if isinstance(message.id, str) else message.id[0]] = ""
    return out


def _translated(string) -> bool:
    return bool(string) and (isinstance(string, str) or all(string))


def add(translations: dict[str, str]) -> None:
    catalog = read("ja")
    by_singular = {(m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog if m.id}
    unknown, mismatched = [], []
    for source, target in translations.items():
        message = by_singular.get(source)
        if message is None:
            unknown.append(source)
            continue
        if not target:
            continue
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        wanted = set().union(*(i18n.placeholders(s) for s in sources))
        if i18n.placeholders(target) != wanted:
            mismatched.append(f"{source!r} -> {target!r}")
            continue
        message.string = target if isinstance(message.id, str) else (target,)
        message.flags.discard("fuzzy")
    write("ja", catalog)
    if mismatched:
        print(f"{len(mismatched)} left out, their placeholders differ:", *mismatched, sep="\n  ")
    if unknown:
        print(f"{len(unknown)} not in the catalogue (run extract first?):", *unknown[:10], sep="\n  ")


def main(argv: list[str]) -> None:
    command, rest = (argv[0], argv[1:]) if argv else ("extract", [])
    with locked():
        if command == "extract":
            extract()
        elif command == "missing":
            print(json.dumps(missing(rest), ensure_ascii=False, indent=1))
        elif command == "add":
            add(json.loads(Path(rest[0]).read_text(encoding="utf-8")))
        else:
            raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
