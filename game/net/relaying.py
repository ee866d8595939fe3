"""The two clients' sides of a relay (`python -m game relay`, game/net/relay.py).

A guest's app `dial`s the relay with the host's pin (its invite's `pin=`) and gets a socket
already piped to that host: the game's own TLS (the host's pinned certificate) and WebSocket
then run over it end to end, so the relay carries only ciphertext. A host's app keeps a
`HostLink`: an outbound control connection on which it proves its key, and on which the relay
asks for one outbound data connection per guest, bridged here to the host's own listening
server on loopback (its code unchanged).

The wire, one JSON object a line (UTF-8, at most LINE_MAX bytes) before the bytes are piped:

    guest → relay   {"relay": 1, "role": "guest", "host": PIN}
    relay → guest   {"ok": true}, then the host's bytes  |  {"ok": false, "reason": CODE}
    host  → relay   {"relay": 1, "role": "host", "spki": B64, "key": KEY}
    relay → host    {"nonce": B64}                 (or a refusal)
    host  → relay   {"sig": B64}                   ECDSA over PROOF + nonce, by the host's key
    relay → host    {"ok": true, "id": PIN}        (or a refusal); then on that connection:
    relay → host    {"guest": TICKET}              a guest waits: open a data connection
    host  → relay   {"ping": 1} / relay → host {"pong": 1}
    host  → relay   {"relay": 1, "role": "data", "ticket": TICKET}, then the guest's bytes

B64 is base64url without padding; PIN the base64url SHA-256 of the host's SubjectPublicKeyInfo
(game/net/identity.py), so the id is the key's and survives a restart of either side.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import random
import socket
import ssl
import threading
import time
from typing import Any
from urllib.parse import urlsplit

from game.core.i18n import Msg, msg
from game.net.identity import Identity, pin_of_certificate

log = logging.getLogger("bazaar.relay")

VERSION = 1
DEFAULT_PORT = 8766  # serve's is 8765
LINE_MAX = 4096
PROOF = b"bazaar relay registration\n"  # what a host signs before the relay's nonce
PING_SECONDS = 15.0  # the host's control link says it is there this often...
OPEN_SECONDS = 10.0  # ...and gives up connecting (or proving itself) after this
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0)  # seconds between the host's attempts, then the last
CHUNK = 65536


class RelayError(OSError):
    """A relay refused, or could not be reached: `reason` its code, str() the words to show."""

    def __init__(self, reason: str, words: Msg):
        super().__init__(words)
        self.reason, self.words = reason, words


def words(reason: str, relay: str = "") -> Msg:
    """What a relay's refusal means, and what to do next."""
    said = {
        "unknown-host": msg("The host is not at the relay now: ask them to open Bazaar and host again"),
        "busy": msg("The relay is busy for this host: try again in a moment"),
        "full": msg("The relay is full: try again later, or ask the host to choose another relay"),
        "host-silent": msg(
            "The host did not answer through the relay: ask them whether Bazaar is still hosting"
        ),
        "bad-key": msg("The relay refused the registration key: check it in Settings → Online"),
        "too-many-hosts": msg("The relay holds as many hosts from this address as it may: try later"),
        "bad-proof": msg("The relay refused this host's proof of its key"),
        "replaced": msg("Another app with this host's key took its place at the relay"),
        "relay-key": msg(
            "The relay at {relay} showed another key than the one pinned in Settings", relay=relay
        ),
        "unreachable": msg(
            "The relay at {relay} does not answer: check its address, or try later", relay=relay
        ),
    }
    return said.get(reason) or msg(
        "The relay at {relay} answered in a way this app does not understand", relay=relay
    )


