"""The server's collector (game/net/collector.py): CPython's own collections off while it tends,
each tick collecting what is new and freezing what survived, cycles among the frozen left for
the full walk, which comes only once the frozen grew by a quarter since the last."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from game.net import collector


class Node:
    """A weakly referable object that can sit in a cycle."""

    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> weakref.ref[Node]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


@pytest.fixture
def collector_as_it_was() -> Iterator[None]:
    enabled = gc.isenabled()
    yield
    gc.unfreeze()
    if enabled:
        gc.enable()
    else:
        gc.disable()


@pytest.mark.usefixtures("collector_as_it_was")
def test_a_tick_collects_a_new_cycle_and_freezes_what_survived() -> None:
    gc.disable()  # nothing but the tick collects here
    gone = cycle()
    kept = Node()
    kept.other = kept
    frozen = gc.get_freeze_count()
    assert gone() is not None  # a cycle: reference counting alone never frees it
    assert collector.tick() >= 2
    assert gone() is None
    assert gc.get_freeze_count() > frozen
    assert not any(o is kept for o in gc.get_objects())  # frozen: no collection walks it


@pytest.mark.usefixtures("collector_as_it_was")
def test_a_cycle_dropped_after_its_freeze_waits_for_the_full_tick() -> None:
    gc.disable()
    alive = cycle()
    held = alive()  # survives the tick, so it is frozen
    collector.tick()
    del held
    collector.tick()
    assert alive() is not None  # frozen: no ordinary tick walks it
    collector.tick(full=True)
    assert alive() is None


@pytest.mark.usefixtures("collector_as_it_was")
def test_tending_turns_the_interpreters_own_collections_off_and_back_on() -> None:
    gc.enable()

    async def run() -> tuple[bool, bool]:
        tending = asyncio.create_task(collector.tend(every=3600))
        await asyncio.sleep(0)  # tend runs up to its first sleep
        during = gc.isenabled()
        tending.cancel()
        with pytest.raises(asyncio.CancelledError):
            await tending
        return during, gc.isenabled()

    assert asyncio.run(run()) == (False, True)
    assert gc.get_freeze_count() == 0


class Counted(Exception):
    """The scripted counts of the frozen ran out: the test has seen what it wanted."""


@pytest.mark.usefixtures("collector_as_it_was")
def test_the_full_walk_comes_only_when_the_frozen_grew_by_a_quarter(monkeypatch) -> None:
    # each look at the frozen, in turn: before the first walk, just after it, then at each
    # FULL_SECONDS (here every tick)
    counts = [1000, 1000, 1200, 1300, 1300, 1400]
    walks: list[bool] = []

    def freeze_count() -> int:
        if not counts:
            raise Counted
        return counts.pop(0)

    def tick(full: bool = False) -> int:
        walks.append(full)
        if len(walks) > 10:  # the counts never looked at
            raise Counted
        return 0

    monkeypatch.setattr(gc, "get_freeze_count", freeze_count)
    monkeypatch.setattr(collector, "tick", tick)

    async def run() -> None:
        await collector.tend(every=0, full=0)

    with pytest.raises(Counted):
        asyncio.run(run())
    # 1000 > 0: walked (1000 kept); 1200: not a quarter more, a tick; 1300: walked (1300
    # kept); 1400: a tick; then the counts ran out
    assert walks == [True, False, True, False]
