"""Pinned invites (issue 54): the guest reaches the host over wss:// and checks the host's key
against the invite's pin before anything of ours is sent; the invite's candidates are tried
staggered, home first, and "the host's key changed" is said only when every candidate that
answered showed another key; a relay that ends the guest's TLS itself is refused the same way.
Loopback only: a real server with the host's key, a fake TLS server with another key that
records what it receives (and a fake relay that does so after the relay's own wire), a port
nothing listens on, and a "black hole" that takes the connection and never answers the TLS
handshake."""

from __future__ import annotations

import contextlib
import http.server
import socket
import ssl
import threading
from collections.abc import Iterator

import pytest

from game.net import client, reach, relaying
from game.net.client import NetError, RemoteWindow
from game.net.duplex import Duplex
from game.net.identity import Identity
from game.net.invite import Invite, parse
from game.net.protocol import VERSION as PROTOCOL
from game.net.server import Server, Threaded
from game.net.tickets import Ticket, load, remember
from tests.net.support import BOUND, LOOPBACK, Raw, Serve, free_port, seats

CHANGED = "The host's key changed"


@pytest.fixture(autouse=True)
def patient_links(monkeypatch):
    """A person's link gives up an attempt after 5 s (`Link.OPEN_SECONDS`); a loaded machine
    running the suite took longer than that to answer a good key's join. These tests wait their
    own bound: a refused key or port is still refused at once."""
    monkeypatch.setattr(client.Link, "OPEN_SECONDS", BOUND)


@pytest.fixture
def host(tmp_path) -> Iterator[tuple[Server, Threaded, tuple[str, int], Identity]]:
    """A server with a kept key of its own, as the host's app runs one."""
    identity = Identity.load_or_make(tmp_path / "host")
    server = Server(tmp_path / "server", bot_pause=0.0)
    thread = Threaded(server, LOOPBACK, 0, identity.server_context())
    address = thread.start()
    try:
        yield server, thread, address, identity
    finally:
        thread.stop()


class Impostor:
    """A TLS server with another key: it finishes each handshake and keeps every byte it then
    receives, until the guest closes the connection."""

    def __init__(self, folder):
        self.context = Identity.load_or_make(folder).server_context()
        self.listener = socket.create_server((LOOPBACK, 0))
        self.address = self.listener.getsockname()[:2]
        self.received = bytearray()
        self.handshakes = 0
        self.done = threading.Event()  # a connection was shaken hands with and closed by the guest
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                sock, _ = self.listener.accept()
                sock.settimeout(BOUND)
                with contextlib.suppress(OSError), self.context.wrap_socket(sock, server_side=True) as tls:
                    self.handshakes += 1
                    while chunk := tls.recv(4096):
                        self.received += chunk
                self.done.set()

    def close(self) -> None:
        self.listener.close()


