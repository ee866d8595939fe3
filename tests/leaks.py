"""What one seat may know of a match at each moment, worked out from the game's own
declarations (its ruleset's `secrets`, game/core/secrets.py), for the leak checks of any game
(tests/net/test_leak.py over the socket, tests/scenes/test_seat_window.py at a table).

The oracle is the whole record, folded event by event: at each count of events, the events and
the view the declarations show the seat (`shown`, `view`), and the texts the seat may not know
(`secrets`): every string of the true events so far and of every seat's true view, less every
string the seat is shown (its events, its view, its moves). What a hand is, what a deck is, is
the declarations' to say (OWN, PerSeat, Owner, HIDDEN, COUNT): no game is named here.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from game.core import registry
from game.core.codec import roundtrip


def strings(value: Any) -> Iterator[str]:
    """Every string value in a JSON-like value (keys are its shape, not its contents)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings(item)


class Oracle:
    """One seat's due at every moment of a recorded match (`record`: Match.to_json())."""

    def __init__(self, record: dict[str, Any], seat: int | None):
        self.rules = rules = registry.get(record["game"])
        self.seat = seat
        self.seats = len(record["seats"])
        self.truth = [roundtrip(e) for e in record["events"]]
        state = rules.empty(self.seats, record["options"])
        self.states = [state]
        for event in record["events"]:
            state = rules.evolve(state, event)
            self.states.append(state)
        self.shown = [roundtrip(rules.secrets.filter_event(e, seat)) for e in record["events"]]
        # the strings of the first k events, true and shown
        self._true: list[frozenset[str]] = [frozenset()]
        self._seen: list[frozenset[str]] = [frozenset()]
        for true, shown in zip(self.truth, self.shown, strict=True):
            self._true.append(self._true[-1] | set(strings(true)))
            self._seen.append(self._seen[-1] | set(strings(shown)))

    @cache  # noqa: B019 - one oracle per test
    def view(self, count: int) -> Any:
        """The view the declarations show the seat after the first `count` events."""
        rules = self.rules
        return roundtrip(rules.secrets.filter_view(rules.see(self.states[count], self.seat), self.seat))

    def legal(self, count: int) -> Any:
        if self.seat is None:
            return []
        return roundtrip(self.rules.legal(self.states[count], self.seat))

    @cache  # noqa: B019
    def secrets(self, count: int) -> frozenset[str]:
        """The texts the seat may not know after `count` events."""
        state = self.states[count]
        true = set(self._true[count])
        for seat in range(self.seats):
            true |= set(strings(roundtrip(self.rules.see(state, seat))))
        known = self._seen[count] | set(strings(self.view(count))) | set(strings(self.legal(count)))
        return frozenset(true - known)

    def hidden(self) -> int:
        """How many events of the match the declarations show the seat otherwise than they are."""
        return sum(true != shown for true, shown in zip(self.truth, self.shown, strict=True))

    def withheld(self, count: int) -> bool:
        """Whether the declarations keep part of the seat's view from it at this moment."""
        return self.view(count) != roundtrip(self.rules.see(self.states[count], self.seat))
