"""The referee: what drives a match wherever it is played.

One referee drives every match: at a table in this app (local play is an in-process room), in a
server's room, in `python -m game sim`, the tutorials and the tests. It asks each bot through
the bot's own seat window, runs the rules clock (a timed game's sand: one clock for the table,
or in turns a clock per person at one screen), writes time into the log, orders what falls on
one tick, and hands the seat of a player that failed to another.

It is driven by the ticks it is given (`advance`): a table gives it the app's ticks, a server
its clock's, `sim` and the tests as many as they like; nothing here reads wall time. Whether a
bot thinks on a worker thread or at once is its `Thinking`'s business.

On each tick, the same everywhere: every bot the match waits on is asked (when the driver is
ready for a new decision) and its answer held until its moment (the tick it names, never one
the clock has passed); then whatever is due goes in one at a time, the bots asked again after
each: held answers by tick then seat, the time entry of a whole second of sand, the clock's
expiry. A bot's move dated t goes in before the clock's expiry at t. The rules clock's command
goes in only while the sand runs: a new Ubongo round's boards turn up (`reveal`, at tick 0) the
moment its sand starts, after the table's die roll or the server's wait for every screen. A
held answer whose moment comes after the match changed is chosen again with the same random
source from the match as it is then (a pawn sent for gems another took meanwhile); nothing
later goes in until it has.

It is also the one door to the bots for advice: a hint (`advise`, the hint bot's choice for a
person's seat, on that seat's own window and the referee's thinking) and the review of a past
moment (`consult`, the only place a bot is asked outside a live match).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from game.core import bots
from game.core.authority import Authority, SeatWindow
from game.core.i18n import N_, Msg, msg, said
from game.core.match import Entry, Match
from game.core.outside import OutsideBotError, ProgramBot
from game.core.rng import stream
from game.core.ruleset import AT_TABLE, Budget, Command, Event, Rejected, Ruleset, View, only_time
from game.core.seats import level_name
from game.core.thinking import Thinking
from game.core.window import Hint

TIME_STEP = 60  # ticks of sand between time entries: a kill gives back at most a second
HANDOVER_LEVEL = "medium"  # takes the seat of an outside program that failed
FALLBACK_LEVEL = "random"  # takes the seat of one of our bots that failed (its own code is suspect)
MAX_STEPS = 10_000  # moves in one settle: more is a loop, not a match
HINT_LEVEL = "hard"  # a hint, and the review, are the hard bot's choice on the seat's own view
MOVED_ON = N_("the match moved on before the hint was thought")

# Who plays a seat whose player failed: a level, or None to stop the match (Failed)
Policy = Callable[[int, Exception], "str | None"]
# Whether the driver takes a new decision now (a bot asked, a first answer used)
Ready = bool | Callable[[], bool]


def handover(seat: int, error: Exception) -> str | None:
    """At a table and in a server's room: an outside program's seat goes to our medium bot, the
    seat of one of our bots that failed to the random player."""
    return HANDOVER_LEVEL if isinstance(error, OutsideBotError) else FALLBACK_LEVEL


class IllegalMove(Exception):
    """One of our bots sent a command the rules refused."""

    def __init__(self, command: Command, reason: str):
        super().__init__(f"played {command!r}, which the rules refuse: {reason}")
        self.command, self.reason = command, reason


class Failed(Exception):
    """A player failed and the policy stops the match here (`sim` without --fallback)."""

    def __init__(self, seat: int, error: Exception):
        super().__init__(f"seat {seat + 1}: {error}")
        self.seat, self.error = seat, error


@dataclass(frozen=True)
class Held:
    """A bot's answer waiting for its moment."""

    tick: int
    command: Command
    at: int  # where the match's draws stood when it was chosen (Match.drawn): its random source
    changes: int  # the match's changes it had seen (time entries are none)


@dataclass(frozen=True)
class Notice:
    """Something the people should hear of: a player failed and who plays its seat now."""

    seat: int
    text: Msg


@dataclass
class _Asking:
    at: int
    changes: int
    again: Held | None  # a held answer being chosen again at its moment


class _Reading(NamedTuple):
    """What the stride reads of one state of the match (immutable, known by its identity)."""

    state: Any  # None: nothing read yet
    due: Command | None  # the clock's due command
    over: bool
    entry: int | None  # the tick of its next time entry on one clock (None: none are written)
    ours: frozenset[int]  # the seats of ours it waits on


