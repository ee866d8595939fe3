"""A view's parts made once while what they are made from stays the same.

A state is immutable and shares its unchanged fields with the state before it, so a part of a
view made from those fields (the placements, the gems held) is the same between moves. Made
once and handed out again, it is the very object the secrets filter showed last time, which
remembers it and does not walk it again (secrets.Secrets.filter_view): a bot is given a view
at every move, a server one per seat per update. Views are read, never changed, so sharing is
safe; a part is made again whenever any of its sources is another object.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import is_
from typing import Any


class Parts:
    """One game's shared view parts, by name. Safe across threads: a part is one assignment,
    and two threads making it at once only make it twice."""

    def __init__(self) -> None:
        self._made: dict[str, tuple[tuple[Any, ...], Any]] = {}

    def __call__(self, name: str, sources: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        """What `make()` gives, made from `sources` alone; what it made last time when every
        source is the very same object."""
        seen = self._made.get(name)
        if seen is not None:
            before, made = seen
            if len(before) == len(sources) and all(map(is_, before, sources)):
                return made
        made = make()
        self._made[name] = (sources, made)
        return made
