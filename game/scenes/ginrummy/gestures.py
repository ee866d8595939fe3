"""The clicks and drags a person makes at the Gin Rummy table to play a command, for
game.automation (`Table.gestures`). Each is yielded after the previous one took effect.

The way varies with the length of the log (click or drag), so a long automated match plays
both, the same way every time for the same match.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.scenes.ginrummy.desk import Desk
from game.scenes.table.base import Gesture

if TYPE_CHECKING:
    from game.core.face import Command


def gestures(t: Desk, seat: int, command: Command) -> Iterator[Gesture]:
    if t.selected or t.defence.selected or t.history_open:
        yield ("key", "escape")  # a leftover choice first (Esc with none would pause)
    move = command.get("move")
    odd = t.window.count % 2 == 1
    if move == "take_upcard":
        yield ("click", "take")
    elif move == "pass":
        yield ("click", "pass")
    elif move == "draw":
        source = command["source"]
        hand = t.v.get("hand") or []
        if odd and hand:
            yield ("drag", source, f"hand.{hand[len(hand) // 2]}")  # drop it among my cards
        else:
            yield ("click", source)
    elif move == "discard":
        card = f"hand.{command['card']}"
        if odd:
            yield ("drag", card, "discard")
        else:
            if t.selected != command["card"]:
                yield ("click", card)  # choose it ...
            yield ("click", card)  # ... and a second click throws it
    elif move == "knock":
        if t.selected != command["card"]:
            yield ("click", f"hand.{command['card']}")
        yield ("click", "knock")
    elif move == "layoff":
        yield ("click", f"free.{command['card']}")
        yield ("click", f"meld.{command['meld']}")
    elif move == "done":
        yield ("click", "done")
    elif move == "next_hand":
        yield ("click", "score-sheet")
        yield ("click", "continue")  # the sheet's button: the next hand is dealt as it closes