def line(message: dict[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def read_line(text: bytes) -> dict[str, Any]:
    """A line's object; ValueError when it is not one."""
    if len(text) > LINE_MAX or not text.endswith(b"\n"):
        raise ValueError("not a line")
    message = json.loads(text)
    if not isinstance(message, dict):
        raise ValueError("not an object")
    return message


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: Any) -> bytes:
    if not isinstance(text, str) or len(text) > LINE_MAX:
        raise ValueError("not base64")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """HOST[:PORT] (an IPv6 host in brackets) as a relay's address; ValueError in words."""
    try:
        parts = urlsplit("//" + text.strip())
        host, port = parts.hostname, parts.port or default_port
    except ValueError:
        host, port = None, 0
    if not host or parts.path or parts.query or parts.username:
        raise ValueError(msg("{address} is not a relay's address (HOST:PORT)", address=text.strip()[:60]))
    return host, port


def relay_context() -> ssl.SSLContext:
    """TLS to a pinned relay: no authority asked, the certificate's key checked against the pin."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    return context


# -- the guest's side ------------------------------------------------------------------------
def dial(relay: tuple[str, int], host_pin: str, timeout: float) -> socket.socket:
    """A TCP connection to `relay`, piped to the host whose pin is `host_pin` (blocking, no
    timeout left on it): run the host's TLS and the WebSocket over it. RelayError says why not
    (its words for a person; an OSError's when the relay cannot be reached at all)."""
    deadline = time.monotonic() + timeout
    where = f"{relay[0]}:{relay[1]}"
    try:
        sock = socket.create_connection(relay, timeout)
    except OSError as exc:
        raise RelayError("unreachable", words("unreachable", where)) from exc
    try:
        sock.sendall(line({"relay": VERSION, "role": "guest", "host": host_pin}))
        answer = _line_of(sock, deadline)
        if answer.get("ok") is True:
            sock.settimeout(None)
            return sock
        reason = str(answer.get("reason", ""))[:40]
        raise RelayError(reason, words(reason, where))
    except RelayError:
        sock.close()
        raise
    except (OSError, ValueError) as exc:  # cut, or not a relay
        sock.close()
        raise RelayError("unreachable" if isinstance(exc, OSError) else "bad", words("?", where)) from exc


def _line_of(sock: socket.socket, deadline: float) -> dict[str, Any]:
    """One line, read a byte at a time: nothing after it (the host's bytes) is taken."""
    got = bytearray()
    while not got.endswith(b"\n"):
        sock.settimeout(max(0.001, deadline - time.monotonic()))
        byte = sock.recv(1)
        if not byte or len(got) >= LINE_MAX:
            raise ValueError("the relay closed the connection")
        got += byte
    return read_line(bytes(got))


# -- the host's side -------------------------------------------------------------------------
class HostLink:
    """A host's outbound link to a relay, on a thread of its own (never the frame's): it
    registers the host's key, bridges each guest's data connection to `local` (the host's
    server on loopback), and connects again with backoff whenever the link drops.

    The bytes go on as they come: the host's server speaks the pinned wss:// itself, so the
    guest's TLS ends there, never here nor at the relay. `relay_pin`: the relay's own key, when
    pinned (the link then speaks TLS to it and refuses another key); `key`: a registration key."""

    def __init__(
        self,
        relay: tuple[str, int],
        identity: Identity,
        local: tuple[str, int],
        *,
        key: str = "",
        relay_pin: str = "",
        backoff: tuple[float, ...] = BACKOFF,
    ):
        self.relay, self.identity, self.local = relay, identity, local
        self.key, self.relay_pin, self.backoff = key, relay_pin, backoff
        self.state = "connecting"  # "up" while registered, "refused" when it gave up
        self.problem = ""  # the last failure, in words
        self.bridged = 0  # guests' connections bridged so far
        self.changed = threading.Event()  # set at every change of state (tests wait on it)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._started = threading.Event()
        self._thread = threading.Thread(target=self._main, daemon=True, name="relay-link")

    @property
    def address(self) -> str:
        host, port = self.relay
        return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"

    def start(self) -> HostLink:
        self._thread.start()
        self._started.wait(OPEN_SECONDS)
        return self

    def stop(self, timeout: float = 5.0) -> None:
        if self._loop is not None and self._stop is not None:
            with contextlib.suppress(RuntimeError):  # its loop has just closed
                self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout)

    def _main(self) -> None:
        asyncio.run(self.run())

    def _set(self, state: str, problem: str = "") -> None:
        self.state, self.problem = state, problem
        self.changed.set()

    async def run(self) -> None:
        """Keep the link until stopped (also usable on a loop of the caller's own)."""
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        self._started.set()
        target = self.local
        bridges: set[asyncio.Task] = set()
        attempt = 0
        try:
            while not self._stop.is_set():
                session = asyncio.create_task(self._session(target, bridges))
                stopping = asyncio.create_task(self._stop.wait())
                await asyncio.wait({session, stopping}, return_when=asyncio.FIRST_COMPLETED)
                stopping.cancel()
                if not session.done():
                    session.cancel()
                    break
                was_up = self.state == "up"
                try:
                    session.result()
                    self._set("connecting", words("unreachable", self.address))
                except RelayError as exc:
                    if exc.reason == "replaced":  # the same key registered from elsewhere: leave it be
                        self._set("refused", str(exc))
                        break
                    self._set("connecting", str(exc))
                except Exception as exc:  # (cut, or not a relay): tried again, whatever it was
                    log.info("relay link to %s dropped: %r", self.address, exc)
                    self._set("connecting", words("unreachable", self.address))
                attempt = 0 if was_up else attempt + 1
                pause = self.backoff[min(attempt, len(self.backoff) - 1)] * random.uniform(0.8, 1.2)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stop.wait(), pause)
        finally:
            for task in bridges:
                task.cancel()
            if self.state != "refused":
                self._set("stopped")

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """A connection to the relay (TLS, its key checked, when it is pinned)."""
        tls = relay_context() if self.relay_pin else None
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(*self.relay, ssl=tls, limit=CHUNK), OPEN_SECONDS
            )
        except (OSError, TimeoutError) as exc:
            raise RelayError("unreachable", words("unreachable", self.address)) from exc
        if tls is not None:
            der = writer.get_extra_info("ssl_object").getpeercert(True)
            if der is None or pin_of_certificate(der) != self.relay_pin:
                writer.close()
                raise RelayError("relay-key", words("relay-key", self.address))
        return reader, writer

    async def _answer(self, reader: asyncio.StreamReader, seconds: float) -> dict[str, Any]:
        answer = read_line(await asyncio.wait_for(reader.readline(), seconds))
        if answer.get("ok") is False:
            reason = str(answer.get("reason", ""))[:40]
            raise RelayError(reason, words(reason, self.address))
        return answer

    async def _session(self, target: tuple[str, int], bridges: set[asyncio.Task]) -> None:
        """One registration, until its connection drops (a refusal raises RelayError)."""
        reader, writer = await self._open()
        try:
            hello = {"relay": VERSION, "role": "host", "spki": b64(self.identity.spki)}
            writer.write(line({**hello, "key": self.key} if self.key else hello))
            nonce = unb64((await self._answer(reader, OPEN_SECONDS)).get("nonce"))
            writer.write(line({"sig": b64(self.identity.sign(PROOF + nonce))}))
            registered = await self._answer(reader, OPEN_SECONDS)
            if registered.get("id") != self.identity.pin:
                raise ValueError("the relay gave another id")
            pace = registered.get("ping")
            every = min(PING_SECONDS, pace) if isinstance(pace, int | float) and pace > 0.05 else PING_SECONDS
            self._set("up")
            log.info("registered at the relay %s as %s", self.address, self.identity.pin)
            silent = 0
            while True:
                try:
                    said = await self._answer(reader, every)
                except TimeoutError:
                    silent += 1
                    if silent > 1:  # no pong to the last ping: the link is gone
                        return
                    writer.write(line({"ping": 1}))
                    continue
                silent = 0
                ticket = said.get("guest")
                if isinstance(ticket, str):
                    task = asyncio.create_task(self._bridge(ticket, target))
                    bridges.add(task)
                    task.add_done_callback(bridges.discard)
        finally:
            writer.close()

    async def _bridge(self, ticket: str, target: tuple[str, int]) -> None:
        """One guest: a data connection to the relay, piped to `target`."""
        try:
            reader, writer = await self._open()
        except (OSError, ValueError):
            return
        writer.write(line({"relay": VERSION, "role": "data", "ticket": ticket}))
        try:
            local_reader, local_writer = await asyncio.open_connection(*target, limit=CHUNK)
        except OSError:
            writer.close()
            return
        self.bridged += 1
        await pipe(reader, writer, local_reader, local_writer)


async def pipe(
    a_reader: asyncio.StreamReader,
    a_writer: asyncio.StreamWriter,
    b_reader: asyncio.StreamReader,
    b_writer: asyncio.StreamWriter,
) -> None:
    """Bytes both ways until either side ends; then both are closed."""

    async def pump(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError, ssl.SSLError):
            while data := await src.read(CHUNK):
                dst.write(data)
                await dst.drain()

    tasks = [asyncio.create_task(pump(a_reader, b_writer)), asyncio.create_task(pump(b_reader, a_writer))]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        for writer in (a_writer, b_writer):
            writer.close()
