"""One match on the server: its authority, who is connected to which seat, and its referee.

Everything here runs on the server's event loop thread, but a welcome's fold of the log.
People's commands arrive from their connections and are checked by the rules through their
seat's window. The referee every match has (game/core/referee.py) drives it, as at a table:
bots think in worker processes (a light one on a thread) and their answers come back to the
loop, the rules clock (Ubongo's sand) and the time entries go by the server's clock, never a
client's. After every batch of events each connection gets an update: its seats' views, the
events redacted for them, their legal moves and the views around the game's moments (the seat
window's, as at one screen), each viewer's built once for all its connections. What tells of
the log (welcomes, updates, a move's reply) goes out once the store holds it
(game/core/ledger.py); the rest at once.

Faults stay in their match: an exception while deciding one request refuses that request
alone (`fault`, its text in the log only); one in the referee's own drive (its timer, the
clock, a bot's move) pauses the match: its people are told (`paused`), and the server tries
again with a referee rebuilt from the match's log every RETRY_SECONDS and whenever one of its
people connects (`resumed`). Every other room goes on meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Protocol

from game.core import bots
from game.core.authority import Authority, SeatWindow
from game.core.i18n import msg
from game.core.ledger import Ledger
from game.core.match import Entry, Match
from game.core.referee import Notice, Referee
from game.core.ruleset import AT_TABLE, Budget, Command, Event, Rejected, View
from game.core.thinking import Thinking
from game.net import failures
from game.net import protocol as p
from game.net.keys import Pass

log = logging.getLogger("bazaar.net")

TICKS_PER_SECOND = 60
# When people come back to a timed match whose sand stood still while they were all away, it
# runs again once every person who had come to the match is back, or this many seconds after
# the first came back (a friend whose computer is off does not hold the others for long)
BACK_SECONDS = 30.0
NEVER = 1 << 30  # what the referee's quiet() says when nothing will happen by time alone
RETRY_SECONDS = 60.0  # a match paused by a fault is tried again this often


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
    budget: Budget = AT_TABLE
    rate: float = TICKS_PER_SECOND  # ticks a second of the rules clock (tests run it faster)
    time: Callable[[], float] = time.monotonic
    folds: Executor | None = None  # where `view_at` folds the log (None: the loop's own pool)
    hints: Budget | None = AT_TABLE  # a hint's budget (None: no hints, serve --no-hints)


class Room:
    def __init__(
        self,
        match_id: int,
        match: Match,
        drive: Drive,
        on_rest: Callable[[Room], None],
        ledger: Ledger | None = None,
    ):
        self.id = match_id
        self.ledger = ledger  # the match's writes, listening before the authority (None: unsaved)
        self.authority = Authority(match)
        self.rules = match.ruleset
        self.drive = drive
        self.on_rest = on_rest  # told when the match is over, or nothing happens until someone comes
        self.conns: dict[Conn, SeatWindow] = {}
        # each viewer's view as last sent, and the count of events it stands at: every
        # connection of that viewer was sent it (a welcome, an update), so the next update's
        # diff is taken once from it, for all of them
        self.shown: dict[str, tuple[int, View]] = {}
        # the connections whose welcome is to go: the news the room sends them meanwhile
        # waits to follow it; and, while the welcome is folded (off the loop), whatever else
        # goes to them (presence, clocks), sent as the welcome leaves for the store's turn
        self.unwelcomed: dict[Conn, list[dict[str, Any]]] = {}
        self.unfolded: dict[Conn, list[dict[str, Any]]] = {}
        self.left: set[int] = set()  # seats whose person left on purpose (Save and leave)
        self.windows: dict[tuple[int, ...], SeatWindow] = {}  # the connections', by their seats
        self.advising: dict[int, tuple[Conn, int]] = {}  # per seat, who asked its hint in flight
        # the legal moves the last news carried, per seat, as JSON, and the state they are of:
        # a client that asks for them after that news is answered with them, not a new list
        # (text: kept as lists, dozens of objects a room, they had the collector walk them again
        # and again until the next move)
        self.told_legal: tuple[Any, dict[int, p.Embedded]] = (None, {})
        # a rematch: the people's seats whose screen asked for one, and once all did, its making
        # (the new match's id and the host's token)
        self.agreed: set[int] = set()
        self.rematch: asyncio.Future[tuple[int, str]] | None = None
        self.loop = asyncio.get_running_loop()
        self.timer: asyncio.TimerHandle | None = None
        self.soon = False  # a schedule is on its way (news arrives while the referee moves)
        self.closed = False
        self.paused = False  # the referee's drive failed: nothing is driven until a retry works
        self.retry: asyncio.TimerHandle | None = None
        # Time: the referee counts ticks of the server's clock; as the game's timing says, a new
        # hourglass's sand waits for the screens to be ready (or its ready_seconds), then for
        # their intro (its intro_ticks: Ubongo's screens roll a die)
        self.timing = self.rules.timing
        self.referee = self._referee()
        self.base = drive.time()
        self.ticked = 0
        self.unready: set[int] = set()  # the people whose screen the new round's sand waits for
        self.ready_by: float | None = None  # when it stops waiting for them (the drive's time)
        self.intro_until: float | None = None  # when the screens' intro is over
        # a round's boards turned up while the store was writing, their news not yet gone
        self.boards_unsaid = False
        # whether a timed match's sand waited for its people: so when loaded mid-round, the
        # server having been down or everyone away; the first of them back is told so
        self.waited = self.rules.timed and match.clock is not None and not match.finished
        # the people whose come-back the sand waits for (BACK_SECONDS at most); whom it awaits
        # when everyone has been away: those who came since the room was loaded, or, loaded
        # in mid-round, every person of the match
        self.away: set[int] = set()
        self.back_by: float | None = None
        self.came: set[int] | None = None if self.waited else set()
        if self.waited and self.people and self._round_unbegun():
            self.referee.sand_held = True  # a round picked up before its boards turned up
        self._sand = match.clock is not None  # whether the sand ran at the last batch
        self._time = self.rules.time(match.state, None)
        self.authority.watch(self._changed)  # after the referee's: its clock is set first

    def _referee(self) -> Referee:
        """A referee for the match as its log stands: its bots seated, its clock from the log."""
        referee = Referee(
            self.authority,
            {},
            Thinking(self.drive.executor, notify=self._woken),
            pause=round(self.drive.bot_pause * TICKS_PER_SECOND),
            budget=self.drive.budget,
            on_notice=self._notice,
            # a new hourglass's sand waits for the screens (ready, then their intro)
            hold_new_sand=self.timing.intro_ticks > 0 or self.timing.ready_seconds is not None,
        )
        for seat, s in enumerate(self.match.seats):
            if s.kind in ("bot", "cmd"):
                referee.seat(seat, bots.for_seat(self.rules, s))
        return referee

    @property
    def match(self) -> Match:
        return self.authority.match

    def dormant(self) -> bool:
        """Nothing happens here until someone connects: nobody is, and no bot's move, held
        answer or running sand is to come (a timed match's sand waits for its people).
        A paused match nobody is in is tried again when it is loaded for one of them."""
        if self.paused and not self.conns:
            return True
        if self.conns or self.referee.busy:
            return False
        if self.match.finished or self.waits_for_people():
            return True
        if self.match.clock is not None:
            return False
        return not self.referee.waiting_on_bots()

    @property
    def people(self) -> frozenset[int]:
        """The seats people play (a seat handed to a bot is no longer one)."""
        return frozenset(i for i, s in enumerate(self.match.seats) if s.kind in ("online", "human"))

    def waits_for_people(self) -> bool:
        """A timed match whose people are all away: its sand stands still (time in the log)
        until one of them is back, as a turn-based match waits for whoever is to move. A race
        of bots alone never waits."""
        if not self.rules.timed or self.match.finished or not self.people:
            return False
        return not any(self.people.intersection(c.grant.seats) for c in self.conns)

    # -- connections ----------------------------------------------------------------------
    def attach(self, conn: Conn, token: str) -> asyncio.Future[None]:
        """A connection takes its seats (one that held them before is told and dropped). Its
        welcome is folded off the loop (a long log's round-ends take a while): the future is
        done once the welcome is on its way; whatever the room sends the connection meanwhile
        follows it."""
        for other in [c for c in self.conns if set(c.grant.seats) & set(conn.grant.seats)]:
            other.send(p.error(p.REPLACED, "this seat was opened again elsewhere"))
            self.detach(other)
            other.close(1000, "replaced")
        # one window per set of seats, however often they reconnect: the authority keeps every
        # window it hands out and tells each of every move (each use sets its viewer first)
        window = self.windows.get(conn.grant.seats)
        if window is None:
            window = self.windows[conn.grant.seats] = self.authority.window(conn.grant.seats)
        if self.paused and self.people.intersection(conn.grant.seats):
            self._resume()  # one of its people is here: try again
        self._keep_time()  # up to now as it stood (the sand still, if everyone was away)
        self.conns[conn] = window
        self.unwelcomed[conn], self.unfolded[conn] = [], []
        self.left -= set(conn.grant.seats)  # back at the table
        mine = self.people.intersection(conn.grant.seats)
        if self.came is not None:
            self.came |= mine
        waited = self.waited and bool(mine)
        if waited:
            self.waited = False  # the first person back is told; the others are waited for
            self._await_the_rest()
        elif self.away and mine:
            self.away -= mine
            if not self.away:
                self._back(self.drive.time())
        self._keep_time()
        welcome = {"type": "welcome", "v": p.VERSION, "token": token, **self._sync(conn, window)}
        if waited:
            welcome["waited"] = True
        if self.paused:
            welcome["paused"] = failures.PAUSED_WORDS
        count, eyes = len(self.match.events), [window.eyes(v) for v in self._viewers(conn)]
        views = {p.viewer_key(e.viewer): self._view(e, count) for e in eyes}
        done: asyncio.Future[None] = self.loop.create_future()
        folded = self.loop.run_in_executor(self.drive.folds, self._history, eyes, count)
        folded.add_done_callback(lambda f: self._welcome(conn, welcome, views, f, done))
        self._presence()
        self._soon()
        return done

    def _history(self, eyes: list[SeatWindow], count: int) -> dict[str, dict[str, Any]]:
        """Off the loop: per viewer (its eyes, a window of its own), the first `count` events
        as it may see them and its views around the game's moments among them (one fold of the
        log each). The log up to `count` no longer changes, whatever the loop adds meanwhile."""
        moments = self._moments(0, count)
        seen = {}
        for viewer in eyes:
            views = viewer.views_at(moments) if moments else {}
            seen[p.viewer_key(viewer.viewer)] = {
                "events": viewer.events(0, count),
                "moments": {str(k): v for k, v in views.items()},
            }
        return seen

    def _welcome(
        self,
        conn: Conn,
        welcome: dict[str, Any],
        views: dict[str, View],
        folded: asyncio.Future,
        done: asyncio.Future[None],
    ) -> None:
        """The welcome's fold is done: it goes once the store holds what it tells, and then
        what the connection was sent meanwhile (its clocks the clock then). A connection gone
        meanwhile gets nothing; a fold that failed closes the connection (it may come again)."""
        if not done.done():
            done.set_result(None)
        quick = self.unfolded.pop(conn, [])
        if self.closed or conn not in self.unwelcomed or folded.cancelled():
            self.unwelcomed.pop(conn, None)
            return
        if folded.exception() is not None:
            log.error("match %s: a welcome could not be built", self.id, exc_info=folded.exception())
            self.detach(conn)
            conn.close(1011, "the match could not be read")
            return
        seen = folded.result()
        for key, view in views.items():
            seen[key]["view"] = view
        welcome["seen"] = seen

        def deliver() -> None:
            held = self.unwelcomed.pop(conn, None)
            if held is None:  # gone meanwhile
                return
            clock = self._clock_now()
            conn.send({**welcome, "clock": clock})
            for message in held:
                conn.send({**message, "clock": clock} if "clock" in message else message)

        if self.ledger is None:
            deliver()
        else:
            self.ledger.after(deliver)
        for message in quick:  # after the welcome, unless the store holds that back
            conn.send(message)

    def _send(self, conn: Conn, message: dict[str, Any]) -> None:
        """Send news at once, or after the connection's welcome while that is still to go."""
        held = self.unwelcomed.get(conn)
        if held is None:
            conn.send(message)
        else:
            held.append(message)

    def _tell(self, conn: Conn, message: dict[str, Any]) -> None:
        """Send what is not news (presence, the clock) at once, or as the connection's welcome
        leaves while that is being folded."""
        held = self.unfolded.get(conn)
        if held is None:
            conn.send(message)
        else:
            held.append(message)

    def detach(self, conn: Conn) -> None:
        if conn not in self.conns:
            return
        self._keep_time()  # the time they were here ran for all
        del self.conns[conn]
        for seat in [s for s, (asked, _) in self.advising.items() if asked is conn]:
            del self.advising[seat]  # nobody waits for it now
            self.referee.unadvise(seat)
        self.unwelcomed.pop(conn, None)
        self.unfolded.pop(conn, None)
        if self.waits_for_people() and self.match.clock is not None:
            self._advance()  # the sand stops: its pause is time in the log
            self.waited = True
            self.away.clear()  # whoever comes first is waited with again
            self.back_by = None
        self._presence()
        self.ready(conn)  # a screen that left is not waited for

    def rename(self, seats: tuple[int, ...], name: str) -> None:
        """A guest's chosen name for the seat it joined (of a person, never a bot's): everyone
        hears it in the next presence."""
        for seat in seats:
            if seat in self.people:
                self.authority.rename(seat, name)
        self._presence()

    def online(self) -> list[bool]:
        here = {s for c in self.conns for s in c.grant.seats}
        return [i in here for i in range(len(self.match.seats))]

    def _presence(self) -> None:
        message = {
            "type": "presence",
            "online": self.online(),
            "players": [s.to_json() for s in self.match.seats],
            "left": sorted(self.left),  # of those not online, who left on purpose
        }
        self.tell_all(message)

    def tell_all(self, message: dict[str, Any]) -> None:
        """Something every screen hears at once that is not news of the log (who wants a rematch)."""
        for conn in list(self.conns):
            self._tell(conn, message)

    def _viewers(self, conn: Conn) -> list[int | None]:
        """Whose eyes a connection sees through: its seat; each of its seats and a spectator's
        (behind a hand-off); a spectator's alone when it plays no seat (a host whose seats
        are all bots or online)."""
        seats = list(conn.grant.seats)
        return seats if len(seats) == 1 else [*seats, None]

    def _view(self, eyes: SeatWindow, count: int) -> View:
        """A viewer's view now (`count` events in), kept as the last one its connections got."""
        view = eyes.view()
        self.shown[p.viewer_key(eyes.viewer)] = (count, view)
        return view

    def _news_for(self, eyes: SeatWindow, start: int, moments: list[int]) -> dict[str, Any]:
        """What one viewer is told of the events from `start`: them redacted for it, its views
        around the game's moments among them, and its view: what changed since the last one
        its connections were sent (a Taj Mahal view is mostly its map, which never does), or
        whole when that one is not the view before these events."""
        last = self.shown.get(p.viewer_key(eyes.viewer))
        view = self._view(eyes, len(self.match.events))
        views = eyes.views_at(moments) if moments else {}
        entry: dict[str, Any] = {
            "events": eyes.events(start),
            "moments": {str(k): v for k, v in views.items()},
        }
        if last is None or last[0] != start:
            entry["view"] = view
        else:
            before = last[1]
            entry["changed"] = {k: v for k, v in view.items() if k not in before or before[k] != v}
            entry["removed"] = [k for k in before if k not in view]
        return entry

    def _moments(self, start: int, stop: int | None = None) -> list[int]:
        """The counts just before and just after each event of the game's `moments` from `start`
        (to `stop`)."""
        kinds = getattr(self.rules, "moments", ())
        events = self.match.events
        found: set[int] = set()
        for i in range(start, len(events) if stop is None else stop):
            if events[i].get("type") in kinds:
                found.update((i, i + 1))
        return sorted(found)

    def _legal(self, conn: Conn, window: SeatWindow) -> dict[str, Any]:
        """The legal moves of each of a connection's seats the match waits on (a bot's: none)."""
        waiting = [s for s in conn.grant.seats if s in self.match.to_act and s not in self.referee.players]
        lists = {s: window.legal(s) for s in waiting}
        state, told = self.told_legal
        if state is not self.match.state:
            told = {}
            self.told_legal = (self.match.state, told)
        told.update((s, p.embedded(moves)) for s, moves in lists.items())
        return {str(s): moves for s, moves in lists.items()}

    def _legal_of(self, window: SeatWindow, seat: int) -> list[Command] | p.Embedded:
        """`seat`'s legal moves: those its last news carried while the state is still theirs."""
        state, told = self.told_legal
        if state is self.match.state and seat in told:
            return told[seat]
        return window.legal(seat)

    def _sync(self, conn: Conn, window: SeatWindow) -> dict[str, Any]:
        """Everything a connection needs to draw its table from nothing, but what it has seen
        (folded off the loop: `_history`)."""
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
            "left": sorted(self.left),
            "commands": {str(s): window.commands(s) for s in conn.grant.seats},
            **self._state(conn, window),
        }

    def _state(self, conn: Conn, window: SeatWindow) -> dict[str, Any]:
        outcome = window.outcome
        return {
            "count": window.count,
            "played": window.played,
            "to_act": sorted(window.to_act),
            "due": window.due,
            "outcome": outcome.to_json() if outcome is not None else None,
            "clock": self.clock_json(),
            "legal": self._legal(conn, window),
        }

    def clock_json(self) -> dict[str, Any] | None:
        if not self.rules.timed:
            return None
        running = self.match.clock is not None and self._running()
        clock: dict[str, Any] = {"now": self.referee.now(), "running": running, "rate": self.drive.rate}
        waiting = self._waiting()
        if waiting is not None:
            clock["waiting"] = waiting
        return clock

    def _waiting(self) -> dict[str, Any] | None:
        """Whom the held sand waits for, said to every screen: the people still to say ready
        for a new round, or to come back; and the seconds at most it waits for them."""
        if self.away and self.back_by is not None:
            reason, seats, until = "back", self.away, self.back_by
        elif self.unready and self.ready_by is not None:
            reason, seats, until = "ready", self.unready, self.ready_by
        else:
            return None
        left = round(max(0.0, until - self.drive.time()), 1)
        return {"for": reason, "seats": sorted(seats), "seconds": left}

    def ready(self, conn: Conn) -> None:
        """A screen is ready for the round (its sheet closed, its intro begins): when every
        screen the sand waits for is, the intro runs on every screen and the sand follows."""
        if not self.unready:
            return
        self.unready -= set(conn.grant.seats)
        if not self.unready:
            self._roll()
        self._tell_clock()  # every screen hears whom the round still waits for

    def _round_unbegun(self) -> bool:
        """The clock's first command of an hourglass is due at its first tick: its sand has not
        run yet (an Ubongo round whose boards still lie face down)."""
        due = self.match.clock
        return due is not None and due.get("tick") == 0 and self.rules.time(self.match.state, None) == 0

    def _await_the_rest(self) -> None:
        """The first person is back to a timed match whose sand stood still while everyone was
        away: it stays still until the others who had come are back too, or BACK_SECONDS."""
        now = self.drive.time()
        here = {s for c in self.conns for s in c.grant.seats}
        came = self.people if self.came is None else self.came
        self.away = set(came) - here - self.left
        self.referee.sand_held = True
        self.unready.clear()  # a round's own wait and intro start again once all are back
        self.ready_by = self.intro_until = None
        if self.away:
            self.back_by = now + BACK_SECONDS
        else:
            self._back(now)

    def _back(self, at: float) -> None:
        """Everyone awaited is back (or no longer waited for): a round not yet begun runs
        its intro on every screen and then starts; one under way runs on from where it stood."""
        self.away.clear()
        self.back_by = None
        if self._round_unbegun():
            self._intro(at)
        else:
            self._step_to(at)
            self.referee.release_sand()
        self._tell_clock()
        self._soon()

    def _roll(self) -> None:
        """The screens start their intro (roll the die, turn the hourglass): the sand runs the
        game's intro_ticks later."""
        self._advance()
        self._intro(self.drive.time())
        self.schedule()

    def _news(self, conn: Conn, message: dict[str, Any]) -> None:
        """Send what tells of the log once the store holds all it tells: at once, unless a
        write is under way. The clock it carries is the clock when it goes."""
        if self.ledger is None:
            self._send(conn, message)
            return
        if "clock" in message:
            self.ledger.after(lambda: self._send(conn, {**message, "clock": self._clock_now()}))
        else:
            self.ledger.after(lambda: self._send(conn, message))

    def _clock_now(self) -> dict[str, Any] | None:
        """The clock a message going out now carries. A round whose boards turned up while a
        write was under way starts its sand now, as the news of them leaves: nobody's sand
        runs before they can see their puzzle."""
        if self.boards_unsaid:
            self.boards_unsaid = False
            self._advance()  # up to now, the sand still held
            self.referee.release_sand()
            self._soon()
        return self.clock_json()

    def _tell_clock(self) -> None:
        clock = self.clock_json()
        for conn in list(self.conns):
            self._tell(conn, {"type": "clock", "clock": clock})

    # -- requests -------------------------------------------------------------------------
    async def request(self, conn: Conn, message: dict[str, Any]) -> dict[str, Any] | None:
        """Answer one request of a connection attached here (None: answered when its move is
        stored, or not at all). Whatever the rules raise on a strange command is an error to
        that request, never the connection's end."""
        if message["type"] == "ready":
            self.ready(conn)
            return p.reply(message["id"]) if "id" in message else None
        if message["type"] == "leave":  # the others are told it was on purpose
            self.left |= set(conn.grant.seats)
            self._presence()
            return p.reply(message["id"]) if "id" in message else None
        try:
            if message["type"] == "view_at":
                return await self._view_at(conn, message)
            return self._request(conn, message)
        except Exception:  # refuses this request alone; what went wrong is for the log only
            log.exception("match %s: a %s request failed: %.200r", self.id, message["type"], message)
            return p.error(p.FAULT, failures.FAULT_WORDS, message["id"])

    async def _view_at(self, conn: Conn, message: dict[str, Any]) -> dict[str, Any]:
        """A past moment's view: the log is folded off the loop (a long log takes a while)."""
        rid, count, viewer = message["id"], message["count"], message.get("viewer")
        if conn not in self.conns:  # replaced meanwhile
            return p.error(p.NOT_READY, "this connection holds no seat now", rid)
        seats = conn.grant.seats
        if not p.whole(count) or (viewer is not None and (not p.whole(viewer) or viewer not in seats)):
            return p.error(p.BAD_MESSAGE, "view_at takes a count and one of your seats (or null)", rid)
        last = len(self.match.events)
        if not 0 <= count <= last:
            return p.error(p.BAD_MESSAGE, f"view_at takes a count from 0 to {last}", rid)
        viewer = seats[0] if viewer is None and len(seats) == 1 else viewer
        view = await self.loop.run_in_executor(self.drive.folds, self.match.view_at, count, viewer)
        return p.reply(rid, view=view)

    def _request(self, conn: Conn, message: dict[str, Any]) -> dict[str, Any] | None:
        kind, rid = message["type"], message["id"]
        window = self.conns.get(conn)
        if window is None:  # replaced meanwhile
            return p.error(p.NOT_READY, "this connection holds no seat now", rid)
        if kind == "ping":
            self._keep_time()
            return p.reply(rid, clock=self.clock_json())
        if self.paused and kind in ("hand_to_bot", "advise"):
            return p.error(p.PAUSED, failures.PAUSED_REFUSAL, rid)
        if kind == "hand_to_bot":
            return self._hand_to_bot(conn, rid, message["seat"], message["level"])
        seat = message["seat"]
        if not p.whole(seat) or seat not in conn.grant.seats:
            return p.error(p.NOT_YOURS, f"you do not play seat {repr(seat)[:20]}", rid)
        if seat in self.referee.players:
            return p.error(p.NOT_YOURS, "a bot plays that seat now", rid)
        if kind == "legal":
            return p.reply(rid, commands=self._legal_of(window, seat))
        if kind == "advise":
            return self._advise(conn, rid, seat, window)
        command = message["command"]
        if not isinstance(command, dict):
            return p.error(p.BAD_MESSAGE, "a command must be a JSON object", rid)
        # the clock as it stands now: a timed command carries it; an untimed match's bots
        # count their pause from the move they answer (the referee asks them before the ticks)
        if kind == "submit" or self.rules.timed:
            self._advance()
        if self.paused and kind == "submit":  # (the referee may have failed just now)
            return p.error(p.PAUSED, failures.PAUSED_REFUSAL, rid)
        if kind == "submit" and self.match.clock is not None and not self._running():
            # nobody plays while the sand stands still (a tick nobody else can play in)
            return p.error(p.REFUSED, str(msg("The sand stands still: play once it runs again")), rid)
        command = self.referee.stamp(seat, command)  # the authority's time, whatever it said
        if kind == "check":
            refused = window.check(seat, command)
            return p.reply(rid, reason=None if refused is None else refused.reason)  # Rejected is falsy
        result = window.submit(seat, command)
        if isinstance(result, Rejected):
            return p.error(p.REFUSED, result.reason, rid)
        self._news(conn, p.reply(rid))  # after the update, once the store holds the move
        return None

    def _hand_to_bot(self, conn: Conn, rid: int, seat: Any, level: Any) -> dict[str, Any]:
        if not conn.grant.host:
            return p.error(p.NOT_HOST, "only the host may hand a seat to a bot", rid)
        if not p.whole(seat) or not 0 <= seat < len(self.match.seats) or self.match.seats[seat].is_bot:
            return p.error(p.BAD_MESSAGE, f"seat {repr(seat)[:20]} is not a person's seat", rid)
        if level != "random" and level not in self.rules.bot_levels:
            return p.error(p.BAD_MESSAGE, f"{self.rules.title} has no bot level {repr(level)[:20]}", rid)
        self.referee.seat(seat, self.authority.hand_to_bot(seat, level))
        self.left.discard(seat)  # a bot's seat: nobody is away from it
        for other in [c for c in self.conns if c.grant.seats == (seat,)]:
            other.send(p.error(p.REPLACED, "the host handed your seat to a bot"))
            self.detach(other)
            other.close(1000, "handed to a bot")
        self._presence()
        self.schedule()
        return p.reply(rid)

    def _advise(self, conn: Conn, rid: int, seat: int, window: SeatWindow) -> dict[str, Any] | None:
        """Ask the referee for `seat`'s hint: answered once thought (`_advised`), off the loop
        where its bots think, on the hint budget; one at a time a seat."""
        if self.drive.hints is None:
            return p.error(p.NO_HINTS, "this server gives no hints", rid)
        if seat in self.advising:
            return p.error(p.HINTING, f"seat {seat}'s hint is being thought already: wait for it", rid)
        if not window.legal(seat):
            return p.error(p.REFUSED, "that seat has no move to make now: nothing to hint", rid)
        if not self.referee.advise(seat, self.drive.hints):
            return p.error(p.HINTING, f"seat {seat}'s hint is being thought already: wait for it", rid)
        self.advising[seat] = (conn, rid)
        self._soon()  # (thought at once where bots think at once)
        return None

    def _advised(self) -> None:
        """Answer the hints thought, each after the news of the moment it was thought about;
        one about a moment that has passed (the referee dropped it) is refused as moved on."""
        for seat, (conn, rid) in list(self.advising.items()):
            hint = self.referee.advice(seat)
            if hint is None and seat in self.referee.advising:
                continue  # still thinking
            del self.advising[seat]
            if hint is None or hint.at != len(self.match.events):  # (a referee rebuilt meanwhile)
                answer = p.error(p.MOVED_ON, "the match moved on before the hint was thought", rid)
            elif hint.command is None:  # what went wrong is for the log only
                log.error("match %s: seat %s's hint failed: %.200s", self.id, seat, hint.problem)
                answer = p.error(p.FAULT, failures.FAULT_WORDS, rid)
            else:
                answer = p.reply(rid, command=hint.command, at=hint.at)
            self._news(conn, answer)

    def _notice(self, notice: Notice) -> None:
        """A bot of this match failed and another plays its seat now: the players see who."""
        log.warning("match %s: %s", self.id, notice.text)
        self._presence()

    # -- news -----------------------------------------------------------------------------
    def _changed(self, match: Match, entry: Entry | None, events: list[Event]) -> None:
        if not events:
            return
        if self.rules.timed:
            sand, now = match.clock is not None, self.rules.time(match.state, None)
            new = sand and (not self._sand or now < self._time)
            if new and self.referee.hold_new_sand:  # a round's sand is set: the screens first
                # (the referee holds it from this very tick: sand_held)
                wait = self.timing.ready_seconds
                self.unready = (
                    {s for c in self.conns for s in c.grant.seats if self.match.seats[s].kind != "bot"}
                    if wait is not None
                    else set()
                )
                self.intro_until = None
                self.ready_by = self.drive.time() + wait if wait is not None else None
                if not self.unready:
                    self._intro(self.drive.time())
            self._sand, self._time = sand, now
        start = len(match.events) - len(events)
        moments = self._moments(start)
        told: dict[int | None, dict[str, Any]] = {}  # each viewer's news, built once
        for conn, window in list(self.conns.items()):
            mine = entry is not None and entry.seat in conn.grant.seats
            seen = {}
            for viewer in self._viewers(conn):
                if viewer not in told:
                    told[viewer] = self._news_for(window.eyes(viewer), start, moments)
                seen[p.viewer_key(viewer)] = told[viewer]
            self._news(
                conn,
                {
                    "type": "update",
                    "from": start,
                    "seen": seen,
                    "commands": {str(entry.seat): [entry.command]} if mine and entry else {},
                    **self._state(conn, window),
                },
            )
        self._soon()

    # -- the drive: the referee by the server's clock --------------------------------------
    def _running(self) -> bool:
        """Whether the sand runs: not while a new round waits for the screens, or their intro,
        nor while every person of the match is away."""
        return not self.paused and not self.referee.sand_held and not self.waits_for_people()

    def _keep_time(self) -> None:
        """A timed match's clock brought up to now, around what people do. An untimed match
        has no clock to bring up: its bots are asked and their answers played when the room
        schedules (after every change, and when a bot's pause is over), its ticks brought up
        before a person's move."""
        if self.rules.timed:
            self._advance()

    def _advance(self) -> None:
        """Bring the referee up to the server's clock: every tick passed since, in order; a new
        round's sand waits until the screens are ready (or the game's ready_seconds) and their
        intro is over (its intro_ticks), then runs from that moment. A fault of the referee pauses the
        match here, whoever called."""
        if self.closed or self.paused:
            return
        try:
            self._drive_to(self.drive.time())
        except Exception as exc:
            self._pause(exc)

    def _drive_to(self, now: float) -> None:
        if self.back_by is not None and now >= self.back_by:
            self._step_to(self.back_by)
            self._back(self.back_by)  # not everyone came back in time: the match goes on
        if self.ready_by is not None and now >= self.ready_by:
            self._step_to(self.ready_by)  # nobody said ready in time: the round goes on
            self._intro(self.ready_by)
        if self.intro_until is not None and now >= self.intro_until:
            moment, self.intro_until = self.intro_until, None
            self._step_to(moment)
            self.referee.release_sand()
            # the boards turn up at the sand's first tick: that one update, the same to every
            # screen, starts the round for all (Ubongo's reveal)
            count = len(self.match.events)
            self._step_to(moment)
            if len(self.match.events) == count:
                self._tell_clock()  # nothing turned up (a round picked up mid-way): the sand runs
            elif self.conns and self.ledger is not None and not self.ledger.idle:
                self.referee.sand_held = True  # until the boards' news leaves (`_clock_now`)
                self.boards_unsaid = True
        self._step_to(now)

    def _step_to(self, moment: float) -> None:
        target = int((moment - self.base) * self.drive.rate)
        n, self.ticked = max(0, target - self.ticked), max(self.ticked, target)
        # even none: what is due now goes in, bots are asked
        self.referee.advance(n, running=not self.waits_for_people())

    def _intro(self, at: float) -> None:
        """Every screen is ready (or no longer waited for): their intro runs, then the sand."""
        self.unready.clear()
        self.ready_by = None
        self.intro_until = at + self.timing.intro_ticks / self.drive.rate

    def _woken(self) -> None:
        """A bot finished thinking (a worker thread): the loop looks at it."""
        if not self.closed:
            self.loop.call_soon_threadsafe(self.schedule)

    def _soon(self) -> None:
        if not self.soon and not self.closed:
            self.soon = True
            self.loop.call_soon(self.schedule)

    def schedule(self) -> None:
        """Play everything due, then set the timer for the next thing time brings (none while
        the match is paused)."""
        self.soon = False
        if self.advising and not self.closed:
            self._advised()
        if self.closed or self.paused:
            return
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        try:
            self._plan()
        except Exception as exc:
            self._pause(exc)

    def _plan(self) -> None:
        self._advance()
        if self.paused:
            return
        if self.match.finished:
            self.on_rest(self)
            return
        if self.dormant():
            self.on_rest(self)
        now = self.drive.time()
        waits = []
        quiet = self.referee.quiet(self._running())
        if quiet < NEVER:
            waits.append(quiet / self.drive.rate)
        for moment in (self.back_by, self.ready_by, self.intro_until):
            if moment is not None:
                waits.append(moment - now)
        if waits:
            self.timer = self.loop.call_later(max(0.0, min(waits)), self.schedule)

    # -- faults ---------------------------------------------------------------------------
    def _pause(self, error: Exception) -> None:
        """The referee's drive failed: nothing more is driven here, the people are told, and
        the match is tried again in RETRY_SECONDS. Its log stands as stored."""
        log.error("match %s paused: its referee failed", self.id, exc_info=error)
        self.paused = True
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.retry is not None:
            self.retry.cancel()
        self.retry = self.loop.call_later(RETRY_SECONDS, self._retry)
        words = failures.PAUSED_WORDS
        message = {"type": "paused", "code": p.FAULT, "message": words, "clock": self.clock_json()}
        for conn in list(self.conns):
            self._news(conn, message)  # after the news of what went in before

    def _retry(self) -> None:
        self.retry = None
        if not self.closed and self.paused:
            self._resume()

    def _resume(self) -> None:
        """Try a paused match again: a new referee from the match's log, its clock from now."""
        if self.retry is not None:
            self.retry.cancel()
            self.retry = None
        log.info("match %s: trying again after its fault", self.id)
        with contextlib.suppress(Exception):  # the failed one is dropped whatever it holds
            self.referee.close()
        self.authority.unwatch(self._changed)
        self.referee = self._referee()
        self.authority.watch(self._changed)  # after the referee's, as at the start
        # its ticks count from now: the time paused is nobody's; a round's wait starts afresh
        self.base, self.ticked = self.drive.time(), 0
        self.unready.clear()
        self.ready_by = self.intro_until = None
        self.boards_unsaid = False
        if self.away or (self.people and self._round_unbegun()):
            self.referee.sand_held = True  # it still waits for people to come back, or the intro
            if not self.away:
                self._intro(self.drive.time())
        self._sand, self._time = self.match.clock is not None, self.rules.time(self.match.state, None)
        self.paused = False
        # said before it plays on: what goes in at once in the schedule below (a timed match's
        # time) must not reach a screen that still shows the match paused
        message = {"type": "resumed", "clock": self.clock_json()}
        for conn in list(self.conns):
            self._news(conn, message)
        self.schedule()  # a fault again pauses it again (and says so, after)
        if not self.paused:
            log.info("match %s goes on", self.id)

    def close(self) -> None:
        """Stop driving (the server stops): nothing is lost, every event is stored."""
        self.closed = True
        if self.timer is not None:
            self.timer.cancel()
        if self.retry is not None:
            self.retry.cancel()
        with contextlib.suppress(Exception):  # a referee that failed may fail again here
            self.referee.close()
        self.authority.detach()
        if self.ledger is not None:
            self.ledger.detach()
