"""The face's why_not against decide: the same answer, word for word, on any command.

A table asks `FACE.why_not(view, seat, command)` to grey a button and say why, and the
authority runs `RULESET.decide` on the state; both must accept the same commands and refuse the
others with the same reason, or a person is told one thing and the rules do another.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.core.face import Face, Rejected
from game.core.ruleset import Ruleset


def words(refused: Rejected) -> tuple[str, str, str]:
    """A reason as the screen says it: its text, and the template and arguments it is
    translated from (two reasons with the same English could still differ in Japanese)."""
    reason = refused.reason
    return str(reason), getattr(reason, "template", str(reason)), repr(getattr(reason, "args", {}))


class Agreement:
    """Checks commands on one game and counts what it saw, so a test can insist it met both
    accepted and refused commands (an agreement on nothing proves nothing)."""

    def __init__(self, ruleset: Ruleset, face: Face):
        self.ruleset, self.face = ruleset, face
        self.seen: Counter[str] = Counter()
        self._views: dict[int, tuple[Any, dict[str, Any]]] = {}  # per seat: the last state, its view

    def view(self, state: Any, seat: int) -> dict[str, Any]:
        """The seat's view of `state`, made once for the many commands checked on it."""
        last = self._views.get(seat)
        if last is None or last[0] is not state:
            last = self._views[seat] = (state, self.ruleset.view(state, seat))
        return last[1]

    def check(self, state: Any, seat: int, command: dict[str, Any]) -> bool:
        """Assert the face and decide agree on `command`; True when it was accepted."""
        said = self.face.why_not(self.view(state, seat), seat, command)
        decided = self.ruleset.decide(state, seat, command, random.Random(0))
        if isinstance(decided, Rejected):
            assert said is not None, f"seat {seat}: the face lets {command} through, decide says {decided}"
            assert words(said) == words(decided), (command, said, decided)
            self.seen["refused"] += 1
            self.seen[str(decided.reason)] += 1
            return False
        assert said is None, f"seat {seat}: decide accepts {command}, the face says {said}"
        self.seen["accepted"] += 1
        return True

    def reasons(self) -> set[str]:
        return {r for r in self.seen if r not in ("accepted", "refused")}
