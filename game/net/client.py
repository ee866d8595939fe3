"""A seat's window on a match held elsewhere: the `Window` (game/core/window.py) over a WebSocket.

The table reads and submits through it exactly as through a local window; what it reads is
what the server sent for its seats (views, events redacted for them, their legal moves, the
views around the game's moments, the public facts), never the state. The socket lives on
threads of its own (connecting, TLS, reading and reconnecting on one, sending and closing on
the other) and reconnects by itself with the seat token; every message is applied on the
table's thread, in order, by `tick` (each frame). Nothing a table calls waits on the network:
a submit is queued and its refusal, if any, comes back as a notice, a leave or a close only
queued; a hint is the server's (`advise`), answered once its referee has thought it.
`request` and the `_sync` methods wait for an answer, for programs and tests, never a table.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, NamedTuple, NotRequired, TypedDict

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection

from game.core import faces
from game.core.face import Face
from game.core.i18n import Msg, msg
from game.core.ruleset import Command, Event, Outcome, Rejected, View
from game.core.seats import Seat
from game.core.window import Connection, Hint, Hold, NotOpened, Options, Rematching
from game.net import failures
from game.net import messages as m
from game.net import protocol as p
from game.net.failures import dropped, failure_words
from game.net.invite import Invite
from game.net.reach import Way, connect_ws, route_of

log = logging.getLogger("bazaar.net")
Arrived = Callable[[list[Event]], None]
BACKOFF = (0.2, 0.5, 1.0, 2.0, 4.0)  # seconds between reconnection attempts, the last repeated
REQUEST_SECONDS = 10.0  # a request unanswered this long counts as a lost connection
PING_EVERY = 2.0  # seconds between latency probes
STOP_SECONDS = 0.1  # how often an attempt to join looks whether it was given up
# The server's refusals that no retry can mend
FATAL = {p.BAD_TOKEN, p.BAD_CODE, p.CODE_USED, p.REPLACED, p.VERSION_MISMATCH, p.MISSING_GAME}


class Hello(TypedDict):
    """The first message on a connection with a seat token (the welcome's, once one came)."""

    type: Literal["hello"]
    v: int
    token: str
    games: dict[str, str]


class Join(TypedDict):
    """The first message on a connection that takes a seat with an invite's code (and, when
    the guest gave one, its own name for the seat)."""

    type: Literal["join"]
    v: int
    code: str
    games: dict[str, str]
    name: NotRequired[str]


class Down(NamedTuple):
    """From the link's thread: the connection failed or dropped, in words (failures.py)."""

    kind: Literal["down"]
    words: str


class Arrival(NamedTuple):
    """From the link's thread: a message as decoded, and when it was read (a ping is timed by
    it, not by when the table applied it)."""

    kind: Literal["message"]
    message: p.Object
    at: float


Inbound = Down | Arrival
Inbox = queue.Queue[Inbound]


class Offline(Exception):
    """The authority cannot be reached now (the link is reconnecting, or gave up)."""


def games() -> dict[str, str]:
    """The games this app has, and their versions: said in hello and join, so a match of a game
    it lacks is refused with what to install."""
    return {name: faces.plugin(name).version for name in faces.games()}


def missing_words(error: p.ErrorBody) -> Msg:
    """A refusal of a match whose game one side lacks, in this app's words."""
    game = error.get("game", "")[:40]
    if error.get("lacking") == "server":
        return msg("The host does not have the game {game}.", game=game)
    install = " ".join(part[:40] for part in (error.get("distribution", ""), error.get("version", "")))
    install = install.strip()
    return msg(
        "This match plays {game}, which this app does not have: install {install}.",
        game=game,
        install=install,
    )


class NetError(Exception):
    """Joining failed, with words a person can read, and the server's error code when it
    refused (none when it could not be reached)."""

    def __init__(self, message: str, code: str = ""):
        super().__init__(message)
        self.code = code


@dataclass
class Clock:
    """The authority's clock as last heard, and when (this machine's monotonic time)."""

    now: int = 0
    running: bool = False
    rate: float = 60.0
    at: float = 0.0
    waiting: p.Object | None = None  # whom a held sand waits for (docs/network.md)

    def estimate(self) -> int:
        if not self.running:
            return self.now
        return self.now + int((time.monotonic() - self.at) * self.rate)


class Link:
    """The socket, on threads of its own: one opens it, says hello, reads into `inbox`, and when
    the connection drops opens it again (with the seat token the welcome gave) until closed;
    the other sends what the window queued and closes. Nothing here waits on the network for
    its caller: `send`, `drop` and `close` only queue (a close waits for the peer's answer up to
    CLOSE_SECONDS, on the sending thread)."""

    OPEN_SECONDS = 5.0  # connecting, TLS and the handshake, before an attempt counts as failed
    CLOSE_SECONDS = 1.0  # the peer's answer to our close, before the socket is simply shut

    def __init__(
        self,
        url: str,
        first: Hello | Join,
        inbox: Inbox,
        route: Invite | None = None,
        trying: Callable[[Way], None] | None = None,
    ):
        self.url = url
        self.route = route or route_of(url)  # the host's candidates and key (game/net/reach.py)
        self.trying = trying  # told each candidate as it is tried (the Join screen shows it)
        self.first = first  # join (a code) until a welcome brings the token, then hello
        self.inbox = inbox
        self.ws: ClientConnection | None = None
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.outgoing: queue.Queue[tuple[str, ClientConnection | None, str]] = queue.Queue()
        self.thread = threading.Thread(target=self._run, daemon=True, name="link")
        self.sender = threading.Thread(target=self._send_all, daemon=True, name="link-send")

    def start(self) -> None:
        self.thread.start()
        self.sender.start()

    def _run(self) -> None:
        attempt = 0
        while not self.stopping.is_set():
            try:
                with connect_ws(
                    self.route,
                    self.OPEN_SECONDS,
                    self.stopping,
                    self.trying,
                    max_size=p.MAX_OUT_FRAME,
                    compression=None,
                    proxy=None,
                    ping_interval=p.PING_SECONDS,
                    ping_timeout=p.PING_SECONDS,
                    close_timeout=self.CLOSE_SECONDS,
                ) as ws:
                    attempt = 0
                    if self._session(ws):
                        return
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ConnectionClosed) as exc:
                # (ConnectionClosed: the peer shut the socket while the handshake was sent, as
                # a host killed mid-connect does: tried again, like any failed attempt)
                if self.stopping.is_set():
                    return  # given up on while it tried: nobody listens any more
                if isinstance(exc, InvalidHandshake):  # the words say little: the log says what
                    log.warning("%s answered no handshake of ours: %r from %r", self.url, exc, exc.__cause__)
                self.inbox.put(Down("down", failure_words(exc, self.url)))
            self.stopping.wait(BACKOFF[min(attempt, len(BACKOFF) - 1)])
            attempt += 1

    def _session(self, ws: ClientConnection) -> bool:
        """One connection, until it drops. True when the link should stop for good."""
        try:
            ws.send(p.encode(self.first))  # before anything queued for this connection
            with self.lock:
                if self.stopping.is_set():  # closed while it connected: nobody to read for
                    return True
                self.ws = ws
            for text in ws:
                message = p.decode_reply(text)
                kind = message.get("type")
                if kind == "welcome":
                    token = m.token(message)
                    self.first = Hello(type="hello", v=p.VERSION, token=token, games=games())
                fatal = kind == "error" and m.error_body(message.get("error"))["code"] in FATAL
                self.inbox.put(Arrival("message", message, time.monotonic()))
                if fatal:
                    self.stopping.set()
        except (ConnectionClosed, OSError, ValueError) as exc:  # ValueError: no message read
            if isinstance(exc, p.Malformed):
                log.warning("%s sent a message this client cannot read: %s", self.url, exc)
            self.inbox.put(Down("down", failure_words(exc, self.url)))
        finally:
            with self.lock:
                self.ws = None
            ws.close()
        if not self.stopping.is_set():
            self.inbox.put(Down("down", dropped(self.url)))
        return self.stopping.is_set()

    def _send_all(self) -> None:
        """The sending thread: each message on the connection it was queued for, in order; a
        drop or a close shuts that connection (waiting for the peer here, never in the frame)."""
        while True:
            what, ws, text = self.outgoing.get()
            if ws is not None:
                with contextlib.suppress(ConnectionClosed, OSError):
                    if what == "send":
                        ws.send(text)
                    else:
                        ws.close()
            if what == "close":
                return

    def _queue(self, what: str, text: str = "") -> bool:
        with self.lock:
            ws = self.ws
            if what == "close":
                self.stopping.set()  # under the lock: a connection opening now sees it
        self.outgoing.put((what, ws, text))
        return ws is not None

    def send(self, message: p.Object) -> None:
        """Queue `message` for the connection open now (Offline when there is none)."""
        if not self._queue("send", p.encode(message)):
            raise Offline()

    def drop(self) -> None:
        """Close this connection and open another (the welcome brings everything again)."""
        self._queue("drop")

    def close(self) -> None:
        self._queue("close")


