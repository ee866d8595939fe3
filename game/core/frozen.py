"""A frozen dataclass with some fields changed, made without running its __init__ again.

`dataclasses.replace` gathers every field into keyword arguments and calls __init__: about
5 µs for Taj Mahal's state of 21 fields. The rules' folds make a state per event, and their
simulations (the bench's random games, `sim`) a great many: this sets the fields as __init__
would, in one go (about 1 µs). For dataclasses without __post_init__, init-less fields or
slots, which the rules' states are (tests/core/test_frozen.py checks each game's).
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def replace(obj: T, **changes: Any) -> T:
    """A copy of the frozen dataclass `obj` with `changes`; a name that is not one of its
    fields is refused, as `dataclasses.replace` refuses it."""
    values = obj.__dict__.copy()  # its fields, and nothing else
    known = len(values)
    values.update(changes)
    if len(values) != known:  # a name that is no field: the dict grew (no look-up per call)
        unknown = ", ".join(sorted(changes.keys() - obj.__dataclass_fields__.keys()))  # type: ignore[attr-defined]
        raise TypeError(f"{type(obj).__name__} has no field {unknown}")
    new = object.__new__(obj.__class__)
    object.__setattr__(new, "__dict__", values)  # frozen: every field at once, as __init__ sets them
    return new
