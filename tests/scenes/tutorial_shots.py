"""Screenshots of tutorial steps, for looking at (SDL's dummy driver: the canvas is saved).

    .venv/bin/python -m tests.scenes.tutorial_shots OUT jaipur 2 4 8

Walks the tutorial through game.automation and saves OUT/<name>-<step>.png at each step asked
for, as the step is first shown.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def main(out: str, name: str, steps: list[int]) -> None:
    os.environ.setdefault("BAZAAR_HOME", tempfile.mkdtemp(prefix="bazaar-shots-"))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.scenes.tutorial import load
    from tests.scenes.tutorial_walk import do_step, opened, to_table

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    s = opened(name)
    for i, step in enumerate(load(name).steps):
        to_table(s)
        if i in steps:
            s.screenshot(str(folder / f"{name}-{i + 1}.png"))
            print(folder / f"{name}-{i + 1}.png")
        do_step(s, step)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], [int(k) - 1 for k in sys.argv[3:]])
