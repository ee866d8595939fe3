"""The window, the fixed-timestep loop and the scene stack.

Game time advances in ticks of 1/60 s; drawing happens once per loop, capped at the display
rate. Only the top scene receives input and ticks; scenes are drawn from the topmost opaque
one upwards, so an overlay shows a dimmed copy of what it pauses.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game import resources
from game.core import i18n
from game.core.i18n import msg, msg_n
from game.core.timers import TICKS_PER_SECOND
from game.ui import text, theme
from game.ui.sound import Sounds

if TYPE_CHECKING:
    from game.core.ledger import Inbox
    from game.core.settings import Settings
    from game.core.store import Store
    from game.core.writer import Writer
    from game.matches import Matches
    from game.scenes.host import SceneLike as Scene
    from game.scenes.host import Server

STEP = 1.0 / TICKS_PER_SECOND
MAX_CATCH_UP = 0.25  # after a stall, drop time rather than run hundreds of updates
FPS_CAP = 120  # when the display does not say its refresh rate
# Quitting waits this long at most for the moves not stored yet: past the store's busy timeout
# (10 s), so a write that waits on another program's lock has its whole chance
QUIT_SAVE_SECONDS = 12.0
QUIT_QUIET_SECONDS = 0.3  # a wait shorter than this shows nothing
QUIT_TOLD_SECONDS = 4.0  # what could not be saved stays on the screen this long


class Toast:
    def __init__(self, message: str, ticks: int, error: bool):
        self.message, self.ticks, self.error = message, ticks, error


WINDOW_SHARE = 0.85  # of the desktop's height (or width) a new window takes
FAIL_AT_START = "BAZAAR_FAIL_AT_START"  # set: the app fails as it starts (tests, --smoke; docs/cli.md)


def desktop_languages() -> list[str]:
    """The person's preferred languages as the desktop lists them ("ja_JP", "en"), best first:
    what `i18n.system_language` tries before the environment. SDL knows them where LANG is
    absent (Windows, a macOS app started from Finder); the core cannot ask it (no pygame)."""
    try:
        found = pygame.system.get_pref_locales()
    except (pygame.error, AttributeError):  # the platform will not say, or an older pygame
        return []
    return [f"{p['language']}_{p['country']}" if p.get("country") else p["language"] for p in found]


def set_language(code: str) -> str | None:
    """`i18n.set_language`, with the desktop asked only when the setting is "System" (a slow call)."""
    return i18n.set_language(code, desktop_languages() if not code else ())


def fit_window() -> None:
    """Open the window at most of the desktop, centred: without integer scaling pygame would
    make it as large as the desktop itself, under the taskbar and past the screen's edges."""
    if pygame.display.get_driver() in ("dummy", "offscreen"):
        return
    desktop = pygame.display.get_desktop_sizes()[0]
    scale = WINDOW_SHARE * min(desktop[0] / theme.WIDTH, desktop[1] / theme.HEIGHT)
    with warnings.catch_warnings():  # the display-module window is what SCALED draws into
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    window.size = (round(theme.WIDTH * scale), round(theme.HEIGHT * scale))
    window.position = pygame.WINDOWPOS_CENTERED