class RemoteWindow:
    """What the seats `seats` may see of a match held by a server, and do in it."""

    def __init__(self, link: Link, inbox: Inbox):
        self.link = link
        self.inbox = inbox
        self.listeners: list[Arrived] = []
        self.status = "connecting"  # connecting, online, reconnecting, closed
        self.on_close: Callable[[], None] | None = None  # told once the table is left (hosting)
        self.problem = ""  # the last thing that went wrong, in words
        self.refusal = ""  # the code of the server's last refusal that closed the link for good
        self.resyncing = False  # a gap in the updates was seen: waiting for the next welcome
        self.latency_ms: float | None = None
        self.match_id = 0
        self.host = False
        self.seats: frozenset[int] = frozenset()
        self.viewer: int | None = None
        self._face: Face | None = None  # the game's face: the window holds none of its machinery
        self._players: list[Seat] = []
        self._options: Options = {}
        self.online: list[bool] = []
        self.left: frozenset[int] = frozenset()  # seats whose person left on purpose
        self.logs: dict[str, list[Event]] = {}
        self.views: dict[str, View] = {}
        self._count = 0
        self._played = 0
        self._to_act: frozenset[int] = frozenset()
        self._due: Command | None = None
        self._outcome: Outcome | None = None
        self.clock = Clock()
        self.own: dict[int, list[Command]] = {}
        self.replies: dict[int | None, p.Object] = {}
        self.next_id = 1
        self.pings: dict[int, float] = {}
        self.last_ping = 0.0
        # this client's own pace, under the server's rate limit, so it is never slowed down
        self.pace = p.Bucket(p.RATE * 0.8, p.BURST // 2)
        self.invite: Invite | None = None
        self.news = False  # something arrived this tick (a frame to draw)
        self.legals: dict[int, list[Command]] = {}  # per seat the match waits on, from the news
        self.moments: dict[str, dict[int, View]] = {}  # per viewer key: views around moments
        self.outbox: list[p.Object] = []  # requests waiting for this client's pace
        self.sent: dict[int, p.Object] = {}  # requests sent whose answer is to come
        self._said: list[str] = []
        self.fault: str | None = None  # why the server paused this match, while it is
        # the hint asked: its request's id (0 while queued) and the count it was asked at
        self.advising: tuple[int, int] | None = None
        self.advice: Hint | None = None  # the hint arrived, taken once
        self.rematch: Rematching | None = None  # who wants a rematch, once someone asked
        self.rematch_asked = False  # this screen asked for one
        self.reinvited: dict[int, str | Rejected] = {}  # per seat, the server's new join code, or why none

    # -- opening ---------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        url: str,
        first: Hello | Join,
        timeout: float | None = None,
        stop: threading.Event | None = None,
        route: Invite | None = None,
        trying: Callable[[Way], None] | None = None,
    ) -> RemoteWindow:
        """Connect and wait for the welcome (REQUEST_SECONDS at most): the window, or NetError
        saying why not. Never from the frame: the Join screen calls it on a thread of its own,
        and `stop` set gives the attempt up (seen within STOP_SECONDS). `route`: the host's
        candidates and key (an invite's), `trying` told each candidate tried."""
        inbox: Inbox = queue.Queue()
        link = Link(url, first, inbox, route, trying)
        window = cls(link, inbox)
        link.start()
        deadline = time.monotonic() + (REQUEST_SECONDS if timeout is None else timeout)
        while window.status != "online":
            if stop is not None and stop.is_set():
                link.close()
                raise NetError(msg("Joining was cancelled"))
            left = deadline - time.monotonic()
            try:
                item = inbox.get(timeout=min(STOP_SECONDS, max(0.01, left))) if left > 0 else None
            except queue.Empty:
                if left > STOP_SECONDS:
                    continue
                item = None
            if item is None:
                link.close()
                raise NetError(window.problem or msg("The host did not answer in time"))
            window._take(item)
            given_up = isinstance(item, Down) and (
                first["type"] == "join" or failures.refused_key(item.words)
            )
            if window.status == "closed" or given_up:
                link.close()
                raise NetError(window.problem or msg("Could not reach the host"), window.refusal)
        return window

    @classmethod
    def join(
        cls,
        invite: Invite,
        timeout: float | None = None,
        stop: threading.Event | None = None,
        trying: Callable[[Way], None] | None = None,
        name: str = "",
    ) -> RemoteWindow:
        """Take the invite's seat; `name`, when given, is the name the guest plays under (else
        the one the host typed)."""
        first = Join(type="join", v=p.VERSION, code=invite.code, games=games())
        if name.strip():
            first["name"] = name.strip()
        window = cls.open(invite.url, first, timeout, stop, invite, trying)
        window.invite = invite
        return window

    @classmethod
    def rejoin(
        cls,
        url: str | Invite,
        token: str,
        timeout: float | None = None,
        stop: threading.Event | None = None,
        trying: Callable[[Way], None] | None = None,
    ) -> RemoteWindow:
        """Take a seat again with its token: at `url`, or by a route (an invite's candidates
        and key, its code unused)."""
        route = url if isinstance(url, Invite) else None
        hello = Hello(type="hello", v=p.VERSION, token=token, games=games())
        return cls.open(route.url if route else str(url), hello, timeout, stop, route, trying)

    @property
    def token(self) -> str:
        first = self.link.first
        return first["token"] if first["type"] == "hello" else ""

    def close(self) -> None:
        """Leave the table: the others are told it was on purpose (not a dropped link)."""
        if self.status == "online":
            with contextlib.suppress(Offline):
                self.link.send({"type": "leave"})
        self.link.close()
        self.status = "closed"
        told, self.on_close = self.on_close, None
        if told is not None:
            told()

    # -- messages --------------------------------------------------------------------------
    def pump(self) -> int:
        """Apply whatever has arrived (each tick), and probe the latency now and then. Returns
        how many messages were applied."""
        taken = 0
        while True:
            try:
                item = self.inbox.get_nowait()
            except queue.Empty:
                break
            self._take(item)
            taken += 1
        if self.status == "online" and time.monotonic() - self.last_ping > PING_EVERY and self.pace.take():
            self.last_ping = time.monotonic()
            rid = self._id()
            self.pings[rid] = self.last_ping
            with contextlib.suppress(Offline):
                self.link.send({"type": "ping", "id": rid})
        self._send_queued()
        return taken

    def wait(self, timeout: float) -> bool:
        """Block until something arrives (or `timeout` passes), and apply it."""
        try:
            item = self.inbox.get(timeout=timeout)
        except queue.Empty:
            return False
        self._take(item)
        self.pump()
        return True

    def _take(self, item: Inbound) -> None:
        if isinstance(item, Down):
            if self.status != "closed":
                self.status = "reconnecting" if not self.link.stopping.is_set() else "closed"
                if item.words:
                    self.problem = item.words  # in words (failures.py), translated where drawn
            return
        try:
            self._apply(item.message, item.at)
        except p.Malformed as exc:
            self._refuse(item.message, exc)

    def _refuse(self, message: p.Object, exc: p.Malformed) -> None:
        """A message without the shape its type needs, refused before anything of it was
        applied: said in the log, and the connection it came on is dropped (the welcome on the
        next brings everything again); before any welcome, the window is given up."""
        kind = str(message.get("type"))[:40]
        log.warning("%s sent a %r message this client cannot read: %s", self.link.url, kind, exc)
        self.problem = failure_words(exc, self.link.url)
        if self.status == "connecting":
            self.status = "closed"
            self.link.close()
        else:
            self.resyncing = True  # what that connection still brings is dropped with it
            self.link.drop()

    def _apply(self, message: p.Object, at: float) -> None:
        kind = message.get("type")
        if kind == "welcome":
            self._welcome(m.welcome(message))
        elif kind == "update":
            self._update(message)
        elif kind == "clock":
            self._clock(m.clock(message.get("clock")))
        elif kind == "paused":  # a fault of the match's referee: said in this app's words
            clock = m.clock(message.get("clock"))
            self.fault = failures.PAUSED_WORDS
            self._said.append(self.fault)
            self._clock(clock)
        elif kind == "resumed":
            clock = m.clock(message.get("clock"))
            self.fault = None
            self._said.append(failures.RESUMED_WORDS)
            self._clock(clock)
        elif kind == "presence":
            presence = m.presence(message)
            self.online = presence["online"]
            self.left = presence["left"]
            self._players = presence["players"]
        elif kind == "rematch":
            self.rematch = m.rematch(message)
        elif kind == "reply":
            self._reply(message, at)
        elif kind == "error":
            error = m.error_body(message.get("error"))
            self.problem = (
                missing_words(error) if error["code"] == p.MISSING_GAME else error.get("message", "")
            )
            if error["code"] in FATAL:
                self.refusal = error["code"]
                self.status = "closed"
                self.link.close()

    def _reply(self, message: p.Object, at: float) -> None:
        rid = m.reply_id(message)
        if rid in self.pings:  # timed when the link thread read it, not when applied here
            clock = m.clock(message.get("clock"))
            self.latency_ms = (at - self.pings.pop(rid)) * 1000
            self._clock(clock)
        elif self.advising is not None and rid == self.advising[0]:
            self._advised(message)
        elif rid in self.sent:
            refused = None if message.get("ok") else m.refused(message)
            asked = self.sent.pop(rid)
            if asked["type"] == "reinvite" and isinstance(seat := asked.get("seat"), int):
                self.reinvited[seat] = (
                    m.new_code(message) if refused is None else Rejected(refused["message"])
                )
            elif refused is not None:  # a move or a hand-over the server refused: say why
                self._said.append(refused.get("message", ""))
        else:
            self.replies[rid] = message

    def _welcome(self, welcome: m.Welcome) -> None:
        self.match_id = welcome["match_id"]
        self._face = welcome["face"]
        self._players = welcome["players"]
        self._options = welcome["options"]
        self.seats = welcome["seats"]
        self.host = welcome["host"]
        self.online = welcome["online"]
        self.left = welcome["left"]
        if self.viewer is not None and self.viewer not in self.seats:
            self.viewer = None
        if self.status == "connecting" and len(self.seats) == 1:
            self.viewer = next(iter(self.seats))
        before = self._count
        seen = welcome["seen"]
        self.logs = {k: v["events"] for k, v in seen.items()}
        self.views = {k: v["view"] for k, v in seen.items() if v["view"] is not None}  # each has one
        self.moments = {k: v["moments"] for k, v in seen.items()}
        self.own = welcome["commands"]
        self._state(welcome)
        self.replies.clear()  # answers to requests given up when the link dropped
        for request in self.sent.values():  # a new invite's code is lost with the link: ask again
            if request["type"] == "reinvite" and isinstance(seat := request.get("seat"), int):
                self.reinvited[seat] = Rejected(self.offline_reason())
        self.sent.clear()  # sent before the link dropped: the welcome says what came of them
        if self.rematch_asked and (self.rematch is None or not self.rematch.token):
            # the rematch made while this screen was away went to the screens there: asked
            # again, the server (which keeps who agreed) answers with this screen's token at once
            self.outbox = [q for q in self.outbox if q["type"] != "rematch"] + [{"type": "rematch"}]
        if self.advising is not None and self.advising[0]:  # its answer is lost with the link
            asked, self.advising = self.advising[1], None
            self.advice = Hint(asked, None, self.offline_reason())
        self.resyncing = False
        was = self.status
        self.status = "online"
        self.problem = ""
        if was == "reconnecting" and self._count > before:
            self._tell(self.events(before))  # what happened while we were away
        self.fault = failures.PAUSED_WORDS if welcome["paused"] else None
        if welcome["waited"]:
            self._said.append(msg("The sand stood still while nobody was here."))

    def _update(self, message: p.Object) -> None:
        if self.resyncing:
            return  # what the old connection still brings: the welcome replaces it all
        update = m.update(message)
        if update["start"] != self._count:  # a gap: drop the socket, the welcome resyncs us
            self.resyncing = True
            self.link.drop()
            return
        for key, seen in update["seen"].items():
            self.logs.setdefault(key, []).extend(seen["events"])
            if seen["view"] is not None:
                self.views[key] = seen["view"]
            else:  # what changed since the last view (v3): the rest stands
                view = {**self.views.get(key, {}), **seen["changed"]}
                for gone in seen["removed"]:
                    view.pop(gone, None)
                self.views[key] = view
            self.moments.setdefault(key, {}).update(seen["moments"])
        for seat, commands in update["commands"].items():
            self.own.setdefault(seat, []).extend(commands)
        self._state(update)
        mine = update["seen"].get(p.viewer_key(self.viewer))
        self._tell(mine["events"] if mine is not None else [])

    def _state(self, news: m.News) -> None:
        self.legals = news["legal"]
        self._count = news["count"]
        self._played = news["played"]
        self._to_act = news["to_act"]
        self._due = news["due"]
        self._outcome = news["outcome"]
        self._clock(news["clock"])

    def _clock(self, clock: m.ClockNews | None) -> None:
        if clock is not None:
            heard = time.monotonic()
            self.clock = Clock(clock["now"], clock["running"], clock["rate"], heard, clock["waiting"])

    @property
    def sand_for_all(self) -> bool:
        return True  # the server's sand turns when every screen is ready

    @property
    def hold(self) -> Hold | None:
        """Whom the server's held sand waits for, with the seconds left at most as of now."""
        waiting = self.clock.waiting
        if waiting is None or self.clock.running:
            return None
        held = m.held(waiting)
        if held is None:
            return None  # a server of another make: its clock still counts
        left = held["seconds"] - (time.monotonic() - self.clock.at)
        return Hold(held["reason"], held["seats"], max(0.0, left))

    def _tell(self, events: list[Event]) -> None:
        if events:
            for arrived in list(self.listeners):
                arrived(events)

    def _id(self) -> int:
        self.next_id += 1
        return self.next_id

    def request(self, message: p.Object) -> p.Object:
        """Send a request and apply what arrives until its reply, which is returned. Offline
        when the link is down or the reply does not come."""
        for pause in (0.05, 0.1, 0.2, 0.4, 0.8, None):
            answer = self._ask(message)
            if answer.get("ok") or m.error_body(answer.get("error"))["code"] != p.SLOW_DOWN or pause is None:
                return answer
            time.sleep(pause)  # the server's rate limit: ask again a little later
        raise AssertionError("unreachable")

    def _ask(self, message: p.Object) -> p.Object:
        if self.status != "online":
            raise Offline()
        while not self.pace.take():  # never faster than the server allows
            time.sleep(self.pace.wait())
        rid = self._id()
        self.link.send({**message, "id": rid})
        deadline = time.monotonic() + REQUEST_SECONDS
        while rid not in self.replies:
            left = deadline - time.monotonic()
            try:
                item = self.inbox.get(timeout=left) if left > 0 else None
            except queue.Empty:
                item = None
            if item is None:
                raise Offline()
            self._take(item)
            if self.status != "online" and rid not in self.replies:
                raise Offline()
        return self.replies.pop(rid)

    # -- the Window interface --------------------------------------------------------------
    def look_as(self, seat: int | None) -> None:
        if seat is not None and seat not in self.seats:
            raise ValueError(f"this window plays seats {sorted(self.seats)}, not seat {seat}")
        self.viewer = seat

    @property
    def game(self) -> Face:
        """The game's face: its words, options and view-level checks (never its machinery). A
        window is handed out only once the welcome has named the game."""
        if self._face is None:
            raise NotOpened("no welcome has named the game yet")
        return self._face

    @property
    def players(self) -> list[Seat]:
        return list(self._players)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self._players]

    @property
    def options(self) -> Options:
        return dict(self._options)

    @property
    def count(self) -> int:
        return self._count

    @property
    def played(self) -> int:
        return self._played

    @property
    def to_act(self) -> frozenset[int]:
        return self._to_act

    @property
    def due(self) -> Command | None:
        return self._due

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def finished(self) -> bool:
        return self._outcome is not None

    @property
    def done(self) -> frozenset[int]:
        return frozenset()  # a race over the network takes one person a screen: no turns

    def view(self) -> View:
        return self.views[p.viewer_key(self.viewer)]

    def view_at(self, count: int) -> View:
        """The viewer's view around one of the game's moments (a round's end), as the news
        brought it; the view now for any other count."""
        return self.moments.get(p.viewer_key(self.viewer), {}).get(count) or self.view()

    def events(self, start: int = 0, stop: int | None = None) -> list[Event]:
        return self.logs.get(p.viewer_key(self.viewer), [])[start:stop]

    def listen(self, arrived: Arrived) -> None:
        self.listeners.append(arrived)

    def legal(self, seat: int) -> list[Command]:
        """The seat's legal moves, as the last news brought them (none while it is not to act)."""
        return list(self.legals.get(self._own_seat(seat), []))

    def check(self, seat: int, command: Command) -> Rejected | None:
        """Why the seat may not send `command` now, from what it sees (the game's own check on
        its view), without asking the server."""
        self._own_seat(seat)
        if self.status != "online":
            return Rejected(self.offline_reason())
        return self.game.why_not(self.seat_view(seat), seat, command)

    def submit(self, seat: int, command: Command) -> Rejected | None:
        """Send a command for one of this window's seats: refused at once only when the link is
        down; else sent (None), its events arriving as news and a refusal as a notice."""
        self._own_seat(seat)
        if self.status != "online":
            return Rejected(self.offline_reason())
        self._queue({"type": "submit", "seat": seat, "command": command})
        return None

    def commands(self, seat: int) -> list[Command]:
        return list(self.own.get(self._own_seat(seat), []))

    def seat_view(self, seat: int) -> View:
        return self.views[p.viewer_key(self._own_seat(seat))]

    # -- time and news ---------------------------------------------------------------------
    def now(self, seat: int | None = None) -> int:
        """The authority's clock as best known here (a timed game's sand)."""
        return max(0, self.clock.estimate())

    def tick(self, n: int, running: bool, ready: bool | Callable[[], bool]) -> None:
        """Apply what the server sent meanwhile, in order, and send what waits for the pace.
        The server keeps the time; the ticks given here move nothing."""
        self.news = self.pump() > 0

    def quiet(self, running: bool) -> int:
        return 1  # what comes next comes from the server, whenever it does

    @property
    def busy(self) -> bool:
        """News arrived, the link is down (its state is shown), an answer is awaited, or the
        sand runs."""
        return self.news or self.status != "online" or bool(self.sent or self.outbox) or self.clock.running

    @property
    def pending(self) -> int:
        return len(self.outbox) + sum(1 for asked in self.sent.values() if asked["type"] != "ping")

    def pause(self) -> None:
        """Nothing to do: the server keeps the time of a match played over the network."""

    def ready(self) -> None:
        """Tell the server this screen is ready for the round (a timed game's sand waits for
        every screen, or for a while)."""
        with contextlib.suppress(Offline):
            self.link.send({"type": "ready"})

    def notices(self) -> list[str]:
        said, self._said = self._said, []
        return said

    # -- hints: the server's (its referee thinks them) -------------------------------------
    def ask_hint(self, seat: int) -> None:
        if self.advising is not None or self.advice is not None:
            return
        if self.status != "online":
            self.advice = Hint(self._count, None, self.offline_reason())
            return
        message: p.Object = {"type": "advise", "seat": self._own_seat(seat)}
        self.advising = (0, self._count)
        self._queue(message)

    def _advised(self, message: p.Object) -> None:
        """The server's answer to the hint asked: its move, at the moment it was thought about;
        or why none came (one the match moved on from is stale at the table, said nowhere)."""
        asked = self.advising
        assert asked is not None
        if message.get("ok"):
            advice = m.advice(message)
            at = asked[1] if advice["at"] is None else advice["at"]
            self.advice = Hint(at, advice["command"])
        else:
            self.advice = Hint(asked[1], None, m.error_body(message.get("error")).get("message", ""))
        self.advising = None

    def hint(self) -> Hint | None:
        advice, self.advice = self.advice, None
        return advice

    @property
    def hinting(self) -> bool:
        return self.advising is not None

    # -- network play ----------------------------------------------------------------------
    @property
    def connection(self) -> Connection:
        """The link's state for the connection badge: this window itself."""
        return self

    def hand_to_bot(self, seat: int, level: str) -> Rejected | None:
        """The host hands a seat whose player is gone to our bot (sent; a refusal comes back as
        a notice, the new player with the presence)."""
        if self.status != "online":
            return Rejected(self.offline_reason())
        self._queue({"type": "hand_to_bot", "seat": seat, "level": level})
        return None

    def ask_reinvite(self, seat: int) -> Rejected | None:
        """The host of a match on a server asks it for a new join code for an away player's
        seat (sent; the answer comes to `reinvite_answer`)."""
        if self.status != "online":
            return Rejected(self.offline_reason())
        self.reinvited.pop(seat, None)
        self._queue({"type": "reinvite", "seat": seat})
        return None

    def reinvite_answer(self, seat: int) -> str | Rejected | None:
        """The server's answer to `ask_reinvite` for `seat`, taken once: the new join code, or
        why there is none (None: not come yet)."""
        return self.reinvited.pop(seat, None)

    def ask_rematch(self) -> None:
        """This screen wants a rematch (sent once; a refusal comes back as a notice, who agreed
        with `rematch`)."""
        if not self.rematch_asked:
            self.rematch_asked = True
            self._queue({"type": "rematch"})

    def offline_reason(self) -> str:
        return msg("Not connected to the host: nothing was sent. Play it again once the table is back.")

    def _own_seat(self, seat: int) -> int:
        if seat not in self.seats:
            raise PermissionError(f"this window plays seats {sorted(self.seats)}, not seat {seat}")
        return seat

    def _queue(self, message: p.Object) -> None:
        self.outbox.append(message)
        self._send_queued()

    def _send_queued(self) -> None:
        """Send what waits, as this client's pace allows (the server's rate limit, shared)."""
        while self.outbox and self.status == "online" and self.pace.take():
            rid = self._id()
            message: p.Object = {**self.outbox.pop(0), "id": rid}
            try:
                self.link.send(message)
            except Offline:  # the link dropped under it: it goes when the table is back
                self.outbox.insert(0, {k: v for k, v in message.items() if k != "id"})
                return
            if message["type"] == "advise" and self.advising is not None:
                self.advising = (rid, self.advising[1])  # a hint is no move the table waits on
            else:
                self.sent[rid] = message

    # -- for programs and tests: requests that wait for their answer ----------------------
    def submit_sync(self, seat: int, command: Command) -> Rejected | None:
        """Send a command and wait for the server's answer (never from a table)."""
        self._own_seat(seat)
        try:
            answer = self.request({"type": "submit", "seat": seat, "command": command})
        except Offline:
            return Rejected(self.offline_reason())
        return None if answer.get("ok") else Rejected(m.refused(answer).get("message", ""))

    def hand_to_bot_sync(self, seat: int, level: str) -> Rejected | None:
        """Hand a seat to our bot and wait for the server's answer (never from a table)."""
        try:
            answer = self.request({"type": "hand_to_bot", "seat": seat, "level": level})
        except Offline:
            return Rejected(self.offline_reason())
        return None if answer.get("ok") else Rejected(m.refused(answer).get("message", ""))
