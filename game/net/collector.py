"""Python's cyclic garbage collector, kept from stopping a busy server for long (`serve` only).

A full collection walks every object the collector tracks, and CPython starts one whenever the
objects that outlived the young collections have grown by a quarter. A server holding a thousand
matches tracks a few hundred thousand of them (each match's log and commands): one full walk
stops the event loop for about 100 ms, and under load one comes every few seconds, so every move
arriving meanwhile waits that long (the p99 round trip of `python -m game bench --only
net.matches` went from 7 ms at 500 matches to 69 ms at 750, the walks the most of it).

So the collector's own collections are off, and every EVERY_SECONDS the objects made since the
last tick are collected and whatever survived is frozen (`gc.freeze`: moved where no collection
walks it; reference counting still frees whatever is dropped, frozen or not): a collection only
ever walks what is new, and each object at most once. (With CPython's young collections left
on, a move's objects that live a second, its match's log, the views kept for the diffs, the
futures of its write and its bot, were walked twice, young and again at the tick.) Cycles among
the frozen (a closed connection's objects, say) wait for the thaw: every FULL_SECONDS
everything is unfrozen and walked once, if the frozen grew by a quarter (GROWN) since the last
such walk, CPython's own rule for its full collections: at most one pause every ten minutes
instead of one every few seconds, and none while the server holds as much as it did. So what a
move or a closed room leaves must be freed by reference counting alone: a cycle made at every
move piles up frozen until that walk (tests/net/test_freed_at_once.py, docs/network.md). Once
they were, under `net.matches`' load the ticks found nothing (389 ticks in 20 s at 250
matches), and the full walk after 75 s at 750 matches found 5 objects of 606 thousand, in
0.5 s: a pause worth skipping when nothing grew.

Twenty small ticks a second cost less than four large ones (the fewer objects a walk takes, the
less each costs: most likely they are still in the processor's caches). Measured in the serve
process under `net.matches`' load (2-core virtual machine): at 250 matches a tick every 0.25 s
paused the loop 2.2–2.7 ms (p50) for 10–11 ms of CPU a second, every 0.05 s 0.3–0.4 ms for 7–8
ms; at 750, 6–11 ms for 23–44 ms a second against 0.9–1.2 ms for 18–25, and the p99 round trip
7–14 ms against 6.2–8.4. Every 0.025 s pauses less again for the same CPU, waking an idle server
twice as often.

The app's own server (the host's, in a thread) leaves the collector alone: it holds one match.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger("bazaar.net")

EVERY_SECONDS = 0.05  # the new objects collected and the survivors frozen this often
FULL_SECONDS = 600.0  # everything thawed and walked at most this often...
GROWN = 1.25  # ...when the frozen have grown so much since the last walk


def tick(full: bool = False) -> int:
    """Collect what is new (everything, thawed first, when `full`) and freeze what survived;
    how many unreachable objects were found."""
    if full:
        gc.unfreeze()
    # not the oldest generation but when full: after a freeze it holds nothing, and its
    # collection would also empty the interpreter's free lists four times a second
    found = gc.collect(2 if full else 1)
    gc.freeze()
    return found


async def tend(every: float = EVERY_SECONDS, full: float = FULL_SECONDS) -> None:
    """Run on the server's event loop until cancelled (then the collector is as it was)."""
    thawed = time.monotonic()
    kept = 0  # the objects frozen just after the last full walk
    enabled = gc.isenabled()
    gc.disable()
    try:
        while True:
            await asyncio.sleep(every)
            if time.monotonic() - thawed >= full:
                thawed = time.monotonic()
                if gc.get_freeze_count() > kept * GROWN:  # (counting them walks a list: seldom)
                    start = time.perf_counter()
                    found = tick(full=True)
                    kept = gc.get_freeze_count()
                    took = 1000 * (time.perf_counter() - start)
                    log.debug("full collection: %d freed in %.0f ms", found, took)
                    continue
            tick()
    finally:
        gc.unfreeze()
        if enabled:
            gc.enable()
