"""The authority on the network: many matches behind one WebSocket port.

`python -m game serve` runs it headless (docs/network.md); the host's app runs the same server
in a thread (`Threaded`) for the match it hosts. Matches are stored in the SQLite store like the
app's (a restart loads every unfinished one and its bots play on); the join codes and seat
tokens are in `network.sqlite3` beside it.

Each connection first says `hello` (a seat token), `join` (a join code) or `create` (a new
match). Every message is checked for its shape before anything reads it; a connection that
sends too much, too fast, malformed or not at all is told why and, past a limit, closed. The
others, and every other match, carry on.

The event loop never waits on a file: the store is written and read on a thread of its own,
one write after another (each match's through its ledger, game/core/ledger.py), the join codes
and tokens on another, and `view_at` and the welcomes fold on a third. In the host's app the server shares the
app's store and its one thread (`store=`, `writer=`): one connection to the file, every write
of the app's tables and of the server's rooms in one queue. While another program holds the
file, the server's rooms play on and only the news of their moves waits.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hmac
import inspect
import logging
import os
import random
import ssl
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from game.core import cores, registry
from game.core.codec import FormatError
from game.core.ledger import Ledger
from game.core.match import Match, Seat
from game.core.ruleset import AT_TABLE, Budget
from game.core.store import Store
from game.core.storedb import FILENAME as STORE_FILE
from game.core.thinking import MINDS
from game.core.weigh import WEIGHED
from game.core.writer import Writer
from game.net import collector, cork
from game.net import protocol as p
from game.net.keys import FILENAME as KEYS_FILE
from game.net.keys import Keys, Pass
from game.net.reads import small_reads
from game.net.room import Drive, Room
from game.net.scribe import Scribe

log = logging.getLogger("bazaar.net")

MAX_NAME = 24
CREATES = 20  # matches one connection may make (a host makes one; a flood of them is refused)
MAX_ROOMS = 2000  # matches loaded at once; a create past it is refused ("full")
CLOSE_SECONDS = 5.0  # a connection the server closes is cut after this at the latest
STOP_SECONDS = 2.0  # a stopping server waits this long for its clients' closes, then cuts them
# ...and this long for its matches' writes under way; a move not stored by then was never
# acknowledged (its reply waits for its write)
FLUSH_SECONDS = 5.0
MINDS_SECONDS = 120.0  # how long `serve` listens for its bot workers to come up
SEAT_KINDS = ("human", "online", "bot", "rules")  # never "cmd": a client must not run programs here


class Full(ValueError):
    """A create refused because the server holds as many matches as it may (the "full" error)."""


class Connection:
    """One client: what its token allows once it has one, and its outbox. A client too slow
    to read its outbox is dropped rather than let it fill the server's memory.

    A message goes straight to the socket when nothing waits before it (the outbox empty, its
    writer idle, the socket's buffer drained): through the outbox each cost a wake of the
    writer task and websockets' send, a few percent of a busy server's CPU."""

    def __init__(self, ws: ServerConnection):
        self.ws = ws
        self.grant: Pass = Pass(0, (), False)
        self.room: Room | None = None
        # what goes out, in order; a (code, reason) closes the connection after the rest
        self.outbox: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue(p.OUTBOX)
        self.bucket = p.Bucket(p.RATE, p.BURST)
        self.strikes = 0  # refused messages, one forgiven every STRIKE_SECONDS
        self.creates = 0  # matches made through this connection (CREATES at most)
        self.struck = time.monotonic()
        self.ended = False  # closing: it takes nothing more
        self.writing = False  # the writer is sending one of the outbox's messages
        self.corked = False  # frames wait in websockets' buffer for the cork's end (game/net/cork.py)

    def strike(self) -> None:
        """A refused message (malformed, too fast, not allowed). The STRIKES-th of them closes
        the connection, after its answer; one is forgiven every STRIKE_SECONDS, so a long
        session's rare ones never add up to that."""
        now = time.monotonic()
        forgiven = int((now - self.struck) // p.STRIKE_SECONDS)
        if forgiven:
            self.strikes = max(0, self.strikes - forgiven)
            self.struck += forgiven * p.STRIKE_SECONDS
        if self.strikes == 0:
            self.struck = now  # the next is forgiven a whole STRIKE_SECONDS from now
        self.strikes += 1

    @property
    def struck_out(self) -> bool:
        return self.strikes >= p.STRIKES

    def send(self, message: dict[str, Any]) -> None:
        if self.ended:
            return
        text = p.encode(message)
        if not self.writing and self.outbox.empty() and self._sent_now(text):
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            # The writer waits on a client that reads nothing, and would wait for ever (the
            # keepalive's ping waits behind the same full buffer): cut the connection now.
            # It reads no close frame either; it resyncs when it connects again.
            log.info("a client too slow to read was dropped")
            self.ended = True
            self.ws.transport.abort()

    def _sent_now(self, text: str) -> bool:
        """`text` as a frame, written to the socket now if it takes it at once (an open
        connection whose buffer is empty), or with the others of its cork at the cork's end
        (game/net/cork.py): websockets' own frames (pings, the close) are written the same
        way, whole, between two turns of the loop."""
        ws = self.ws
        transport = ws.transport
        if ws.protocol.state is not State.OPEN or transport.is_closing() or transport.get_write_buffer_size():
            return False
        ws.protocol.send_text(text.encode())
        if not self.corked:
            self.corked = cork.defer(self._flush)
            if not self.corked:
                self._flush()
        return True

    def _flush(self) -> None:
        """Write the frames waiting in websockets' buffer, in one piece."""
        self.corked = False
        data = self.ws.protocol.data_to_send()
        if data and not self.ws.transport.is_closing():  # (cut meanwhile: nobody reads them)
            self.ws.transport.write(b"".join(data))

    def close(self, code: int, reason: str) -> None:
        """Close once what is queued has gone out (the client is told why first), and in
        CLOSE_SECONDS at the latest."""
        if self.ended:
            return
        self.ended = True
        try:
            self.outbox.put_nowait((code, reason))
        except asyncio.QueueFull:
            self.ws.transport.abort()
            return
        asyncio.get_running_loop().call_later(CLOSE_SECONDS, self.ws.transport.abort)

    async def write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                item = await self.outbox.get()
                if isinstance(item, tuple):
                    await self.ws.close(*item)
                    return
                self.writing = True
                try:
                    await self.ws.send(item)
                finally:
                    self.writing = False


class Server:
    """The matches of one process. Every method runs on its event loop's thread."""

    def __init__(
        self,
        data_dir: Path,
        *,
        bot_pause: float = 0.6,
        rate: float = 60.0,
        budget: Budget | None = None,
        max_rooms: int = MAX_ROOMS,
        allow_create: bool = True,
        creator_key: str = "",
        allow_seed: bool = False,
        hints: Budget | None = AT_TABLE,
        store: Store | None = None,
        writer: Writer | None = None,
        scribe: bool = False,
        scribe_cores: cores.Cores | None = None,
    ):
        data_dir.mkdir(parents=True, exist_ok=True)
        # the host's app lends its own store and its thread (it closes them itself)
        self.owns_store = store is None
        self.store = Store.open(data_dir / STORE_FILE) if store is None else store
        if self.store.problem and store is None:
            log.warning("%s", self.store.problem)
        self.keys = Keys(data_dir / KEYS_FILE)
        # the bots think where the app's do: our own in worker processes, shared by every
        # server of this process (the app's hosting one among them) and never shut down here;
        # a light bot on a thread (game/core/weigh.py)
        self.executor = WEIGHED
        # one thread for the store (its writes and loads in the order asked, so a match loaded
        # again reads every write made before), one for the keys, and the folds of view_at
        self.writer = Writer(self.store) if writer is None else writer
        # `serve`: the matches' writes in a process of their own, once it is up (game/net/scribe.py)
        self.scribe = Scribe(self.store, self.writer, scribe_cores) if scribe and self.owns_store else None
        self.keying = ThreadPoolExecutor(max_workers=1, thread_name_prefix="keys")
        self.folds = ThreadPoolExecutor(max_workers=2, thread_name_prefix="fold")
        # a seat's hint (`advise`) is thought by its room's referee on `hints` (None: refused)
        self.drive = Drive(self.executor, bot_pause, budget or AT_TABLE, rate, folds=self.folds, hints=hints)
        self.rooms: dict[int, Room] = {}
        self.opened: dict[int, int] = {}  # per match, how often a room was opened for it
        self.creating = 0  # creates under way (their matches count against max_rooms)
        self.connections: set[Connection] = set()
        self.max_rooms = max_rooms
        self.allow_create = allow_create
        # with a creator key, only a `create` carrying it makes a match (the app's Host "on a
        # server"); without one, every client may, unless allow_create is off
        self.creator_key = creator_key
        # a seed chosen by a client tells it every shuffle of a match it may then play against
        # a friend: only tools and tests (serve --allow-seed) may send one
        self.allow_seed = allow_seed
        self.address: tuple[str, int] | None = None
        self.not_loaded: dict[int, str] = {}  # at the start: the matches that could not be, and why
        # told the peer's address of each connection that takes a seat (the host's app learns
        # from it that friends outside reach it); called on the loop, so it must not block
        self.entered: Callable[[str], None] | None = None

    # -- threads ---------------------------------------------------------------------------
    def _stored(self, fn: Callable[..., Any], *args: Any) -> Awaitable[Any]:
        """`fn(*args)` on the store's thread, after every write asked before."""
        return asyncio.wrap_future(self.writer.call(fn, *args))

    def _keyed(self, fn: Callable[..., Any], *args: Any) -> Awaitable[Any]:
        """`fn(*args)` on the keys' thread."""
        return asyncio.get_running_loop().run_in_executor(self.keying, fn, *args)

    def _keys_soon(self, fn: Callable[..., Any], *args: Any) -> None:
        """A change to the keys nobody waits for (a match marked finished)."""

        def done(future: Any) -> None:
            if not future.cancelled() and future.exception() is not None:
                log.warning("the keys could not be changed: %r", future.exception())

        self.keying.submit(fn, *args).add_done_callback(done)

    # -- matches ---------------------------------------------------------------------------
    async def resume_all(self) -> dict[int, str]:
        """Load every unfinished hosted match, so their bots and clocks run again. The ones
        that cannot be loaded are logged and returned, each with why; the others run."""
        failed: dict[int, str] = {}
        for match_id in await self._keyed(self.keys.hosted):
            try:
                await self.room(match_id)
            except Exception as exc:  # one damaged match must not keep the others from playing
                failed[match_id] = str(exc) or type(exc).__name__
                log.error("match %s could not be loaded: %s", match_id, failed[match_id])
        if failed:
            log.error("%d match(es) could not be loaded: %s", len(failed), ", ".join(map(str, failed)))
        return failed

    async def room(self, match_id: int) -> Room:
        """The match's room, loaded from the store (on its thread) when it is not in memory."""
        while (room := self.rooms.get(match_id)) is None:
            opened = self.opened.get(match_id, 0)
            match = await self._stored(self.store.load, match_id)
            # opened meanwhile for another connection (this read may be older than what that
            # room stored since): that room, or a fresh read
            if match_id not in self.rooms and self.opened.get(match_id, 0) == opened:
                return self._open(match_id, match)
        return room

    def _open(self, match_id: int, match: Match) -> Room:
        """A room for a match just stored or loaded (and not changed since)."""
        ledger = Ledger(
            self.store.saving(match), match, self.scribe or self.writer, asyncio.get_running_loop()
        )
        room = Room(match_id, match, self.drive, self._resting, ledger)
        self.rooms[match_id] = room
        self.opened[match_id] = self.opened.get(match_id, 0) + 1
        room.schedule()
        return room

    def _resting(self, room: Room) -> None:
        if room.match.finished and room.ledger is not None:
            # marked finished once its end is stored: a server killed before then resumes it
            room.ledger.after(lambda: self._keys_soon(self.keys.finished, room.id))
        self._unload_soon(room)

    def _unload_soon(self, room: Room) -> None:
        """A match where nothing happens until someone connects (finished, or waiting on people
        none of whom is here) leaves memory and the count of rooms a create is measured
        against; it is stored, and loaded again for whoever comes back to it."""
        if room.dormant():
            asyncio.get_running_loop().call_soon(self._unload, room)

    def _unload(self, room: Room) -> None:
        if self.rooms.get(room.id) is room and room.dormant():
            if room.ledger is not None and not room.ledger.idle:
                # a room loaded again must read every write of this one: it leaves once stored
                room.ledger.after(lambda: self._unload_soon(room))
                return
            room.close()
            del self.rooms[room.id]

    async def create(
        self, game: Any, seats: Any, options: Any = None, seed: Any = None
    ) -> tuple[int, dict[int, str], str]:
        """A new match: its id, a join code for each online seat and the host's token (for the
        "human" seats, those at the creator's screen). ValueError says what is wrong."""
        if len(self.rooms) + self.creating >= self.max_rooms:
            raise Full("this server holds as many matches as it can; try later")
        if game not in registry.names():
            raise ValueError(f"unknown game {str(game)[:40]!r}")
        rules = registry.get(game)
        options = options if options is not None else {}
        if not isinstance(options, dict):
            raise ValueError("options must be an object")
        for key, value in options.items():
            known = {o.key: o for o in rules.options}
            if key not in known or value not in known[key].choices:
                raise ValueError(f"{rules.title} has no option {key}={value!r}")
        made = [_seat(rules, s) for s in seats] if isinstance(seats, list) else None
        if not made:
            raise ValueError("seats must be a list of {name, kind, level}")
        fixed = rules.fixed_seats({**rules.default_options(), **options})
        for i, s in enumerate(made):
            if (s.kind == "rules") != (i in fixed):
                raise ValueError(f"seat {i + 1}: the seats the rules play, and only those, are 'rules'")
            if i in fixed:
                made[i] = Seat(s.name, "rules", fixed[i])
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        elif not p.whole(seed) or not 0 <= seed < 2**63:  # what the store keeps (signed 64-bit)
            raise ValueError("a seed is a whole number from 0 to 2**63 - 1")
        if rules.timed and sum(s.kind == "human" for s in made) > 1:
            raise ValueError("in a race over the network each person needs a screen of their own")
        return await self._made(Match.new(rules, made, options, seed))

    async def _made(
        self, match: Match, held: frozenset[int] = frozenset()
    ) -> tuple[int, dict[int, str], str]:
        """A new match stored and opened: its id, a join code for each online seat but those
        `held` (a rematch's guests carry theirs on with a token) and the host's token."""
        made = match.seats
        online = [i for i, s in enumerate(made) if s.kind == "online" and i not in held]
        at_screen = [i for i, s in enumerate(made) if s.kind == "human"]
        self.creating += 1
        try:
            match_id = await self._stored(self.store.attach, match)
            codes, token = await self._keyed(self.keys.host, match_id, online, at_screen)
        finally:
            self.creating -= 1
        self._open(match_id, match)  # its bots start; a match waiting on people rests until they come
        return match_id, codes, token

    async def rematch(self, conn: Connection, rid: int) -> dict[str, Any]:
        """A screen wants the same seats again once the match is over: every person's seat
        agrees (a bot's agrees by itself), each screen is told who has, and once all have, a new
        match with the same seats and options is made and each screen of the old one gets a
        token for its seats there (docs/network.md, "Rematch")."""
        room = conn.room
        assert room is not None
        if not room.match.finished:
            return p.error(p.REFUSED, "the match is not over yet: a rematch comes after its end", rid)
        mine = room.people.intersection(conn.grant.seats)
        if not mine and not conn.grant.host:
            return p.error(p.NOT_YOURS, "only the players of this match may ask for a rematch", rid)
        if room.rematch is not None:  # made already: this screen comes along too
            await self._carry(room, [conn], await asyncio.shield(room.rematch))
            return p.reply(rid)
        room.agreed |= mine
        waiting = room.people - room.agreed
        if waiting:
            room.tell_all({"type": "rematch", "agreed": sorted(room.agreed), "waiting": sorted(waiting)})
            return p.reply(rid)
        room.rematch = asyncio.ensure_future(self._rematch_of(room))
        try:
            made = await asyncio.shield(room.rematch)
        except ValueError as exc:  # full: nothing was made; the next ask tries again
            room.rematch = None
            return p.error(p.FULL if isinstance(exc, Full) else p.REFUSED, str(exc), rid)
        await self._carry(room, list(room.conns), made)
        return p.reply(rid)

    async def _rematch_of(self, room: Room) -> tuple[int, str]:
        """The new match of a rematch (the same seats, names and options, a new deal): its id
        and the host's token."""
        if len(self.rooms) + self.creating >= self.max_rooms:
            raise Full("this server holds as many matches as it can; try later")
        old = room.match
        match = Match.new(old.ruleset, list(old.seats), old.options, random.SystemRandom().randrange(2**31))
        held = frozenset(s for c in room.conns for s in c.grant.seats)
        match_id, _, token = await self._made(match, held)
        return match_id, token

    async def _carry(self, room: Room, conns: list[Any], made: tuple[int, str]) -> None:
        """Each of `conns` told the rematch's match and a token for its seats there."""
        match_id, host_token = made
        for conn in conns:
            if conn.grant.host:  # the host's token plays the seats at its screen, as before
                token = host_token
            else:
                token = await self._keyed(self.keys.token, match_id, conn.grant.seats)
            news = {"type": "rematch", "agreed": sorted(room.people), "waiting": [], "match": match_id}
            conn.send({**news, "token": token})

    async def reinvite(self, match_id: int, seat: int) -> str:
        """A new join code for an online seat whose player is away (its invite spent, or lost):
        the old invite and the player's token stop working. ValueError says why not."""
        room = await self.room(match_id)
        if not 0 <= seat < len(room.match.seats) or room.match.seats[seat].kind != "online":
            raise ValueError(f"seat {seat + 1} is not a seat for a player at another computer")
        if room.online()[seat]:
            raise ValueError(f"seat {seat + 1}'s player is connected")
        codes = await self._keyed(self.keys.new_codes, match_id, [seat])
        return codes[seat]

    async def _reinvite(self, conn: Connection, room: Room, seat: Any, rid: int) -> dict[str, Any]:
        """`reinvite` over the protocol: what a host whose match is on this server (made with
        `create`) asks, as the app hosting a match asks `reinvite` in its own process."""
        if not conn.grant.host:
            return p.error(p.NOT_HOST, "only the host may make a new invite", rid)
        if not p.whole(seat):
            return p.error(p.BAD_MESSAGE, "reinvite takes a seat number", rid)
        try:
            code = await self.reinvite(room.id, seat)
        except ValueError as exc:
            return p.error(p.REFUSED, str(exc), rid)
        return p.reply(rid, code=code)

    async def host_again(self, match_id: int) -> str:
        """The host's app started again: a fresh host token for its match (loaded here)."""
        room = await self.room(match_id)
        at_screen = [i for i, s in enumerate(room.match.seats) if s.kind == "human"]
        return await self._keyed(self.keys.host_again, match_id, at_screen)

    async def fresh_invites(self, match_id: int) -> dict[int, str]:
        """New join codes for the online seats nobody has joined yet (the host's app started
        again and shows them): the old codes stop working."""
        waiting = await self._keyed(self.keys.open_codes, match_id)
        return await self._keyed(self.keys.new_codes, match_id, waiting) if waiting else {}

    # -- connections -----------------------------------------------------------------------
    async def handle(self, ws: ServerConnection) -> None:
        small_reads(ws.transport)
        conn = Connection(ws)
        self.connections.add(conn)
        writer = asyncio.create_task(conn.write())
        try:
            await self._converse(conn)
        except ConnectionClosed:
            pass
        finally:
            self.connections.discard(conn)
            conn.ended = True
            if conn.room is not None:
                conn.room.detach(conn)
                self._unload_soon(conn.room)
            writer.cancel()  # the connection is closed: nothing more can go out

    async def _converse(self, conn: Connection) -> None:
        """Read and answer until the connection closes (ConnectionClosed). One the server
        closes is still read, and what it says dropped, until the client's close comes."""
        deadline = time.monotonic() + p.HELLO_SECONDS
        while True:
            wait = None if conn.room is not None or conn.ended else deadline - time.monotonic()
            try:
                if wait is not None and wait <= 0:
                    raise TimeoutError
                text = await asyncio.wait_for(conn.ws.recv(), wait)
            except TimeoutError:
                conn.close(1008, "say hello first")
                continue
            answer = await self._answer(conn, text)
            if answer is not None:
                conn.send(answer)
            if conn.struck_out:
                conn.close(1008, "too many bad or hurried messages")

    async def _answer(self, conn: Connection, text: str | bytes) -> dict[str, Any] | None:
        if conn.ended:
            return None  # what a closing connection still sends is not read
        try:
            message = p.decode(text)
            rid = message.get("id")
            if not conn.bucket.take():
                conn.strike()
                return p.error(
                    p.SLOW_DOWN, f"at most {p.RATE:g} messages a second; this one was dropped", rid
                )
            return await self._dispatch(conn, message)
        except p.ProtocolError as exc:
            conn.strike()
            return p.error(exc.code, exc.message, exc.id)

    async def _dispatch(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any] | None:
        kind, rid = message["type"], message.get("id")
        if kind == "create":
            if not self.allow_create:
                return p.error(p.NOT_HOST, "this server does not take new matches from clients", rid)
            if self.creator_key and not _same_key(message.get("key"), self.creator_key):
                conn.strike()  # a guess: guessing again and again closes the connection
                return p.error(p.NOT_HOST, "this server makes matches only with its creator key", rid)
            if "seed" in message and not self.allow_seed:
                conn.strike()
                return p.error(p.BAD_MESSAGE, "this server deals its own shuffles: send no seed", rid)
            if "seed" in message and not p.whole(message["seed"]):  # null too: no seed is no key
                return p.error(p.BAD_MESSAGE, "a seed is a whole number from 0 to 2**63 - 1", rid)
            conn.creates += 1
            if conn.creates > CREATES:
                conn.strike()
                return p.error(p.FULL, f"one connection may make {CREATES} matches at most", rid)
            game = message["game"]
            refusal = _lacking(message.get("games"), game, rid) if isinstance(game, str) else None
            if refusal is not None:
                return refusal
            try:
                match_id, codes, token = await self.create(
                    game, message["seats"], message.get("options"), message.get("seed")
                )
            except ValueError as exc:
                return p.error(p.FULL if isinstance(exc, Full) else p.BAD_MESSAGE, str(exc), rid)
            answer = {"type": "created", "match": match_id, "codes": {str(s): c for s, c in codes.items()}}
            return {**answer, "token": token, **({"id": rid} if rid is not None else {})}
        if kind in ("hello", "join"):
            return await self._enter(conn, message)
        if conn.room is None:
            conn.strike()
            return p.error(p.NOT_READY, "say hello (a seat token) or join (a join code) first", rid)
        room = conn.room
        if kind == "rematch":
            return await self.rematch(conn, message["id"])
        if kind == "reinvite":
            return await self._reinvite(conn, room, message["seat"], rid)
        answer = await room.request(conn, message)
        if kind == "hand_to_bot" and answer is not None and answer.get("ok"):
            # the old player's token opens nothing now
            await self._keyed(self.keys.revoke, room.id, message["seat"])
        return answer

    async def _enter(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any] | None:
        if conn.room is not None:
            return p.error(p.BAD_MESSAGE, "this connection already holds a seat", message.get("id"))
        join, rid = message["type"] == "join", message.get("id")  # refused under its id, if any
        name = message.get("name")  # a guest's own name for the seat (optional)
        if join and name is not None and not p.good_name(name):
            conn.strike()
            return p.error(p.BAD_MESSAGE, f"a name is 1 to {p.NAME_MAX} printable characters", rid)
        if join:  # the code is spent only once the client has the match's game
            known = await self._claim(conn, message["code"], False, rid)
            if isinstance(known, dict):
                return known
            grant = known[0]
        else:
            token = message["token"]
            valid = isinstance(token, str) and len(token) < 128
            found = await self._keyed(self.keys.check, token) if valid else None
            if found is None:
                conn.strike()
                return p.error(p.BAD_TOKEN, "this seat token is not known here (stale or mistyped)", rid)
            grant = found
        game = await self._game_of(grant.match_id)
        refusal = None if game is None else _lacking(message.get("games"), game, rid)
        if refusal is not None:
            return refusal
        if join:
            claimed = await self._claim(conn, message["code"], True, rid)  # one may have spent it since
            if isinstance(claimed, dict):
                return claimed
            grant, token = claimed
        try:
            room = await self.room(grant.match_id)  # attached before the loop moves on: not unloaded
        except (FormatError, KeyError) as exc:
            return p.error(p.BAD_TOKEN, f"that match cannot be loaded: {exc}", rid)
        conn.grant, conn.room = grant, room
        # its welcome is folded off the loop; this connection is read again once it is on its way
        if join and name is not None:  # before the welcome: it names the seat so already
            room.rename(grant.seats, name.strip())
        await room.attach(conn, token)
        if self.entered is not None and conn.ws.remote_address:
            self.entered(str(conn.ws.remote_address[0]))
        return None

    async def _game_of(self, match_id: int) -> str | None:
        """The game of a match: its room's, or the store's record of it (None: no such match)."""
        room = self.rooms.get(match_id)
        if room is not None:
            return room.rules.name
        info = await self._stored(self.store.info, match_id)
        return None if info is None else info.game

    async def _claim(
        self, conn: Connection, code: Any, spend: bool, rid: int | None
    ) -> tuple[Pass, str] | dict[str, Any]:
        """A join code's seat and a new token (`spend`: the code is used up), or the refusal."""
        valid = isinstance(code, str) and len(code) < 64
        claimed = await self._keyed(self.keys.claim, code, spend) if valid else "bad-code"
        if claimed == "code-used":
            conn.strike()
            return p.error(p.CODE_USED, "this invite was used already: ask the host for a new one", rid)
        if isinstance(claimed, str):
            conn.strike()
            return p.error(p.BAD_CODE, "no match has this join code", rid)
        return claimed

    # -- running ---------------------------------------------------------------------------
    async def run(
        self,
        host: str | list[str],
        port: int,
        started: Callable[[tuple[str, int]], None] | None = None,
        stop: asyncio.Event | None = None,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        if self.scribe is not None:
            self.scribe.start(asyncio.get_running_loop())
        self.not_loaded = await self.resume_all()
        async with serve(
            self.handle,
            host,
            port,
            ssl=tls,
            max_size=p.MAX_FRAME,
            max_queue=16,
            compression=None,
            ping_interval=p.PING_SECONDS,
            ping_timeout=p.PING_SECONDS,
            close_timeout=2,
        ) as server:
            sock = next(iter(server.sockets))
            self.address = sock.getsockname()[:2]
            if started is not None:
                started(self.address)
            await (stop or asyncio.Event()).wait()
            # Leaving closes every connection and waits for each client's close; one that reads
            # nothing would hold it (its close frame waits behind a full buffer): cut those.
            cut = asyncio.get_running_loop().call_later(STOP_SECONDS, self._cut_all)
        cut.cancel()
        await self.flush()
        self.close()

    def _cut_all(self) -> None:
        for conn in list(self.connections):
            conn.ws.transport.abort()

    async def flush(self) -> None:
        """Stop the matches and wait for their writes under way (FLUSH_SECONDS at most)."""
        for room in self.rooms.values():
            room.close()
        ledgers = [_stored(room.ledger) for room in self.rooms.values() if room.ledger is not None]
        try:
            await asyncio.wait_for(asyncio.gather(*ledgers), FLUSH_SECONDS)
        except TimeoutError:
            log.warning("the last moves were not all stored in %g s (none was acknowledged)", FLUSH_SECONDS)

    def close(self) -> None:
        for room in self.rooms.values():
            if not room.closed:
                room.close()
            if room.ledger is not None:
                room.ledger.close()
        self.rooms.clear()
        self.folds.shutdown(wait=False, cancel_futures=True)
        self.keying.shutdown(wait=True)  # a change to the keys under way ends first
        self.keys.close()
        if self.scribe is not None:
            self.scribe.close(FLUSH_SECONDS)
        if self.owns_store:
            self.writer.close()  # a write under way, too
            self.store.close()


def _lacking(theirs: Any, game: str, rid: int | None = None) -> dict[str, Any] | None:
    """The refusal of a match of `game` when this server lacks it, or the client (`games` of
    its hello, join or create: name to version) lacks it or has another major version of it;
    None when both have it, or the client does not say (an outside client)."""
    if game not in registry.names():
        return p.missing_game("server", game[:40], "", "", rid)
    if not isinstance(theirs, dict) or game not in registry.games():
        return None
    plugin = registry.plugin(game)
    version = theirs.get(game)
    if isinstance(version, str) and p.same_major(version, plugin.version):
        return None
    return p.missing_game("client", game, plugin.version, plugin.distribution, rid)


def _same_key(given: Any, key: str) -> bool:
    """Whether a create's `key` is the creator key (compared in constant time)."""
    return isinstance(given, str) and hmac.compare_digest(given.encode(), key.encode())


async def _stored(ledger: Ledger) -> None:
    """Wait until everything the ledger's match holds is stored."""
    if not ledger.idle:
        stored = asyncio.get_running_loop().create_future()
        ledger.after(lambda: stored.done() or stored.set_result(None))
        await stored


def _seat(rules: Any, data: Any) -> Seat:
    if not isinstance(data, dict):
        raise ValueError("a seat must be an object {name, kind, level}")
    name, kind, level = data.get("name"), data.get("kind", "online"), data.get("level", "")
    if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
        raise ValueError(f"a seat's name must be 1 to {MAX_NAME} characters")
    if kind not in SEAT_KINDS:
        raise ValueError(f"a seat's kind is one of {', '.join(SEAT_KINDS)}, not {str(kind)[:20]!r}")
    if kind == "bot" and level != "random" and level not in rules.bot_levels:
        raise ValueError(f"{rules.title} has no bot level {str(level)[:20]!r}")
    if not isinstance(level, str):
        raise ValueError("a seat's level must be text")
    return Seat(name, kind, level if kind in ("bot", "rules") else "")


class Threaded:
    """A server on its own thread and event loop: what the host's app and the tests run."""

    def __init__(
        self,
        server: Server,
        host: str | list[str] = "127.0.0.1",
        port: int = 0,
        tls: ssl.SSLContext | None = None,
    ):
        self.tls = tls
        self.server = server
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._thread = threading.Thread(target=self._main, args=(host, port), daemon=True, name="server")

    def start(self, timeout: float = 10.0) -> tuple[str, int]:
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the server did not start")
        if self._failed is not None:
            raise self._failed
        assert self.server.address is not None
        return self.server.address

    def _main(self, host: str | list[str], port: int) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()
            await self.server.run(host, port, lambda _: self._ready.set(), self._stop, self.tls)

        try:
            asyncio.run(main())
        except BaseException as exc:  # a port in use: the caller hears it from start()
            self._failed = exc
            self._ready.set()

    def call(self, fn: Callable[..., Any], *args: Any, timeout: float = 10.0) -> Any:
        """Run `fn(*args)` on the server's loop and return what it returns, awaited when it
        is a coroutine's (or raise)."""
        assert self._loop is not None

        async def run() -> Any:
            result = fn(*args)
            return await result if inspect.isawaitable(result) else result

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(timeout)

    def stopping(self) -> None:
        """Ask the server to stop, without waiting for it (`stop` waits)."""
        if self._loop is not None and self._stop is not None and self._thread.is_alive():
            with contextlib.suppress(RuntimeError):  # its loop has just closed
                self._loop.call_soon_threadsafe(self._stop.set)

    def stop(self, timeout: float = 10.0) -> None:
        self.stopping()
        if self._thread.is_alive():
            self._thread.join(timeout)


async def _minds_up() -> None:
    """Say when our bots' worker processes are up (until then, bots think on threads)."""
    if await asyncio.to_thread(MINDS.up.wait, MINDS_SECONDS):
        log.info("bots think in %d worker processes", MINDS.processes)


def _tls(args: argparse.Namespace, data: Path) -> tuple[ssl.SSLContext | None, Callable[[int], list[str]]]:
    """How `serve` speaks (docs/network.md, "TLS"), and what to tell its operator once the port
    is known: wss:// with its own key kept in `data` (pinned invites, the default); wss:// with
    an authority's certificate (`--tls-cert`: bazaars:// invites, pinned too when its renewals
    keep the key); or plain ws:// (`--plain`: behind a proxy that ends TLS, or a trusted network)."""
    from game.net.identity import KEY_FILE, Identity, pin_of_certificate

    if args.plain and args.tls_cert:
        raise SystemExit("bazaar: --plain and --tls-cert exclude each other")
    if args.plain:
        return None, lambda port: []
    if args.tls_cert:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.minimum_version = ssl.TLSVersion.TLSv1_2
        tls.load_cert_chain(args.tls_cert, args.tls_key or None)
        end = "-----END CERTIFICATE-----"
        first = Path(args.tls_cert).read_text().split(end)[0] + end + "\n"
        pin = pin_of_certificate(ssl.PEM_cert_to_DER_cert(first))
        return tls, lambda port: [
            f"invites: bazaars://HOST:{port}/CODE (checked against the system's authorities)",
            f"its certificate's key has pin={pin}: add ?pin={pin} to those invites only if renewals "
            "keep that key (certbot --reuse-key), or they stop working at the next renewal",
        ]
    identity = Identity.load_or_make(data)
    return identity.server_context(), lambda port: [
        f"invites: bazaar://HOST:{port}/CODE?pin={identity.pin} (the key is kept in {data / KEY_FILE})"
    ]


def main(args: argparse.Namespace) -> int:
    """`python -m game serve`: run until SIGINT or SIGTERM."""
    from game.core import paths

    # the loop on cores of its own, its scribe and bots' workers on the others (game/core/cores.py)
    parts = cores.split(cores.allowed(), MINDS.processes)
    loop_cores, rest = parts if parts else (None, None)
    cores.keep(loop_cores)  # first: every thread and process started from here inherits it
    MINDS.cores = rest
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    data = Path(args.data) if args.data else paths.data_dir() / "server"
    key = args.creator_key if args.creator_key is not None else os.environ.get("BAZAAR_CREATOR_KEY", "")
    if key.strip() and args.no_create:
        raise SystemExit(
            "bazaar: --no-create and a creator key exclude each other (the key already refuses strangers)"
        )
    server = Server(
        data,
        bot_pause=args.bot_pause,
        allow_create=not args.no_create,
        creator_key=key.strip(),
        allow_seed=args.allow_seed,
        hints=None if args.no_hints else AT_TABLE,
        scribe=True,
        scribe_cores=rest,
    )
    tls, said = _tls(args, data)
    scheme = "wss" if tls else "ws"
    # our bots' worker processes start now, not at the first bot's turn: until they are up
    # bots think on threads, holding the loop's interpreter (game/core/thinking.py)
    MINDS.start()

    async def run() -> None:
        stop = p.stopped_by_signals()

        def started(address: tuple[str, int]) -> None:
            for match_id, why in server.not_loaded.items():
                print(f"bazaar: match {match_id} could not be loaded: {why}", flush=True)
            print(f"bazaar: serving on {scheme}://{address[0]}:{address[1]} · data in {data}", flush=True)
            for line in said(address[1]):
                print(f"bazaar: {line}", flush=True)
            if server.creator_key:
                print(
                    "bazaar: new matches only from clients with the creator key (Host, on a server)",
                    flush=True,
                )

        tending = asyncio.create_task(collector.tend())  # no long pauses of the collector
        minds = asyncio.create_task(_minds_up())
        try:
            await server.run(args.host, args.port, started, stop, tls)
        finally:
            tending.cancel()
            minds.cancel()

    asyncio.run(run())
    return 0
