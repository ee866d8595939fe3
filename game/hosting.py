"""Network play from the app: hosting a match on this computer (part of the composition
layer, with game/matches.py, which hands the windows out).

The host's app runs the same server as `python -m game serve`, on a thread, storing its
matches in the app's own saves through the app's one store thread (one connection to the
file); the host's table is then a window on that server like any other player's (its people's
seats, at this screen), so there is one authority and one way a match is played over the
network (docs/network.md). It serves wss:// with the key kept in the data folder
(game/net/identity.py), and every invite carries that key's pin. Hosting a saved match again
reopens it for its players' tokens.
"""

from __future__ import annotations

import os
import socket
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.i18n import msg
from game.core.ruleset import AT_TABLE, Budget, Ruleset
from game.core.seats import Seat
from game.net import relaying
from game.net.client import RemoteWindow
from game.net.identity import Identity
from game.net.invite import Invite
from game.net.portmap import Keeper, Portmap, Standing, global_v6
from game.net.protocol import DEFAULT_PORT
from game.net.server import Server, Threaded

# at most, the router's answer is awaited before the invites are made (one that comes later
# shows on the invite sheet, which reads `via` as it draws)
SETTLE_SECONDS = 2.5
# the app's own server, in this process, answers its own table: slow only when the machine is
# (a full disk's sync, every core busy), never unreachable; hosting is off the frame, the cover
# offers Cancel meanwhile, so it is waited for this long rather than the network's REQUEST_SECONDS
OWN_SECONDS = 60.0


@dataclass
class Hosted:
    """A match this app hosts: its window for the people here, and one invite per online seat."""

    window: RemoteWindow
    invites: dict[int, Invite]


