"""The import contracts have teeth (pyproject.toml [tool.importlinter], docs/architecture.md).

A table must see a game only through its face and the seat window, never through the
machinery that decides, evolves or redacts. The contracts say so; these tests make sure they
would catch it:

- `BREACHES` puts one forbidden import at a time into a copy of the project and expects
  lint-imports, run on that copy, to fail and to name the contract it breaks; the copy as it is
  must pass. Extend the list as contracts are added.
- Importing every module of the UI kit and of each game's table in a fresh interpreter loads no
  machinery: a package's __init__ runs whenever any of its modules is imported, which a static
  import graph may not show.
- Every module of a game is either listed as machinery in the contracts or lean: it imports no
  machinery, so a face, a table or a view helper may stand on it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import tomllib
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path

import grimp
import pytest

from game.core import registry

ROOT = Path(__file__).resolve().parents[2]
CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"][
    "contracts"
]
# the games this project ships, as the registry finds them (their modules are in game/rules)
GAMES = tuple(name for name, p in registry.plugins().items() if p.distribution == "bazaar")
TABLES = ("game.ui", *(f"game.scenes.{game}" for game in GAMES))

# The contracts these tests name, by the start of their names
SCENES = "Scenes and the UI kit use a game's face"
WINDOW = "Scenes see a match only through a window"
FACES = "A game's face, and all it imports"
PACKAGES = "A game's package imports nothing of its machinery"


def contract(start: str) -> dict:
    found = [c for c in CONTRACTS if c["name"].startswith(start)]
    assert len(found) == 1, start
    return found[0]


def modules_of(package: str) -> list[str]:
    """Every module under a package of the checkout, the package itself first."""
    base = ROOT / package.replace(".", "/")
    found = [package]
    for path in sorted(base.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if "__pycache__" in parts:
            continue
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if name != package:
            found.append(name)
    return found


def machinery() -> set[str]:
    """The machinery modules of every game, as the contracts list them (wildcards expanded)."""
    patterns = [p for p in contract(SCENES)["forbidden_modules"] if p.startswith("game.rules.")]
    every = [m for game in GAMES for m in modules_of(f"game.rules.{game}")]
    return {m for m in every if any(fnmatchcase(m, p) for p in patterns)}


# -- the contracts' teeth --------------------------------------------------------------------
@dataclass(frozen=True)
class Breach:
    """Forbidden imports put into a copy of the project, and the contracts that must then name
    them. `edits` maps a path in the copy to lines appended to it (a new file when missing)."""

    name: str
    edits: dict[str, str]
    broken: tuple[str, ...]
    kept: tuple[str, ...] = field(default=())


BREACHES = [
    Breach(
        "a Gin scene imports evolve from rules.py",
        {"game/scenes/ginrummy/prompts.py": "from game.rules.ginrummy.rules import evolve"},
        (SCENES,),
        kept=(FACES, PACKAGES),
    ),
    Breach(
        "a Taj Mahal scene imports decide from rules.py",
        {"game/scenes/tajmahal/sheets.py": "from game.rules.tajmahal.rules import decide"},
        (SCENES,),
        kept=(FACES, PACKAGES),
    ),
    Breach(
        "a brand-new scene module imports machinery",
        {"game/scenes/newthing.py": '"""A screen to come."""\n\nfrom game.rules.jaipur.moves import legal'},
        (SCENES,),
    ),
    Breach(
        "a scene reaches machinery through a lean module",
        {"game/rules/jaipur/words.py": "from game.rules.jaipur import round"},  # the table reads words
        (SCENES, FACES),  # and the face's log reads them too
    ),
    Breach(
        "a scene reaches machinery through a game's package __init__",
        {
            "game/rules/ginrummy/__init__.py": "from game.rules.ginrummy.ruleset import RULESET",
            "game/scenes/ginrummy/sheets.py": "from game.rules.ginrummy import RULESET",
        },
        (SCENES, PACKAGES),
    ),
    Breach(
        "a game's package __init__ imports machinery",
        {"game/rules/ubongo/__init__.py": "from game.rules.ubongo.ruleset import RULESET"},
        (PACKAGES,),
        kept=(SCENES, FACES),  # no module imports the package by name: only the runtime check sees it
    ),
    Breach(
        "a face imports its ruleset",
        {"game/rules/tajmahal/face.py": "from game.rules.tajmahal import ruleset"},
        (FACES,),
    ),
    Breach(
        "the UI kit imports machinery",
        {"game/ui/marks.py": "from game.rules.ubongo.bots import UbongoBot"},
        (SCENES,),
    ),
    # a scene holding the match itself, by the forms a change could take (issue 42)
    *(
        Breach(
            f"{module} imports {name}",
            {f"game/scenes/{module}.py": f"from game.core.{source} import {name}"},
            (WINDOW,),
            kept=(SCENES,),
        )
        for module in ("replay", "tutorial/runner", "table/input", "history")
        for source, name in (("authority", "Authority"), ("match", "Match"))
    ),
    Breach(
        "a brand-new scene module opens the saves",
        {"game/scenes/newthing.py": '"""A screen to come."""\n\nfrom game.core.store import Store'},
        (WINDOW,),
    ),
    Breach(
        "a scene reaches the match through a lean core module",
        {"game/core/records.py": "from game.core.match import Match"},  # History's rows
        (WINDOW,),
    ),
    Breach(
        "a game's table drives its own match with a referee",
        {"game/scenes/ubongo/table.py": "from game.core.referee import Referee"},
        (WINDOW,),
    ),
]


def lint(copy: Path) -> str:
    """lint-imports on the copy (its own tree first on the path, no cache), its whole report on
    one line per contract."""
    env = {**os.environ, "PYTHONPATH": str(copy), "COLUMNS": "1000"}
    done = subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done.stdout + done.stderr


def status(report: str, start: str) -> str:
    """KEPT or BROKEN, as the report's summary says of the contract named `start`."""
    name = contract(start)["name"]
    for line in report.splitlines():
        if line.startswith(name + " "):
            return line.rsplit(" ", 1)[1]
    raise AssertionError(f"the report does not name {name!r}:\n{report}")


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    """The project's package and contracts in a folder of their own."""
    where = tmp_path_factory.mktemp("contracts")
    shutil.copytree(ROOT / "game", where / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", where / "pyproject.toml")
    return where


def test_the_project_as_it_is_keeps_every_contract(copy):
    report = lint(copy)
    assert "Contracts: " in report and " 0 broken." in report, report
    for start in (SCENES, FACES, PACKAGES, WINDOW):
        assert status(report, start) == "KEPT"


@pytest.mark.parametrize("breach", BREACHES, ids=lambda b: b.name)
def test_a_forbidden_import_breaks_the_contract_that_forbids_it(copy, breach):
    saved: dict[Path, str | None] = {}
    try:
        for relative, lines in breach.edits.items():
            path = copy / relative
            saved[path] = path.read_text(encoding="utf-8") if path.exists() else None
            path.write_text((saved[path] or "") + "\n" + lines + "\n", encoding="utf-8")
        report = lint(copy)
    finally:  # the next case starts from the project as it is
        for path, text in saved.items():
            if text is None:
                path.unlink()
            else:
                path.write_text(text, encoding="utf-8")
    for start in breach.broken:
        assert status(report, start) == "BROKEN", f"{breach.name}: {start}\n{report}"
    for start in breach.kept:
        assert status(report, start) == "KEPT", f"{breach.name}: {start}\n{report}"


# -- what importing a table loads ------------------------------------------------------------
def test_importing_the_ui_kit_and_every_game_table_loads_no_machinery():
    """In a fresh interpreter, import every module of the UI kit and of each game's table
    package; no machinery module of any game may be loaded afterwards (a path through a package
    __init__, or an import made when a module runs, counts as much as an import line)."""
    tables = [m for package in TABLES for m in modules_of(package)]
    code = textwrap.dedent(
        f"""
        import importlib, json, sys
        for name in {tables!r}:
            importlib.import_module(name)
        print(json.dumps(sorted(m for m in sys.modules if m.startswith("game."))))
        """
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    assert len(tables) > 60 and set(tables) <= loaded
    assert not loaded & machinery(), sorted(loaded & machinery())


# -- every module of a game is one or the other ----------------------------------------------
# The lean modules of each game: its face and checks, its words, data and toolkits, its views.
# A module added to a game goes here or into the contracts' machinery list.
LEAN = {
    "jaipur": {"__init__", "plugin", "face", "checks", "cards", "state", "words", "log", "view"},
    "ginrummy": {"__init__", "plugin", "face", "checks", "cards", "state", "melds", "scoring", "log", "view"},
    "tajmahal": {
        "__init__",
        "plugin",
        "face",
        "checks",
        "data",
        "state",
        "board",
        "chains",
        "standing",
        "words",
        "log",
        "view",
    },
    "ubongo": {
        "__init__",
        "plugin",
        "face",
        "checks",
        "state",
        "pieces",
        "placement",
        "solver",
        "levels",
        "difficulty",
        "generate",
        "words",
        "text",
        "view",
    },
}


def test_the_contracts_name_the_same_machinery():
    """The scenes', the faces' and the packages' contracts forbid the same machinery."""
    lists = [
        {m for m in contract(start)["forbidden_modules"] if m.startswith("game.rules.")}
        for start in (SCENES, FACES, PACKAGES)
    ]
    assert lists[0] == lists[1] == lists[2]
    for start in (SCENES, FACES, PACKAGES):
        assert contract(start).get("allow_indirect_imports") is False, start


@cache
def import_graph() -> grimp.ImportGraph:
    return grimp.build_graph("game", cache_dir=None)


@pytest.mark.parametrize("game", GAMES)
def test_every_module_of_a_game_is_machinery_or_lean(game):
    package = f"game.rules.{game}"
    names = {m.removeprefix(package + ".") if m != package else "__init__" for m in modules_of(package)}
    heavy = {m.removeprefix(package + ".") for m in machinery() if m.startswith(package + ".")}
    assert not heavy & LEAN[game], heavy & LEAN[game]
    assert names == heavy | LEAN[game], (names - heavy - LEAN[game], (heavy | LEAN[game]) - names)
    # and the lean ones are: no chain from any of them to any machinery module
    graph = import_graph()
    for lean in sorted(LEAN[game]):
        module = package if lean == "__init__" else f"{package}.{lean}"
        for heavy_module in sorted(machinery()):
            chain = graph.find_shortest_chain(importer=module, imported=heavy_module)
            assert chain is None, f"{module} reaches machinery: {' -> '.join(chain)}"
