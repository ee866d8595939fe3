"""Screenshots of the Jaipur table in a real window, for looking at and for the README.

    xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python -m tests.scenes.jaipur_shots OUT

Plays through the screens a person meets (setup, a selection, an illegal one, a bot's move in
flight, the hand-off, the score sheet, the result, the solo table) with synthetic input and
saves each with ImageMagick's `import -window root`. Without a display it saves the canvas.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import pygame

from game.core import registry
from game.core.match import Match, Seat
from game.core.ruleset import Budget
from game.rules.jaipur.bots import make
from game.scenes.jaipur import layout as L
from game.scenes.jaipur.sheets import RoundSheet
from game.scenes.jaipur.table import JaipurTable
from game.scenes.overlays import HandOff
from game.scenes.results import Results
from tests.scenes.driver import click, frame, key, make_app, open_table, record, run
from tests.scenes.jaipur_player import play_by_mouse, select_by_mouse

OUT = Path(sys.argv[1] if len(sys.argv) > 1 else "shots")
ADVISER = make("medium")  # chooses the scripted person's moves, so the table looks like a real game


def save(app, name: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    app.draw()
    pygame.display.flip()
    path = OUT / f"{name}.png"
    if os.environ.get("DISPLAY") and os.environ.get("SDL_VIDEODRIVER") != "dummy":
        pygame.event.pump()
        subprocess.run(["import", "-window", "root", str(path)], check=True)
    else:
        pygame.image.save(app.screen, str(path))
    print("saved", path)


def table(seats, options, seed, pause_ms=600):
    app = make_app()
    app.settings = type(app.settings)(bot_pause_ms=pause_ms)
    match = Match.new(registry.get("jaipur"), seats, {"first": 0, **options}, seed=seed)
    t = open_table(app, JaipurTable, match, app.store.attach(match))
    app.push(t)
    frame(app)
    return app, t


def advised(t: JaipurTable, seat: int, rng: random.Random) -> dict:
    return ADVISER.choose(record(t).view(seat), record(t).legal(seat), rng, Budget(iterations=1))


def until_my_turn(app, t: JaipurTable, seat: int = 0, limit: int = 4000) -> None:
    for _ in range(limit):
        if isinstance(app.top, RoundSheet):
            run(app, 300)
            key(app, pygame.K_RETURN)
        if isinstance(app.top, HandOff):
            key(app, pygame.K_RETURN)
        if app.top is t and t.acting_human == seat and t.idle():
            return
        if isinstance(app.top, Results):
            return
        frame(app, 2)
    raise AssertionError(f"no turn for seat {seat}: {type(app.top).__name__}, {record(t).to_act}, {t.idle()}")


def setup_screen(app) -> None:
    from game.scenes.menu import Menu
    from game.scenes.setup import Setup

    app.push(Menu(app))
    screen = Setup(app, "jaipur")
    app.push(screen)
    click(app, screen.seat_kinds[1].rect.center, button=3)  # medium -> easy
    first = next(w for w in screen.option_widgets if w.label == "First player")
    click(app, first.rect.center)  # random -> the first seat, by name
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(900, 500), rel=(0, 0), buttons=(0, 0, 0)))
    frame(app)
    save(app, "01-setup")


def table_shots() -> None:
    rng = random.Random(4)
    setup_screen(make_app())
    app, t = table([Seat("Asha"), Seat("Bilal", "bot", "easy")], {}, seed=21)
    for turn in range(30):  # play on until a sale of three or more is possible, for the picture
        until_my_turn(app, t)
        if turn >= 4 and any(c["move"] == "sell" and c["count"] >= 3 for c in record(t).legal(0)):
            break
        play_by_mouse(app, t, advised(t, 0, rng))
    # a legal selection, selected but not confirmed: a sale when there is one, to show what it earns
    sales = [c for c in record(t).legal(0) if c["move"] == "sell" and c["count"] >= 2]
    command = max(sales, key=lambda c: c["count"]) if sales else advised(t, 0, rng)
    select_by_mouse(app, t, command)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(700, 650), rel=(0, 0), buttons=(0, 0, 0)))
    frame(app)
    save(app, "02-selection")
    # an illegal one: a single precious good to sell, or two kinds at once
    t.clear_selection()
    v = t.v
    hand = v["hand"]
    single = [j for j, c in enumerate(hand) if c in ("diamond", "gold", "silver") and hand.count(c) == 1]
    picks = single[:1] or [0, len(hand) - 1]
    for j in picks:
        click(app, L.hand(j))
    save(app, "03-illegal")
    t.clear_selection()
    # a bot's move in flight
    play_by_mouse(app, t, command)
    for _ in range(600):
        frame(app, 1)
        if t.flights.busy and t.log and t.log[-1].startswith("Bilal"):
            break
    run(app, 16)
    save(app, "04-bot-move")
    # play on to the first score sheet
    for _ in range(200):
        until_my_turn(app, t)
        if isinstance(app.top, Results):
            break
        play_by_mouse(app, t, advised(t, 0, rng))
        for _ in range(2000):
            if isinstance(app.top, RoundSheet) or (t.idle() and t.acting_human == 0):
                break
            frame(app, 2)
        if isinstance(app.top, RoundSheet):
            run(app, 30)
            save(app, "06a-sheet-revealing")
            run(app, 300)
            save(app, "06-sheet")
            break
    key(app, pygame.K_RETURN)
    for _ in range(400):
        until_my_turn(app, t)
        if isinstance(app.top, Results):
            break
        play_by_mouse(app, t, advised(t, 0, rng))
    run(app, 30)
    save(app, "07-result")


def handoff_shot() -> None:
    app, t = table([Seat("Asha"), Seat("Bilal")], {}, seed=5)
    rng = random.Random(1)
    seen = 0
    for _ in range(4000):
        if isinstance(app.top, HandOff):
            seen += 1
            if seen == 3:
                save(app, "05-handoff")
                return
            key(app, pygame.K_RETURN)
        elif app.top is t and t.acting_human is not None and t.idle():
            play_by_mouse(app, t, advised(t, t.acting_human, rng))
        else:
            frame(app, 2)


def solo_shot() -> None:
    app, t = table([Seat("Asha"), Seat("Rule bot", "rules", "Solo rule bot")], {"variant": "solo"}, seed=9)
    rng = random.Random(2)
    for _ in range(6):
        until_my_turn(app, t)
        play_by_mouse(app, t, advised(t, 0, rng))
    until_my_turn(app, t)
    save(app, "08-solo")


def main() -> None:
    os.environ.setdefault("BAZAAR_HOME", tempfile.mkdtemp(prefix="bazaar-shots-"))
    table_shots()
    handoff_shot()
    solo_shot()


if __name__ == "__main__":
    main()
