"""One match on the server: its authority, who is connected to which seat, and what drives it.

Everything here runs on the server's event loop thread. People's commands arrive from their
connections and are checked by the rules through their seat's window; bots think in worker
threads and their answers come back to the loop; the rules clock (Ubongo's sand) runs on the
server's time, never a client's. After every batch of events each connection gets an update:
its seats' views and the events redacted for them (the seat window's, as at one screen).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.core import bots
from game.core.authority import Authority
from game.core.clocked import Held
from game.core.match import Entry, Match
from game.core.outside import OutsideBotError
from game.core.ruleset import Budget, Command, Event, Rejected
from game.core.window import SeatWindow
from game.net import protocol as p
from game.net.keys import Pass

log = logging.getLogger("bazaar.net")

TICKS_PER_SECOND = 60
# A round of a timed game starts this many ticks after its sand is set: the time each screen
# takes to roll the die and turn the hourglass (Ubongo's table: 70 + 50 + 30 ticks)
INTRO_TICKS = 150
# ...and not before the people connected then have closed the last round's sheet and said
# "ready" (their die starts rolling), or this many seconds have passed
READY_SECONDS = 30.0
HANDOVER_LEVEL = "medium"  # our bot that takes over a seat whose bot failed


class Conn(Protocol):
    """A connection as a room sees it: what its token allows, and a way to send."""

    grant: Pass

    def send(self, message: dict[str, Any]) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


@dataclass
class Drive:
    """How a server's rooms play their bots and keep time."""

    executor: Executor
    bot_pause: float = 0.6  # seconds at least between a bot's turn coming and its move
    budget: Budget = field(default_factory=lambda: Budget(seconds=1.0))
    rate: float = TICKS_PER_SECOND  # ticks a second of the rules clock (tests run it faster)
    time: Callable[[], float] = time.monotonic


class RoomClock:
    """The authority's time in a timed game: ticks counted from the server's clock, or held
    still at one tick (a round waiting for its players to be ready)."""

    def __init__(self, drive: Drive, tick: int = 0):
        self.drive = drive
        self.base = drive.time()
        self.held: int | None = None
        self.set(tick)

    def now(self) -> int:
        if self.held is not None:
            return self.held
        return int((self.drive.time() - self.base) * self.drive.rate)

    def set(self, tick: int) -> None:
        self.held = None
        self.base = self.drive.time() - tick / self.drive.rate

    def hold(self, tick: int) -> None:
        self.held = tick

    def release(self) -> None:
        if self.held is not None:
            self.set(self.held)

    def seconds_until(self, tick: int) -> float:
        return max(0.0, self.base + tick / self.drive.rate - self.drive.time())


