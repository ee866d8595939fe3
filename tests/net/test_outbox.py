"""A connection's messages (game/net/server.py `Connection`): straight to the socket when
nothing waits before them (inside a cork, game/net/cork.py, at its end in one write), through
the outbox and its writer when something does, and in the order they were sent either way."""

from __future__ import annotations

import asyncio
import threading

from websockets.protocol import State

from game.net import cork
from game.net import protocol as p
from game.net.server import Connection


class _Protocol:
    """websockets' Sans-I/O side as the connection uses it: text in, frames out."""

    def __init__(self) -> None:
        self.state = State.OPEN
        self.pending: list[bytes] = []

    def send_text(self, data: bytes) -> None:
        self.pending.append(data)

    def data_to_send(self) -> list[bytes]:
        out, self.pending = self.pending, []
        return out


class _Transport:
    def __init__(self) -> None:
        self.wire: list[bytes] = []  # what reached the socket, in order
        self.buffered = 0  # bytes the socket has not taken yet
        self.closing = False

    def is_closing(self) -> bool:
        return self.closing

    def get_write_buffer_size(self) -> int:
        return self.buffered

    def write(self, data: bytes) -> None:
        self.wire.append(data)


class _Ws:
    """A server connection whose `send` (the writer's way) waits until `go` is set, as it
    waits on a full buffer."""

    def __init__(self) -> None:
        self.protocol = _Protocol()
        self.transport = _Transport()
        self.go = asyncio.Event()

    async def send(self, text: str) -> None:
        await self.go.wait()
        self.transport.wire.append(text.encode())


def _said(wire: list[bytes]) -> list[int]:
    return [p.decode_reply(frame.decode())["id"] for frame in wire]


def test_a_message_goes_straight_to_the_socket_when_nothing_waits_before_it():
    async def run() -> None:
        ws = _Ws()
        conn = Connection(ws)  # type: ignore[arg-type]
        conn.send(p.reply(1))
        conn.send(p.reply(2))
        assert _said(ws.transport.wire) == [1, 2]
        assert conn.outbox.empty()

    asyncio.run(run())


def test_behind_a_full_buffer_messages_wait_in_the_outbox_and_keep_their_order():
    async def run() -> None:
        ws = _Ws()
        conn = Connection(ws)  # type: ignore[arg-type]
        writer = asyncio.create_task(conn.write())
        ws.transport.buffered = 100  # the socket has not taken the last frame yet
        conn.send(p.reply(1))
        assert ws.transport.wire == [] and conn.outbox.qsize() == 1
        await asyncio.sleep(0)  # the writer takes it, and waits on the buffer
        assert conn.writing and conn.outbox.empty()
        ws.transport.buffered = 0  # drained: but the writer still holds message 1
        conn.send(p.reply(2))
        assert ws.transport.wire == [], "message 2 went before message 1"
        ws.go.set()
        while not conn.outbox.empty() or conn.writing:
            await asyncio.sleep(0)
        conn.send(p.reply(3))  # nothing waits now: straight out
        assert _said(ws.transport.wire) == [1, 2, 3]
        writer.cancel()

    asyncio.run(run())


def test_a_closing_connection_sends_nothing_straight():
    async def run() -> None:
        ws = _Ws()
        ws.protocol.state = State.CLOSING  # websockets' closing handshake under way
        conn = Connection(ws)  # type: ignore[arg-type]
        conn.send(p.reply(1))
        assert ws.transport.wire == [] and conn.outbox.qsize() == 1
        ws = _Ws()
        ws.transport.closing = True  # the socket going (lost, or cut off)
        conn = Connection(ws)  # type: ignore[arg-type]
        conn.send(p.reply(2))
        assert ws.transport.wire == [] and conn.outbox.qsize() == 1

    asyncio.run(run())


def test_inside_a_cork_a_connections_messages_leave_in_one_write_at_its_end_in_order():
    async def run() -> None:
        ws, other = _Ws(), _Ws()
        conn, second = Connection(ws), Connection(other)  # type: ignore[arg-type]
        with cork.corked():
            conn.send(p.reply(1))
            second.send(p.reply(2))
            with cork.corked():  # an inner cork: the outer one's end writes
                conn.send(p.reply(3))
            assert ws.transport.wire == [] and other.transport.wire == []
        frames = [p.encode(p.reply(n)).encode() for n in (1, 2, 3)]
        assert ws.transport.wire == [frames[0] + frames[2]]
        assert other.transport.wire == [frames[1]]
        conn.send(p.reply(4))  # no cork now: at once, alone
        assert _said(ws.transport.wire[1:]) == [4]

    asyncio.run(run())


def test_a_connection_cut_inside_a_cork_writes_nothing_at_its_end():
    async def run() -> None:
        ws = _Ws()
        conn = Connection(ws)  # type: ignore[arg-type]
        with cork.corked():
            conn.send(p.reply(1))
            ws.transport.closing = True
        assert ws.transport.wire == []
        assert not conn.corked

    asyncio.run(run())


def test_a_cork_is_its_own_threads():
    """Another thread's loop (a second server in one process) writes its frames at once."""
    seen: list[bool] = []
    with cork.corked():
        thread = threading.Thread(target=lambda: seen.append(cork.defer(lambda: None)))
        thread.start()
        thread.join()
        assert cork.defer(lambda: None)
    assert seen == [False]


def test_a_write_that_fails_at_the_corks_end_leaves_the_others_written():
    async def run() -> None:
        broken, ws = _Ws(), _Ws()

        def refuse(data: bytes) -> None:
            raise OSError("gone")

        broken.transport.write = refuse  # type: ignore[method-assign]
        first, second = Connection(broken), Connection(ws)  # type: ignore[arg-type]
        with cork.corked():
            first.send(p.reply(1))
            second.send(p.reply(2))
        assert _said(ws.transport.wire) == [2]
        assert not first.corked and not second.corked

    asyncio.run(run())