_UNREAD = _Reading(None, None, False, None, frozenset())


class Referee:
    def __init__(
        self,
        authority: Authority,
        players: dict[int, Any],
        thinking: Thinking | None = None,
        *,
        pause: int = 0,
        budget: Budget | None = None,
        policy: Policy = handover,
        people: Iterable[int] = (),
        time_step: int = TIME_STEP,
        log_time: bool = True,
        on_notice: Callable[[Notice], None] | None = None,
        hold_new_sand: bool = False,
    ):
        self.authority = authority
        self.match: Match = authority.match  # read on every step: an attribute, not a property
        self.rules = self.match.ruleset
        self.thinking = thinking or Thinking()
        self.pause = pause  # ticks at least between a bot's turn coming and its move
        self.budget = budget or Budget()
        self.policy = policy
        self.people = frozenset(people)  # the seats of the people at this screen
        self.time_step = time_step
        self.on_notice = on_notice
        self.players: dict[int, Any] = {}
        self.windows: dict[int, SeatWindow] = {}
        self.asking: dict[int, _Asking] = {}
        self.held: dict[int, Held] = {}
        # per seat, the log length its hint was asked at (its job on `thinking`: _advice(seat))
        self.advising: dict[int, int] = {}
        self._seen = _UNREAD  # what _read read, of which state
        for seat, player in players.items():
            self.seat(seat, player)
        # Time: a timed game's sand, one clock for the table; in turns (people at one screen
        # solving one after another) a clock per seat, run only while its person is at the screen
        self.per_seat = self.rules.timed and self.rules.timing.turns and len(self.people) > 1
        match = self.match
        self.sand = self.rules.time(match.state, None)
        self.own = [self.rules.time(match.state, s) for s in range(len(match.seats))]
        self.screen: int | None = None  # in turns, whose clock runs (the person at the screen)
        self.done: set[int] = set()  # in turns, people who had the screen and ran out of sand
        self.changes = 0
        self._due = match.clock is not None
        self._time = self.sand
        self._glass = self.rules.hourglass(match.state)
        # whether time entries go into the log: a stored match's do, so a kill gives back at most
        # a second; one held only in memory (`sim`, the bench) has nothing to resume. Either way
        # the same game is played: time entries move no draw (Match.drawn)
        self.entries = log_time and self.rules.records_time
        self.running = False
        self.closed = False
        # A server holds a new round's sand until its screens have rolled the die (release_sand);
        # a table instead stops giving it running ticks while its die rolls
        self.hold_new_sand = hold_new_sand
        self.sand_held = False
        authority.watch(self._changed)

    # -- who plays ------------------------------------------------------------------------
    def window(self, seat: int) -> SeatWindow:
        """The window a bot of `seat` plays through: its view and legal moves, nothing more."""
        if seat not in self.windows:
            self.windows[seat] = self.authority.window({seat}, seat)
        return self.windows[seat]

    def seat(self, seat: int, player: Any) -> None:
        """`player` (a bot) plays `seat` from now on, through a window of its own."""
        self.players[seat] = player
        self._seen = _UNREAD  # the seats of ours the match waits on are read again
        self.window(seat)
        self.thinking.drop(seat)
        self.asking.pop(seat, None)
        self.held.pop(seat, None)

    def look(self, seat: int | None) -> None:
        """In turns: the person of `seat` has the screen now (None: nobody, behind a hand-off);
        their clock runs from where their time stands."""
        self.screen = seat
        if seat is not None and self.per_seat:
            self.own[seat] = max(self.own[seat], self.rules.time(self.match.state, seat))

    def now(self, seat: int | None = None) -> int:
        """The tick a command of `seat` sent now carries: its own clock in turns, else the sand."""
        if self.per_seat and seat is not None:
            return self.own[seat]
        return self.sand

    def stamp(self, seat: int, command: Command) -> Command:
        """A person's command in a timed game carries the clock's tick, whatever it said."""
        if not self.rules.timed or not isinstance(command, dict):
            return command
        return {**command, "tick": max(self.now(seat), self.rules.time(self.match.state, seat))}

    # -- time -----------------------------------------------------------------------------
    def advance(self, n: int = 1, running: bool = True, ready: Ready = True) -> None:
        """`n` ticks pass. `running`: the sand runs meanwhile (a table stops it for a pause,
        a die rolling, a sheet); `ready`: whether the driver takes new decisions (a table waits
        until its cards have landed), asked again after every move, since a move changes it.
        Quiet stretches are crossed in one stride: the same as n single ticks."""
        running = running and not self.sand_held
        if self.running and not running:
            self.record()  # a pause is time in the log
        self.running = running
        self._settle(ready)
        left = n
        while left > 0 and not self.closed:
            step = min(left, self.quiet(running))
            left -= step
            self.thinking.advance(step)
            running = self.running = running and not self.sand_held
            if running:
                if self.per_seat:
                    if self.screen is not None:
                        self.own[self.screen] += step
                else:
                    self.sand += step
            self._settle(ready)

    def quiet(self, running: bool = True) -> int:
        """Ticks until something may happen by time alone (at least 1; a large number when
        nothing will until a player or the driver acts)."""
        waits: list[int] = []
        for key, job in self.thinking.jobs.items() if self.thinking.jobs else ():
            if key.__class__ is tuple:
                continue  # a hint: whoever asked collects it (`advice`), time moves nothing
            if job.future.done():
                waits.append(job.due - self.thinking.now)
            elif self.thinking.notify is None:
                waits.append(1)  # polled: the driver looks again next tick
        _, due, over, entry, _ = self._read()
        if running and due is not None and not over:
            if self.per_seat:
                seat = self.screen
                if seat is not None:
                    own = self.own[seat]
                    if self.entries:
                        waits.append(self._next_entry(self.rules.time(self.match.state, seat)) - own)
                    end = self.rules.sand(self.match.state, seat)
                    if end is not None:
                        waits.append(end - own)
            else:  # the first of the held answers' moments, the next time entry, the expiry
                first = due["tick"]
                for held in self.held.values():
                    if held.tick < first:
                        first = held.tick
                if entry is not None and entry < first:
                    first = entry
                waits.append(first - self.sand)
        return max(1, min(waits)) if waits else 1 << 30

    def record(self) -> None:
        """Write the time the sand has reached into the log now (a pause, the table left), if
        the log does not hold it already."""
        state = self.match.state
        due = self.match.clock
        if due is None or self.match.finished or self.asking or not self.entries:
            return
        if self.per_seat:
            seat = self.screen
            if seat is None or seat not in self.match.to_act:
                return
            end = self.rules.sand(state, seat)
            tick = self.own[seat]
            if tick > self.rules.time(state, seat) and (end is None or tick < end):
                self._submit(None, {"move": "time", "seat": seat, "tick": tick})
        elif self.rules.time(state, None) < self.sand < due["tick"]:
            self._record(self.sand)

    def _next_entry(self, recorded: int) -> int:
        """The next whole second of sand after `recorded`."""
        return (recorded // self.time_step + 1) * self.time_step

    def release_sand(self) -> None:
        """The screens have rolled the die: the new round's sand runs from now."""
        self.sand_held = False

    # -- the loop -------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """A bot thinks, or an answer waits for its moment."""
        return bool(self.asking or self.held)

    def waiting_on_bots(self) -> bool:
        """The match waits on a seat we play (a bot's turn is to come)."""
        return any(s in self.players for s in self.match.to_act)

    def _settle(self, ready: Ready) -> None:
        quick = self._quick()  # a pass known at a glance: at most the clock's time entries
        while quick:
            quick = self._quick()
        if quick is False:
            return
        for _ in range(MAX_STEPS):
            if self.closed:
                return
            if self.match.finished:
                self.held.clear()
                return
            if self._idle():
                return
            taking = ready() if callable(ready) else ready
            if taking:
                self._ask_all()
            handed = self._collect(taking)  # a failed player's seat handed on: ask its new one
            if not self._step() and not handed:
                return
        raise RuntimeError(f"{self.rules.name}: more than {MAX_STEPS} moves without a pause")

    def _quick(self) -> bool | None:
        """One pass of the loop below where it is known at a glance, on one clock: no bot asked,
        every seat of ours the match waits on held, none held that it does not, and no held
        answer's moment come. Then asking and collecting do nothing, and the pass writes at most
        the time entries of whole seconds of sand. True: one went in and more than time changed;
        False: nothing (more) to do; None: a whole pass must look (a bot to ask or answering, an
        answer's moment, the expiry, the match's end)."""
        if self.closed:
            return False
        _, due, over, entry, ours = self._read()
        if due is None or self.asking or self.per_seat or over:
            return None
        held = self.held
        if held.keys() != ours:
            return None
        if not self.running:
            return False  # the sand stands still: nothing goes in
        sand = self.sand
        for waiting in held.values():
            if waiting.tick <= sand:
                return None
        while entry is not None and entry <= sand and entry < due["tick"]:
            self._record(entry)
            seen = self._seen
            if seen.state is not self.match.state or self.asking or self.closed:
                return True  # more than time changed (a listener moved): a pass looks again
            entry = seen.entry  # only time went in: the rest is as read (_changed)
        return None if due["tick"] <= sand else False

    def _read(self) -> _Reading:
        """What quiet and the settle loop read of the match's state, once a state."""
        state = self.match.state
        seen = self._seen
        if seen.state is state:
            return seen
        match = self.match
        entry = self._next_entry(self.rules.time(state, None)) if self.entries else None
        ours = frozenset(self.players.keys() & match.to_act)
        seen = self._seen = _Reading(state, match.clock, match.finished, entry, ours)
        return seen

    def _idle(self) -> bool:
        """Nothing to do until someone moves: no bot asked or answered, none of ours to act,
        no clock (the common case between moves; a server's room asks several times a move)."""
        if self.asking or self.held or self.per_seat or self.match.clock is not None:
            return False
        return self.players.keys().isdisjoint(self.match.to_act)

    def _ask_all(self) -> None:
        waiting = self.match.to_act
        for seat in [s for s in self.held if s not in waiting] if self.held else ():
            del self.held[seat]  # the rules no longer wait on it (its sand ran out)
        for seat in sorted(waiting):
            if seat in self.players and seat not in self.asking and seat not in self.held:
                self._ask(seat, self.match.drawn, self.pause, None)

    def _ask(self, seat: int, at: int, pause: int, again: Held | None) -> None:
        window = self.windows[seat]
        rng = stream("bot", self.match.seed, seat, at)
        self.asking[seat] = _Asking(at, self.changes if again is None else again.changes, again)
        player = self.players[seat]
        view, legal = window.seat_view(seat), window.legal(seat)
        self.thinking.start(seat, at, pause, player.choose, view, legal, rng, self.budget)

    def _collect(self, ready: bool) -> bool:
        """Take the answers that have come (a first one only when the driver is ready); True
        when a player failed and its seat went to another."""
        handed = False
        for seat in sorted(self.asking):
            asking = self.asking[seat]
            if asking.again is None and not ready:
                continue  # a first answer waits until the driver takes decisions again
            job = self.thinking.ready(seat)
            if job is None:
                continue
            del self.asking[seat]
            try:
                command = job.future.result()
            except Exception as exc:
                self._failed(seat, exc)
                handed = True
                continue
            again = asking.again
            tick = _tick_of(command)
            if again is not None:
                if tick is not None and tick > again.tick:  # it chose a later moment: wait for it
                    self.held[seat] = Held(tick, command, again.at, self.changes)
                else:
                    self.held[seat] = Held(again.tick, command, again.at, self.changes)
                continue
            if asking.changes != self.changes and self.windows[seat].check(seat, command) is not None:
                continue  # the match moved on meanwhile and the answer no longer fits: ask again
            moment = self.now(seat) if tick is None else max(tick, self.now(seat))
            self.held[seat] = Held(moment, command, asking.at, asking.changes)
        return handed

    def _step(self) -> bool:
        """Put in the one thing due first now; False when nothing is (or it must wait)."""
        if self.asking and any(a.again is not None for a in self.asking.values()):
            return False  # a bot chooses again at its moment: nothing later goes in first
        state = self.match.state
        due = self.match.clock
        if self.per_seat:
            return self._step_turns(due)
        # While a timed game's sand stands still (a pause, a held round), no move goes in: a bot
        # must not solve at a tick nobody else can play in
        moving = due is None or self.running
        ready = sorted((h.tick, s) for s, h in self.held.items() if h.tick <= self.sand and moving)
        entry = None
        if due is not None and self.running and self.entries:
            tick = self._next_entry(self.rules.time(state, None))
            if tick <= self.sand and tick < due["tick"]:
                entry = tick
        first: tuple[int, int] | None = ready[0] if ready else None
        if (
            first is not None
            and (entry is None or first[0] <= entry)
            and (due is None or first[0] <= due["tick"])
        ):
            return self._release(first[1])
        if entry is not None and (due is None or entry < due["tick"]):
            self._record(entry)
            return True
        if due is not None and due["tick"] <= self.sand and self.running:
            self._submit(None, due)  # while the sand runs: a held round begins with its release
            return True
        return False

    def _step_turns(self, due: Command | None) -> bool:
        """In turns bots' answers go in as they come (their ticks decide, not the moment they
        arrive); the person at the screen plays against their own sand; the clock's expiry
        goes in once every person has had the screen."""
        if self.held:
            return self._release(min(self.held))
        state = self.match.state
        seat = self.screen
        if seat is not None and self.running and seat in self.match.to_act and seat not in self.done:
            own, end = self.own[seat], self.rules.sand(state, seat)
            tick = self._next_entry(self.rules.time(state, seat))
            if self.entries and tick <= own and (end is None or tick < end):
                self._submit(None, {"move": "time", "seat": seat, "tick": tick})
                return True
            if end is not None and own >= end:
                command = self.rules.out_of_time(state, seat)
                if command is None:
                    self.done.add(seat)  # solved but did not move in time: the expiry says so
                    return True
                self._submit(seat, {**command, "tick": own})
                return True
        waiting = self.match.to_act
        if due is None or any(s in self.players for s in waiting) or self.asking:
            return False
        if any(s in self.people and s not in self.done for s in waiting):
            return False
        self._submit(None, due)
        return True

    def _release(self, seat: int) -> bool:
        held = self.held.pop(seat)
        if held.changes != self.changes:
            self._ask(seat, held.at, 0, held)  # the same draws, the match as it is now
            return True
        command = held.command
        if _tick_of(command) is not None:
            command = {**command, "tick": max(held.tick, self.rules.time(self.match.state, seat))}
        result = self.windows[seat].submit(seat, command)
        if isinstance(result, Rejected):
            player = self.players.get(seat)
            error: Exception = (
                player.illegal(command, result.reason)
                if isinstance(player, ProgramBot)
                else IllegalMove(command, result.reason)
            )
            self._failed(seat, error)
        return True

    def _submit(self, seat: int | None, command: Command) -> list[Event] | Rejected:
        if seat is None:
            result = self.authority.expire(command)
        else:
            result = self.authority.match.submit(seat, command)
        if isinstance(result, Rejected):
            raise RuntimeError(f"{self.rules.name}: the clock's {command} was refused: {result.reason}")
        return result

    def _record(self, tick: int) -> None:
        """The time entry of the table's one clock at `tick`."""
        result = self.match.submit_time(tick)
        if isinstance(result, Rejected):
            raise RuntimeError(f"{self.rules.name}: the clock's time at {tick} was refused: {result.reason}")

    # -- advice -------------------------------------------------------------------------
    def advise(self, seat: int, budget: Budget = AT_TABLE) -> bool:
        """Ask the hint bot what `seat` would best play now, on that seat's own window (its
        view and legal moves only), with the hint's random stream and on this referee's
        thinking; collected with `advice`. False (nothing asked): one is in flight for `seat`
        already, or the referee no longer drives."""
        if seat in self.advising or self.closed:
            return False
        window = self.window(seat)
        at = len(self.match.events)
        view, legal = window.seat_view(seat), window.legal(seat)
        self.advising[seat] = at
        bot = self.rules.bot(HINT_LEVEL).choose  # the bot's own method: it thinks where bots do
        rng = hint_rng(self.match.seed, seat, self.match.drawn)
        self.thinking.start(_advice(seat), at, 0, bot, view, legal, rng, budget)
        return True

    def advice(self, seat: int) -> Hint | None:
        """The hint asked for `seat` once it is thought (taken once); None while it thinks or
        when none was asked. One dropped because the match moved on (or the referee stopped)
        comes back without a command, at the moment it was asked about."""
        at = self.advising.get(seat)
        if at is None:
            return None
        key = _advice(seat)
        if key in self.thinking:
            job = self.thinking.ready(key)
            if job is None:
                return None
            del self.advising[seat]
            try:
                return Hint(at, job.future.result())
            except Exception as exc:
                return Hint(at, None, said(exc))
        del self.advising[seat]
        return Hint(at, None, MOVED_ON)

    def unadvise(self, seat: int) -> None:
        """Nobody waits for `seat`'s hint any more: its thinking stops, and nothing is collected."""
        if self.advising.pop(seat, None) is not None:
            self.thinking.drop(_advice(seat))

    # -- failures -------------------------------------------------------------------------
    def _failed(self, seat: int, error: Exception) -> None:
        """A player failed: the policy names who plays on (never the same one again), or the
        match stops here."""
        self.thinking.drop(seat)
        self.asking.pop(seat, None)
        self.held.pop(seat, None)
        failed = self.players.get(seat)
        level = self.policy(seat, error)
        if level is None or isinstance(failed, bots.RandomBot):
            raise Failed(seat, error)
        if hasattr(failed, "close"):
            failed.close()
        self.seat(seat, self.authority.hand_to_bot(seat, level))
        name = self.match.seats[seat].name
        if isinstance(error, OutsideBotError):
            said = msg(
                "{error}. Our {level} bot plays that seat from now on.",
                error=error.message(),
                level=level_name(level),
            )
        else:
            said = msg(
                "{name} (bot) failed: {why}. Our {level} bot plays that seat from now on.",
                name=name,
                why=str(error),
                level=level_name(level),
            )
        if self.on_notice is not None:
            self.on_notice(Notice(seat, said))

    # -- news -----------------------------------------------------------------------------
    def _changed(self, match: Match, entry: Entry | None, events: list[Event]) -> None:
        if not events:
            return
        if self.advising:  # a hint about a moment that has passed is never wanted
            for seat in self.advising:
                self.thinking.drop(_advice(seat))
        state = match.state
        timed = only_time(events)
        if timed:  # time in the log moves the clock on and nothing else (ruleset.TIME)
            self._time = time = self.rules.time(state, None)
            self.sand = max(self.sand, time)
            if self.per_seat:
                self.own = [max(t, self.rules.time(state, s)) for s, t in enumerate(self.own)]
            seen = self._seen
            if seen.state is not None:  # read since the last move: only its next entry is new
                following = self._next_entry(time) if self.entries else None
                self._seen = seen._replace(state=state, entry=following)
            return
        self._seen = _UNREAD  # a move: everything is read again
        self.changes += 1
        due = match.clock is not None
        time = self.rules.time(state, None)
        glass = self.rules.hourglass(state)
        if due and (not self._due or time < self._time or glass != self._glass):  # a new hourglass
            self.sand = time
            self.own = [self.rules.time(state, s) for s in range(len(self.own))]
            self.done.clear()
            # a server's screens roll the die before a new round's sand runs
            self.sand_held = self.hold_new_sand and (not self._due or time < self._time)
            # and never within the stride that set it, whoever's move ended the last round (a
            # bot's, the clock's): the driver says whether it runs when it next gives time
            self.running = False
        else:
            self.sand = max(self.sand, time)
            if self.per_seat:  # the seats' own clocks are read only in turns
                self.own = [max(t, self.rules.time(state, s)) for s, t in enumerate(self.own)]
        if entry is not None and entry.seat is None:
            self.done.clear()  # the clock's expiry: a new hourglass, or the round's end
        self._due, self._time, self._glass = due, time, glass

    def close(self) -> None:
        """Stop driving: nothing more is asked or played (the table left, the server stops)."""
        self.closed = True
        for seat in list(self.thinking.jobs):
            self.thinking.drop(seat)
        self.asking.clear()
        self.held.clear()
        self.authority.unwatch(self._changed)
        for player in self.players.values():
            if hasattr(player, "close"):
                player.close()
        # whoever drives us holds us: its callbacks go, so a closed table is freed at once
        self.on_notice = self.thinking.notify = None


def _tick_of(command: object) -> int | None:
    tick = command.get("tick") if isinstance(command, dict) else None
    return tick if isinstance(tick, int) and not isinstance(tick, bool) else None


def _advice(seat: int) -> tuple[str, int]:
    """A hint's key on the referee's thinking (a bot's is its seat)."""
    return ("advise", seat)


def hint_rng(seed: int, seat: int, at: int) -> random.Random:
    """A hint's random source: its own stream, apart from the rules' and the bots'."""
    return stream("hint", seed, seat, at)


def consult(
    rules: Ruleset,
    view: View,
    legal: list[Command],
    rng: random.Random,
    budget: Budget,
    level: str = HINT_LEVEL,
) -> Command:
    """What the `level` bot would play from `view`: the one place a bot is asked outside a
    live match (the review of a past moment, which no referee drives), at once, on the
    caller's thread."""
    return rules.bot(level).choose(view, legal, rng, budget)
