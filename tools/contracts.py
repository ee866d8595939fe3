"""The face contract: an import-linter contract type whose modules come from the game registry.

Every game the registry finds (game/core/registry.py: the built-ins and any installed plugin)
declares its face and its ruleset. The game's package is where both live; its face package is
the face's module (a package of its own for the built-ins). The contract forbids, by any chain
of imports, the modules it is given (`source_modules`, and the registry's `sources`: each game's
"faces", "packages" or "tables") every module of a game's package outside its face, and the
`forbidden_modules` it lists besides. A plugin's table may import nothing of another game at
all, its face included. No game module is named in pyproject.toml: a game added, or installed
with pip, is covered as it is declared. `games_in` names a package whose every subpackage must
be a declared game, so a game nobody declared cannot sit there unwatched.

Installed plugins live outside the project's root package, which is all the graph lint-imports
builds holds: when there are some, the contract builds its own graph with their packages added.
Registered in pyproject.toml ([tool.importlinter] contract_types); lint-imports runs from the
checkout's root, which it puts on sys.path, so `tools` and `game` are the checkout's own.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import grimp
from grimp import ImportGraph
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.domain import fields
from importlinter.domain.contract import ContractCheck
from importlinter.domain.helpers import module_expressions_to_modules

SOURCES = ("faces", "packages", "tables")


@dataclass(frozen=True)
class Game:
    name: str
    package: str  # where its face and its ruleset live: "game.rules.jaipur"
    face: str  # its face module or package: "game.rules.jaipur.face"
    table: str  # its table's module ("" when it has none)

    def owns(self, module: str) -> bool:
        return module == self.package or module.startswith(self.package + ".")

    def in_face(self, module: str) -> bool:
        return module == self.face or module.startswith(self.face + ".")


def declared() -> list[Game]:
    """Every game the registry admits, from its declaration alone (no face or ruleset loaded)."""
    from game.core import registry

    games = []
    for name, plugin in registry.plugins().items():
        face = plugin.face.partition(":")[0]
        ruleset = plugin.ruleset.partition(":")[0]
        shared = os.path.commonprefix([face.split("."), ruleset.split(".")])
        package = ".".join(shared) or ruleset.split(".")[0]
        games.append(Game(name, package, face, plugin.table.partition(":")[0]))
    return games


def lines(graph: ImportGraph, importer: str, imported: str) -> tuple[int, ...]:
    return tuple(d["line_number"] for d in graph.get_import_details(importer=importer, imported=imported))


def steps(graph: ImportGraph, chains: set[tuple[str, ...]]) -> list[list[dict]]:
    """Each chain as the forbidden contract's report shows it: its imports, with their lines."""
    return [
        [
            {
                "importer": a,
                "imported": b,
                "line_numbers": lines(graph, a, b),
            }
            for a, b in zip(chain, chain[1:], strict=False)
        ]
        for chain in sorted(chains)
    ]


class FaceContract(ForbiddenContract):
    """Modules that may see each game only through its face (see the module's docstring)."""

    type_name = "faces"

    source_modules = fields.SetField(subfield=fields.ModuleExpressionField(), required=False)
    sources = fields.SetField(subfield=fields.StringField(), required=False)
    forbidden_modules = fields.SetField(subfield=fields.ModuleExpressionField(), required=False)
    games_in = fields.StringField(required=False)

    def validate(self) -> None:
        from importlinter.domain.contract import InvalidContractOptions

        unknown = set(self.sources or ()) - set(SOURCES)
        if unknown:
            raise InvalidContractOptions({"sources": f"unknown {sorted(unknown)}: choose from {SOURCES}"})

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        games = declared()
        roots = self.session_options.get("root_packages") or [self.session_options["root_package"]]
        outside = sorted({g.package.split(".")[0] for g in games} - set(roots))
        if outside:  # installed plugins: a graph that holds their modules too
            graph = grimp.build_graph(*roots, *outside, include_external_packages=True, cache_dir=None)
        modules = graph.modules

        # (importer, as a package?, the games it may not see beyond their faces, and those it may
        # not see at all)
        importers: list[tuple[str, bool, list[Game], list[Game]]] = []
        for expression in module_expressions_to_modules(graph, self.source_modules or ()):
            importers.append((expression.name, True, games, []))
        wanted = set(self.sources or ())
        for game in games:
            others = [g for g in games if g is not game]
            if "faces" in wanted:
                importers.append((game.face, True, games, []))
            if "packages" in wanted:  # its __init__ alone: it runs whenever any of its modules is imported
                importers.append((game.package, False, games, []))
            if (
                "tables" in wanted
                and game.table
                and not any(game.table == i or game.table.startswith(i + ".") for i, *_ in importers)
            ):
                importers.append((game.table, True, [game], others))

        fixed = [m.name for m in module_expressions_to_modules(graph, self.forbidden_modules or ())]
        invalid = []
        for importer, as_package, faced, barred in importers:
            if importer not in modules:
                raise ValueError(
                    f"{importer} is not in the graph (a declaration naming a module that is not there?)"
                )
            forbidden = [*fixed]
            for game in faced:
                forbidden += [
                    m for m in modules if game.owns(m) and m != game.package and not game.in_face(m)
                ]
            targets = [(m, as_package) for m in sorted(set(forbidden))]
            targets += [(game.package, True) for game in barred if game.package in modules]  # all of it
            for target, whole in targets:
                if target == importer or (as_package and target.startswith(importer + ".")):
                    continue  # a table inside its game's package imports its own modules
                chains = graph.find_shortest_chains(importer=importer, imported=target, as_packages=whole)
                if chains:
                    found = {"upstream_module": target, "downstream_module": importer}
                    invalid.append({**found, "chains": steps(graph, chains)})
        undeclared = []
        if self.games_in:
            packages = {g.package for g in games}
            for child in sorted(graph.find_children(self.games_in)):
                if graph.find_children(child) and child not in packages:
                    undeclared.append(child)
        return ContractCheck(
            kept=not invalid and not undeclared,
            warnings=[],
            metadata={"invalid_chains": invalid, "undeclared": undeclared},
        )

    def render_broken_contract(self, check: ContractCheck) -> None:
        from importlinter.application import output

        for package in check.metadata["undeclared"]:
            output.print_error(f"{package} is a package of {self.games_in} that declares no game")
            output.new_line()
        super().render_broken_contract(check)
