"""One line of the move log per Ubongo event."""

from __future__ import annotations

from typing import Any

from game.core.i18n import msg
from game.rules.ubongo.face.constants import DIE, TICKS_PER_SECOND
from game.rules.ubongo.face.words import colour, gem_words, listing, seconds, symbol


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else msg("Seat {seat}", seat=seat + 1)


def describe(event: dict[str, Any], names: list[str]) -> str:
    kind = event.get("type")
    if kind == "pawn_start":
        return msg("{who} starts on row {row}", who=_name(names, event["seat"]), row=event["row"] + 1)
    if kind == "round_start":
        face = event["face"]
        return msg(
            "Round {round}: the die shows the {symbol} (row {row})",
            round=event["round"],
            symbol=symbol(DIE[face]),
            row=face + 1,
        )
    if kind == "solve":
        return msg(
            "{who}: Ubongo! in {time}",
            who=_name(names, event["seat"]),
            time=seconds(event["tick"], TICKS_PER_SECOND),
        )
    if kind == "give_up":
        return msg("{who} gives up on this hourglass", who=_name(names, event["seat"]))
    if kind == "time":  # time in the log: only a hint's cost is a line of the log
        if not event.get("hint"):
            return ""
        return msg("{who} lays a piece of a solution for 10 s of sand", who=_name(names, event["seat"]))
    if kind == "time_out":
        who = listing(_name(names, s) for s in event["seats"])
        return msg("The sand runs out for {who}", who=who) if who else msg("The sand runs out")
    if kind == "hourglass_turned":
        return msg("Nobody solved: the hourglass is turned once more")
    if kind == "pawn":
        who = _name(names, event["seat"])
        at = seconds(event["tick"], TICKS_PER_SECOND)
        row = event["to"] + 1
        if event["from"] == event["to"]:
            return msg("{who} stays on row {row} at {time}", who=who, row=row, time=at)
        return msg("{who} moves to row {row} at {time}", who=who, row=row, time=at)
    if kind == "gems":
        who, row = _name(names, event["seat"]), event["row"] + 1
        if not event["gems"]:
            return msg("{who} takes nothing from row {row} (the row is empty)", who=who, row=row)
        if len(event["gems"]) == 1:
            return msg("{who} takes {gem} from row {row}", who=who, gem=colour(event["gems"][0]), row=row)
        return msg("{who} takes {gems} from row {row}", who=who, gems=gem_words(event["gems"]), row=row)
    if kind == "too_late":
        who = listing(_name(names, s) for s in event["seats"])
        return msg("The sand ran out before {who} took any gems", who=who) if who else ""
    if kind == "round_end" and all(t is None for t in event["ticks"]):
        return msg("Round {round} ends: nobody solved", round=event["round"])
    return ""
