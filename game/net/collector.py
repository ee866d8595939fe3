"""Python's cyclic garbage collector, kept from stopping a busy server for long (`serve` only).

A full collection walks every object the collector tracks, and CPython starts one whenever the
objects that outlived the young collections have grown by a quarter. A server holding a thousand
matches tracks a few hundred thousand of them (each match's log and commands): one full walk
stops the event loop for about 100 ms, and under load one comes every few seconds, so every move
arriving meanwhile waits that long (the p99 round trip of `python -m game bench --only
net.matches` went from 7 ms at 500 matches to 69 ms at 750, the walks the most of it).

So once a second the young generations are collected and whatever survived is frozen
(`gc.freeze`: moved where no collection walks it; reference counting still frees whatever is
dropped, frozen or not), and collections only ever walk what is new. Cycles among the frozen (a
closed connection's objects, say) wait for the thaw: every FULL_SECONDS everything is unfrozen
and walked once, one such pause every ten minutes instead of every few seconds.

The app's own server (the host's, in a thread) leaves the collector alone: it holds one match.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger("bazaar.net")

EVERY_SECONDS = 1.0  # the young collected and the survivors frozen this often
FULL_SECONDS = 600.0  # everything thawed and walked once this often


async def tend(every: float = EVERY_SECONDS, full: float = FULL_SECONDS) -> None:
    """Run on the server's event loop until cancelled (then the collector is as it was)."""
    thawed = time.monotonic()
    try:
        while True:
            await asyncio.sleep(every)
            if time.monotonic() - thawed >= full:
                gc.unfreeze()
                start = time.perf_counter()
                found = gc.collect()
                thawed = time.monotonic()
                log.debug("full collection: %d freed in %.0f ms", found, 1000 * (time.perf_counter() - start))
            else:
                gc.collect(1)
            gc.freeze()
    finally:
        gc.unfreeze()
