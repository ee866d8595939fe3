"""Through a relay (`python -m game relay`, game/net/relay.py and relaying.py): a guest reaches a
host that registered its key there and plays, and the relay carries only the host's TLS; nobody
else can claim the host's id; the caps refuse with a reason; a relay killed mid-match comes
back and both sides find each other again. Loopback only."""

from __future__ import annotations

import asyncio
import json
import random
import select
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game.core import selfcall
from game.net import failures, reach, relaying
from game.net import protocol as p
from game.net.identity import Identity, pin_of_certificate
from game.net.invite import Invite
from game.net.relay import Limits, Relay
from game.net.relaying import HostLink, RelayError, dial
from game.net.server import Server, Threaded
from tests.net.support import BOUND, LOOPBACK, ROOT, free_port, seats, until

CARDS = ("diamond", "gold", "silver", "cloth", "spice", "leather", "camel")
FAST = (0.05, 0.1, 0.2, 0.5)  # the host link's backoff here: a test waits on its state, not a time


class RelayThread:
    """A relay on its own thread and loop, on loopback and a free port."""

    def __init__(self, limits: Limits | None = None, tap: Any = None):
        self.relay = Relay(limits, tap=tap)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stop_event: asyncio.Event | None = None
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._main, daemon=True)

    def _main(self) -> None:
        async def main() -> None:
            self.loop, self.stop_event = asyncio.get_running_loop(), asyncio.Event()
            await self.relay.run(LOOPBACK, 0, lambda _: self.ready.set(), self.stop_event)

        asyncio.run(main())

    def start(self) -> tuple[str, int]:
        self.thread.start()
        assert self.ready.wait(BOUND), "the relay did not start"
        assert self.relay.address is not None
        return self.relay.address

    def stop(self) -> None:
        assert self.loop is not None and self.stop_event is not None
        self.loop.call_soon_threadsafe(self.stop_event.set)
        self.thread.join(BOUND)


@contextmanager
def hosted(folder: Path, relay: tuple[str, int], **link: Any) -> Iterator[tuple[Server, Threaded, HostLink]]:
    """The host's side: its server speaking the pinned wss:// (its kept identity) and its link
    to the relay, registered."""
    identity = Identity.load_or_make(folder / "identity")
    server = Server(folder / "server", bot_pause=0.0)
    thread = Threaded(server, LOOPBACK, 0, identity.server_context())
    address = thread.start()
    host_link = HostLink(relay, identity, address, backoff=FAST, **link).start()
    try:
        yield server, thread, host_link
    finally:
        host_link.stop()
        thread.stop()


class Guest:
    """A guest's client through the relay: dial, the host's TLS checked against its pin, then the
    protocol by hand (seat 0 of a Jaipur match against the server's easy bot). It keeps what it
    received, in the clear, to show the relay's bytes hold none of it."""

    def __init__(self, relay: tuple[str, int], pin: str, seed: int = 3):
        self.relay, self.pin = relay, pin
        self.rng = random.Random(seed)
        self.ws: ClientConnection | None = None
        self.token = ""
        self.received: list[str] = []
        self.to_act: list[int] = []
        self.finished = False
        self.played = 0
        self.next_id = 0
        self.pace = p.Bucket(0.8 * p.RATE, 10)  # within the server's rate, as the app keeps
        self.stack = ExitStack()

    def open(self) -> None:
        context = relaying.relay_context()  # no authority: the pin is checked below
        sock = dial(self.relay, self.pin, BOUND)
        self.stack = ExitStack()
        self.ws = self.stack.enter_context(connect(
            "wss://bazaar-host/", sock=sock, ssl=context, server_hostname="bazaar-host",
            open_timeout=BOUND, max_size=p.MAX_OUT_FRAME, compression=None, close_timeout=1,
        ))  # fmt: skip
        assert pin_of_certificate(self.ws.socket.getpeercert(True)) == self.pin, "the host's own key"

    def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        while not self.pace.take():  # (the rate's own pace, not a wait for anything)
            time.sleep(self.pace.wait())
        self.ws.send(p.encode(message))

    def recv(self) -> dict[str, Any]:
        assert self.ws is not None
        text = self.ws.recv(timeout=BOUND)
        assert isinstance(text, str)
        self.received.append(text)
        message = json.loads(text)
        if message["type"] == "welcome":
            self.token = message["token"]
        if message["type"] in ("welcome", "update"):
            self.to_act, self.played = message["to_act"], message["played"]
            self.finished = message["outcome"] is not None
        assert message["type"] != "error", message
        return message

    def enter(self, first: dict[str, Any]) -> dict[str, Any]:
        self.send({**first, "v": p.VERSION})
        while (message := self.recv())["type"] != "welcome":
            pass
        return message

    def move(self) -> bool:
        """Seat 0's next random legal move (waiting for its turn): False once the match is over."""
        while 0 not in self.to_act and not self.finished:
            self.recv()
        if self.finished:
            return False
        self.next_id += 1
        self.send({"type": "legal", "seat": 0, "id": self.next_id})
        while (answer := self.recv()).get("id") != self.next_id:
            pass
        self.next_id += 1
        command = self.rng.choice(answer["commands"])
        self.send({"type": "submit", "seat": 0, "id": self.next_id, "command": command})
        while (answer := self.recv()).get("id") != self.next_id:
            pass
        assert answer["ok"], answer
        return True

    def close(self) -> None:
        self.stack.close()


