"""Which cores a headless server's parts run on (Linux): its loop on cores of its own.

The bots' worker processes think at the lowest priority (game/core/spare.py), which Linux counts
as free for anything that wakes; yet on two cores, with four hard bots thinking, 250 other rooms'
p99 round trip was about 1.3 times the one with none, and as much beside any program spinning at
that priority (`net.rooms_250_busy_*`): the loop was preempted twice as often, by the scribe's
and the bench's clients' wake-ups the kernel put on the loop's core. With the loop alone on its
core, and the scribe and the bots' workers on the others, it was 1.11 times (17 runs), and
`net.matches` held 1050 matches where it held 900 (docs/network.md). The app's own threads are
left where Linux puts them."""

from __future__ import annotations

import contextlib
import os

Cores = frozenset[int]


def allowed() -> Cores:
    """The cores this thread may run on; none where the system cannot say (nor set them)."""
    return frozenset(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else frozenset()


def split(cores: Cores, workers: int) -> tuple[Cores, Cores] | None:
    """The loop's cores and the rest's (the scribe and `workers` bots' worker processes): the
    last `workers` cores for the rest, at least one each; None on one core, or none known
    (nothing to split)."""
    ordered = sorted(cores)
    if len(ordered) < 2:
        return None
    rest = max(1, min(workers, len(ordered) - 1))
    return frozenset(ordered[:-rest]), frozenset(ordered[-rest:])


def keep(cores: Cores | None) -> None:
    """This thread, and the threads and processes it starts from now on, on `cores` (None, or a
    system that cannot: where they are)."""
    if cores and hasattr(os, "sched_setaffinity"):
        with contextlib.suppress(OSError):  # a core taken away meanwhile: left where it is
            os.sched_setaffinity(0, cores)
