"""What every game table shares: the seat window on its match (and the local authority behind
it: the clock, bots off the UI thread, the rules clock), the target map, hand-off, pause,
sheets and results; input (input.py) and each frame's overlay (overlay.py) are mixed in.

A table reads its window's view and events and submits commands; it never changes the state
itself. Every tick it advances its clock, releases bot commands whose tick has come, and
submits the rules clock's command when that is due, whatever is animating. New decisions (a
bot asked to think, a hand-off, the result screen) wait until the table is idle: nothing
flying, no sheet waiting or open, nothing of its own held (`steady`).

Subclasses draw the game, list their targets, turn events into animations (`on_events`), say
what holds them (`busy`, `steady`), and say which gestures play a command (`gestures`, for
game.automation).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from game.core import bots
from game.core.authority import Authority
from game.core.clocked import Held
from game.core.i18n import N_, msg
from game.core.match import Match
from game.core.outside import OutsideBotError, ProgramBot
from game.core.ruleset import Budget, Command, Event, Rejected
from game.core.settings import INSTANT
from game.core.timers import Scheduler, ticks
from game.core.window import SeatWindow
from game.net.client import RemoteWindow
from game.scenes.base import Scene
from game.scenes.overlays import HandOff, Pause
from game.scenes.sheet import CONTINUE
from game.scenes.table.clock import TableClock
from game.scenes.table.input import TargetInput
from game.scenes.table.overlay import TableOverlay
from game.scenes.table.thinking import Thinking
from game.ui.targets import Target, TargetMap

if TYPE_CHECKING:
    from game.scenes.host import Host

HINT_LEVEL = "hard"
HANDOVER_LEVEL = "medium"  # who takes over the seat of an outside program that failed
HINT = "hint"  # the Thinking key of a hint; bots are keyed by their seat
# Under automation a bot's search is bounded by its own iteration count, never by the clock,
# so the same match gives the same moves on a fast machine and a loaded one.
UNTIMED = Budget(seconds=3600.0)

# Says why a person's command is not the one a tutorial step waits for (None: it is)
Guard = Callable[[int, Command], "str | None"]

# A gesture, as game.automation plays it: ("click", id), ("right_click", id),
# ("drag", from_id, to_id), ("key", name) with name as pygame.key.key_code takes it
# ("space", "return", "shift+tab").
Gesture = tuple[str, ...]


class Table(TargetInput, TableOverlay, Scene):
    name = "table"

    def __init__(self, app: Host, match: Match | RemoteWindow, match_id: int | None = None):
        super().__init__(app)
        # The authority decides the match; this scene sees it only through `window` (the
        # people's seats) and each bot through its own (docs/architecture.md, "The seat window").
        # A match held elsewhere (network play) comes as its window: the server runs its bots
        # and its clock, and this table only shows and sends (docs/network.md).
        self.remote = match if isinstance(match, RemoteWindow) else None
        self.authority = Authority(match) if isinstance(match, Match) else None
        self.match_id = match_id
        self.timers = Scheduler()  # waits of the table itself (a remark fading, a pause)
        self.players: dict[int, Any] = {}
        self.bot_windows: dict[int, SeatWindow] = {}
        if isinstance(match, Match):
            self.rules = match.ruleset
            self.humans = [i for i, s in enumerate(match.seats) if not s.is_bot]
            seconds = app.settings.outside_move_seconds
            self.players = {
                i: bots.for_seat(self.rules, s, seconds)
                for i, s in enumerate(match.seats)
                if s.kind in ("bot", "cmd")
            }
            self.bot_windows = {i: self._authority.window({i}, i) for i in self.players}
            self.window: SeatWindow | RemoteWindow = self._open_window(self.humans)
        else:
            assert match.rules is not None  # a window is handed over once welcomed
            self.rules = match.rules
            self.humans = sorted(match.seats)
            self.window = match
            match.listen(self._arrived)
        self.clock = TableClock(len(match.seats), per_seat=len(self.humans) > 1)
        self.thinking = Thinking(synchronous=app.automated)
        self.held: dict[int, Held] = {}  # by seat, bots' commands waiting for their tick
        # The seat whose hidden cards are on screen: the only person; with several people
        # nobody until the first hand-off, so even the opening frame hides every hand.
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.hint: Command | None = None
        # A tutorial step's say over the people's moves: the reason a command is not the one
        # the step waits for, or None to let it through (game.scenes.table.base.Guard)
        self.guard: Guard | None = None
        self.watching = False  # a replay: the table shows its match and decides nothing
        self.log: list[str] = self.log_lines(self.window.events())
        self.finished_shown = False
        # A sheet (a round's scores, a visit's summary) waiting for the cards to land, and
        # whether one stands over the table: the next decision waits for both
        self.sheet_waiting: Callable[[Callable[[], None]], Scene] | None = None
        self.sheet_open = False
        self.focus: str | None = None  # the id of the target the keyboard is on
        self.hover: str | None = None  # the id of the target under the pointer
        self.pointer: tuple[int, int] | None = None  # where the mouse is, for the tooltip
        self.news = False  # network play: something arrived this tick (a frame to draw)
        self.invites: dict[int, Any] = {}  # network play, hosting: each online seat's invite
        app.sounds.warm()

    # -- the seat window ---------------------------------------------------------------------
    @property
    def _authority(self) -> Authority:
        """The local authority (a table of network play has none: its window is remote)."""
        if self.authority is None:
            raise RuntimeError("this table's match is held by a server")
        return self.authority

    def _open_window(self, seats: list[int]) -> SeatWindow:
        window = self._authority.window(seats)
        window.listen(self._arrived)
        return window

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the screen is (None: nobody's, as behind a hand-off)."""
        return self.window.viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self.window.look_as(seat)

    def watch(self, seats: list[int]) -> None:
        """Make this a replay's table: it decides nothing and may look through `seats`."""
        self.watching = True
        viewer = self.viewer
        self.window.listeners.clear()
        self.window = self._open_window(seats)
        self.viewer = viewer if viewer in seats else None

    def leave(self) -> None:
        if self.authority is not None:
            self.authority.detach()
        if self.remote is not None:
            self.remote.close()
        super().leave()

    def _arrived(self, events: list[Event]) -> None:
        """New events, as the viewer may see them: the log and the table's animations."""
        self.hint = None
        self.log = (self.log + self.log_lines(events))[-50:]
        self.on_events(events)

    # -- time -----------------------------------------------------------------------------
    def speed(self, n: float) -> int:
        """Animation ticks scaled by the animation-speed setting; 0 when it is instant."""
        speed = self.app.settings.animation_speed
        return 0 if speed == INSTANT else max(1, round(n / speed))

    def clock_running(self) -> bool:
        """A lone person's game stops while the window is out of focus or minimised; with
        several people at the screen it runs on, as a real hourglass would."""
        return self.app.active or len(self.humans) > 1

    def update(self, n: int) -> None:
        if self.remote is not None:
            self.news = self.remote.pump() > 0  # what the server sent meanwhile, in order
        self.timers.advance(n)
        self._collect_hint()
        for _ in range(n):  # tick by tick, so update(7) decides exactly what 7 x update(1) does
            if self.remote is not None:
                self.clock.set(self.remote.now())  # the authority's time, never ours
            elif self.clock_running():
                self.clock.advance(1, self.viewer)
            self.thinking.advance(1)
            self.on_tick()
            self._show_sheet()
            if self.watching or not self.idle() or self.app.top is not self:
                continue  # the next decision waits for the cards to land, a sheet, a hand-off
            if self.window.finished:
                if not self.finished_shown:
                    self.finished_shown = True
                    self.show_result()
                return
            self._drive()

    def on_tick(self) -> None:
        """Once per tick: held bot commands whose tick has come, and the rules clock. A bot
        that chose before the match changed chooses again, with the same draws, from the
        match as it is now (a pawn sent for gems another has taken meanwhile)."""
        if self.watching or self.remote is not None:
            return  # a replay decides nothing; a server runs its own bots and clock
        for seat in [s for s, h in self.held.items() if self.bot_due(s, h.tick)]:
            held = self.held.pop(seat)
            if held.at != self.window.count:
                self._run_bot(seat, held.at)
            elif self.bot_windows[seat].check(seat, held.command) is None:  # else the round moved on
                self.submit(seat, held.command)
        due = self.window.due
        if due is not None and due.get("tick", 0) <= self.clock.now:
            self.submit(None, due)

    def _drive(self) -> None:
        waiting = sorted(self.window.to_act)
        for seat in waiting:
            if seat in self.players:
                self._run_bot(seat)
        people = [s for s in waiting if s in self.humans]
        if people and not any(s in self.players for s in waiting) and self.needs_handoff(people[0]):
            self.hand_off(people[0])

    # -- bots -----------------------------------------------------------------------------
    def _run_bot(self, seat: int, again_from: int | None = None) -> None:
        """Ask a bot, or collect its answer. `again_from`: the log length it was first asked
        at, whose random source it chooses with again (no pause: its moment has come)."""
        if seat in self.thinking or seat in self.held:
            job = self.thinking.ready(seat)
            if job is not None:
                self._bot_answered(seat, job.at, job.future)
            return
        pause = ticks(self.app.settings.bot_pause_ms / 1000)
        if self.app.automated or again_from is not None:
            pause = 0
        window = self.bot_windows[seat]
        view, legal = window.seat_view(seat), window.legal(seat)
        drawn_at = window.count if again_from is None else again_from
        rng = self._authority.rng_for(seat, drawn_at)
        self.thinking.start(
            seat,
            window.count,
            pause,
            self.players[seat].choose,
            view,
            legal,
            rng,
            self.bot_budget(),
        )

    def _bot_answered(self, seat: int, at: int, future) -> None:
        try:
            command = future.result()
        except OutsideBotError as exc:  # a program that hung, crashed or babbled: ours plays on
            self._hand_over(seat, exc)
            return
        except Exception as exc:  # a broken bot must not take the table down
            self.app.toast(
                msg("{name} (bot) failed: {why}", name=self.window.names[seat], why=str(exc)), error=True
            )
            return
        if at != self.window.count and self.bot_windows[seat].check(seat, command) is not None:
            return  # the table moved on meanwhile and the answer no longer fits: think again
        tick = command.get("tick") if isinstance(command, dict) else None
        if isinstance(tick, int) and not self.bot_due(seat, tick):
            self.held[seat] = Held(tick, command, at)  # a future solve shows when its time comes
            return
        result = self.submit(seat, command)
        if isinstance(result, Rejected):
            player = self.players[seat]
            if isinstance(player, ProgramBot):
                self._hand_over(seat, player.illegal(command, result.reason))
                return
            self.app.toast(
                msg("{name} (bot) failed: {why}", name=self.window.names[seat], why=result.reason),
                error=True,
            )

    def _hand_over(self, seat: int, error: OutsideBotError) -> None:
        """An outside program failed: say who and what, and let our bot play its seat on, so
        the match goes on and nothing played is lost (the seat is saved as ours from now)."""
        self.players[seat] = self._authority.hand_to_bot(seat, HANDOVER_LEVEL)
        said = msg(
            "{error}. Our {level} bot plays that seat from now on.",
            error=error.message(),
            level=bots.level_name(HANDOVER_LEVEL),
        )
        self.app.toast(said, error=True)

    def bot_due(self, seat: int, tick: int) -> bool:
        """Whether a bot's command stamped `tick` may go in now (a future solve waits for it)."""
        return tick <= self.clock.tick(seat)

    def bot_budget(self) -> Budget:
        return UNTIMED if self.app.automated else Budget(seconds=1.0)

    # -- people ---------------------------------------------------------------------------
    def people_waiting(self) -> list[int]:
        """The people the match waits on, in the order this table serves them."""
        return [s for s in sorted(self.window.to_act) if s in self.humans]

    def needs_handoff(self, seat: int) -> bool:
        return self.rules.hidden_hands and len(self.humans) > 1 and seat != self.viewer

    def hand_off(self, seat: int) -> None:
        def ready() -> None:
            self.viewer = seat
            self.on_viewer_changed()

        self.viewer = None  # nothing hidden is drawn until the next person confirms
        name = self.window.names[seat]
        self.app.push(HandOff(self.app, seat, name, self.handoff_note(seat), ready, self.rules.name))

    def submit(self, seat: int | None, command: Command) -> list[Event] | Rejected:
        """Submit for a seat (None: the table's clock). A person's command in a timed game
        carries the seat's clock; a bot's and the rules clock's carry their own tick, but on
        one clock never a tick the clock has passed (a bot that answered late moves now)."""
        if self.watching:
            return Rejected(msg("This is a replay: nothing can be played here"))
        if self.guard is not None and seat in self.humans:
            reason = self.guard(seat, command)
            if reason is not None:
                return Rejected(reason)
        if self.rules.timed and seat is not None and isinstance(command, dict):
            tick, now = command.get("tick"), self.clock.tick(seat)
            late = not self.clock.per_seat and isinstance(tick, int) and tick < now
            if seat in self.humans or late:
                command = {**command, "tick": now}
        if seat is None:
            result = self._authority.expire(command)
        elif seat in self.bot_windows:
            result = self.bot_windows[seat].submit(seat, command)
        else:
            result = self.window.submit(seat, command)  # _arrived hears the events
        if isinstance(result, Rejected):
            return result
        problem = self.app.store.take_problem()  # a save that failed mid-match
        if problem:
            self.app.toast(problem, error=True, echo=False)
        return result

    def log_lines(self, events: list[Event]) -> list[str]:
        """The move log's lines for these events (a resumed table rebuilds its log from them)."""
        names = self.window.names
        return [line for e in events if (line := self.rules.describe(e, names))][-50:]

    # -- hint -----------------------------------------------------------------------------
    def request_hint(self) -> None:
        seat = self.acting_human
        if seat is None or HINT in self.thinking:
            return
        bot = self.rules.bot(HINT_LEVEL)
        view, legal = self.window.seat_view(seat), self.window.legal(seat)
        rng = (
            self.authority.rng_for(seat, self.window.count)
            if self.authority is not None
            else random.Random(self.window.count * 8 + seat)  # a hint only suggests: any draws do
        )
        budget = UNTIMED if self.app.automated else Budget(seconds=1.0)
        self.thinking.start(HINT, self.window.count, 0, bot.choose, view, legal, rng, budget)

    @property
    def hint_pending(self) -> bool:
        return HINT in self.thinking

    def _collect_hint(self) -> None:
        job = self.thinking.ready(HINT)
        if job is None:
            return
        if job.at != self.window.count:
            self.on_hint()  # asked about a moment that has passed
            return
        try:
            self.hint = job.future.result()
        except Exception as exc:
            self.app.toast(msg("No hint available: {why}", why=str(exc)), error=True)
        self.on_hint()

    # -- the target map -------------------------------------------------------------------
    def target_map(self) -> TargetMap:
        return TargetMap(self.targets() + self.connection_targets())

    def targets(self) -> list[Target]:
        """Everything clickable, in reading order (subclasses list their own)."""
        return []

    def gestures(self, seat: int, command: Command) -> Iterator[Gesture]:
        """The clicks, drags and keys a person makes at this table to play `command`, yielded
        one at a time (each after the previous one took effect). game.automation plays them;
        a table that yields none cannot be driven."""
        return iter(())

    def press_by_keys(self, tid: str) -> Iterator[Gesture]:
        """The keys that walk the keyboard focus to `tid` (Tab, Shift+Tab, arrows: each the
        first key of the shortest route on the target map as it is then) and press Space on it.
        Yields nothing more once no route is left: the gestures then fail to make the move."""
        for _ in range(200):
            if self.focus == tid:
                yield ("key", "space")
                return
            step = self.target_map().route(self.focus, tid)
            if step is None:
                return
            yield ("key", step)

    def pause(self) -> None:
        """The pause menu (Esc, P, or a table's Menu button)."""
        self.app.push(Pause(self.app, self.rules.name))

    def show_result(self) -> None:
        from game.scenes.results import Results

        self.app.push(Results(self.app, self.window, self.match_id))

    def busy(self) -> bool:
        """Whatever of the subclass moves by itself and holds the next decision back (cards in
        flight). The clock keeps running meanwhile."""
        return False

    def settled(self) -> bool:
        """Nothing here changes without input: no flight, no bot thinking, and nothing the next
        update would start by itself (a bot's turn, a hand-off, the result, the rules clock)."""
        if self.busy() or self.thinking.busy or self.sheet_waiting is not None:
            return False
        if self.watching:
            return True
        if not self.idle():
            return self.awaiting() is not None
        waiting = self.window.to_act
        people = [s for s in sorted(waiting) if s in self.humans]
        if self.window.finished:
            return self.finished_shown
        if any(s in self.players for s in waiting) or (self.held and not people):
            return False
        if self.remote is not None and not people:
            return False  # others play elsewhere: what they do arrives (waits_on_network)
        if not waiting:
            return self.window.due is None
        return not self.needs_handoff(people[0])

    def away(self, seat: int) -> bool:
        """Network play: a person who plays `seat` elsewhere and is not connected now."""
        remote = self.remote
        if remote is None or seat in remote.seats or not 0 <= seat < len(remote.online):
            return False
        return not remote.online[seat] and not remote.players[seat].is_bot

    def remote_moving(self) -> bool:
        """Network play: news arrived, the link is down (its state is shown), or sand runs."""
        remote = self.remote
        return remote is not None and (self.news or remote.status != "online" or remote.clock.running)

    def waits_on_network(self) -> bool:
        """Nothing happens here until the server sends something: the table of network play
        is idle, and the match waits on seats played elsewhere (or on the server's clock)."""
        if self.remote is None or self.busy() or self.thinking.busy or self.sheet_waiting is not None:
            return False
        if not self.idle() or self.app.top is not self:
            return False
        return not self.window.finished and not self.people_waiting()

    def quiet_ticks(self) -> int:
        """How many ticks pass with nothing to decide but the clock: until the next held bot
        command or the rules clock is due. 1 whenever anything else may happen (something
        in flight, a bot thinking, a screen on top; what merely glows does not count).
        game.automation waits in such strides, drawing once per stride; the table still
        decides tick by tick."""
        if not self.idle() or self.thinking.busy or self.app.top is not self:
            return 1
        due = self.window.due
        waits = [held.tick - self.clock.tick(seat) for seat, held in self.held.items()]
        if due is not None:
            waits.append(due.get("tick", 0) - self.clock.now)
        return max(1, min(waits)) if waits else 1

    def awaiting(self) -> tuple[int | None, str] | None:
        """While not idle: when what holds the table back is a person with no rules move to
        make (a score sheet to open or close), whose it is (None: anyone at the screen) and the
        target that moves on; None when it is time that holds it."""
        return (None, CONTINUE) if self.sheet_open else None

    @property
    def animated(self) -> bool:  # type: ignore[override]
        """True while the table changes by itself: something moving, a bot thinking, a hint on
        its way, a timer or a clock running. A table waiting for a person is a still frame."""
        return (
            self.busy()
            or (self.remote is not None and self.remote_moving())
            or self.timers.pending > 0
            or self.thinking.busy
            or bool(self.held)
            or self.window.due is not None
            or not self.idle()
            or self.moving()
        )

    # -- sheets ---------------------------------------------------------------------------
    def queue_sheet(self, make: Callable[[Callable[[], None]], Scene]) -> None:
        """Show a sheet once what flies has landed: `make(on_close)` builds it. Until it has
        been shown and closed, the table decides nothing (no bot is asked, no hand-off)."""
        self.sheet_waiting = make

    def _show_sheet(self) -> None:
        if self.sheet_waiting is not None and self.landed() and self.app.top is self:
            make, self.sheet_waiting = self.sheet_waiting, None
            self.sheet_open = True
            self.app.push(make(self._sheet_closed))

    def _sheet_closed(self) -> None:
        self.sheet_open = False
        self.after_sheet()

    def idle(self) -> bool:
        """Whether the table waits for input: nothing flies, no sheet waits or stands, and the
        table shows nothing of its own the next move must wait for (`steady`)."""
        return not self.busy() and self.sheet_waiting is None and not self.sheet_open and self.steady()

    # -- for subclasses -------------------------------------------------------------------
    def landed(self) -> bool:
        """Whether a waiting sheet may open now (what must be seen first has landed)."""
        return not self.busy()

    def after_sheet(self) -> None:
        """A sheet was closed."""

    def moving(self) -> bool:
        """Whatever else of the subclass changes with time alone (a glow, a fading remark)."""
        return False

    def steady(self) -> bool:
        """False while the table shows something of its own the next move must wait for (a
        finished hand whose score sheet is still to be opened, a die rolling)."""
        return True

    def consume_escape(self) -> bool:
        """Esc first clears a selection; return True when it did."""
        return False

    def on_events(self, events: list[Event]) -> None:
        """Animate what happened."""

    def on_viewer_changed(self) -> None:
        """The person at the screen changed (after a hand-off)."""

    def on_hint(self) -> None:
        """A hint arrived in self.hint."""

    def handoff_note(self, seat: int) -> str:
        return N_("It is your turn.")

    @property
    def acting_human(self) -> int | None:
        """The person who may act now at this screen, if any."""
        waiting = self.window.to_act
        if self.watching:
            return None
        if self.viewer is not None and self.viewer in waiting:
            return self.viewer
        return None

    def view(self) -> dict[str, Any]:
        """What the screen may show: the viewer's view, or a spectator's during hand-off."""
        return self.window.view()
