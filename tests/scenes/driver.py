"""Drive a real app with synthetic pygame events, headless, and look at what it drew.

The app is automated (`App(automated=True)`, as game.automation opens it): bots answer
synchronously and deterministically when asked, so every wait here is a wait for ticks of
game time (cards landing, a sheet turning over), never for a thread. What the store's thread
was asked (a screen's list, a move's write) is waited for on its future and handed to the
frame (`answered`) after every frame, after a click or a key (what it asked, a match to open,
comes before time passes, as with game.automation) and before a button is looked for. `until` runs frames to
a condition and fails when a bounded count of ticks did not reach it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame

from game.app import App

SHOTS = Path(os.environ.get("BAZAAR_SHOTS", "")) if os.environ.get("BAZAAR_SHOTS") else None


def make_app(automated: bool = True) -> App:
    """The app as game.automation opens it. `automated=False` is the real window's path (bots
    think on worker threads): only for a test of that path, which waits on the bot's future
    and then counts ticks, never frames in the hope a thread has finished."""
    return App(windowed=True, automated=automated)


STORE_SECONDS = 60.0  # a safety bound on the store's thread, never a measure


def answered(app: App) -> None:
    """Wait until the store's thread has done what it was asked, and hand the answers over."""
    matches = app._matches
    while matches is not None and matches.busy:
        app.writer.call(lambda: None).result(STORE_SECONDS)  # after everything asked before
        app.inbox.run()


def frame(app: App, ticks: int = 1) -> None:
    """One loop iteration: pending events are already dispatched; tick and draw, and what
    waited for the frame (`App.after_frame`) runs."""
    app.update(ticks)
    answered(app)
    app.draw()
    app.shown()


def run(app: App, ticks: int, step: int = 1) -> None:
    for _ in range(0, ticks, step):
        frame(app, step)


def until(app: App, reached: Callable[[], bool], ticks: int, what: str, step: int = 1) -> int:
    """Run frames of `step` ticks until `reached()`; fail when `ticks` of game time pass
    without it. Returns the ticks it took (0: it already held)."""
    waited = 0
    while not reached():
        if waited >= ticks:
            raise AssertionError(f"{what}: not reached in {ticks} ticks")
        frame(app, step)
        waited += step
    return waited


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    answered(app)  # what the click asked of the store (a match to open) comes before time passes
    frame(app)


def key(app: App, k: int, mod: int = 0, unicode: str = "") -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    app.dispatch(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0))
    answered(app)
    frame(app)


def type_text(app: App, value: str) -> None:
    for ch in value:
        app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frame(app)


def shot(app: App, name: str) -> None:
    """Save the current frame when BAZAAR_SHOTS names a folder (for looking at screens)."""
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        app.draw()
        pygame.image.save(app.screen, str(SHOTS / f"{name}.png"))


def find_button(app: App, label: str):
    answered(app)
    top = app.top
    for widget in top.group.widgets:
        if getattr(widget, "label", None) == label or (
            isinstance(getattr(widget, "label", None), str) and widget.label.startswith(label)
        ):
            return widget
    raise AssertionError(f"no button {label!r} on {type(top).__name__}")


def open_table(app: App, table_class, match, match_id=None):
    """`match` on a table of `table_class`, opened as the app opens a local match: an in-process
    room whose referee the table's ticks drive (game/matches.py)."""
    return table_class(app, app.matches.local(match), match_id)


def record(table):
    """The whole record behind a local table (what the referee's room holds; never the table's)."""
    return table.app.matches.record(table.window)


def referee(table):
    """The referee driving a local table's match (its held answers, its clock)."""
    return table.app.matches.referee(table.window)
