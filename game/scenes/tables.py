"""Which game has a table scene. The menu offers only games that can be played."""

from __future__ import annotations

import importlib
import importlib.util

from game.core.i18n import N_

TABLES: dict[str, tuple[str, str]] = {
    "jaipur": ("game.scenes.jaipur", "JaipurTable"),
    "ginrummy": ("game.scenes.ginrummy", "GinRummyTable"),
    "tajmahal": ("game.scenes.tajmahal", "TajMahalTable"),
    "ubongo": ("game.scenes.ubongo", "UbongoTable"),
}

# Games with puzzles to practise on their own, untimed (offered beside Start on the setup screen).
PRACTICE: dict[str, tuple[str, str]] = {"ubongo": ("game.scenes.ubongo.practice", "Practice")}

TAGLINES = {
    "jaipur": N_("Trade goods, herd camels, sell before your rival does."),
    "ginrummy": N_("Meld runs and sets, knock low, go gin."),
    "tajmahal": N_("Win the favour of the Mughal court, province by province."),
    "ubongo": N_("Race the hourglass to fill each puzzle board."),
}


def has_table(game: str) -> bool:
    module = TABLES.get(game, ("", ""))[0]
    return bool(module) and importlib.util.find_spec(module) is not None


def table_class(game: str):
    module, name = TABLES[game]
    return getattr(importlib.import_module(module), name)


def has_practice(game: str) -> bool:
    module = PRACTICE.get(game, ("", ""))[0]
    return bool(module) and has_table(game) and importlib.util.find_spec(module) is not None


def practice_class(game: str):
    module, name = PRACTICE[game]
    return getattr(importlib.import_module(module), name)
