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
- The face contracts name no module of any game: they take each declared game's package and
  face from the registry (tools/contracts.py), the test game installed with pip included.
- Scenes get faces only: no scene asks the registry for a ruleset.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import textwrap
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from game.core import registry
from tests.plugins import install
from tools import contracts

ROOT = Path(__file__).resolve().parents[2]
CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"][
    "contracts"
]
# the games this project ships, as the registry finds them (their modules are in game/rules)
GAMES = tuple(name for name, p in registry.plugins().items() if p.distribution == "bazaar")
TABLES = ("game.ui", *(f"game.scenes.{game}" for game in GAMES))

# The contracts these tests name, by the start of their names
SCENES = "Scenes, the UI kit and every game's table see a game only through its face"
WINDOW = "Scenes see a match only through a window"
FACES = "A game's face, and all it imports"
PACKAGES = "A game's package imports nothing beyond its face"
REGISTRY = "Scenes and the UI kit know a game by its face alone"


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
    """Every module of the project's games outside their faces, as the registry declares them
    (a game's package __init__ aside: importing any of its modules runs it)."""
    return {
        m
        for game in contracts.declared()
        if game.name in GAMES
        for m in modules_of(game.package)
        if m != game.package and not game.in_face(m)
    }


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
    # what no list of modules by name could refuse (issue 53): scenes see only the faces
    Breach(
        "a scene imports a new self-contained module of a game",
        {
            "game/rules/jaipur/rules.py": '"""Rules to come: imports nothing."""',
            "game/scenes/jaipur/layout.py": "from game.rules.jaipur import rules",
        },
        (SCENES,),
        kept=(FACES, PACKAGES, WINDOW),
    ),
    Breach(
        "a scene imports a game's state",
        {"game/scenes/jaipur/sheets.py": "from game.rules.jaipur.state import State"},
        (SCENES,),
        kept=(FACES, PACKAGES, WINDOW),
    ),
    Breach(
        "a scene imports a game's view",
        {"game/scenes/jaipur/render.py": "from game.rules.jaipur.view import view"},
        (SCENES,),
        kept=(FACES, PACKAGES, WINDOW),
    ),
    Breach(
        "a game's package under game.rules that declares no game",
        {
            "game/rules/newgame/__init__.py": '"""A game nobody declared."""',
            "game/rules/newgame/cards.py": "",
        },
        (SCENES,),
        kept=(FACES, PACKAGES),
    ),
    Breach(
        "a scene imports the machinery's registry (whose get loads a ruleset)",
        {"game/scenes/menu.py": "from game.core import registry"},
        (REGISTRY,),
        kept=(FACES, PACKAGES, WINDOW),
    ),
    Breach(
        "a brand-new scene module imports machinery",
        {"game/scenes/newthing.py": '"""A screen to come."""\n\nfrom game.rules.jaipur.moves import legal'},
        (SCENES,),
    ),
    Breach(
        "a scene reaches machinery through a lean module",
        {"game/rules/jaipur/face/words.py": "from game.rules.jaipur import round"},  # the table reads words
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
        {"game/rules/tajmahal/face/__init__.py": "from game.rules.tajmahal import ruleset"},
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


def lint(copy: Path, *path: Path) -> str:
    """lint-imports on the copy (its own tree first on the path, then `path`, no cache), its
    whole report on one line per contract."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, (copy, *path))), "COLUMNS": "1000"}
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
    (where / "tools").mkdir()
    for name in ("__init__.py", "contracts.py"):  # the face contract's type
        shutil.copy(ROOT / "tools" / name, where / "tools" / name)
    return where


def test_the_project_as_it_is_keeps_every_contract(copy):
    report = lint(copy)
    assert "Contracts: " in report and " 0 broken." in report, report
    for start in (SCENES, FACES, PACKAGES, WINDOW):
        assert status(report, start) == "KEPT"


@pytest.mark.parametrize("breach", BREACHES, ids=lambda b: b.name)
def test_a_forbidden_import_breaks_the_contract_that_forbids_it(copy, breach):
    saved: dict[Path, str | None] = {}
    made: list[Path] = []  # folders a breach adds (a new package)
    try:
        for relative, lines in breach.edits.items():
            path = copy / relative
            if not path.parent.exists():
                path.parent.mkdir(parents=True)
                made.append(path.parent)
            saved[path] = path.read_text(encoding="utf-8") if path.exists() else None
            path.write_text((saved[path] or "") + "\n" + lines + "\n", encoding="utf-8")
        report = lint(copy)
    finally:  # the next case starts from the project as it is
        for path, text in saved.items():
            if text is None:
                path.unlink()
            else:
                path.write_text(text, encoding="utf-8")
        for folder in made:
            shutil.rmtree(folder)
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


# -- the contracts come from the registry ---------------------------------------------------
def test_the_face_contracts_name_no_module_of_any_game():
    """Which modules are a game's face and which its machinery is the registry's to say."""
    packages = {game.package for game in contracts.declared()}
    assert {f"game.rules.{name}" for name in GAMES} <= packages
    for start in (SCENES, FACES, PACKAGES):
        found = contract(start)
        assert found["type"] == "faces", start
        named = [*found.get("source_modules", ()), *found.get("forbidden_modules", ())]
        assert not [m for m in named for p in packages if m == p or m.startswith(p + ".")], start


def test_the_registry_gives_each_game_its_package_and_face():
    by_name = {game.name: game for game in contracts.declared()}
    for name in GAMES:
        assert by_name[name].package == f"game.rules.{name}"
        assert by_name[name].face == f"game.rules.{name}.face"
    # the test game, installed with pip as its own distribution (tests/conftest.py)
    assert by_name[install.NAME].package == "goofspiel"
    assert by_name[install.NAME].face == "goofspiel.face"
    assert by_name[install.NAME].table == "goofspiel.table"


@pytest.mark.parametrize(
    "line",
    ["from goofspiel.ruleset import RULESET", "from game.rules.jaipur.face import FACE"],
    ids=["its own ruleset", "another game's face"],
)
def test_an_installed_games_table_may_import_only_its_own_face(copy, tmp_path, line):
    """The test game as pip installed it, its table given one more import: the contract, which
    names no game, finds it through the registry and refuses it."""
    site = install.install(tmp_path)
    assert " 0 broken." in lint(copy, site)
    table = site / install.NAME / "table.py"
    table.write_text(table.read_text(encoding="utf-8") + "\n" + line + "\n", encoding="utf-8")
    report = lint(copy, site)
    assert status(report, SCENES) == "BROKEN", report
    assert f"goofspiel.table -> {line.split()[1]}" in report


# -- scenes get faces, never a ruleset -------------------------------------------------------
REGISTRY_FACES = {"face", "names", "games", "plugin", "plugins", "refused", "GAMES"}


def registry_uses(tree: ast.AST) -> list[str]:
    """What a module takes of game.core.registry beyond its faces and declarations: an attribute
    of `registry` not in REGISTRY_FACES, a name imported from it, importlib."""
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "registry"
        ):
            if node.attr not in REGISTRY_FACES:
                found.append(f"registry.{node.attr} (line {node.lineno})")
        elif isinstance(node, ast.ImportFrom) and node.module == "game.core.registry":
            found += [f"from game.core.registry import {a.name} (line {node.lineno})" for a in node.names]
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            found += [f"import {n} (line {node.lineno})" for n in names if n.split(".")[0] == "importlib"]
    return found


def test_no_scene_asks_the_registry_for_a_ruleset():
    """The registry's `get` imports a game's machinery by importlib, out of sight of the import
    contracts: scenes and the UI kit take faces (and the declarations' tables) only."""
    found = {}
    for package in ("game/scenes", "game/ui"):
        for path in sorted((ROOT / package).rglob("*.py")):
            uses = registry_uses(ast.parse(path.read_text(encoding="utf-8")))
            if uses:
                found[str(path.relative_to(ROOT))] = uses
    assert not found, found


def test_the_check_sees_a_registry_get():
    tree = ast.parse("from game.core import registry\n\ndef f():\n    return registry.get('jaipur')\n")
    assert registry_uses(tree) == ["registry.get (line 4)"]
    assert registry_uses(ast.parse("from game.core.registry import get")) != []
    assert registry_uses(ast.parse("import importlib")) != []
    assert registry_uses(ast.parse("from game.core import registry\nregistry.face('jaipur')")) == []