class App:
    """The window and the scene stack: the `Host` every scene talks to."""

    def __init__(self, windowed: bool = False, automated: bool = False):
        from game.core import settings as settings_mod

        pygame.init()
        self.automated = automated
        self.active = True  # focused and not minimised; a lone player's table clock stops otherwise
        self.resting = False  # the last event was the pointer entering the window (dispatch)
        self.settings, problem = settings_mod.load()
        language_problem = set_language(self.settings.language)
        if os.environ.get(FAIL_AT_START):  # before the window: the path of a real start-up failure
            raise RuntimeError(f"{FAIL_AT_START} is set: a start-up error forced for a test")
        self.fullscreen = self.settings.fullscreen and not windowed
        self.screen = self._open_window()
        self.stack: list[Scene] = []
        self.running = True
        self.toasts: list[Toast] = []
        self.sounds = Sounds()
        self.sounds.set(self.settings.volume, self.settings.muted)
        self._store: Store | None = None
        self._writer: Writer | None = None  # the store's one thread, opened with the store
        self._inbox: Inbox | None = None  # what the store's thread hands back to the frame
        self.hosting: Server | None = None  # the server of network play, once this app hosts
        self._matches: Matches | None = None
        self.frame_hooks: list[Callable[[], None]] = []
        self._after_frame: list[Callable[[], None]] = []  # once the frame being made is shown
        self.dirty = True  # the screen may differ from what was last presented
        if problem:
            self.toast(problem, error=True, echo=False)  # settings.load already told stderr
        if language_problem:
            self.toast(language_problem, error=True)
        if not automated:  # a port mapping a killed run left on the router goes (game/net/portmap.py)
            from game.core import paths

            if (paths.data_dir() / "portmap.json").exists():  # (portmap.FILE: nearly never there)
                from game.net.portmap import clean_left

                clean_left(paths.data_dir())

    # -- window ---------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        # Full screen stretches the 1280 x 720 canvas by odd factors (1.5 on a 1080p screen):
        # filtered, text and card edges stay even instead of doubling every other pixel.
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
        # pygame's SCALED renderer snaps a window to whole multiples of the canvas unless this
        # hint (under this very name) is on: a window of any size would then show the canvas at
        # 1x, cut off or lost in a wide border. With it the canvas fills the window, letterboxed
        # and centred, and SDL maps the mouse back onto the canvas. Not on a headless driver:
        # there it scales nothing and, with a window opened again and again (tests, automation),
        # the fifth or so set_mode aborts or segfaults inside SDL.
        if pygame.display.get_driver() not in ("dummy", "offscreen"):
            os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
        flags = pygame.SCALED | pygame.RESIZABLE
        if self.fullscreen:
            flags |= pygame.FULLSCREEN
        screen = pygame.display.set_mode((theme.WIDTH, theme.HEIGHT), flags, vsync=0)
        pygame.display.set_caption("Bazaar")
        icon = resources.path("assets", "icon.png")
        if icon.exists():
            pygame.display.set_icon(pygame.image.load(str(icon)))
        if not self.fullscreen:
            fit_window()
        return screen

    def set_fullscreen(self, on: bool) -> bool:
        """Switch the window to or from full screen; False, with a toast, where the display
        cannot (a headless driver, some window systems)."""
        if on == self.fullscreen:
            return True
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error as exc:
            self.toast(msg("Full screen is not available here ({problem}).", problem=str(exc)), error=True)
            return False
        self.fullscreen = on
        return True

    # -- services -------------------------------------------------------------------------
    @property
    def store(self) -> Store:
        """The save database, waiting for its opening on the store's thread: for tools, tests and
        the server this app hosts. The frame's own paths never wait on it: they ask the store's
        thread (game/matches.py), whose first job is the opening."""
        if self._store is None:
            self._store = self.writer.store
        return self._store

    @property
    def writer(self) -> Writer:
        """The store's one thread: every write and read of the saves goes through it, so the
        frame never waits on the file (shared with the server this app hosts). It opens the
        store first; a damaged file set aside is said in a toast once it is open."""
        if self._writer is None:
            from game.core.store import Store
            from game.core.writer import Writer

            given = self._store  # a store opened beforehand (the benchmarks' own)
            self._writer = Writer(given if given is not None else Store.open)
            inbox = self.inbox
            self._writer.opened.add_done_callback(lambda done: inbox.call_soon_threadsafe(self._opened, done))
        return self._writer

    def _opened(self, done: Future[Store]) -> None:
        store = done.result()
        if store.problem:
            self.toast(store.problem, error=True, echo=False)  # Store.open told stderr

    @property
    def inbox(self) -> Inbox:
        """What the store's thread hands back, run on the frame (each `step`)."""
        if self._inbox is None:
            from game.core.ledger import Inbox

            self._inbox = Inbox()
        return self._inbox

    @property
    def matches(self) -> Matches:
        """Where matches are opened (game/matches.py), loaded on first use: the menu needs none."""
        if self._matches is None:
            from game.matches import Matches

            self._matches = Matches(self)
        return self._matches

    def apply_settings(self, settings: Settings) -> None:
        from game.core import settings as settings_mod

        if not self.set_fullscreen(settings.fullscreen):
            settings = replace(settings, fullscreen=self.fullscreen)  # keep what the window is
        before, self.settings = self.settings, settings
        problem = settings_mod.save(settings)
        if problem:
            self.toast(problem, error=True, echo=False)
        self.sounds.set(settings.volume, settings.muted)
        if settings.language != before.language:  # every screen draws in it from the next frame
            language_problem = set_language(settings.language)
            if language_problem:
                self.toast(language_problem, error=True)
            self.dirty = True

    def toast(self, message: str, seconds: float = 5.0, error: bool = False, echo: bool = True) -> None:
        if error and echo:
            print(f"bazaar: {message}", file=sys.stderr)
        self.toasts.append(Toast(message, int(seconds * TICKS_PER_SECOND), error))
        self.dirty = True

    # -- the stack ------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        self.dirty = True
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        self.dirty = True
        scene = self.stack.pop()
        scene.leave()
        if self.top:
            self.top.enter()
        if not self.stack:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().leave()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Clear everything and show `scene` (back to the menu)."""
        while self.stack:
            self.stack.pop().leave()
        self.push(scene)

    def home(self) -> None:
        from game.scenes.menu import Menu

        self.reset(Menu(self))

    # -- the loop -------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        self.dirty = True  # any input, resize or expose may change what is shown
        if event.type == pygame.QUIT:
            self.quit()
            return
        # The window appearing under a still pointer: SDL follows WINDOWENTER at once with a
        # motion of nothing to where it rests. It lights nothing until it moves (at start, no
        # tile looks pointed at beside the focused one while the person has not touched the mouse).
        resting, self.resting = self.resting, event.type == pygame.WINDOWENTER
        if resting and event.type == pygame.MOUSEMOTION and tuple(event.rel) == (0, 0):
            return
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.active = False
        elif event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED):
            self.active = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:  # kept like the setting
            self.apply_settings(replace(self.settings, fullscreen=not self.fullscreen))
            return
        if self.top:
            self.top.handle(event)

    def update(self, ticks: int) -> None:
        for toast in self.toasts:
            toast.ticks -= ticks
        shown = len(self.toasts)
        self.toasts = [t for t in self.toasts if t.ticks > 0]
        if self.top:
            # only the top scene is ticked, so only it can change with time; a scene that was
            # moving before these ticks needs one more frame to show where it stopped
            moving = self.top.animated
            self.top.update(ticks)
            self.dirty = self.dirty or moving or self.top.animated or shown != len(self.toasts)

    def draw(self) -> None:
        first = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                first = i
                break
        for scene in self.stack[first:]:
            scene.draw(self.screen)
        if self.stack:
            self.stack[-1].draw_tip(self.screen)
        self._draw_toasts()

    def present(self) -> bool:
        """Draw and show a frame when something may have changed. A still screen (a menu
        nobody touches) is not drawn again: the last frame stays on the display."""
        if not self.dirty:
            return False
        self.draw()
        if not self.automated:  # under automation nobody looks at the window: the canvas is what counts
            pygame.display.flip()
        self.dirty = False
        return True

    def toast_boxes(self) -> list[tuple[Toast, pygame.Rect, list[str], int]]:
        """Where the toasts on show are drawn, newest lowest: (toast, box, lines, size). Along
        the bottom of the window, or where the top scene keeps room for them that covers none
        of its controls (`toast_area`: a table's action bar), as many as fit there."""
        area = getattr(self.top, "toast_area", lambda: None)()
        if area is None:
            area, width, size, most = pygame.Rect(160, 0, 960, theme.HEIGHT - 24), 900, 18, 3
        else:
            width, size, most = area.w - 24, 16, len(self.toasts)
        step = size + 4
        out = []
        y = area.bottom
        for toast in reversed(self.toasts[-most:]):
            lines = text.wrap(toast.message, width, size)
            box = pygame.Rect(0, 0, area.w, step * len(lines) + 20)
            box.midbottom = (area.centerx, y)
            if out and box.top < area.top:
                break
            out.append((toast, box, lines, size))
            y = box.y - 8
        return out

    def _draw_toasts(self) -> None:
        for toast, box, lines, size in self.toast_boxes():
            pygame.draw.rect(self.screen, theme.BG_DEEP, box, border_radius=10)
            pygame.draw.rect(
                self.screen, theme.DANGER if toast.error else theme.ACCENT, box, 2, border_radius=10
            )
            for k, line in enumerate(lines):
                text.blit(
                    self.screen, line, (box.centerx, box.y + 10 + (size + 4) * k), size, anchor="midtop"
                )

    def quit(self) -> None:
        """Closing the window: every command is already saved, so just leave cleanly."""
        self.running = False

    def frame_cap(self) -> int:
        """Draw no faster than the display refreshes: more frames would never be seen."""
        try:
            rate = pygame.display.get_current_refresh_rate()
        except pygame.error:
            rate = 0
        return rate if 24 <= rate <= 500 else FPS_CAP

    def step(self, ticks: int) -> None:
        """One pass of the loop: what the store's thread handed back, the input waiting, `ticks`
        of game time, a frame if needed."""
        if self._inbox is not None:
            self._inbox.run()
        for event in pygame.event.get():
            self.dispatch(event)
        if ticks:
            self.update(ticks)
        self.present()
        for hook in self.frame_hooks:
            hook()
        self.shown()

    def after_frame(self, call: Callable[[], None]) -> None:
        """`call` once the frame this pass of the loop makes is on the screen: what a scene's
        first look can do without (the menu's count of saved matches, which loads the saves'
        modules) waits for it, so the window shows the scene sooner."""
        self._after_frame.append(call)

    @property
    def owed(self) -> bool:
        """Something waits for the next frame to be shown (`after_frame`)."""
        return bool(self._after_frame)

    def shown(self) -> None:
        """A frame is on the screen: what waited for it runs (`after_frame`)."""
        calls, self._after_frame = self._after_frame, []
        for call in calls:
            call()

    def run(self, frames: int | None = None) -> int:
        clock = pygame.time.Clock()
        cap = self.frame_cap()
        lag = 0.0
        last = time.perf_counter()
        count = 0
        while self.running and (frames is None or count < frames):
            now = time.perf_counter()
            lag += min(now - last, MAX_CATCH_UP)
            last = now
            steps = int(lag / STEP)
            lag -= steps * STEP
            self.step(steps)
            clock.tick(cap)
            count += 1
        while self.stack:
            self.stack.pop().leave()
        self.close_saves()
        return 0

    def close_saves(self) -> int:
        """Quitting: wait for the moves not stored yet (QUIT_SAVE_SECONDS at most), saying so
        on the screen while the file is busy, and stop the server this app hosts. Returns how
        many moves could not be stored; they are said on the screen and on stderr."""
        hosting = getattr(self, "hosting", None)
        if hosting is not None:  # its rooms stop; its writes go on in the shared queue
            hosting.stopping()
        matches = self._matches
        start = time.monotonic()
        while matches is not None and matches.writing() and time.monotonic() - start < QUIT_SAVE_SECONDS:
            if time.monotonic() - start >= QUIT_QUIET_SECONDS:
                self._say_closing(msg("Saving… the saved-games file is busy (another program is using it)."))
            time.sleep(STEP)
            self.inbox.run()
        unsaved = matches.unsaved_moves() if matches is not None and matches.writing() else 0
        if hosting is not None:
            hosting.stop()
        if unsaved:
            told = msg_n(
                "{n} move could not be saved: the saved-games file stayed busy. It is lost.",
                "{n} moves could not be saved: the saved-games file stayed busy. They are lost.",
                unsaved,
            )
            print(f"bazaar: {told}", file=sys.stderr)
            self._say_closing(told, error=True)
            end = time.monotonic() + QUIT_TOLD_SECONDS
            while time.monotonic() < end and not pygame.event.peek(pygame.KEYDOWN):
                time.sleep(STEP)
                pygame.event.pump()
        writer = self._writer
        stopped = writer is None or writer.close(QUIT_SAVE_SECONDS if not unsaved else 0)
        opened = writer is not None and writer.opened.done() and writer.opened.exception() is None
        if writer is not None and stopped and opened:  # else a write (or the opening) still waits
            writer.store.close()  # on the file: left to the exit
        return unsaved

    def _say_closing(self, message: str, error: bool = False) -> None:
        """A message alone on the window while the app closes (its scenes have left)."""
        self.screen.fill(theme.BG_DEEP)
        box = pygame.Rect(190, 290, 900, 140)
        pygame.draw.rect(self.screen, theme.BG, box, border_radius=12)
        pygame.draw.rect(self.screen, theme.DANGER if error else theme.ACCENT, box, 2, border_radius=12)
        lines = text.wrap(message, box.w - 60, 24)
        top = box.centery - 15 * len(lines)
        for k, line in enumerate(lines):
            text.blit(self.screen, line, (box.centerx, top + 30 * k), 24, anchor="midtop")
        if not self.automated:
            pygame.display.flip()
        pygame.event.pump()  # the window stays responsive to the system while it waits
        for hook in self.frame_hooks:
            hook()


def main(args) -> int:
    from game.scenes.menu import Menu

    app = App(windowed=bool(getattr(args, "windowed", False)) or bool(args.smoke))
    app.push(Menu(app))
    if os.environ.get("BAZAAR_FIRST_FRAME_PROBE"):  # `make bench` times launch to first frame

        def announce() -> None:
            print("first-frame", flush=True)
            app.frame_hooks.clear()

        app.frame_hooks.append(announce)
    code = app.run(frames=args.smoke)
    pygame.quit()
    return code


def play(args) -> int:
    """`python -m game play GAME`: the menu with a new match of GAME on top."""
    import random

    from game.core import registry, seats
    from game.core.match import Match
    from game.core.sim import parse_options
    from game.scenes import tables, waiting
    from game.scenes.menu import Menu

    if args.game not in registry.names() or not tables.has_table(args.game):
        playable = ", ".join(g for g in registry.names() if tables.has_table(g))
        print(f"bazaar: no table for {args.game!r} (tables: {playable})", file=sys.stderr)
        return 2
    ruleset = registry.get(args.game)
    options = parse_options(args.option)
    specs = [s.strip() for s in args.seats.split(",") if s.strip()]
    if not specs:  # you against a medium bot, and the rules' own seats (solo) as they are
        full = {**ruleset.default_options(), **options}
        fixed = ruleset.fixed_seats(full)
        low = ruleset.seat_range(full)[0]
        specs = ["human"] + ["rules" if i in fixed else "medium" for i in range(1, max(low, 2))]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    try:
        made = seats.from_specs(ruleset, specs, options)
        Match.new(ruleset, made, options, seed)  # refused here, before a window opens
    except ValueError as exc:
        print(f"bazaar: {exc}", file=sys.stderr)
        return 2
    app = App(windowed=bool(getattr(args, "windowed", False)))
    app.push(Menu(app))
    waiting.open_new(app, ruleset, made, options, app.push, seed)  # over the menu, once stored
    code = app.run(frames=args.smoke)
    pygame.quit()
    return code
