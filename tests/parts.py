"""The check both games' shared view parts answer to (game/core/parts.py): at every state of a
whole match, for each seat and a spectator, the view built with the parts handed out again
equals one made from nothing, and so do their filtered forms; and the parts were shared."""

from __future__ import annotations

import copy
from collections.abc import Callable
from types import ModuleType
from typing import Any

from game.core.history import Timeline
from game.core.match import Match
from game.core.parts import Parts


def check_shared_parts(
    match: Match, module: ModuleType, build: Callable[[Any, int | None], dict], part: str, monkeypatch: Any
) -> None:
    """`module._parts` is the view module's Parts; `build(state, seat)` makes a view with it;
    `part` names a key whose part is expected to be handed out again between views."""
    timeline = Timeline(match)
    secrets = match.ruleset.secrets
    shared_parts = Parts()
    handed_again = 0
    last = None
    for count in range(len(match.events) + 1):
        state = timeline.state(count)
        for seat in (*range(len(match.seats)), None):
            monkeypatch.setattr(module, "_parts", shared_parts)
            shared = build(state, seat)
            monkeypatch.setattr(module, "_parts", Parts())
            fresh = build(state, seat)
            assert shared == fresh, (count, seat)
            assert secrets.filter_view(shared, seat) == secrets.filter_view(copy.deepcopy(fresh), seat)
            if last is not None and shared[part] is last[part]:
                handed_again += 1
            last = shared
    assert handed_again > len(match.events)  # the parts were shared, not made each time
