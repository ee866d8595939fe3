"""A server's plain sockets read at most READ_BYTES at a time (game/net/reads.py): asyncio's
256 KiB reads had malloc map and unmap memory for every message. The test reads what asyncio's
transport asks its socket for, so it fails if asyncio stops reading `max_size` at a time."""

from __future__ import annotations

import asyncio
import os
import socket
from typing import Any

import pytest

from game.net import reads
from game.net.reads import READ_BYTES, small_reads
from tests.net.support import BOUND, Net, until

LONG = 3 * READ_BYTES + 123  # a message longer than one read


class Counted:
    """A socket whose reads are recorded (what the transport asked for)."""

    def __init__(self, sock: socket.socket):
        self.sock, self.asked = sock, []

    def recv(self, size: int) -> bytes:
        self.asked.append(size)
        return self.sock.recv(size)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sock, name)


class Gathered(asyncio.Protocol):
    def __init__(self, want: int):
        self.data, self.want = bytearray(), want
        self.whole = asyncio.get_running_loop().create_future()

    def data_received(self, data: bytes) -> None:
        self.data += data
        if len(self.data) >= self.want and not self.whole.done():
            self.whole.set_result(bytes(self.data))


def test_a_plain_transport_reads_at_most_read_bytes_and_a_long_message_arrives_whole():
    sent = os.urandom(LONG)

    async def run() -> tuple[bytes, list[int]]:
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair()
        theirs.setblocking(False)
        transport, protocol = await loop.create_connection(lambda: Gathered(LONG), sock=ours)
        small_reads(transport)
        counted = Counted(transport._sock)  # type: ignore[attr-defined]
        transport._sock = counted  # type: ignore[attr-defined]
        await loop.sock_sendall(theirs, sent)
        got = await asyncio.wait_for(protocol.whole, BOUND)
        transport.close()
        theirs.close()
        return got, counted.asked

    got, asked = asyncio.run(run())
    assert got == sent
    assert asked and set(asked) == {READ_BYTES}, f"the transport asked for {sorted(set(asked))}"


def test_small_reads_leaves_a_transport_without_a_read_size_alone():
    class Other:
        pass

    other = Other()
    small_reads(other)
    assert not hasattr(other, "max_size")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the writing process (Linux)")
def test_the_servers_connections_and_its_writing_link_read_small(net: Net):
    net.start(scribe=True)
    assert net.srv.scribe is not None and net.srv.scribe.up.wait(BOUND), "the scribe's process is up"
    net.raw()

    def sizes() -> list[int]:
        return net.on_loop(lambda: [c.ws.transport.max_size for c in net.srv.connections])

    assert until(sizes, "the client is one of the server's connections") == [READ_BYTES]
    assert net.on_loop(lambda: net.srv.scribe.link.max_size) == READ_BYTES
    assert reads.READ_BYTES < 128 * 1024  # below glibc's mapping threshold
