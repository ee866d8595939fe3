"""Drive the real app headless: the one way tests, screenshot scripts and outside tools play it.

    s = Session.open("jaipur", seats=["human", "easy"], seed=7)
    s.idle()                                   # bots move, cards land
    s.perform(0, s.legal(0)[0])                # played by clicks and keys only
    s.click("menu"); s.key("escape")
    s.screenshot("table.png")

Every input is a real pygame event posted to the queue and read by the app's own loop step;
time advances only by `tick` and `idle`, in the fixed 1/60 s ticks the app uses. Under a
Session bots answer synchronously and deterministically (a search bounded by its iteration
count, not the clock), so the same calls give the same match. See docs/automation.md.
"""

from __future__ import annotations

import json
import os
from concurrent import futures
from dataclasses import replace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.core import registry, seats  # noqa: E402
from game.core.match import Match  # noqa: E402
from game.core.ruleset import Command, Outcome  # noqa: E402
from game.core.settings import ANIMATION_SPEEDS  # noqa: E402
from game.scenes import tables, waiting  # noqa: E402
from game.scenes.overlays import HandOff  # noqa: E402
from game.scenes.table import Table  # noqa: E402
from game.ui.targets import Target  # noqa: E402

IDLE_LIMIT = 200_000  # ticks (about 55 minutes of game time) before idle() gives up
PASSES = 12  # screens perform() may pass on the way to a move (hand-off, sheets)
STRIDE = 600  # the most ticks idle() lets pass in one step (a frame is drawn after each)
NETWORK_SECONDS = 60.0  # how long idle() waits for the server's next message before it gives up


class AutomationError(AssertionError):
    """The app did not do what a call asked (no such target, the move was not made)."""


def same_command(a: Command, b: Command) -> bool:
    """Equal up to the tick (the table stamps its own) and the order of listed things: cards,
    or pieces with their cells (a list of scalars inside those, such as a cell's [x, y], keeps
    its order)."""

    def inner(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: inner(v) for k, v in sorted(x.items())}
        if isinstance(x, list) and any(isinstance(i, (list, dict)) for i in x):
            return sorted((inner(i) for i in x), key=lambda i: json.dumps(i, sort_keys=True))
        return x

    def norm(c: Command) -> dict[str, Any]:
        return {
            k: (sorted(map(str, v)) if not any(isinstance(i, (list, dict)) for i in v) else inner(v))
            if isinstance(v, list)
            else v
            for k, v in c.items()
            if k != "tick"
        }

    return isinstance(a, dict) and isinstance(b, dict) and norm(a) == norm(b)


