"""A game's table changes the table base (game/scenes/table) only through its public hooks:
no table of a declared game overrides a private method of the base (issue 53, item 5). The
tables are the registry's, the installed test game's included: no list of games here."""

from __future__ import annotations

from game.core import faces
from game.scenes.table import Table
from game.scenes.tables import table_class

BASE = [c for c in Table.__mro__ if c is not object]  # Table, its mixins and Scene


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_overrides(table: type) -> list[str]:
    """`Class.name` for each private member of the base that a class of `table` redefines."""
    base = {name for c in BASE for name in vars(c) if private(name)}
    own = [c for c in table.__mro__ if c not in BASE and c is not object]
    return sorted(f"{c.__qualname__}.{name}" for c in own for name in vars(c) if name in base)


def test_no_declared_table_overrides_a_private_method_of_the_base():
    tables = {game: table_class(game) for game, plugin in faces.plugins().items() if plugin.table}
    assert len(tables) >= 5  # the four built-in games and the installed test game
    found = {game: private_overrides(t) for game, t in tables.items()}
    assert {game: names for game, names in found.items() if names} == {}


def test_the_check_sees_a_private_override():
    class Sneaky(Table):
        def _drive(self) -> None: ...

    assert private_overrides(Sneaky) == [f"{Sneaky.__qualname__}._drive"]
