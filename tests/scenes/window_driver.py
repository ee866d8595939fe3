"""The real app in a real window (SDL's X11 driver, under Xvfb), steered line by line from
stdin by tests/scenes/test_window_size.py, which moves, resizes and clicks it with xdotool.

Commands: `size W H` runs frames until the window has that size, then prints `size W H`;
`wait SCENE` runs frames until that scene is on top, then prints `scene SCENE`; `top` prints
the top scene's name; `back` pops to the menu; `full` toggles full screen (F11's path). Each
wait is bounded in frames and says `timeout` if the X server never delivered."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.scenes.menu import Menu  # noqa: E402

BOUND = 3000  # frames


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
            for _ in range(BOUND):
                app.step(1)
                if pygame.display.get_window_size() == want:
                    print("size", *want, flush=True)
                    break
            else:
                print("timeout", *pygame.display.get_window_size(), flush=True)
        elif words[0] == "wait":
            for _ in range(BOUND):
                app.step(1)
                if app.top and app.top.name == words[1]:
                    print("scene", words[1], flush=True)
                    break
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
