"""`python -m game relay`: a relay that pipes bytes between a guest and a host it never reads.

For hosts whose router takes no connection from outside (carrier-grade NAT, UPnP off): the host's
app keeps an outbound control connection here and proves its key (game/net/relaying.py has both
clients' sides and the wire); a guest asks for the host by its pin, the relay asks the host for
a data connection with a one-time ticket, and pipes the two. The game's TLS, the host's pinned
certificate, runs end to end inside the pipe: the relay sees addresses, timing and sizes, never
a card, a seat token or a join code (docs/network.md, "Through a relay").

One port takes plain TCP and, when the relay has a certificate, TLS too (told apart by the first
byte: a TLS handshake's is 0x16, a line's "{"). Limits keep it from being a free pipe: an optional
registration key, and caps on hosts, on hosts per address, on a host's new connections and bytes a
second, on the bytes of all, on pipes; idle connections are closed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hmac
import logging
import os
import secrets
import socket
import ssl
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.net import relaying as r
from game.net.identity import pin_of_certificate, pin_of_spki, verify
from game.net.protocol import Bucket, stopped_by_signals
from game.net.reads import small_reads

log = logging.getLogger("bazaar.relay")

HELLO_SECONDS = 10.0  # the first line (and a host's proof) within this, or the connection is closed
TICKET_SECONDS = 10.0  # a guest waits this long for its host's data connection
TLS_FIRST = 0x16  # a TLS record of the handshake


@dataclass
class Limits:
    key: str = ""  # a registration key hosts must give ("" none)
    max_hosts: int = 1000  # hosts registered at once
    per_address: int = 8  # hosts registered at once from one address
    host_connections: float = 10.0  # new guests' connections a second a host (as many at once)
    host_bytes: float = 2_000_000.0  # bytes a second through one host's pipes (both ways)
    total_bytes: float = 100_000_000.0  # bytes a second through every pipe
    max_pipes: int = 10_000  # pipes open at once
    idle: float = 120.0  # seconds without a byte (or a host's ping) before a connection is closed


@dataclass(eq=False)
class Host:
    """A registered host: its control connection and what its guests may use."""

    pin: str
    address: str
    writer: asyncio.StreamWriter
    connections: Bucket
    bytes: Bucket
    tickets: set[str] = field(default_factory=set)

    def send(self, message: dict[str, Any]) -> None:
        if not self.writer.is_closing():
            self.writer.write(r.line(message))


class Refused(Exception):
    """A connection refused: the reason's code is its answer (relaying.words says it)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Relay:
    """The relay's state; every method runs on its event loop. `tap`: called with every chunk
    it pipes (tests record what crossed it)."""

    def __init__(
        self,
        limits: Limits | None = None,
        tls: ssl.SSLContext | None = None,
        tap: Callable[[bytes], None] | None = None,
    ):
        self.limits = limits or Limits()
        self.tls = tls
        self.tap = tap
        self.hosts: dict[str, Host] = {}
        self.per_address: Counter[str] = Counter()
        self.tickets: dict[str, tuple[Host, asyncio.Future]] = {}
        self.pipes = 0
        self.address: tuple[str, int] | None = None
        self.total: Bucket | None = None

    async def run(
        self,
        host: str,
        port: int,
        started: Callable[[tuple[str, int]], None] | None = None,
        stop: asyncio.Event | None = None,
    ) -> None:
        loop = asyncio.get_running_loop()
        self.total = Bucket(self.limits.total_bytes, self.limits.total_bytes)
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        listener = socket.create_server((host, port), family=family, backlog=1024)
        listener.setblocking(False)
        self.address = listener.getsockname()[:2]
        handlers: set[asyncio.Task] = set()

        async def accept() -> None:
            while True:
                try:
                    sock, peer = await loop.sock_accept(listener)
                except OSError as exc:  # out of file descriptors, say: the others' go on
                    log.warning("could not accept a connection: %s", exc)
                    await asyncio.sleep(0.1)
                    continue
                task = asyncio.create_task(self._connection(sock, str(peer[0])))
                handlers.add(task)
                task.add_done_callback(handlers.discard)

        accepting = asyncio.create_task(accept())
        try:
            if started is not None:
                started(self.address)
            await (stop or asyncio.Event()).wait()
        finally:
            accepting.cancel()
            listener.close()
            for task in list(handlers):
                task.cancel()
            await asyncio.gather(*handlers, return_exceptions=True)

    async def _connection(self, sock: socket.socket, peer: str) -> None:
        loop = asyncio.get_running_loop()
        sock.setblocking(False)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            readable = loop.create_future()
            loop.add_reader(sock.fileno(), lambda: readable.done() or readable.set_result(None))
            try:
                await asyncio.wait_for(readable, HELLO_SECONDS)
            finally:
                loop.remove_reader(sock.fileno())
            first = sock.recv(1, socket.MSG_PEEK)
        except (TimeoutError, OSError):
            sock.close()
            return
        if not first or (first[0] == TLS_FIRST and self.tls is None):
            sock.close()  # nothing, or TLS to a relay without a certificate
            return
        reader = asyncio.StreamReader(limit=r.CHUNK)
        protocol = asyncio.StreamReaderProtocol(reader)
        try:
            transport, _ = await loop.connect_accepted_socket(
                lambda: protocol,
                sock,
                ssl=self.tls if first[0] == TLS_FIRST else None,
                ssl_handshake_timeout=HELLO_SECONDS if first[0] == TLS_FIRST else None,
            )
        except (OSError, ssl.SSLError, TimeoutError):
            sock.close()
            return
        small_reads(transport)
        writer = asyncio.StreamWriter(transport, protocol, reader, loop)
        try:
            hello = r.read_line(await asyncio.wait_for(reader.readline(), HELLO_SECONDS))
            if hello.get("relay") != r.VERSION:
                raise Refused("version")
            role = hello.get("role")
            if role == "guest":
                await self._guest(hello, reader, writer)
            elif role == "host":
                await self._host(hello, reader, writer, peer)
            elif role == "data":
                self._data(hello, reader, writer)
                return  # the guest's side pipes it now
        except Refused as refused:
            log.info("refused %s: %s", peer, refused.reason)
            writer.write(r.line({"ok": False, "reason": refused.reason}))
        except (OSError, ValueError, TimeoutError, asyncio.IncompleteReadError):
            pass
        with contextlib.suppress(OSError, ssl.SSLError, TimeoutError):
            writer.close()
            await asyncio.wait_for(writer.wait_closed(), 2)

    # -- a host --------------------------------------------------------------------------
    async def _host(
        self, hello: dict[str, Any], reader: asyncio.StreamReader, writer: asyncio.StreamWriter, peer: str
    ) -> None:
        limits = self.limits
        key = hello.get("key", "")
        if limits.key and not (
            isinstance(key, str) and hmac.compare_digest(key.encode(), limits.key.encode())
        ):
            raise Refused("bad-key")
        spki = r.unb64(hello.get("spki"))
        pin = pin_of_spki(spki)
        self._room_for(pin, peer)
        nonce = os.urandom(32)
        writer.write(r.line({"nonce": r.b64(nonce)}))
        proof = r.read_line(await asyncio.wait_for(reader.readline(), HELLO_SECONDS))
        if not verify(spki, r.unb64(proof.get("sig")), r.PROOF + nonce):
            raise Refused("bad-proof")
        self._room_for(pin, peer)  # others may have come while it signed
        old = self.hosts.get(pin)
        if old is not None:  # the same key again (the host's network changed): it takes over
            old.send({"ok": False, "reason": "replaced"})
            self._leave(old)
            old.writer.close()
        rate = limits.host_connections  # as many at once (one at least)
        host = Host(
            pin, peer, writer, Bucket(rate, max(1.0, rate)), Bucket(limits.host_bytes, limits.host_bytes)
        )
        self.hosts[pin] = host
        self.per_address[peer] += 1
        log.info("host %s registered from %s (%d hosts)", pin, peer, len(self.hosts))
        host.send({"ok": True, "id": pin, "ping": limits.idle / 3})  # its pings' pace
        try:
            while True:  # its pings, and nothing for longer than the idle time closes it
                said = r.read_line(await asyncio.wait_for(reader.readline(), limits.idle))
                if "ping" in said:
                    host.send({"pong": 1})
        finally:
            self._leave(host)

    def _room_for(self, pin: str, peer: str) -> None:
        """Refused when one more host (or `pin` again from `peer`) would pass a cap."""
        old = self.hosts.get(pin)
        if old is None and len(self.hosts) >= self.limits.max_hosts:
            raise Refused("full")
        again = old is not None and old.address == peer
        if not again and self.per_address[peer] >= self.limits.per_address:
            raise Refused("too-many-hosts")

    def _leave(self, host: Host) -> None:
        if self.hosts.get(host.pin) is host:
            del self.hosts[host.pin]
            self.per_address[host.address] -= 1
            if self.per_address[host.address] <= 0:
                del self.per_address[host.address]
            log.info("host %s left (%d hosts)", host.pin, len(self.hosts))
        for ticket in host.tickets:
            self.tickets.pop(ticket, None)
        host.tickets.clear()

    # -- a guest and the host's data connection for it -------------------------------------
    async def _guest(
        self, hello: dict[str, Any], reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        host = self.hosts.get(hello.get("host", "")) if isinstance(hello.get("host"), str) else None
        if host is None:
            raise Refused("unknown-host")
        if self.pipes >= self.limits.max_pipes:
            raise Refused("full")
        if not host.connections.take():
            raise Refused("busy")
        ticket = secrets.token_urlsafe(16)
        arrived: asyncio.Future = asyncio.get_running_loop().create_future()
        self.tickets[ticket] = (host, arrived)
        host.tickets.add(ticket)
        host.send({"guest": ticket})
        try:
            data_reader, data_writer = await asyncio.wait_for(arrived, TICKET_SECONDS)
        except TimeoutError:
            raise Refused("host-silent") from None
        finally:
            self.tickets.pop(ticket, None)
            host.tickets.discard(ticket)
        writer.write(r.line({"ok": True}))
        await self._pipe(host, reader, writer, data_reader, data_writer)

    def _data(
        self, hello: dict[str, Any], reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        ticket = hello.get("ticket")
        entry = self.tickets.pop(ticket, None) if isinstance(ticket, str) else None
        if entry is None or entry[1].done():
            writer.close()  # a ticket unknown, spent or given up on
            return
        entry[1].set_result((reader, writer))

    async def _pipe(
        self,
        host: Host,
        a_reader: asyncio.StreamReader,
        a_writer: asyncio.StreamWriter,
        b_reader: asyncio.StreamReader,
        b_writer: asyncio.StreamWriter,
    ) -> None:
        """Bytes both ways, never read, each direction's chunks paced to the host's and the
        relay's caps, until either side ends or neither says anything for the idle time."""
        loop = asyncio.get_running_loop()
        total = self.total
        assert total is not None
        last = [loop.time()]

        async def pump(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError, ssl.SSLError):
                while data := await src.read(r.CHUNK):
                    last[0] = loop.time()
                    if self.tap is not None:
                        self.tap(data)
                    wait = max(host.bytes.owe(len(data)), total.owe(len(data)))
                    if wait:
                        await asyncio.sleep(wait)
                    dst.write(data)
                    await dst.drain()

        self.pipes += 1
        tasks = [asyncio.create_task(pump(a_reader, b_writer)), asyncio.create_task(pump(b_reader, a_writer))]
        try:
            idle = self.limits.idle
            while True:
                done, _ = await asyncio.wait(tasks, timeout=idle / 4, return_when=asyncio.FIRST_COMPLETED)
                if done or loop.time() - last[0] >= idle:
                    break
        finally:
            self.pipes -= 1
            for task in tasks:
                task.cancel()
            b_writer.close()  # (the guest's side is closed by _connection)


def _tls(cert: str, key: str | None) -> tuple[ssl.SSLContext, str]:
    """The relay's TLS context and its key's pin (for hosts that pin the relay)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    with open(cert, encoding="ascii") as file:
        pem = file.read()
    first = pem[: pem.index("-----END CERTIFICATE-----") + len("-----END CERTIFICATE-----")]
    return context, pin_of_certificate(ssl.PEM_cert_to_DER_cert(first))


def main(args: argparse.Namespace) -> int:
    """`python -m game relay`: run until SIGINT or SIGTERM."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    key = args.key if args.key is not None else os.environ.get("BAZAAR_RELAY_KEY", "")
    caps = ("max_hosts", "per_address", "host_connections", "host_bytes", "total_bytes", "max_pipes", "idle")
    limits = Limits(key, **{c: getattr(args, c) for c in caps if getattr(args, c) is not None})
    tls, pin = _tls(args.tls_cert, args.tls_key or None) if args.tls_cert else (None, "")
    relay = Relay(limits, tls)

    async def run() -> None:
        stop = stopped_by_signals()

        def started(address: tuple[str, int]) -> None:
            said = f" · TLS too, its pin {pin}" if tls else ""
            keyed = " · hosts need the registration key" if limits.key else ""
            print(f"bazaar: relaying on {address[0]}:{address[1]}{said}{keyed}", flush=True)

        await relay.run(args.host, args.port, started, stop)

    asyncio.run(run())
    return 0
