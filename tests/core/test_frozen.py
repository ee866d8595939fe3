"""game/core/frozen.py: a state with fields changed is the state `dataclasses.replace` makes,
for every game's state and the dataclasses inside it (which the helper's shortcut requires:
no __post_init__, no init-less fields, no slots)."""

from __future__ import annotations

import dataclasses

import pytest

from game.core import registry, sim
from game.core.frozen import replace


def _states(game: str) -> tuple[object, object]:
    """The game's state a few moves in, and further on (so that every field may differ)."""
    seats = ["random"] * registry.face(game).max_seats
    return sim.run(game, seats, 7, {}, moves=6).state, sim.run(game, seats, 7, {}, moves=30).state


def _dataclasses_in(value: object, found: set[type]) -> None:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if type(value) in found:
            return
        found.add(type(value))
        for f in dataclasses.fields(value):
            _dataclasses_in(getattr(value, f.name), found)
    elif isinstance(value, tuple | list):
        for item in value:
            _dataclasses_in(item, found)


@pytest.mark.parametrize("game", registry.games())
def test_a_changed_state_is_the_one_dataclasses_replace_makes(game: str) -> None:
    early, later = _states(game)
    for f in dataclasses.fields(early):  # type: ignore[arg-type]
        value = getattr(later, f.name)
        made = replace(early, **{f.name: value})
        assert made == dataclasses.replace(early, **{f.name: value})  # type: ignore[type-var]
        assert getattr(made, f.name) is value
    assert early == _states(game)[0]  # the state changed from is untouched


@pytest.mark.parametrize("game", registry.games())
def test_every_dataclass_in_a_state_suits_the_shortcut(game: str) -> None:
    found: set[type] = set()
    for state in _states(game):
        _dataclasses_in(state, found)
    assert found
    for kind in found:
        assert not hasattr(kind, "__post_init__"), kind
        assert not hasattr(kind, "__slots__"), kind
        assert all(f.init for f in dataclasses.fields(kind)), kind


def test_a_name_that_is_no_field_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int = 0
        y: int = 0

    with pytest.raises(TypeError, match="no field z"):
        replace(Point(), x=1, z=2)
    moved = replace(Point(), y=3)
    assert moved == Point(0, 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        moved.x = 1  # type: ignore[misc]
