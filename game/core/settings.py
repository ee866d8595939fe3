"""Player settings in `config_dir()/settings.json`.

Reading never fails: unknown keys are ignored, a value of the wrong type or out of range falls
back to that key's default, and a file that is not a JSON object is kept aside untouched (with
a message for the player) while the defaults are used.
"""

from __future__ import annotations

import json
import math
import re
import sys
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game.core import paths
from game.core.files import read_json_object, write_atomic
from game.core.i18n import LANGUAGES, msg

FILENAME = "settings.json"
ANIMATION_SPEEDS = (0.5, 1.0, 2.0, 0.0)  # 0.0: instant, no flights (a bot still pauses as set)
INSTANT = 0.0
HAND_SORTS = ("suit", "rank")
OUTSIDE_MOVE_SECONDS = (1.0, 600.0)  # the range the outside programs' time limit may take
TEXT_MAX = 200  # a relay's address or registration key


@dataclass(frozen=True)
class Settings:
    fullscreen: bool = False
    volume: float = 0.7  # 0..1
    muted: bool = False
    animation_speed: float = 1.0  # one of ANIMATION_SPEEDS; 0.0 is instant
    bot_pause_ms: int = 600  # 0..10000: the least time a bot's move stays on screen
    show_hints: bool = True
    four_colour_deck: bool = False
    hand_sort: str = "suit"  # how a card hand is sorted until the player sorts it otherwise
    # 1..600: how long an outside program (a "cmd" seat) may take over one move before its
    # seat is reported as failed
    outside_move_seconds: float = 10.0
    language: str = ""  # "en", "ja", or "" for the system's language
    # network play through a relay (Settings → Online; docs/network.md "Through a relay"):
    # its HOST:PORT ("" none), its key's pin when pinned, and the registration key it asks
    relay: str = ""
    relay_pin: str = ""
    relay_key: str = ""
    # Host on a server (Settings → Online; docs/network.md "Host on a server"): a `serve`'s
    # HOST:PORT ("" none: Host hosts on this computer), its key's pin, and its creator key
    server: str = ""
    server_pin: str = ""
    creator_key: str = ""


def _valid(key: str, value: Any) -> bool:
    """Whether `value` is acceptable for field `key` (type and range)."""
    if key in ("fullscreen", "muted", "show_hints", "four_colour_deck"):
        return isinstance(value, bool)
    if key == "hand_sort":
        return value in HAND_SORTS
    if key == "language":
        return value in ("", *LANGUAGES)
    if key in ("relay", "relay_key", "server", "creator_key"):
        return isinstance(value, str) and len(value) <= TEXT_MAX and value.isprintable()
    if key in ("relay_pin", "server_pin"):
        return isinstance(value, str) and (
            value == "" or re.fullmatch(r"[A-Za-z0-9_-]{43}", value) is not None
        )
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if key == "volume":
        return math.isfinite(value) and 0.0 <= value <= 1.0
    if key == "animation_speed":
        return value in ANIMATION_SPEEDS
    if key == "bot_pause_ms":
        return isinstance(value, int) and 0 <= value <= 10_000
    if key == "outside_move_seconds":
        return math.isfinite(value) and OUTSIDE_MOVE_SECONDS[0] <= value <= OUTSIDE_MOVE_SECONDS[1]
    return False


def from_json(data: dict[str, Any]) -> Settings:
    """Settings from a JSON object: good keys kept, bad ones default, unknown ones ignored."""
    values: dict[str, Any] = {}
    for f in fields(Settings):
        if f.name in data and _valid(f.name, data[f.name]):
            value = data[f.name]
            values[f.name] = float(value) if isinstance(f.default, float) else value
    return Settings(**values)


def path() -> Path:
    return paths.config_dir() / FILENAME


def load() -> tuple[Settings, str | None]:
    """The saved settings and a problem message (None when all went well)."""
    try:
        file = path()
    except OSError as exc:
        return _report(
            msg("The settings folder cannot be made ({why}); default settings are used.", why=str(exc))
        )
    data, problem = read_json_object(file, msg("settings"), msg("default settings are used"))
    if problem:
        return _report(problem)
    return (from_json(data), None) if data is not None else (Settings(), None)


def _report(message: str) -> tuple[Settings, str]:
    print(f"bazaar: {message}", file=sys.stderr)
    return Settings(), message


def save(settings: Settings) -> str | None:
    """Write the settings atomically. Returns a problem message, or None when saved."""
    try:
        write_atomic(path(), json.dumps(asdict(settings), indent=2, sort_keys=True) + "\n")
    except OSError as exc:
        message = msg("The settings could not be saved ({why}).", why=str(exc))
        print(f"bazaar: {message}", file=sys.stderr)
        return message
    return None
