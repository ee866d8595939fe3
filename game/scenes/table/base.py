"""What every table shares: the window on its match, the target map, hand-off, pause, sheets and
results; input (input.py) and each frame's overlay (overlay.py) are mixed in.

A table holds a `Window` (game/core/window.py) and nothing else of its match: local or remote,
it reads the window's view and events and submits commands; it never changes the state itself,
never runs a bot or a clock, and never waits on the window. Every tick it gives the window the
tick (a local match's referee moves bots and the sand by it; a remote one applies what the
server sent), saying whether the sand runs (not while a die rolls, a sheet stands or the
window is out of focus) and whether it takes new decisions: bots move, a hand-off or the
result screen comes only when the table is idle (nothing flying, no sheet waiting or open,
nothing of its own held: `steady`).

Subclasses draw the game, list their targets, turn events into animations (`on_events`), say
what holds them (`busy`, `steady`), and say which gestures play a command (`gestures`, for
game.automation).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from game.core.i18n import N_, msg
from game.core.ruleset import Command, Event, Rejected, View
from game.core.settings import INSTANT
from game.core.timers import Scheduler
from game.core.window import Connection, Window
from game.scenes.base import Scene
from game.scenes.overlays import Halted, HandOff, Pause
from game.scenes.sheet import CONTINUE, Sheet
from game.scenes.table.input import TargetInput
from game.scenes.table.overlay import TableOverlay
from game.ui.targets import Target, TargetMap

if TYPE_CHECKING:
    from game.net.invite import Invite
    from game.scenes.host import Host

# Says why a person's command is not the one a tutorial step waits for (None: it is)
Guard = Callable[[int, Command], "str | None"]

# A gesture, as game.automation plays it: ("click", id), ("right_click", id),
# ("drag", from_id, to_id), ("key", name) with name as pygame.key.key_code takes it
# ("space", "return", "shift+tab").
Gesture = tuple[str, ...]


class Table(TargetInput, TableOverlay, Scene):
    name = "table"

    def __init__(self, app: Host, window: Window, match_id: int | None = None):
        super().__init__(app)
        # The match is decided elsewhere (a referee in this process, or a server); this scene
        # sees it only through the window of the seats at this screen (docs/architecture.md,
        # "The window").
        self.window = window
        self.rules = window.game  # the game's words, options and view helpers
        self.match_id = match_id
        self.humans = sorted(window.seats)  # the people at this screen
        self.timers = Scheduler()  # waits of the table itself (a remark fading, a pause)
        self.age = 0  # ticks this table has been shown (what glows keeps time by it)
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
        self.invites: dict[int, Invite] = {}  # network play, hosting: each online seat's invite
        self.fault_shown = False  # the notice of a fault that paused the match was shown
        window.listen(self._arrived)
        app.sounds.warm()

    # -- the window -----------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the screen is (None: nobody's, as behind a hand-off)."""
        return self.window.viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self.window.look_as(seat)

    @property
    def connection(self) -> Connection | None:
        """Network play: the link to the server (None for a match decided in this process)."""
        return self.window.connection

    def leave(self) -> None:
        """The Scene's: the window on the match closes with its table."""
        self.window.close()
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
        self.timers.advance(n)
        self._collect_hint()
        for _ in range(n):  # tick by tick, so update(7) decides exactly what 7 x update(1) does
            self.age += 1
            self.on_tick()
            self.window.tick(1, self.clock_running() and not self.watching, self.deciding)
            for said in self.window.notices():  # a bot that failed, a save that failed
                self.app.toast(said, error=True, echo=False)
            if self._fault():
                continue  # the match is paused: nothing is decided
            self._show_sheet()
            if self.watching or not self.idle() or self.app.top is not self:
                continue  # the next decision waits for the cards to land, a sheet, a hand-off
            if self.window.finished:
                if not self.finished_shown:
                    self.finished_shown = True
                    self.show_result()
                return
            self._drive()

    def _fault(self) -> bool:
        """Whether the match is paused by a fault (its referee failed): its notice is shown
        once (again after it went on and failed anew), over the table."""
        if self.window.fault is None:
            self.fault_shown = False
            return False
        if not self.fault_shown and self.app.top is self:
            self.fault_shown = True
            self.app.push(Halted(self.app, self))
        return True

    def on_tick(self) -> None:
        """Once per tick, before the window's: what the table animates by itself (Ubongo: the
        die roll and the hourglass's warnings, tick by tick so update(n) is n x update(1))."""

    def deciding(self) -> bool:
        """Whether the table takes a new decision now (a bot's move, a hand-off): not while
        anything of the last move is still to be seen. Asked again after every move."""
        return not self.watching and self.idle() and self.app.top is self

    def bots_to_act(self) -> bool:
        """A bot (ours, or the server's) is to move: people wait for it."""
        players = self.window.players
        return any(s not in self.humans and players[s].is_bot for s in self.window.to_act)

    def _drive(self) -> None:
        """The next person at a shared screen gets it: a table steers this by `people_waiting`
        and `needs_handoff` (Ubongo's pass-and-play race too), not by overriding it."""
        people = self.people_waiting()
        if people and not self.bots_to_act() and self.needs_handoff(people[0]):
            self.hand_off(people[0])

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

        self.window.pause()  # the sand stops while the screen changes hands: in the log
        self.viewer = None  # nothing hidden is drawn until the next person confirms
        name = self.window.names[seat]
        self.app.push(HandOff(self.app, seat, name, self.handoff_note(seat), ready, self.rules.name))

    def submit(self, seat: int | None, command: Command) -> Rejected | None:
        """Send a person's command (in a timed game the window stamps the clock on it): why it
        was refused, or None (sent: its events come back as news)."""
        if self.watching:
            return Rejected(msg("This is a replay: nothing can be played here"))
        if seat not in self.humans:
            return Rejected(msg("Not your move"))
        if self.guard is not None:
            reason = self.guard(seat, command)
            if reason is not None:
                return Rejected(reason)
        return self.window.submit(seat, command)

    def log_lines(self, events: list[Event]) -> list[str]:
        """The move log's lines for these events (a resumed table rebuilds its log from them)."""
        names = self.window.names
        return [line for e in events if (line := self.rules.describe(e, names))][-50:]

    # -- hint -----------------------------------------------------------------------------
    def request_hint(self) -> None:
        seat = self.acting_human
        if seat is None or self.window.hinting:
            return
        self.window.ask_hint(seat)
        self.on_hint()  # the button says "Thinking…" from this very frame (a hard bot takes a while)

    @property
    def hint_pending(self) -> bool:
        return self.window.hinting

    def _collect_hint(self) -> None:
        hint = self.window.hint()
        if hint is None:
            return
        if hint.at != self.window.count:
            self.on_hint()  # asked about a moment that has passed
            return
        if hint.command is None:
            self.app.toast(msg("No hint available: {why}", why=hint.problem), error=True)
        else:
            self.hint = hint.command
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
        """The pause menu (Esc, P, or a table's Menu button): the sand stops, in the log too."""
        self.window.pause()
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
        if self.busy() or self.window.hinting or self.sheet_waiting is not None:
            return False
        if self.window.pending:
            return False  # a command on its way to the server: what came of it is not known yet
        if self.watching or self.window.fault is not None:
            return True  # a match paused by a fault stands still
        if not self.idle():
            return self.awaiting() is not None
        if self.window.finished:
            return self.finished_shown
        waiting = self.window.to_act
        people = self.people_waiting()
        if self.bots_to_act() or (self.window.busy and not people):
            return False
        if waiting and not people:
            return False  # others play elsewhere: what they do arrives (waits_elsewhere)
        if not waiting:
            return self.window.due is None
        return not self.needs_handoff(people[0])

    def away(self, seat: int) -> bool:
        """Network play: a person who plays `seat` elsewhere and is not connected now."""
        window = self.window
        if seat in window.seats or not 0 <= seat < len(window.online):
            return False
        return not window.online[seat] and not window.players[seat].is_bot

    def waits_elsewhere(self) -> bool:
        """Nothing happens here by the table's own ticks: it is idle, and the match waits on
        seats played elsewhere (or on a server's clock)."""
        if self.busy() or self.window.hinting or self.sheet_waiting is not None:
            return False
        if not self.idle() or self.app.top is not self:
            return False
        if self.window.pending:
            return True  # the server's answer to what was sent
        return not self.window.finished and not self.people_waiting()

    def quiet_ticks(self) -> int:
        """How many ticks pass with nothing to decide but the clock: until the next bot answer
        or the rules clock is due. 1 whenever anything else may happen (something in flight, a
        hint on its way, a screen on top; what merely glows does not count). game.automation
        waits in such strides, drawing once per stride; the table still decides tick by tick."""
        if not self.idle() or self.window.hinting or self.app.top is not self:
            return 1
        return self.window.quiet(self.clock_running())

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
            or self.window.busy
            or self.timers.pending > 0
            or self.window.hinting
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
            sheet = make(self._sheet_closed)
            if isinstance(sheet, Sheet):
                sheet.beneath = self._beneath_sheet
            self.app.push(sheet)

    def _beneath_sheet(self, ticks: int) -> None:
        """While a sheet stands over a table of network play, what the server sends is still
        taken (the sheet may have to give way: a race's next round begun without this screen)."""
        if self.connection is not None:
            self.connection.pump()

    def _sheet_closed(self) -> None:
        self.sheet_open = False
        self.after_sheet()

    def give_way(self) -> bool:
        """Close the sheet standing over the table, or forget the one waiting to open: what it
        would show is past. Whether there was one."""
        had = self.sheet_open or self.sheet_waiting is not None
        self.sheet_waiting = None
        top = self.app.top
        if self.sheet_open and isinstance(top, Sheet):
            top.close()
        return had

    def idle(self) -> bool:
        """Whether the table waits for input: nothing flies, no sheet waits or stands, and the
        table shows nothing of its own the next move must wait for (`steady`)."""
        return not self.busy() and self.sheet_waiting is None and not self.sheet_open and self.steady()

    # -- for subclasses -------------------------------------------------------------------
    def landed(self) -> bool:
        """Whether a waiting sheet may open now (what must be seen first has landed)."""
        return not self.busy()

    def after_sheet(self) -> None:
        """A sheet was closed (Jaipur, Taj Mahal, Ubongo: show the match as it is now, and deal
        or roll the next round held back under the sheet)."""

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
        """Animate what happened (every table: its view afresh, what moved flies, a round's
        sheet queued)."""

    def on_viewer_changed(self) -> None:
        """The person at the screen changed after a hand-off (every table: the new person's
        view, nothing of the last one's choice left)."""

    def on_hint(self) -> None:
        """A hint was asked, arrived in self.hint, or one asked about a moment past was dropped
        (Jaipur, Taj Mahal: the selection shows it; Gin Rummy: its Use hint button; all three:
        the button says "Thinking…" while it is on its way)."""

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

    def view(self) -> View:
        """What the screen may show: the viewer's view, or a spectator's during hand-off."""
        return self.window.view()