def test_a_guest_plays_a_match_through_the_relay_which_reads_nothing(tmp_path):
    chunks: list[bytes] = []
    relay = RelayThread(tap=chunks.append)
    address = relay.start()
    guest = None
    try:
        with hosted(tmp_path, address) as (server, thread, link):
            until(lambda: link.state == "up", "the host registered at the relay")
            match_id, codes, _ = thread.call(server.create, "jaipur", seats("online", "bot"), None, None)
            guest = Guest(address, link.identity.pin)
            guest.open()
            guest.enter({"type": "join", "code": codes[0]})
            moves = 0
            while guest.move():
                moves += 1
            assert guest.finished and moves > 5
            record = thread.call(lambda: server.rooms[match_id].match.to_json())
            assert len(record["commands"]) == guest.played
            guest.close()
    finally:
        relay.stop()
    piped = b"".join(chunks)
    clear = "".join(guest.received)
    assert len(piped) > 20_000, "the match crossed the relay"
    # (as JSON writes them: quoted, so that chance cannot make one of the ciphertext)
    words = [f'"{w}"' for w in (*CARDS, "hand", "token", "welcome")]
    for secret in [guest.token, codes[0], codes[0].replace("-", ""), *words]:
        assert secret in clear or secret == codes[0].replace("-", "") or secret == codes[0]
        assert secret.encode() not in piped, f"{secret} crossed the relay readable"
    # What a guest sends (its join code) goes in WebSocket frames a client masks, unreadable as
    # they stand even without TLS: the WebSocket itself, its handshake first, is inside the TLS
    # (and the first bytes piped are the guest's TLS hello: a handshake record)
    for handshake in (b"Upgrade", b"Sec-WebSocket", b"HTTP/1.1"):
        assert handshake not in piped, f"{handshake!r}: the WebSocket crossed the relay in the clear"
    assert chunks[0][:2] == b"\x16\x03", "the guest's TLS hello came first"


def claim(relay: tuple[str, int], spki: bytes, signer: Identity, key: str = "") -> dict[str, Any]:
    """A registration by hand: `spki` claimed, the nonce signed by `signer`; the relay's last answer."""
    with socket.create_connection(relay, BOUND) as sock:
        reading = sock.makefile("rb")
        hello = {"relay": 1, "role": "host", "spki": relaying.b64(spki), "key": key}
        sock.sendall(relaying.line(hello))
        answer = relaying.read_line(reading.readline())
        if "nonce" not in answer:
            return answer
        nonce = relaying.unb64(answer["nonce"])
        sock.sendall(relaying.line({"sig": relaying.b64(signer.sign(relaying.PROOF + nonce))}))
        return relaying.read_line(reading.readline())


