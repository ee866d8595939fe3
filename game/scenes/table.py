"""What every game table shares: the match, bots off the UI thread, hand-off, pause, results.

A table reads views and submits commands; it never changes the state itself. Subclasses
draw the game and turn events into animations (`on_events`), and say when they are idle.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pygame

from game.core import bots
from game.core.match import Match
from game.core.rng import derive
from game.core.ruleset import Budget, Command, Event, Rejected
from game.core.timers import Scheduler, ticks
from game.scenes.base import Scene
from game.scenes.overlays import HandOff, Pause
from game.ui.tween import Tweens

_EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
HINT_LEVEL = "hard"


class Table(Scene):
    name = "table"

    def __init__(self, app, match: Match, match_id: int | None = None):
        super().__init__(app)
        self.match = match
        self.match_id = match_id
        self.rules = match.ruleset
        self.tweens = Tweens()
        self.timers = Scheduler()
        self.humans = [i for i, s in enumerate(match.seats) if not s.is_bot]
        self.players = {
            i: bots.make(self.rules, s.level) for i, s in enumerate(match.seats) if s.kind in ("bot", "cmd")
        }
        # The seat whose hidden cards are on screen: the only person; with several people
        # nobody until the first hand-off, so even the opening frame hides every hand.
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.bot_job: tuple[int, int, Future] | None = None  # (seat, log length, future)
        self.bot_wait = 0
        self.hint_job: Future | None = None
        self.hint: Command | None = None
        self.log: list[str] = []
        self.finished_shown = False
        app.sounds.warm()

    # -- flow -----------------------------------------------------------------------------
    def speed(self, n: float) -> int:
        """Animation ticks scaled by the animation-speed setting."""
        return max(1, round(n / self.app.settings.animation_speed))

    def needs_handoff(self, seat: int) -> bool:
        return self.rules.hidden_hands and len(self.humans) > 1 and seat != self.viewer

    def update(self, n: int) -> None:
        self.timers.advance(n)
        self.tweens.advance(n)
        self._collect_hint()
        if self.tweens.busy or not self.idle():
            return
        if self.match.finished:
            if not self.finished_shown:
                self.finished_shown = True
                self.show_result()
            return
        self._drive(n)

    def _drive(self, n: int) -> None:
        waiting = sorted(self.match.to_act)
        bot_seats = [s for s in waiting if s in self.players]
        if bot_seats:
            self._run_bot(bot_seats[0], n)
            return
        people = [s for s in waiting if s in self.humans]
        if people and self.needs_handoff(people[0]):
            self.hand_off(people[0])
        elif not waiting:
            clock = self.rules.clock(self.match.state)
            if clock is not None:
                self.submit(None, clock)

    def _run_bot(self, seat: int, n: int) -> None:
        if self.bot_job is None:
            self.bot_wait = ticks(self.app.settings.bot_pause_ms / 1000)
            view, legal = self.match.view(seat), self.match.legal(seat)
            rng = derive(self.match.seed, len(self.match.events) * 8 + seat)
            future = _EXECUTOR.submit(self.players[seat].choose, view, legal, rng, self.bot_budget())
            self.bot_job = (seat, len(self.match.events), future)
            return
        self.bot_wait -= n
        job_seat, at, future = self.bot_job
        if self.bot_wait > 0 or not future.done():
            return
        self.bot_job = None
        if at != len(self.match.events):
            return  # the table moved on meanwhile; think again
        try:
            result = self.submit(job_seat, future.result())
        except Exception as exc:  # a broken outside bot must not take the table down
            result = Rejected(str(exc))
        if isinstance(result, Rejected):
            self.app.toast(f"{self.match.seats[job_seat].name} (bot) failed: {result.reason}", error=True)

    def bot_budget(self) -> Budget:
        return Budget(seconds=1.0)

    def hand_off(self, seat: int) -> None:
        def ready() -> None:
            self.viewer = seat
            self.on_viewer_changed()

        self.viewer = None  # nothing hidden is drawn until the next person confirms
        self.app.push(HandOff(self.app, self.match.seats[seat].name, self.handoff_note(seat), ready))

    def submit(self, seat: int | None, command: Command) -> list[Event] | Rejected:
        result = self.match.submit(seat, command)
        if isinstance(result, Rejected):
            return result
        self.hint = None
        problem = self.app.store.take_problem()  # a save that failed mid-match
        if problem:
            self.app.toast(problem, error=True, echo=False)
        names = self.match.names
        for event in result:
            line = self.rules.describe(event, names)
            if line:
                self.log.append(line)
        self.log = self.log[-50:]
        self.on_events(result)
        return result

    # -- hint -----------------------------------------------------------------------------
    def request_hint(self) -> None:
        seat = self.acting_human
        if seat is None or self.hint_job:
            return
        bot = self.rules.bot(HINT_LEVEL)
        view, legal = self.match.view(seat), self.match.legal(seat)
        rng = derive(self.match.seed, len(self.match.events) * 8 + seat)
        self.hint_job = _EXECUTOR.submit(bot.choose, view, legal, rng, Budget(seconds=1.0))

    def _collect_hint(self) -> None:
        if self.hint_job and self.hint_job.done():
            try:
                self.hint = self.hint_job.result()
            except Exception as exc:
                self.app.toast(f"No hint available: {exc}", error=True)
            self.hint_job = None
            self.on_hint()

    # -- input ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_ESCAPE, pygame.K_p)
            and not self.consume_escape()
        ):
            self.pause()
            return True
        return False

    def pause(self) -> None:
        """The pause menu (Esc, P, or a table's Menu button)."""
        self.app.push(Pause(self.app, self.rules.name))

    def show_result(self) -> None:
        from game.scenes.results import Results

        self.app.push(Results(self.app, self.match))

    @property
    def animated(self) -> bool:  # type: ignore[override]
        """True while the table changes by itself: something moving, a bot thinking, a hint on
        its way, a timer running. A table waiting for a person is a still frame."""
        return (
            self.tweens.busy
            or self.timers.pending > 0
            or self.bot_job is not None
            or self.hint_job is not None
            or not self.idle()
            or self.moving()
        )

    # -- for subclasses -------------------------------------------------------------------
    def moving(self) -> bool:
        """Whatever else of the subclass changes with time alone (a glow, a fading remark)."""
        return False

    def idle(self) -> bool:
        """False while the table shows something the next move must wait for (a score sheet)."""
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
        return "It is your turn."

    @property
    def acting_human(self) -> int | None:
        """The person who may act now at this screen, if any."""
        waiting = self.match.to_act
        if self.viewer is not None and self.viewer in waiting:
            return self.viewer
        return None

    def view(self) -> dict[str, Any]:
        """What the screen may show: the viewer's view, or a spectator's during hand-off."""
        return self.match.view(self.viewer)