class Hosting:
    """The app's server: started on the first Host, running while the app runs."""

    def __init__(self, app: Any, rate: float = 60.0):
        self.app = app
        automated = app.automated
        data = app.store.path.parent if app.store.path is not None else Path(tempfile.mkdtemp())
        # the key it serves wss:// with, kept: every invite carries its pin (docs/network.md)
        self.identity = Identity.load_or_make(data)
        self.server = Server(
            data,
            store=app.store,  # the app's own saves, through its one store thread
            writer=app.writer,
            bot_pause=0.0 if automated else app.settings.bot_pause_ms / 1000,
            budget=Budget(iterations=200) if automated else AT_TABLE,
            rate=rate,
            allow_create=False,  # the app makes its matches itself, never for a stranger
        )
        # Under automation nobody else may reach it (tests stay on loopback); otherwise every
        # address of this computer, so friends on the network can join
        self.bind = "127.0.0.1" if automated else "0.0.0.0"
        self.v6: str | None = None  # this computer's global IPv6 address, when it listens there
        self.thread = self._start()
        assert self.server.address is not None
        self.port = self.server.address[1]
        self.shown = "127.0.0.1" if automated else lan_address()
        # the router asked for the port on a thread of its own (never under automation: loopback)
        self.portmap = None if automated else Keeper(Portmap(data))
        self.server.entered = None if self.portmap is None else self.portmap.seen
        self.tables: set[int] = set()  # the hosted windows open here: the port stays mapped
        self.relay_link = self._relay_link()

    def _relay_link(self) -> relaying.HostLink | None:
        """The outbound link to the relay of Settings → Online, when one is set: its id there
        is this host's kept key's pin, and the guests' TLS, pinned to that key, runs through
        it to this server untouched."""
        settings = self.app.settings
        try:
            relay = relaying.parse_address(settings.relay) if settings.relay.strip() else None
        except ValueError:
            return None  # (Settings → Online takes only a relay's address)
        if relay is None:
            return None
        local = ("127.0.0.1", self.port)
        link = relaying.HostLink(
            relay, self.identity, local, key=settings.relay_key, relay_pin=settings.relay_pin
        )
        return link.start()

    def relay_words(self) -> str:
        """How friends reach this table through the relay, in words ("" without a relay)."""
        link = self.relay_link
        if link is None:
            return ""
        if link.state == "up":
            return msg("Friends reach this table through the relay {relay}.", relay=link.address)
        return link.problem or msg("Reaching the relay {relay}…", relay=link.address)

    def _start(self) -> Threaded:
        """On the usual port (or $BAZAAR_PORT), so players of a match hosted before find it
        again; on any free port when another program has it (or under automation)."""
        fixed = os.environ.get("BAZAAR_PORT", "").strip()
        ports = (int(fixed),) if fixed.isdigit() else (0,) if self.app.automated else (DEFAULT_PORT, 0)
        # on IPv6 too when this computer has a global address there (on a known port only: port 0
        # would give each family a port of its own)
        v6 = None if self.app.automated else global_v6()
        for port in ports:
            for both in (True, False) if v6 is not None and port else (False,):
                binds = [self.bind, "::"] if both else self.bind
                thread = Threaded(self.server, binds, port, self.identity.server_context())
                try:
                    thread.start()
                except OSError:
                    continue
                self.v6 = v6 if both else None
                return thread
        raise OSError(msg("no port to host on"))

    @property
    def route(self) -> Invite:
        """How the host's own table reaches its server: loopback, checking the same key."""
        return Invite("127.0.0.1", self.port, "", pin=self.identity.pin)

    def invite(self, code: str) -> Invite:
        """An online seat's invite: this computer's address, the code, the key's pin, its other
        ways in (the router's mapping, a global IPv6 address), and the relay that holds this
        host when one is set."""
        relay = self.relay_link.relay if self.relay_link is not None else None
        return Invite(self.shown, self.port, code, pin=self.identity.pin, via=self.via(), relay=relay)

    def host(
        self, ruleset: Ruleset, seats: list[Seat], options: dict[str, Any], seed: int | None = None
    ) -> Hosted:
        """A new match on this computer: the people's window and the online seats' invites."""
        spec = [{"name": s.name, "kind": s.kind, "level": s.level} for s in seats]
        made = self.thread.call(self.server.create, ruleset.name, spec, options, seed, timeout=OWN_SECONDS)
        match_id, codes, token = made
        window = self._own(token)
        return Hosted(window, {seat: self.invite(code) for seat, code in codes.items()})

    def reopen(self, match_id: int) -> Hosted:
        """A match hosted before (the app started again): the server plays it on, its players
        reconnect with their tokens; seats nobody has joined yet get fresh invites."""
        token = self.thread.call(self.server.host_again, match_id, timeout=OWN_SECONDS)
        window = self._own(token)
        codes = self.thread.call(self.server.fresh_invites, match_id, timeout=OWN_SECONDS)
        return Hosted(window, {seat: self.invite(code) for seat, code in codes.items()})

    def carry_on(self, token: str) -> Hosted:
        """The rematch every screen agreed to: the host's table of the new match, by the token
        its server gave (the guests carry on with theirs: no invite to send)."""
        return Hosted(self._own(token), {})

    def _own(self, token: str) -> RemoteWindow:
        """The people's table here, on its own server, by their token."""
        return self._table(RemoteWindow.rejoin(self.route, token, timeout=OWN_SECONDS))

    def reinvite(self, match_id: int, seat: int) -> Invite:
        """A new invite for an away player's seat (the old invite and their link stop working)."""
        code = self.thread.call(self.server.reinvite, match_id, seat)
        return self.invite(code)

    def _table(self, window: RemoteWindow) -> RemoteWindow:
        """A hosted table opened here: the router is asked for the port (off the frame: this
        runs on a thread of matches.REACH) until the last such table is closed."""
        self.tables.add(id(window))
        window.on_close = lambda: self._closed(window)
        if self.portmap is not None:
            self.portmap.open(self.port)
            self.portmap.settled.wait(SETTLE_SECONDS)
        return window

    def _closed(self, window: RemoteWindow) -> None:
        self.tables.discard(id(window))
        if not self.tables and self.portmap is not None:
            self.portmap.close()  # queued for its thread: the frame does not wait on the router

    def via(self) -> tuple[tuple[str, int], ...]:
        """The ways in after home: the router's public address and mapped port, then this
        computer's global IPv6 address."""
        mapped = None if self.portmap is None else self.portmap.candidate
        return ((mapped,) if mapped else ()) + (((self.v6, self.port),) if self.v6 else ())

    @property
    def standing(self) -> Standing:
        """How friends reach the table (portmap.HOME, MAPPED or OUTSIDE), and why not from
        outside when the router did not open the way: read each frame, never waits."""
        return Standing() if self.portmap is None else self.portmap.standing

    def stopping(self) -> None:
        """Ask the server to stop (its rooms stop, their writes go on in the shared queue)."""
        self.thread.stopping()

    def stop(self) -> None:
        self.thread.stop()  # first: what it still sends its guests goes out through the relay too
        if self.relay_link is not None:
            self.relay_link.stop()
        if self.portmap is not None:  # the mapping removed (quitting)
            self.portmap.stop(10.0)


_STARTING = threading.Lock()  # hosting is asked off the frame (game/matches.py): one server


def hosting(app: Any, rate: float = 60.0) -> Hosting:
    """The app's server, started the first time it is needed. `rate`: ticks a second of its
    clock (tests run a timed game's sand faster than real time)."""
    with _STARTING:
        if app.hosting is None:
            app.hosting = Hosting(app, rate)
    return app.hosting


def lan_address() -> str:
    """This computer's address on its network, as friends would type it. Asking the system
    for the route to a documentation address sends nothing."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"