def test_nobody_else_can_claim_a_hosts_id_and_a_wrong_registration_key_is_refused(tmp_path):
    relay = RelayThread(Limits(key="sesame"))
    address = relay.start()
    try:
        with hosted(tmp_path / "wrong", address, key="open-up") as (_, _, wrong):
            until(lambda: wrong.state == "connecting" and "registration key" in wrong.problem, "refused")
            assert not relay.relay.hosts
        with hosted(tmp_path / "a", address, key="sesame") as (_, _, first):
            until(lambda: first.state == "up", "the first host registered")
            pin = first.identity.pin
            intruder = Identity.load_or_make(tmp_path / "intruder")
            # the first host's public key, but a proof made with another key
            refused = {"ok": False, "reason": "bad-proof"}
            assert claim(address, first.identity.spki, intruder, "sesame") == refused
            assert claim(address, first.identity.spki, intruder, "") == {"ok": False, "reason": "bad-key"}
            # its own key it may register, under its own id
            mine = claim(address, intruder.spki, intruder, "sesame")
            assert mine["ok"] is True and mine["id"] == intruder.pin != pin
            assert first.state == "up" and pin in relay.relay.hosts
            # the same key again (the host's network changed) takes the id over: the old link
            # is told so and stops trying, so two apps with one key do not take turns
            again = claim(address, first.identity.spki, first.identity, "sesame")
            assert again["ok"] is True and again["id"] == pin
            until(lambda: first.state == "refused" and "took its place" in first.problem, "replaced")
            first.stop()
        with hosted(tmp_path / "a", address, key="sesame") as (_, _, first):
            until(lambda: first.state == "up", "the first host registered again")
            # and a guest asking for the first host reaches the first host
            with dial(address, pin, BOUND) as sock:
                context = relaying.relay_context()
                with context.wrap_socket(sock, server_hostname="bazaar-host") as tls:
                    assert pin_of_certificate(tls.getpeercert(True)) == pin
    finally:
        relay.stop()


def test_the_caps_refuse_with_a_reason_and_an_idle_pipe_is_closed(tmp_path):
    relay = RelayThread(Limits(host_connections=0.01, idle=0.6))  # one now, the next in 100 s
    address = relay.start()
    try:
        with pytest.raises(RelayError) as unknown:
            dial(address, "A" * 43, BOUND)
        assert unknown.value.reason == "unknown-host" and "host again" in str(unknown.value)
        with hosted(tmp_path, address) as (_, _, link):
            until(lambda: link.state == "up", "the host registered")
            pin = link.identity.pin
            opened = [dial(address, pin, BOUND)]
            with pytest.raises(RelayError) as busy:  # a second new connection so soon
                dial(address, pin, BOUND)
            assert busy.value.reason == "busy" and "try again" in str(busy.value)
            # a pipe where nobody says anything is closed after the idle time...
            started = time.monotonic()
            for sock in opened:
                sock.settimeout(BOUND)
                assert sock.recv(1) == b"", "closed by the relay"
                sock.close()
            assert time.monotonic() - started < BOUND
            # ...while the host's control link, pinging at the relay's pace, stays registered
            assert link.state == "up" and pin in relay.relay.hosts
            assert relay.relay.pipes == 0
    finally:
        relay.stop()


def test_the_caps_on_hosts_an_address_and_pipes_refuse_with_a_reason(tmp_path):
    relay = RelayThread(Limits(per_address=1, max_pipes=1))
    address = relay.start()
    try:
        with hosted(tmp_path, address) as (_, _, link):
            until(lambda: link.state == "up", "the host registered")
            other = Identity.load_or_make(tmp_path / "other")
            assert claim(address, other.spki, other) == {"ok": False, "reason": "too-many-hosts"}
            held = dial(address, link.identity.pin, BOUND)
            until(lambda: relay.relay.pipes == 1, "the first pipe open")
            with pytest.raises(RelayError) as full:
                dial(address, link.identity.pin, BOUND)
            assert full.value.reason == "full" and "another relay" in str(full.value)
            held.close()
    finally:
        relay.stop()


class RelayProcess:
    """`python -m game relay` in a process of its own, on loopback."""

    def __init__(self, port: int, log: Path):
        command = selfcall.command("relay", "--host", LOOPBACK, "--port", str(port))
        with open(log, "a") as err:
            self.proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=err, text=True)
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], BOUND)
        assert ready and "relaying on" in self.proc.stdout.readline(), log.read_text()[-2000:]

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        assert self.proc.wait(BOUND) == -signal.SIGKILL
        assert self.proc.stdout is not None
        self.proc.stdout.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(BOUND)
        if self.proc.stdout is not None:
            self.proc.stdout.close()


