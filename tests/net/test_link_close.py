"""Leaving a remote window never waits on the peer (issue 51): against a peer on loopback that
completes the WebSocket handshake and then never answers, `close` returns at once, the leave
and the close frame still go out (from the link's own thread), and the connection is shut
only when the peer goes. The test owns the peer's socket and closes it."""

from __future__ import annotations

import base64
import hashlib
import json
import queue
import socket
import struct

from game.net import client
from game.net import protocol as p

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def handshake(peer: socket.socket) -> None:
    """Answer the client's opening handshake, as a WebSocket server would."""
    request = b""
    while b"\r\n\r\n" not in request:
        chunk = peer.recv(4096)
        assert chunk, "the client went away during the handshake"
        request += chunk
    key = next(
        line.split(":", 1)[1].strip()
        for line in request.decode().split("\r\n")
        if line.lower().startswith("sec-websocket-key:")
    )
    accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
    peer.sendall(
        (
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Accept: {accept}\r\n\r\n"
        ).encode()
    )


def read_exactly(peer: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = peer.recv(n - len(data))
        assert chunk, "the connection ended inside a frame"
        data += chunk
    return data


def frame(peer: socket.socket) -> tuple[int, bytes]:
    """One frame from the client (masked, as a client's are): its opcode and payload."""
    first, second = read_exactly(peer, 2)
    size = second & 0x7F
    if size == 126:
        size = struct.unpack("!H", read_exactly(peer, 2))[0]
    elif size == 127:
        size = struct.unpack("!Q", read_exactly(peer, 8))[0]
    mask = read_exactly(peer, 4)
    payload = bytes(b ^ mask[i % 4] for i, b in enumerate(read_exactly(peer, size)))
    return first & 0x0F, payload


def test_closing_a_window_returns_while_the_peer_never_answers(monkeypatch):
    # a close waits this long for the peer's answer on the link's thread: longer than the test
    monkeypatch.setattr(client.Link, "CLOSE_SECONDS", 120.0)
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        listener.settimeout(10.0)  # safety bounds, as every wait below
        inbox: queue.Queue = queue.Queue()
        first = {"type": "hello", "v": p.VERSION, "token": "t"}
        link = client.Link(f"ws://127.0.0.1:{listener.getsockname()[1]}/", first, inbox)
        window = client.RemoteWindow(link, inbox)
        link.start()
        peer, _ = listener.accept()
        with peer:
            peer.settimeout(10.0)
            handshake(peer)
            opcode, text = frame(peer)
            assert (opcode, json.loads(text)["type"]) == (1, "hello")
            for _ in range(6000):  # published right after the hello went (a minute at most)
                if link.ws is not None:
                    break
                link.thread.join(0.01)
            window.status = "online"  # as after a welcome

            window.close()  # returns at once: the peer has not answered and never will

            assert window.status == "closed"
            opcode, text = frame(peer)
            assert (opcode, json.loads(text)["type"]) == (1, "leave")
            assert frame(peer)[0] == 8  # then the close frame, from the link's sending thread
            peer.setblocking(False)
            try:
                ended = peer.recv(1) == b""
            except BlockingIOError:
                ended = False
            assert not ended, "the connection stays until the peer answers (or goes)"
        link.sender.join(60.0)  # the peer went: the close is over, on the link's threads
        link.thread.join(60.0)
        assert not link.sender.is_alive() and not link.thread.is_alive()


def test_a_connection_shut_during_the_handshake_is_tried_again(monkeypatch):
    """A host killed while the link connects shuts the socket under the handshake (websockets
    raises ConnectionClosedError, no OSError): the link says it is down and tries again, as
    for any failed attempt, instead of its thread ending with nobody to reconnect."""
    from websockets.exceptions import ConnectionClosedError

    tries: queue.Queue[int] = queue.Queue()

    def connect(*args, **kwargs):
        tries.put(1)
        raise ConnectionClosedError(None, None)

    monkeypatch.setattr(client, "connect_ws", connect)
    inbox: queue.Queue = queue.Queue()
    link = client.Link("ws://127.0.0.1:9/", {"type": "hello"}, inbox)
    link.start()
    try:
        assert inbox.get(timeout=30)[0] == "down"
        for _ in range(2):  # the first attempt and the one after it
            tries.get(timeout=30)
        assert link.thread.is_alive()
    finally:
        link.close()
