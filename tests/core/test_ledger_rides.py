"""A bot's move rides (game/core/ledger.py, `Writes.ride`): its write waits until the writer
calls for it, and a person's change made meanwhile is written at once, taking the bot's along
in the same write. Answers and calls are handed out by the test itself, so nothing here waits
on a clock or a thread."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future

from game.core.ledger import Inbox, Ledger
from game.core.store import Mark, Saving, Store
from tests.core.storegames import new


class Held:
    """Writes that answer and call riders only when the test says so."""

    def __init__(self) -> None:
        self.saves: list[tuple[int, Future[bool]]] = []  # (commands written up to, answer)
        self.riders: list[Callable[[], None]] = []

    def save(self, saving: Saving, mark: Mark) -> Future[bool]:
        future: Future[bool] = Future()
        self.saves.append((mark.commands, future))
        return future

    def ride(self, write: Callable[[], None]) -> None:
        self.riders.append(write)


def test_a_bots_move_rides_and_a_persons_change_takes_it_along_at_once(tmp_path):
    store = Store.open(tmp_path / "rides.sqlite3")
    match = new()  # Ann (a person) plays first, then Bot
    store.attach(match)
    writes = Held()
    ledger = Ledger(store.saving(match), match, writes, Inbox())

    assert match.submit(0, {"move": "pass"})
    assert [n for n, _ in writes.saves] == [1] and not writes.riders, "a person's move is written at once"
    writes.saves[0][1].set_result(True)
    assert ledger.idle

    assert match.submit(1, {"move": "pass"})
    assert [n for n, _ in writes.saves] == [1] and len(writes.riders) == 1, "a bot's move waits to ride"
    told: list[str] = []
    ledger.after(lambda: told.append("bot's move"))
    assert not told and not ledger.idle, "nobody is told of it before it is written"

    assert match.submit(0, {"move": "draw"})
    assert [n for n, _ in writes.saves] == [1, 3], "a person's change goes now, the bot's move with it"
    writes.riders.pop()()  # the writer's call comes after all: the ledger has nothing left to add
    assert [n for n, _ in writes.saves] == [1, 3], "no second write"
    writes.saves[1][1].set_result(True)
    assert told == ["bot's move"] and ledger.idle and ledger.saved == 3


def test_a_riding_bots_move_is_written_when_the_writer_calls_for_it(tmp_path):
    store = Store.open(tmp_path / "rides.sqlite3")
    match = new()
    store.attach(match)
    writes = Held()
    ledger = Ledger(store.saving(match), match, writes, Inbox())
    assert match.submit(0, {"move": "pass"})
    writes.saves[0][1].set_result(True)
    assert match.submit(1, {"move": "pass"})
    assert len(writes.saves) == 1
    writes.riders.pop()()
    assert [n for n, _ in writes.saves] == [1, 2], "the writer's call writes it"
    writes.saves[1][1].set_result(True)
    assert ledger.idle and ledger.saved == 2
