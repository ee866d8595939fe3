"""Progress on a terminal for the long command-line tools (`sim`, `bench`, `replay` over many
files): done of total, the rate and the time left, by tqdm (kept, and right about terminals:
widths, redraws, Windows consoles), on standard error. Nothing at all is drawn when standard
error is not a terminal (a pipe, a file, CI's log) or when the tool prints JSON, so the output a
script reads is the same with or without it."""

from __future__ import annotations

import sys
from typing import Any

from tqdm import tqdm


def shown(json: bool = False) -> bool:
    """Whether progress is drawn: on a terminal, and never beside JSON."""
    return not json and sys.stderr.isatty()


def bar(total: int, what: str, json: bool = False, unit: str = "it") -> tqdm[Any]:
    """A progress bar of `total` steps, drawn only where `shown`; `update(n)` advances it and
    `close()` (or `with`) ends it. A disabled bar costs nothing and writes nothing."""
    return tqdm(total=total, desc=what, unit=unit, file=sys.stderr, disable=not shown(json), leave=False)
