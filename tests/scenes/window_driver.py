"""The real app in a real window (SDL's X11 driver, under Xvfb), steered line by line from
stdin by tests/scenes/test_window_size.py, which moves, resizes and clicks it with xdotool.

Commands: `size W H` runs frames until the window has that size, then prints `size W H`;
`wait SCENE` runs frames until that scene is on top, then prints `scene SCENE`; `top` prints
the top scene's name; `back` pops to the menu; `full` toggles full screen (F11's path). Each
wait blocks on the X server's events, a frame after each, and says `timeout` when the server
goes quiet without what was asked (no frames are spun in the hope it has answered)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.scenes.menu import Menu  # noqa: E402

QUIET_MS = 5000  # the X server has said all it will when nothing comes for this long
BOUND = 3000  # events, so a server that never stops talking cannot hang the test either


def until(app: App, done) -> bool:
    """Step the app until `done()`: a frame, then block for the server's next event, dispatch
    it, a frame, and so on. False when the server goes quiet (or talks on) without it."""
    app.step(1)
    for _ in range(BOUND):
        if done():
            return True
        event = pygame.event.wait(QUIET_MS)
        if event.type == pygame.NOEVENT:
            break
        app.dispatch(event)
        app.step(1)
    return done()


def main() -> None:
    app = App(windowed=True)
    app.push(Menu(app))
    app.step(1)
    print("ready", pygame.display.get_wm_info()["window"], flush=True)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "size":
            want = (int(words[1]), int(words[2]))
            if until(app, lambda: pygame.display.get_window_size() == want):  # noqa: B023
                print("size", *want, flush=True)
            else:
                print("timeout", *pygame.display.get_window_size(), flush=True)
        elif words[0] == "wait":
            if until(app, lambda: bool(app.top and app.top.name == words[1])):  # noqa: B023
                print("scene", words[1], flush=True)
            else:
                print("timeout", app.top.name if app.top else "", flush=True)
        elif words[0] == "back":
            app.home()
            app.step(1)
            print("scene", app.top.name, flush=True)
        elif words[0] == "full":
            from dataclasses import replace

            app.apply_settings(replace(app.settings, fullscreen=not app.fullscreen))
            app.step(1)
            print("full", int(app.fullscreen), *pygame.display.get_window_size(), flush=True)
    pygame.quit()


if __name__ == "__main__":
    main()