class EndingRelay(Impostor):
    """A relay that answers the guest's side of the wire as the real one does, then ends the
    guest's TLS itself, with a key of its own (as a relay that wanted to read the game would).
    It keeps the line it was asked, and every byte it receives after the handshake."""

    def __init__(self, folder):
        self.asked: list[bytes] = []
        super().__init__(folder)

    def _serve(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                sock, _ = self.listener.accept()
                sock.settimeout(BOUND)
                with contextlib.suppress(OSError):
                    asked = b""
                    while not asked.endswith(b"\n"):  # a byte at a time: the TLS hello stays
                        asked += sock.recv(1) or b"\n"
                    self.asked.append(asked)
                    sock.sendall(relaying.line({"ok": True}))
                    with self.context.wrap_socket(sock, server_side=True) as tls:
                        self.handshakes += 1
                        while chunk := tls.recv(4096):
                            self.received += chunk
                self.done.set()


class BlackHole:
    """A port that takes the connection (the kernel's backlog) and never says a word."""

    def __init__(self):
        self.listener = socket.create_server((LOOPBACK, 0), backlog=8)
        self.address = self.listener.getsockname()[:2]

    def close(self) -> None:
        self.listener.close()


def closed_port() -> tuple[str, int]:
    with socket.socket() as sock:
        sock.bind((LOOPBACK, 0))
        return LOOPBACK, sock.getsockname()[1]


def pinned(first: tuple[str, int], code: str, pin: str, *via: tuple[str, int]) -> Invite:
    return Invite(first[0], first[1], code, pin=pin, via=tuple(via))


def test_a_pinned_join_plays_over_tls(host):
    server, thread, address, identity = host
    _, codes, _ = thread.call(server.create, "jaipur", seats("online", "online"), None, None)
    invite = parse(str(pinned(address, codes[0], identity.pin)))  # as copied and pasted
    assert invite.url.startswith("wss://")
    window = RemoteWindow.join(invite, timeout=BOUND)
    try:
        assert window.status == "online" and window.view()["hand"]
        shared = window.link.ws.socket  # (its reads and writes one at a time: game/net/duplex.py)
        assert isinstance(shared, Duplex) and isinstance(shared.tls, ssl.SSLSocket), "the match goes over TLS"
        if window.to_act == {0}:
            assert window.submit_sync(0, window.legal(0)[0]) is None, "a move played over TLS"
    finally:
        window.close()


def test_a_host_with_another_key_is_refused_in_words_and_hears_nothing_of_ours(tmp_path, host):
    _, _, _, identity = host
    impostor = Impostor(tmp_path / "impostor")
    try:
        code = "7KQ2-M9XD-4RTW-8HJC"
        with pytest.raises(NetError) as refused:
            RemoteWindow.join(pinned(impostor.address, code, identity.pin), timeout=BOUND)
        assert str(refused.value).startswith(CHANGED), str(refused.value)
        assert impostor.done.wait(BOUND) and impostor.handshakes >= 1
        assert bytes(impostor.received) == b"", "not even the WebSocket handshake, let alone the code"
    finally:
        impostor.close()


def test_a_relay_that_ends_the_tls_with_its_own_key_is_refused_in_words_and_hears_nothing_of_ours(
    tmp_path, host
):
    """Through a relay the certificate checked is the host's own, inside the pipe: a relay
    that shows its own is refused like any other key, before the WebSocket or the code."""
    _, _, _, identity = host
    relay = EndingRelay(tmp_path / "relay")
    try:
        code = "7KQ2-M9XD-4RTW-8HJC"
        invite = Invite(*closed_port(), code, pin=identity.pin, relay=relay.address)
        with pytest.raises(NetError) as refused:
            RemoteWindow.join(invite, timeout=BOUND)
        assert str(refused.value).startswith(CHANGED), str(refused.value)
        assert relay.done.wait(BOUND) and relay.handshakes >= 1
        # it was asked for the host by its pin (public: the invite's), and heard nothing after
        assert set(relay.asked) == {relaying.line({"relay": 1, "role": "guest", "host": identity.pin})}
        assert bytes(relay.received) == b"", "not even the WebSocket handshake, let alone the code"
    finally:
        relay.close()


def test_a_candidate_that_does_not_answer_or_shows_another_key_is_skipped(tmp_path, host):
    # the refused port and the other key are skipped at once (the host's own answer waits
    # `patient_links`' bound)
    server, thread, address, identity = host
    _, codes, _ = thread.call(server.create, "jaipur", seats("online", "online"), None, None)
    tried: list[str] = []
    window = RemoteWindow.join(
        pinned(closed_port(), codes[0], identity.pin, address),
        timeout=BOUND,
        trying=lambda w: tried.append(w.how),
    )
    window.close()
    assert tried == ["at home", "over the internet"]
    impostor = Impostor(tmp_path / "impostor")
    try:
        window = RemoteWindow.join(pinned(impostor.address, codes[1], identity.pin, address), timeout=BOUND)
        window.close()
        assert window.seats == frozenset({1})
        assert impostor.done.wait(BOUND) and bytes(impostor.received) == b""
    finally:
        impostor.close()


def test_candidates_are_tried_staggered_not_one_after_another(host, monkeypatch):
    """A home address that takes the connection and never answers: the next candidate starts a
    quarter of a second later and wins long before the first would have given up."""
    monkeypatch.setattr(client.Link, "OPEN_SECONDS", 10 * BOUND)  # waiting it out fails the test
    server, thread, address, identity = host
    _, codes, _ = thread.call(server.create, "jaipur", seats("online", "online"), None, None)
    hole = BlackHole()
    try:
        window = RemoteWindow.join(pinned(hole.address, codes[0], identity.pin, address), timeout=BOUND)
        window.close()
        assert window.seats == frozenset({0})
    finally:
        hole.close()


def test_the_key_changed_only_when_every_candidate_that_answered_showed_another(tmp_path, host):
    _, _, _, identity = host
    impostor = Impostor(tmp_path / "impostor")
    web = http.server.HTTPServer((LOOPBACK, 0), http.server.BaseHTTPRequestHandler)  # answers, no TLS
    serving = threading.Thread(target=web.serve_forever, daemon=True)
    serving.start()
    code = "7KQ2-M9XD-4RTW-8HJC"
    try:
        # one showed another key, the other did not answer at all: the key changed
        with pytest.raises(NetError) as refused:
            RemoteWindow.join(pinned(closed_port(), code, identity.pin, impostor.address), timeout=BOUND)
        assert str(refused.value).startswith(CHANGED), str(refused.value)
        # one showed another key, the other answered without TLS: not a changed key
        web_address = (LOOPBACK, web.server_address[1])
        with pytest.raises(NetError) as refused:
            RemoteWindow.join(pinned(impostor.address, code, identity.pin, web_address), timeout=BOUND)
        said = str(refused.value)
        assert CHANGED not in said and "without the encryption the invite asks for" in said, said
        # none answered: each address named
        quiet = [closed_port(), closed_port()]
        with pytest.raises(NetError) as refused:
            RemoteWindow.join(pinned(quiet[0], code, identity.pin, quiet[1]), timeout=BOUND)
        said = str(refused.value)
        assert said.startswith("Nothing answered at any of the host's addresses"), said
        assert all(f"{h}:{p}" in said for h, p in quiet)
    finally:
        impostor.close()
        web.shutdown()
        web.server_close()


def test_giving_up_ends_the_race_at_once():
    """Cancel (Esc) while a candidate is still trying: the race ends without waiting for it."""
    hole, stop = BlackHole(), threading.Event()
    try:
        with pytest.raises(OSError) as given_up:
            reach.reach(pinned(hole.address, "", "A" * 43), 10 * BOUND, stop, lambda way: stop.set())
        assert str(given_up.value) == "Joining was cancelled"
    finally:
        hole.close()


def test_a_remembered_seat_keeps_the_hosts_key_and_a_seat_from_before_stays_plain(tmp_path, host):
    server, thread, address, identity = host
    _, codes, _ = thread.call(server.create, "jaipur", seats("online", "online"), None, None)
    invite = pinned(address, codes[0], identity.pin, ("198.51.100.7", 8765))
    remember(tmp_path, Ticket.of(invite, "token", "jaipur", 1, (0,), ("Asha", "Bilal")))
    (kept,), _ = load(tmp_path)
    assert kept.route == Invite(address[0], address[1], "", pin=identity.pin, via=(("198.51.100.7", 8765),))
    window = RemoteWindow.join(invite, timeout=BOUND)
    token = window.token
    window.close()
    again = RemoteWindow.rejoin(kept.route, token, timeout=BOUND)  # Take your seat: the same key
    again.close()
    assert again.seats == frozenset({0})
    # a seat remembered before pins: its plain ws:// address, as before
    old = Ticket.from_json(
        {"url": "ws://10.0.0.2:8765/", "token": "t", "game": "jaipur", "match": 3, "seats": [1],
         "names": ["A", "B"], "joined": "2026-11-20T10:00:00"}
    )  # fmt: skip
    assert old is not None and old.route.pin is None and not old.route.secure


def test_take_your_seat_gives_up_at_once_when_the_hosts_key_changed(host):
    """A host merely away is waited for (it may be starting again); another key is no such
    thing: the words come at the first refusal, not when the wait runs out."""
    server, thread, address, identity = host
    _, codes, _ = thread.call(server.create, "jaipur", seats("online", "online"), None, None)
    window = RemoteWindow.join(pinned(address, codes[0], identity.pin), timeout=BOUND)
    token = window.token
    window.close()
    tries, again = [], threading.Event()  # a second try gives the attempt up: it must not come

    def trying(way: reach.Way) -> None:
        tries.append(way)
        if len(tries) > 1:
            again.set()

    with pytest.raises(NetError) as refused:
        RemoteWindow.rejoin(
            pinned(address, "", "A" * 43), token, timeout=10 * BOUND, stop=again, trying=trying
        )
    assert str(refused.value).startswith(CHANGED), str(refused.value)
    assert len(tries) == 1


def test_serve_speaks_wss_with_the_key_it_keeps_and_prints_its_pin(tmp_path):
    """`serve` with no certificate of an authority: its own key, kept in its data folder (the
    same pin after a restart), and invites that carry it."""
    port, data = free_port(), tmp_path / "data"
    pins = []
    for _ in range(2):
        served = Serve(port, data, tmp_path / "serve.log", 0.0, plain=False)
        try:
            assert served.proc.stdout is not None
            said = served.proc.stdout.readline()
            assert f"invites: bazaar://HOST:{port}/CODE?pin=" in said, said
            pin = said.split("?pin=")[1].split()[0]
            pins.append(pin)
            creator = Raw((LOOPBACK, port), pin=pin)
            try:
                made = creator.ask(
                    {"type": "create", "v": PROTOCOL, "game": "jaipur", "seats": seats("online", "bot")}
                )
            finally:
                creator.close()
            window = RemoteWindow.join(
                parse(f"bazaar://{LOOPBACK}:{port}/{made['codes']['0']}?pin={pin}"), timeout=BOUND
            )
            window.close()
            assert window.seats == frozenset({0})
        finally:
            served.stop()
    assert pins[0] == pins[1], "the key is kept"