class Room:
    def __init__(self, match_id: int, match: Match, drive: Drive, on_rest: Callable[[Room], None]):
        self.id = match_id
        self.authority = Authority(match)
        self.rules = match.ruleset
        self.drive = drive
        self.on_rest = on_rest  # told when the match is over, or nothing happens until someone comes
        self.conns: dict[Conn, SeatWindow] = {}
        self.players: dict[int, Any] = {}
        self.bot_windows: dict[int, SeatWindow] = {}
        self.windows: dict[tuple[int, ...], SeatWindow] = {}  # the connections', by their seats
        for seat, s in enumerate(match.seats):
            if s.kind in ("bot", "cmd"):
                self._seat_bot(seat, bots.for_seat(self.rules, s))
        self.thinking: set[int] = set()
        self.held: dict[int, Held] = {}
        self.timer: asyncio.TimerHandle | None = None
        self.closed = False
        self.clock = RoomClock(drive, self.rules.time(match.state, None)) if self.rules.timed else None
        self._sand = match.clock is not None  # whether the sand ran at the last batch
        self.unready: set[int] = set()  # the people whose screen the new round's sand waits for
        self.ready_by = 0.0  # when it stops waiting for them (the drive's time)
        self._time = self.rules.time(match.state, None)
        match.listeners.append(self._changed)

    @property
    def match(self) -> Match:
        return self.authority.match

    def dormant(self) -> bool:
        """Nothing happens here until someone connects: nobody is, and no bot's move, held
        answer or running sand is to come."""
        if self.conns or self.thinking or self.held:
            return False
        if self.match.finished:
            return True
        if self.match.clock is not None:
            return False
        return not any(s in self.players for s in self.match.to_act)

    def _seat_bot(self, seat: int, player: Any) -> None:
        self.players[seat] = player
        self.bot_windows[seat] = self.authority.window({seat}, seat)

    # -- connections ----------------------------------------------------------------------
    def attach(self, conn: Conn, token: str) -> None:
        """A connection takes its seats (one that held them before is told and dropped)."""
        for other in [c for c in self.conns if set(c.grant.seats) & set(conn.grant.seats)]:
            other.send(p.error(p.REPLACED, "this seat was opened again elsewhere"))
            self.detach(other)
            other.close(1000, "replaced")
        # one window per set of seats, however often they reconnect: the authority keeps every
        # window it hands out and tells each of every move (each use sets its viewer first)
        window = self.windows.get(conn.grant.seats)
        if window is None:
            window = self.windows[conn.grant.seats] = self.authority.window(conn.grant.seats)
        self.conns[conn] = window
        conn.send({"type": "welcome", "v": p.VERSION, "token": token, **self._sync(conn, window)})
        self._presence()

    def detach(self, conn: Conn) -> None:
        if self.conns.pop(conn, None) is not None:
            self._presence()
            self.ready(conn)  # a screen that left is not waited for

    def online(self) -> list[bool]:
        here = {s for c in self.conns for s in c.grant.seats}
        return [i in here for i in range(len(self.match.seats))]

    def _presence(self) -> None:
        message = {
            "type": "presence",
            "online": self.online(),
            "players": [s.to_json() for s in self.match.seats],
        }
        for conn in list(self.conns):
            conn.send(message)

    def _viewers(self, conn: Conn) -> list[int | None]:
        """Whose eyes a connection sees through: its seat; each of its seats and a spectator's
        (behind a hand-off); a spectator's alone when it plays no seat (a host whose seats
        are all bots or online)."""
        seats = list(conn.grant.seats)
        return seats if len(seats) == 1 else [*seats, None]

    def _sync(self, conn: Conn, window: SeatWindow) -> dict[str, Any]:
        """Everything a connection needs to draw its table from nothing."""
        seen = {}
        for viewer in self._viewers(conn):
            window.look_as(viewer)
            seen[p.viewer_key(viewer)] = {"events": window.events(), "view": window.view()}
        match = self.match
        return {
            "match": {
                "id": self.id,
                "game": self.rules.name,
                "options": match.options,
                "players": [s.to_json() for s in match.seats],
            },
            "seats": list(conn.grant.seats),
            "host": conn.grant.host,
            "online": self.online(),
            "seen": seen,
            "commands": {str(s): window.commands(s) for s in conn.grant.seats},
            **self._state(window),
        }

    def _state(self, window: SeatWindow) -> dict[str, Any]:
        outcome = window.outcome
        return {
            "count": window.count,
            "played": window.played,
            "to_act": sorted(window.to_act),
            "due": window.due,
            "outcome": outcome.to_json() if outcome is not None else None,
            "clock": self.clock_json(),
        }

    def clock_json(self) -> dict[str, Any] | None:
        if self.clock is None:
            return None
        running = self.match.clock is not None and self.clock.held is None
        return {"now": self.clock.now(), "running": running, "rate": self.drive.rate}

    def ready(self, conn: Conn) -> None:
        """A screen is ready for the round (its sheet closed, its die rolls): when every
        screen the sand waits for is, the sand starts."""
        if not self.unready:
            return
        self.unready -= set(conn.grant.seats)
        if not self.unready and self.clock is not None and self.clock.held is not None:
            self._start_sand()

    def _start_sand(self) -> None:
        assert self.clock is not None
        self.unready.clear()
        self.clock.release()
        clock = self.clock_json()
        for conn in list(self.conns):
            conn.send({"type": "clock", "clock": clock})
        self.schedule()

    # -- requests -------------------------------------------------------------------------
    def request(self, conn: Conn, message: dict[str, Any]) -> dict[str, Any] | None:
        """Answer one request of a connection attached here. Whatever the rules raise on a
        strange command is an error to that request, never the connection's end."""
        if message["type"] == "ready":
            self.ready(conn)
            return p.reply(message["id"]) if "id" in message else None
        try:
            return self._request(conn, message)
        except Exception as exc:  # the rules must never take the server down
            log.warning("match %s: %.200r failed: %r", self.id, message, exc)
            return p.error(p.REFUSED, f"the rules could not take that: {str(exc)[:200]}", message["id"])

    def _request(self, conn: Conn, message: dict[str, Any]) -> dict[str, Any]:
        kind, rid = message["type"], message["id"]
        window = self.conns.get(conn)
        if window is None:  # replaced meanwhile
            return p.error(p.NOT_READY, "this connection holds no seat now", rid)
        if kind == "ping":
            return p.reply(rid, clock=self.clock_json())
        if kind == "view_at":
            count, viewer = message["count"], message.get("viewer")
            seats = conn.grant.seats
            if not _whole(count) or (viewer is not None and (not _whole(viewer) or viewer not in seats)):
                return p.error(p.BAD_MESSAGE, "view_at takes a count and one of your seats (or null)", rid)
            window.look_as(seats[0] if viewer is None and len(seats) == 1 else viewer)
            return p.reply(rid, view=window.view_at(count))
        if kind == "hand_to_bot":
            return self._hand_to_bot(conn, rid, message["seat"], message["level"])
        seat = message["seat"]
        if not _whole(seat) or seat not in conn.grant.seats:
            return p.error(p.NOT_YOURS, f"you do not play seat {repr(seat)[:20]}", rid)
        if seat in self.players:
            return p.error(p.NOT_YOURS, "a bot plays that seat now", rid)
        if kind == "legal":
            return p.reply(rid, commands=window.legal(seat))
        command = message["command"]
        if not isinstance(command, dict):
            return p.error(p.BAD_MESSAGE, "a command must be a JSON object", rid)
        command = self._stamped(seat, command)
        if kind == "check":
            refused = window.check(seat, command)
            return p.reply(rid, reason=None if refused is None else refused.reason)  # Rejected is falsy
        result = window.submit(seat, command)  # the update goes out before this reply
        if isinstance(result, Rejected):
            return p.error(p.REFUSED, result.reason, rid)
        return p.reply(rid)

    def _stamped(self, seat: int, command: Command) -> Command:
        """In a timed game a person's command carries the authority's time, whatever it said."""
        if self.clock is None:
            return command
        return {**command, "tick": max(0, self.clock.now(), self.rules.time(self.match.state, seat))}

    def _hand_to_bot(self, conn: Conn, rid: int, seat: Any, level: Any) -> dict[str, Any]:
        if not conn.grant.host:
            return p.error(p.NOT_HOST, "only the host may hand a seat to a bot", rid)
        if not _whole(seat) or not 0 <= seat < len(self.match.seats) or self.match.seats[seat].is_bot:
            return p.error(p.BAD_MESSAGE, f"seat {repr(seat)[:20]} is not a person's seat", rid)
        if level != "random" and level not in self.rules.bot_levels:
            return p.error(p.BAD_MESSAGE, f"{self.rules.title} has no bot level {repr(level)[:20]}", rid)
        self._seat_bot(seat, self.authority.hand_to_bot(seat, level))
        for other in [c for c in self.conns if c.grant.seats == (seat,)]:
            other.send(p.error(p.REPLACED, "the host handed your seat to a bot"))
            self.detach(other)
            other.close(1000, "handed to a bot")
        self._presence()
        self.schedule()
        return p.reply(rid)

    # -- news -----------------------------------------------------------------------------
    def _changed(self, match: Match, entry: Entry | None, events: list[Event]) -> None:
        if not events:
            return
        if self.clock is not None:
            sand, now = match.clock is not None, self.rules.time(match.state, None)
            if sand and (not self._sand or now < self._time):  # a round's sand is set: the die first
                self.clock.hold(-INTRO_TICKS)
                self.unready = {
                    s for c in self.conns for s in c.grant.seats if self.match.seats[s].kind != "bot"
                }
                self.ready_by = self.drive.time() + READY_SECONDS
                if not self.unready:
                    self.clock.release()
            self._sand, self._time = sand, now
        start = len(match.events) - len(events)
        for conn, window in list(self.conns.items()):
            seen = {}
            for viewer in self._viewers(conn):
                window.look_as(viewer)
                seen[p.viewer_key(viewer)] = {"events": window.events(start), "view": window.view()}
            mine = entry is not None and entry.seat in conn.grant.seats
            conn.send(
                {
                    "type": "update",
                    "from": start,
                    "seen": seen,
                    "commands": {str(entry.seat): [entry.command]} if mine and entry else {},
                    **self._state(window),
                }
            )
        self.schedule()

    # -- the drive: bots and the rules clock ----------------------------------------------
    def schedule(self) -> None:
        """Ask the bots the match waits on, and set the timer for the next thing time brings."""
        if self.closed:
            return
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.match.finished:
            self.held.clear()
            self.on_rest(self)
            return
        waiting = self.match.to_act
        for seat in [s for s in self.held if s not in waiting]:
            del self.held[seat]  # its sand ran out meanwhile
        for seat in sorted(waiting):
            if seat in self.players and seat not in self.thinking and seat not in self.held:
                self._think(seat)
        if self.dormant():
            self.on_rest(self)
        if self.clock is None:
            return
        if self.clock.held is not None:  # the sand waits for the screens to be ready
            wait = max(0.0, self.ready_by - self.drive.time())
            self.timer = asyncio.get_running_loop().call_later(wait, self._start_sand)
            return
        ticks = [h.tick for h in self.held.values()]
        due = self.match.clock
        if due is not None:
            ticks.append(due.get("tick", 0))
        if ticks:
            loop = asyncio.get_running_loop()
            self.timer = loop.call_later(self.clock.seconds_until(min(ticks)), self._on_time)

    def _on_time(self) -> None:
        self.timer = None
        if self.closed or self.clock is None:
            return
        now = self.clock.now()
        for seat in [s for s, h in self.held.items() if h.tick <= now]:
            held = self.held.pop(seat)
            if held.at != len(self.match.events):
                self._think(seat, again_from=held.at)  # the match moved on: choose again, same draws
            elif self.bot_windows[seat].check(seat, held.command) is None:
                self.bot_windows[seat].submit(seat, held.command)
        due = self.match.clock
        if due is not None and due.get("tick", 0) <= self.clock.now():
            self.authority.expire(due)
        self.schedule()

    def _think(self, seat: int, again_from: int | None = None) -> None:
        window = self.bot_windows[seat]
        at = len(self.match.events)
        rng = self.authority.rng_for(seat, at if again_from is None else again_from)
        pause = 0.0 if again_from is not None else self.drive.bot_pause
        loop = asyncio.get_running_loop()
        started = loop.time()
        self.thinking.add(seat)
        future = loop.run_in_executor(
            self.drive.executor,
            self.players[seat].choose,
            window.seat_view(seat),
            window.legal(seat),
            rng,
            self.drive.budget,
        )

        def done(f: asyncio.Future) -> None:
            wait = max(0.0, pause - (loop.time() - started))
            loop.call_later(wait, self._answered, seat, at, f)

        future.add_done_callback(done)

    def _answered(self, seat: int, at: int, future: asyncio.Future) -> None:
        self.thinking.discard(seat)
        if self.closed or seat not in self.players:
            return
        try:
            command = future.result()
        except OutsideBotError as exc:
            log.warning("match %s: %s; our %s bot plays on", self.id, exc.message(), HANDOVER_LEVEL)
            self._seat_bot(seat, self.authority.hand_to_bot(seat, HANDOVER_LEVEL))
            self._presence()
            self.schedule()
            return
        except Exception:
            log.exception("match %s: the bot of seat %s failed; a random player takes over", self.id, seat)
            self._seat_bot(seat, self.authority.hand_to_bot(seat, "random"))
            self._presence()
            self.schedule()
            return
        window = self.bot_windows[seat]
        if seat not in self.match.to_act:
            return
        if at != len(self.match.events) and window.check(seat, command) is not None:
            self.schedule()  # the match moved on and the answer no longer fits: think again
            return
        tick = command.get("tick") if isinstance(command, dict) else None
        if self.clock is not None and isinstance(tick, int):
            now = self.clock.now()
            if tick > now:
                self.held[seat] = Held(tick, command, at)  # a solve shows when its time comes
                self.schedule()
                return
            command = {**command, "tick": max(tick, self.rules.time(self.match.state, seat))}
        result = window.submit(seat, command)
        if isinstance(result, Rejected):
            log.warning("match %s: the bot of seat %s played %r: %s", self.id, seat, command, result.reason)
            self._seat_bot(seat, self.authority.hand_to_bot(seat, "random"))
            self.schedule()

    def close(self) -> None:
        """Stop driving (the server stops): nothing is lost, every event is stored."""
        self.closed = True
        if self.timer is not None:
            self.timer.cancel()
        self.authority.detach()
        if self._changed in self.match.listeners:
            self.match.listeners.remove(self._changed)


def _whole(value: Any) -> bool:
    """A whole number as JSON has it (true and false are not seats)."""
    return isinstance(value, int) and not isinstance(value, bool)
