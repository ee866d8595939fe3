"""What a bot's move and a closed table leave behind is freed by reference counting alone, with
no collection of the interpreter's. A server freezes whatever outlives its collector's tick, and a
cycle among the frozen waits for the full collection, every ten minutes (game/net/collector.py):
under `net.matches`' load at 250 matches, 126 thousand of the 311 thousand frozen objects were
garbage after half a minute, each bot move's two futures (holding each other through their
callbacks) and each finished match with its ledger; the next full collection walks them all."""

from __future__ import annotations

import asyncio
import gc
import random
import weakref
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest

from game.core import registry
from game.core.ledger import Ledger
from game.core.match import Match, Seat
from game.core.ruleset import Budget
from game.core.store import Mark, Saving, Store
from game.core.thinking import Minds
from game.core.weigh import Weighed
from game.net.keys import Pass
from game.net.room import Drive, Room
from game.rules.jaipur.bots import EasyBot


@pytest.fixture
def no_collections() -> Iterator[None]:
    """The interpreter's collector off: only reference counting frees anything."""
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    yield
    if enabled:
        gc.enable()


class Recorded:
    """An executor whose futures the test can watch (weakly) after they are answered."""

    def __init__(self, executor: Any):
        self.executor = executor
        self.futures: list[weakref.ref[Future]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future:
        future = self.executor.submit(fn, *args, **kwargs)
        self.futures.append(weakref.ref(future))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if isinstance(self.executor, ThreadPoolExecutor):
            self.executor.shutdown(wait=wait, cancel_futures=cancel_futures)


class LaterPool:
    """A worker pool that answers when the test says (`answer`): after the futures are joined,
    as a move that takes a while is."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Any, tuple[Any, ...], Future]] = []

    def submit(self, fn: Any, /, *args: Any) -> Future:
        future: Future = Future()
        self.jobs.append((fn, args, future))
        return future

    def answer(self) -> None:
        for fn, args, future in self.jobs:
            future.set_result(fn(*args))
        self.jobs.clear()


def jaipur() -> Match:
    rules = registry.get("jaipur")
    return Match.new(rules, [Seat("Asha", "online", ""), Seat("Bot", "bot", "easy")], {"first": 0}, 8)


def easy_move() -> tuple[Any, tuple[Any, ...]]:
    """An easy Jaipur bot's move to think (one of our bots' methods: it may go to a worker)."""
    match = jaipur()
    return EasyBot().choose, (match.view(0), match.legal(0), random.Random(1), Budget())


def light(weighed: Weighed) -> Any:
    """Weighed a light kind already: its next move goes to the light bots' thread."""
    kind = (EasyBot, getattr(EasyBot(), "level", None))
    weighed.costs[kind] = deque([0.0])
    return kind


def test_a_light_bots_move_leaves_no_cycle(no_collections):
    minds = Minds(0)
    thread = Recorded(ThreadPoolExecutor(max_workers=1))
    minds.light_thread = thread  # type: ignore[assignment]
    weighed = Weighed(minds)
    choose, args = easy_move()
    light(weighed)
    blocker: Future = Future()
    thread.executor.submit(blocker.result)  # the move is thought once its futures are joined
    outer = weighed.submit(choose, *args)
    blocker.set_result(None)
    assert outer.result(timeout=30) in args[1]
    thread.executor.shutdown(wait=True)  # its thread let go of the job
    watched = [weakref.ref(outer), *thread.futures]
    del outer
    assert len(watched) == 2 and all(ref() is None for ref in watched), (
        "a bot's move kept its futures alive (a cycle only a collection frees)"
    )
    minds.shutdown()


def test_a_move_thought_in_a_worker_leaves_no_cycle(no_collections):
    minds = Minds(0)
    later = LaterPool()
    pool = Recorded(later)
    minds.pool = pool  # type: ignore[assignment]
    choose, args = easy_move()
    outer = minds.submit(choose, *args)
    later.answer()
    assert outer.result(timeout=0) in args[1]
    watched = [weakref.ref(outer), *pool.futures]
    del outer
    assert len(watched) == 2 and all(ref() is None for ref in watched), (
        "a move thought in a worker kept its futures alive (a cycle only a collection frees)"
    )
    minds.pool = None
    minds.shutdown()


def test_a_dropped_job_is_still_never_sent():
    """The cancel reaches the job not yet started, though the two futures no longer hold each
    other both ways."""
    minds = Minds(0)
    gate = ThreadPoolExecutor(max_workers=1)
    minds.light_thread = gate  # type: ignore[assignment]
    weighed = Weighed(minds)
    choose, args = easy_move()
    kind = light(weighed)
    blocker: Future = Future()
    gate.submit(blocker.result)  # the thread busy: the next job waits in its queue
    outer = weighed.submit(choose, *args)
    assert outer.cancel()
    blocker.set_result(None)
    gate.shutdown(wait=True)
    assert outer.cancelled()
    assert weighed.costs[kind] == deque([0.0]), "the dropped move was thought"
    minds.shutdown()


class Writes:
    """Every write made and answered at once."""

    def save(self, saving: Saving, mark: Mark) -> Future[bool]:
        future: Future[bool] = Future()
        future.set_result(saving.save(mark))  # written here, at once
        return future

    def ride(self, write: Any) -> None:
        write()


class Screen:
    def __init__(self, seat: int):
        self.grant = Pass(1, (seat,), False)

    def send(self, message: dict[str, Any]) -> None:
        pass

    def close(self, code: int, reason: str) -> None:
        pass


class AtOnce:
    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future:
        future: Future = Future()
        future.set_result(fn(*args, **kwargs))
        return future


async def played_and_closed(store: Store) -> tuple[weakref.ref[Room], weakref.ref[Match]]:
    """A room whose person and bot made a few moves, stored, then closed: weak references to it
    and its match."""
    match = jaipur()
    store.attach(match)
    ledger = Ledger(store.saving(match), match, Writes(), asyncio.get_running_loop())
    drive = Drive(AtOnce(), bot_pause=0.0, budget=Budget())  # type: ignore[arg-type]
    room = Room(1, match, drive, on_rest=lambda r: None, ledger=ledger)
    screen = Screen(0)
    await room.attach(screen, "token")
    for _ in range(3):  # the person moves, the bot answers
        move = match.legal(0)[0]
        await room.request(screen, {"type": "submit", "id": 1, "seat": 0, "command": move})
        for _ in range(5):
            await asyncio.sleep(0)
            room.schedule()
    assert len(match.commands) >= 4, "the bot did not answer"
    room.detach(screen)
    room.close()
    return weakref.ref(room), weakref.ref(match)


def test_a_closed_room_and_its_match_are_freed_at_once(tmp_path, no_collections):
    store = Store.open(tmp_path / "freed.sqlite3")
    room, match = asyncio.run(played_and_closed(store))
    store.close()
    assert room() is None, "a closed room outlived its last reference (a cycle only a collection frees)"
    assert match() is None, "a closed room's match outlived its last reference"
