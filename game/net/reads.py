"""How much a plain socket's read asks for at a time, on a server's event loop.

asyncio's plain socket transport reads up to 256 KiB at a time into a new bytes object. At that
size glibc's malloc maps fresh memory for every read and unmaps it after (mmap, mremap, munmap
and a page fault): about 20 µs a read, where a message is a few hundred bytes. Below malloc's
mapping threshold (128 KiB) a read costs about 4 µs. A server's loop at 250 matches reads 300
to 400 times a second. (A TLS transport reads into a buffer of its own, made once.)
"""

from __future__ import annotations

from typing import Any

READ_BYTES = 64 * 1024  # what one read asks for: a longer message takes several


def small_reads(transport: Any) -> None:
    """Have a plain asyncio socket transport read at most READ_BYTES at a time (its
    `max_size`, 256 KiB as asyncio sets it); any other transport is left as it is."""
    if isinstance(getattr(transport, "max_size", None), int):
        transport.max_size = READ_BYTES
