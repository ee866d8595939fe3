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
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.core import registry

FRAMES = 300
ROOT = Path(__file__).resolve().parent.parent


def startup_s(runs: int = 3, command: list[str] | None = None) -> float:
    """Launch to first menu frame, as a fresh process would (median of a few launches).

    `command` starts something other than this checkout's `python -m game` (the bundle)."""
    env = {
        **os.environ,
        "BAZAAR_FIRST_FRAME_PROBE": "1",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
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
    """Scenes to time: the menu, and each table that offers `bench_scene(app)`."""
    from game.scenes import tables
    from game.scenes.menu import Menu

    scenes: dict[str, Callable[[Any], Any]] = {"menu": Menu}
    for game in registry.GAMES:
        if tables.has_table(game):
            module = importlib.import_module(tables.TABLES[game][0])
            if hasattr(module, "bench_scene"):
                scenes[game] = module.bench_scene
    return scenes


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
    medians, p95s, redraws = {}, {}, {}
    for name, make in scene_benches().items():
        if wanted(f"frame_ms.{name}"):
            medians[name], p95s[name] = frame_times(make)
            redraws[name] = frame_times(make, redraw=True)[0]
    if medians:
        report["frame_ms"] = medians
        report["frame_ms_p95"] = p95s
        report["frame_ms_redraw"] = redraws
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