def test_a_relay_killed_mid_match_comes_back_and_both_sides_carry_on(tmp_path):
    port = free_port()
    address = (LOOPBACK, port)
    relay = RelayProcess(port, tmp_path / "relay.log")
    guest = None
    try:
        with hosted(tmp_path, address) as (server, thread, link):
            until(lambda: link.state == "up", "the host registered at the relay")
            match_id, codes, _ = thread.call(server.create, "jaipur", seats("online", "bot"), None, None)
            guest = Guest(address, link.identity.pin, seed=5)
            guest.open()
            guest.enter({"type": "join", "code": codes[0]})
            for _ in range(4):
                assert guest.move()
            acknowledged = guest.played
            relay.kill()
            with pytest.raises(ConnectionClosed):  # its pipe is gone (after what was on its way)
                while True:
                    guest.recv()
            until(lambda: link.state == "connecting", "the host saw its link drop")
            relay = RelayProcess(port, tmp_path / "relay.log")
            until(lambda: link.state == "up", "the host registered again")
            guest.close()
            guest.open()  # (an app reconnects by itself; here by hand, through the relay again)
            welcome = guest.enter({"type": "hello", "token": guest.token})
            assert welcome["played"] >= acknowledged, "nothing acknowledged was lost"
            while guest.move():
                pass
            record = thread.call(lambda: server.rooms[match_id].match.to_json())
            assert len(record["commands"]) == guest.played and guest.finished
    finally:
        if guest is not None:
            guest.close()
        relay.stop()


def test_a_relay_address_is_read_in_words():
    assert relaying.parse_address("relay.example.org") == ("relay.example.org", relaying.DEFAULT_PORT)
    assert relaying.parse_address(" [2001:db8::1]:443 ") == ("2001:db8::1", 443)
    for bad in ("", "relay.example.org/x", "a:b", "user@relay:1"):
        with pytest.raises(ValueError, match="relay's address"):
            relaying.parse_address(bad)


def test_a_pinned_relay_speaks_tls_and_another_key_is_refused(tmp_path):
    relay_identity = Identity.load_or_make(tmp_path / "relay")
    relay = Relay(tls=relay_identity.server_context())
    runner = RelayThread()
    runner.relay = relay
    address = runner.start()
    try:
        with hosted(tmp_path / "ok", address, relay_pin=relay_identity.pin) as (_, _, good):
            until(lambda: good.state == "up", "registered over TLS to the pinned relay")
        with hosted(tmp_path / "bad", address, relay_pin="B" * 43) as (_, _, bad):
            until(lambda: "another key" in bad.problem, "the relay's other key refused")
            assert bad.state == "connecting"
    finally:
        runner.stop()


def test_the_guests_way_in_tries_home_first_then_the_relay_and_says_why_when_the_host_is_not_there(tmp_path):
    """The app's own way in (game/net/reach.py): with home silent, the invite's relay, last of
    its candidates, takes the guest to the host, TLS pinned end to end; when the host is not at
    the relay, the relay's words say so (not the words of a network that does not answer)."""
    relay = RelayThread()
    address = relay.start()
    try:
        silent = free_port()  # nothing listens there: home is silent
        with hosted(tmp_path, address) as (server, thread, link):
            until(lambda: link.state == "up", "the host registered at the relay")
            _, codes, _ = thread.call(server.create, "jaipur", seats("online", "bot"), None, None)
            route = Invite(LOOPBACK, silent, codes[0], pin=link.identity.pin, relay=address)
            tried: list[reach.Way] = []
            with reach.connect_ws(route, BOUND, trying=tried.append, compression=None) as ws:
                assert [w.relay for w in tried] == [False, True]  # home first, the relay last
                assert pin_of_certificate(ws.socket.getpeercert(True)) == link.identity.pin
                ws.send(p.encode({"type": "join", "v": p.VERSION, "code": codes[0]}))
                assert p.decode_reply(ws.recv(BOUND))["type"] == "welcome"
        other = Identity.load_or_make(tmp_path / "other").pin  # a host the relay does not hold
        nobody = Invite(LOOPBACK, silent, codes[0], pin=other, relay=address)
        with pytest.raises(failures.Unreached) as refused:
            reach.connect_ws(nobody, BOUND)
        assert "not at the relay" in str(refused.value.words)
    finally:
        relay.stop()
