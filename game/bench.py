"""`python -m game bench` / `make bench`: performance figures, printed (never asserted).

Start-up time to the first menu frame, frame time per scene (as the loop runs it, and with a
full redraw every frame), and each game's own figures
from `game/rules/<game>/bench.py` (`figures() -> dict`), plus the bundle's when one is built.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.core import registry

FRAMES = 300
ROOT = Path(__file__).resolve().parent.parent


def startup_s(runs: int = 3, command: list[str] | None = None, language: str = "") -> float:
    """Launch to first menu frame, as a fresh process would (median of a few launches).

    `command` starts something other than this checkout's `python -m game` (the bundle);
    `language` starts it with that language set (from a settings file of its own)."""
    env = {
        **os.environ,
        "BAZAAR_FIRST_FRAME_PROBE": "1",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    if language:
        home = Path(tempfile.mkdtemp(prefix="bazaar-bench-"))
        (home / "config").mkdir()
        (home / "config" / "settings.json").write_text(json.dumps({"language": language}), encoding="utf-8")
        env["BAZAAR_HOME"] = str(home)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen(
            command or [sys.executable, "-m", "game", "--smoke", "2"],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        assert proc.stdout
        for line in proc.stdout:
            if line.startswith("first-frame"):
                times.append(time.perf_counter() - start)
                break
        proc.wait()
    if language:
        shutil.rmtree(env["BAZAAR_HOME"], ignore_errors=True)
    return statistics.median(times) if times else float("nan")


def frame_times(
    make_scene: Callable[[Any], Any], frames: int = FRAMES, redraw: bool = False
) -> tuple[float, float]:
    """Median and 95th percentile, in milliseconds, of one pass of the app's loop on a scene:
    input, update, and drawing plus presenting when something changed (`App.present`). With
    `redraw`, every frame is drawn and presented, as if something moved all the time."""
    import pygame

    from game.app import App

    app = App(windowed=True)
    app.push(make_scene(app))
    samples = []
    for i in range(frames):
        start = time.perf_counter()
        if i % 7 == 0:  # a mouse moving now and then, through hover and input paths
            app.dispatch(
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=(200 + i % 800, 300), rel=(1, 0), buttons=(0, 0, 0)
                )
            )
        app.update(1)
        app.dirty = app.dirty or redraw
        app.present()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(0.95 * (len(samples) - 1))]


def scene_benches() -> dict[str, Callable[[Any], Any]]:
    """Scenes to time: the menu, each game's busy table (game/busy_tables.py), and a replay."""
    from game.busy_tables import BUSY
    from game.scenes.menu import Menu

    return {"menu": Menu, **BUSY, "replay": replay_scene}


def bench_match(game: str = "jaipur", seed: int = 11, moves: int | None = None):
    """A match between easy bots, to its end (or `moves` moves): the same every time."""
    from game.core.match import Match, Seat
    from game.core.rng import derive
    from game.core.ruleset import Budget

    rules = registry.get(game)
    match = Match.new(rules, [Seat("Asha"), Seat("Bilal", "bot", "easy")], seed=seed)
    bot = rules.bot("easy")
    while not match.finished and (moves is None or len(match.commands) < moves):
        seat = min(match.to_act)
        view, legal = match.view(seat), match.legal(seat)
        match.submit(seat, bot.choose(view, legal, derive(seed, len(match.events) * 8 + seat), Budget()))
    return match


def replay_scene(app):
    """A replay of a finished Jaipur match playing at its fastest speed, from the start again
    at the end: every frame drawn, a fresh table for each move (see replay_step_ms)."""
    from game.scenes.replay import SPEEDS, Replay

    class Looping(Replay):
        def update(self, ticks: int) -> None:
            if self.count >= self.timeline.end:
                self.show(self.timeline.start)
                self.toggle()
            super().update(ticks)

    app.store  # noqa: B018 - opened as the menu would have, so its first use is not timed
    replay = Looping(app, bench_match())
    replay.set_speed(len(SPEEDS) - 1)
    replay.toggle()
    return replay


def replay_step_ms() -> float:
    """Median milliseconds of one step of a Jaipur replay: fold to the next event, build that
    point's table, draw the frame (the cost of the frame a step lands on)."""
    from game.app import App
    from game.scenes.replay import Replay

    app = App(windowed=True)
    replay = Replay(app, bench_match())
    app.push(replay)
    samples = []
    for _ in range(2):
        replay.show(replay.timeline.start)
        while replay.count < replay.timeline.end:
            start = time.perf_counter()
            replay.forward_event()
            app.draw()
            samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def history_open_s(matches: int = 1000, runs: int = 5) -> float:
    """Seconds from asking for the History to its first frame, over `matches` stored matches
    (a temporary store; median of a few openings)."""
    import tempfile

    from game.app import App
    from game.core.store import Store
    from game.scenes.history import History

    app = App(windowed=True)
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder) / "bench.sqlite3") as store:
        games = [bench_match(seed=seed, moves=4) for seed in range(10)]
        store.conn.execute("PRAGMA synchronous = OFF")  # filling it is not what is timed
        for k in range(matches):
            store.attach(replace(games[k % len(games)], listeners=[]))  # a new match each time
        app._store = store
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            app.push(History(app))
            app.draw()
            times.append(time.perf_counter() - start)
            app.pop()
        app._store = None
    return statistics.median(times)


def game_figures(wanted: Callable[[str], bool]) -> dict[str, float]:
    figures: dict[str, float] = {}
    for game in registry.GAMES:
        name = f"game.rules.{game}.bench"
        if (
            wanted(f"{game}.")
            and importlib.util.find_spec(f"game.rules.{game}")
            and importlib.util.find_spec(name)
        ):
            figures.update(importlib.import_module(name).figures())
    bundle = ROOT / "build" / "bundle_figures.py"
    if wanted("bundle_") and bundle.exists():
        spec = importlib.util.spec_from_file_location("bundle_figures", bundle)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        figures.update(module.figures())
    return figures


def collect(only: list[str]) -> dict[str, Any]:
    def wanted(key: str) -> bool:
        return not only or any(key.startswith(p) or p.startswith(key) for p in only)

    report: dict[str, Any] = {}
    if wanted("startup_s"):
        report["startup_s"] = startup_s()
    if wanted("startup_s_ja"):  # the Japanese font and catalogue are read at start
        report["startup_s_ja"] = startup_s(language="ja")
    medians, p95s, redraws = {}, {}, {}
    for name, make in scene_benches().items():
        if wanted(f"frame_ms.{name}"):
            medians[name], p95s[name] = frame_times(make)
            redraws[name] = frame_times(make, redraw=True)[0]
    if medians:
        report["frame_ms"] = medians
        report["frame_ms_p95"] = p95s
        report["frame_ms_redraw"] = redraws
    if wanted("replay_step_ms"):
        report["replay_step_ms"] = replay_step_ms()
    if wanted("history_open_s"):
        report["history_open_s"] = history_open_s()
    report.update({k: v for k, v in game_figures(wanted).items() if wanted(k)})
    return report


def main(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    only = [p for p in args.only.split(",") if p]
    report = collect(only)
    if args.json:
        print(json.dumps(report, sort_keys=True))
        return 0
    for key, value in report.items():
        if isinstance(value, dict):
            for name, v in value.items():
                print(f"{key + '.' + name:<33} {v:10.3f}")
        else:
            print(f"{key:<33} {value:10.3f}")
    return 0