class Session:
    def __init__(self, app: App):
        self.app = app
        self.posted: list[dict[str, Any]] = []

    # -- opening --------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        game: str,
        seats: list[str],
        seed: int = 0,
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
        fast: bool = True,
    ) -> Session:
        """The app with a new match of `game` on top of the menu. `fast`: no bot pause and the
        quickest animations (the moves are the same; only the waiting between them goes)."""
        session = cls(cls._app(fast))
        ruleset = registry.get(game)
        options = options or {}
        made = seats_from(ruleset, seats, options)
        waiting.open_new(session.app, ruleset, made, options, session.app.push, seed, setup)
        session.answered()  # stored, and its table pushed
        return session

    @classmethod
    def host(
        cls,
        game: str,
        seats: list[str],
        seed: int = 0,
        options: dict[str, Any] | None = None,
        fast: bool = True,
        clock_rate: float = 60.0,
    ) -> tuple[Session, dict[int, str]]:
        """The app hosting a new match of `game` on loopback, as Host on the setup screen does:
        `seats` may hold "online" (a person at another computer). Returns the session and the
        invite of each online seat, for `Session.join`. `clock_rate`: ticks a second of the
        server's clock (a timed game's sand runs in wall time there)."""
        from game.scenes.online import opened_table

        session = cls(cls._app(fast))
        ruleset = registry.get(game)
        options = options or {}
        made = seats_from(ruleset, seats, options)

        def show(opened: Any) -> None:
            session.app.push(opened_table(session.app, opened))

        app = session.app
        host = app.matches.host
        waiting.opening(app, lambda answered: host(game, made, options, seed, clock_rate, answered), show)
        session.answered()  # hosted, and its table pushed
        table = session.table
        return session, {seat: str(invite) for seat, invite in table.invites.items()}

    @classmethod
    def join(cls, invite: str, fast: bool = True) -> Session:
        """The app joining a hosted match with an invite, as Join on the menu does."""
        from game.scenes.online import join_table

        session = cls(cls._app(fast))
        session.app.push(join_table(session.app, invite))
        session.answered()
        return session

    @classmethod
    def menu(cls, fast: bool = True) -> Session:
        """The app at its main menu, as a double-click opens it."""
        session = cls(cls._app(fast))
        session.answered()
        return session

    @classmethod
    def resume(cls, fast: bool = True) -> Session:
        """The app continuing the most recent unfinished match, as Continue does."""
        from game.scenes.saved import SavedMatches

        session = cls(cls._app(fast))
        app = session.app
        latest = [i for i in app.writer.call(app.matches.unfinished).result() if tables.has_table(i.game)]
        if not latest:
            raise AutomationError("there is no unfinished match to resume")
        app.push(SavedMatches(app))
        app.top.resume(latest[0].id)  # type: ignore[union-attr]
        session.answered()
        return session

    @staticmethod
    def _app(fast: bool) -> App:
        from game.scenes.menu import Menu

        app = App(windowed=True, automated=True)
        if fast:
            app.settings = replace(app.settings, bot_pause_ms=0, animation_speed=max(ANIMATION_SPEEDS))
        app.push(Menu(app))
        return app

    def close(self) -> None:
        while self.app.stack:
            self.app.stack.pop().leave()

    # -- reading --------------------------------------------------------------------------
    @property
    def scene(self) -> str:
        return self.app.top.name if self.app.top else ""

    @property
    def table(self) -> Table:
        for scene in reversed(self.app.stack):
            if isinstance(scene, Table):
                return scene
        raise AutomationError(f"no table is open (the top scene is {self.scene!r})")

    @property
    def match(self) -> Match:
        """The whole match record behind the open table, from the referee's room (the table
        itself sees only its seats' window). A table of network play has none here: read it
        through `s.table.window`."""
        try:
            return self.app.matches.record(self.table.window)
        except KeyError:
            raise AutomationError("this table's match is held elsewhere: read its window") from None

    @property
    def saved(self) -> int:
        """How many of the open local table's commands the store holds: a move is acknowledged
        once this counts it (a kill after that loses nothing). Moves are saved on the store's
        thread, so this may trail the table by a write; `idle` waits until it catches up."""
        try:
            return self.app.matches.saved(self.table.window)
        except KeyError:
            raise AutomationError("this table's match is not saved here") from None

    def stored(self, timeout: float = NETWORK_SECONDS) -> None:
        """Wait until the store's thread has done every write and read asked of it so far, and
        the app has taken their answers (a screen's list, a table's `saved`)."""
        matches = self.app.matches
        while matches.busy:
            # after everything asked before, of the store's thread and of the server hosted here
            futures.wait([self.app.writer.call(lambda: None), *list(matches.pending)], timeout)
            self.app.step(0)  # the answers handed back to the frame

    def answered(self) -> None:
        """One loop step with no time, then what the store's thread was asked meanwhile (a
        screen's list, a move's write) waited for: what every input call does last."""
        self.app.step(0)
        if self.app.matches.busy:
            self.stored()

    @property
    def log(self) -> list[dict[str, Any]]:
        return self.match.events

    @property
    def commands(self) -> list[tuple[int | None, Command]]:
        return [(e.seat, e.command) for e in self.match.commands]

    @property
    def outcome(self) -> Outcome | None:
        return self.table.window.outcome

    def view(self, seat: int | None) -> dict[str, Any]:
        window = self.table.window
        if seat is not None and seat in window.seats:
            return window.seat_view(seat)
        return self.match.view(seat)

    def legal(self, seat: int) -> list[Command]:
        window = self.table.window
        if seat in window.seats:
            return window.legal(seat)
        return self.match.legal(seat)

    def waiting(self) -> list[int]:
        """The people (not bots) the match waits on, in the order the table serves them (at
        one screen, whoever gets it next first)."""
        return self.table.people_waiting()

    def attention(self) -> dict[str, Any] | None:
        """What the app waits on a person for that is not a rules move: a hand-off to confirm,
        a score sheet or a visit summary to read and close, the result to leave. None while the
        app waits on a move (see `waiting`) or on time. Otherwise {"scene": the screen's name,
        "seat": whose screen it is, or None when anyone may press it, "target": the id that
        moves on}."""
        if not self.settled():
            return None
        top = self.app.top
        if isinstance(top, Table):
            asked = top.awaiting()
            return None if asked is None else {"scene": top.name, "seat": asked[0], "target": asked[1]}
        if top is None or top.proceed is None:
            return None
        return {"scene": top.name, "seat": getattr(top, "seat", None), "target": top.proceed}

    def at_screen(self) -> int | None:
        """The seat whose input the app takes next: the hand-off's seat while one stands, else
        the person at the table, else whom the table will hand the screen to."""
        top = self.app.top
        if isinstance(top, HandOff):
            return top.seat
        table = self.table
        if table.acting_human is not None:
            return table.acting_human
        people = table.people_waiting()
        if not people:
            return table.viewer
        return people[0] if table.needs_handoff(people[0]) or table.viewer is None else table.viewer

    def targets(self) -> list[dict[str, Any]]:
        return [t.to_json() for t in self._targets()]

    def _targets(self) -> list[Target]:
        """The top scene's targets; at a table, with network play's connection badge, which
        lies over every table's own (`Table.connection_targets`)."""
        top = self.app.top
        if top is None:
            return []
        found = top.targets()
        if isinstance(top, Table):
            ids = {t.id for t in found}
            found = found + [t for t in top.connection_targets() if t.id not in ids]
        return found

    @property
    def focused(self) -> str | None:
        """The id of the target the keyboard is on, on the top scene."""
        top = self.app.top
        if isinstance(top, Table):
            return top.focus
        group = getattr(top, "group", None)
        widget = group.focused if group is not None else None
        if group is None or widget is None or not widget.visible:
            return None
        targets, k = group.targets(), 0  # a widget may make several (a choice and its arrows)
        for w in (w for w in group.widgets if w.visible):
            if w is widget:
                return targets[k].id
            k += len(w.targets())
        return None

    def target(self, target_id: str) -> Target:
        found = next((t for t in self._targets() if t.id == target_id), None)
        if found is None:
            ids = ", ".join(t["id"] for t in self.targets())
            raise AutomationError(f"no target {target_id!r} on {self.scene!r} (there are: {ids})")
        return found

    def screenshot(self, path: str) -> None:
        self.app.draw()
        pygame.image.save(self.app.screen, str(path))

    # -- input ----------------------------------------------------------------------------
    def _post(self, kind: int, **attrs: Any) -> None:
        if self.app.matches.busy:  # a person clicks on what the screen shows once it has come
            self.stored()
        pygame.event.post(pygame.event.Event(kind, **attrs))
        self.posted.append({"type": pygame.event.event_name(kind), **attrs})

    def _point(self, where: str | tuple[int, int]) -> tuple[int, int]:
        return where if isinstance(where, tuple) else self.target(where).centre

    def move(self, where: str | tuple[int, int]) -> None:
        pos = self._point(where)
        self._post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.answered()

    def click(self, where: str | tuple[int, int], button: int = 1) -> None:
        """Point at a target (by id) or a position and press and release a mouse button."""
        pos = self._point(where)
        self._post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self._post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self._post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.answered()

    def drag(self, source: str | tuple[int, int], to: str | tuple[int, int], steps: int = 8) -> None:
        start = self._point(source)
        self._post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
        self._post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.app.step(1)
        end = self._point(to)  # where the target is now (a hand opens a gap as a card lifts)
        last = start
        for k in range(1, steps + 1):
            pos = (start[0] + (end[0] - start[0]) * k // steps, start[1] + (end[1] - start[1]) * k // steps)
            self._post(
                pygame.MOUSEMOTION, pos=pos, rel=(pos[0] - last[0], pos[1] - last[1]), buttons=(1, 0, 0)
            )
            self.app.step(1)
            last = pos
        self._post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.answered()

    def key(self, name: str) -> None:
        """Press and release a key by pygame's name ("space", "return", "escape", "f"), with
        modifiers before it ("shift+tab", "ctrl+a")."""
        *mods, base = name.split("+")
        mod = 0
        for m in mods:
            mod |= {"shift": pygame.KMOD_SHIFT, "ctrl": pygame.KMOD_CTRL, "alt": pygame.KMOD_ALT}[m.lower()]
        code = pygame.key.key_code(base.lower())
        char = base if len(base) == 1 and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) else ""
        self._post(pygame.KEYDOWN, key=code, mod=mod, unicode=char, scancode=0)
        self._post(pygame.KEYUP, key=code, mod=mod, unicode=char, scancode=0)
        if char:
            self._post(pygame.TEXTINPUT, text=char)
        self.answered()

    def type(self, text: str) -> None:
        """Type text a key at a time, as `key` does for each character."""
        for ch in text:
            self.key(ch)

    def resize(self, size: tuple[int, int]) -> None:
        self._post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        self.answered()

    # -- time -----------------------------------------------------------------------------
    def tick(self, n: int = 1) -> None:
        """Advance n fixed ticks of game time (one loop step)."""
        self.app.step(n)

    def settled(self) -> bool:
        """Nothing moves by itself, no bot is thinking and nothing waits for the next frame: the
        app waits for a person (or the match is over and its result is shown)."""
        top = self.app.top
        if self.app.owed:  # what waits for the next frame (the menu's count of saved matches)
            return False
        if top is None:
            return True
        if isinstance(top, Table):
            return top.settled()
        return not top.animated

    def idle(self, limit: int = IDLE_LIMIT) -> None:
        """Let time pass until settled: a tick at a time, or in one stride while a table waits
        on its clock alone (a bot's solve due at its tick), exactly as the same ticks one by one."""
        waited = 0
        while waited < limit:
            top = self.app.top
            if self.app.matches.busy and (self.settled() or not isinstance(top, Table)):
                self.stored()  # the store's thread: waited for, never counted in frames
                continue
            if self.settled():
                return
            top = self.app.top
            if isinstance(top, Table) and top.connection is not None and top.waits_elsewhere():
                # network play: the next thing comes from the server; wait for it, not for time
                if not top.window.wait(NETWORK_SECONDS) and top.waits_elsewhere():
                    raise AutomationError(f"no news from the server in {NETWORK_SECONDS} s")
                self.app.step(1)
                continue
            attempt = getattr(top, "attempt", None)  # the Join screen reaching a host, off the frame
            if attempt is not None and not attempt.future.done():
                try:
                    attempt.future.exception(NETWORK_SECONDS)
                except TimeoutError:
                    raise AutomationError(f"the host was not reached in {NETWORK_SECONDS} s") from None
                self.app.step(1)
                continue
            stride = min(top.quiet_ticks(), STRIDE, limit - waited) if isinstance(top, Table) else 1
            self.app.step(stride)
            waited += stride
        raise AutomationError(f"still busy after {limit} ticks on {self.scene!r}")

    # -- playing --------------------------------------------------------------------------
    def perform(self, seat: int, command: Command) -> list[dict[str, Any]]:
        """Play `command` for `seat` the way a person would, by input events only, passing
        whatever stands in between (a hand-off screen, a score sheet). Returns the events
        posted; AutomationError when the table did not submit exactly that command."""
        first = len(self.posted)
        self.idle()
        window = self.table.window
        if seat not in window.to_act:
            raise AutomationError(
                f"the match does not wait on seat {seat} (it waits on {sorted(window.to_act)})"
            )
        screen = self.at_screen()
        if len(self.table.humans) > 1 and screen != seat:
            who = "nobody" if screen is None else f"seat {screen} ({window.names[screen]})"
            raise AutomationError(f"seat {seat} is not at the screen: {who} has it")
        for _ in range(PASSES):
            top = self.app.top
            if isinstance(top, Table):
                break
            if top is None or not top.proceed:
                raise AutomationError(f"{self.scene!r} stands between seat {seat} and the table")
            self.click(top.proceed)
            self.idle()
        table = self.table
        window = table.window
        count = len(window.commands(seat))
        for gesture in table.gestures(seat, command):
            self.gesture(gesture)
            self.delivered()
            if len(window.commands(seat)) > count:
                break
        made = window.commands(seat)[count : count + 1]
        if not made:
            reason = window.check(seat, command) if seat in window.to_act else None
            why = f" ({reason.reason})" if reason else ""
            raise AutomationError(f"seat {seat}: {command} was not played{why}")
        if not same_command(made[0], command):
            raise AutomationError(f"seat {seat}: asked for {command}, the table played {made[0]}")
        return self.posted[first:]

    def delivered(self) -> None:
        """Wait until what the table sent has been answered (network play queues a submit;
        a local window answers at once)."""
        window = self.table.window
        while window.pending:
            if not window.wait(NETWORK_SECONDS):
                raise AutomationError(f"no answer from the server in {NETWORK_SECONDS} s")
            self.app.step(0)

    def gesture(self, gesture: tuple[str, ...]) -> None:
        """One step of a table's `gestures`: ("click", id), ("right_click", id),
        ("drag", from_id, to_id), ("key", name)."""
        kind, *args = gesture
        if kind == "click":
            self.click(args[0])
        elif kind == "right_click":
            self.click(args[0], button=3)
        elif kind == "drag":
            self.drag(args[0], args[1])
        elif kind == "key":
            self.key(args[0])
        else:
            raise AutomationError(f"unknown gesture {gesture!r}")
        self.app.step(1)


def seats_from(ruleset, specs: list[str], options: dict[str, Any]):
    try:
        return seats.from_specs(ruleset, specs, options)
    except ValueError as exc:
        raise AutomationError(str(exc)) from None
