"""One line of the move log per Ubongo event."""

from __future__ import annotations

from typing import Any

from game.rules.ubongo.state import DIE, TICKS_PER_SECOND


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def describe(event: dict[str, Any], names: list[str]) -> str:
    kind = event.get("type")
    if kind == "pawn_start":
        return f"{_name(names, event['seat'])} starts on row {event['row'] + 1}"
    if kind == "round_start":
        face = event["face"]
        return f"Round {event['round']}: the die shows the {DIE[face]} (row {face + 1})"
    if kind == "solve":
        return f"{_name(names, event['seat'])}: Ubongo! in {event['tick'] / TICKS_PER_SECOND:.1f} s"
    if kind == "give_up":
        return f"{_name(names, event['seat'])} gives up on this hourglass"
    if kind == "time_out":
        who = ", ".join(_name(names, s) for s in event["seats"])
        return f"The sand runs out for {who}" if who else "The sand runs out"
    if kind == "hourglass_turned":
        return "Nobody solved: the hourglass is turned once more"
    if kind == "pawn":
        who = _name(names, event["seat"])
        move = "stays on" if event["from"] == event["to"] else "moves to"
        return f"{who} {move} row {event['to'] + 1} at {event['tick'] / TICKS_PER_SECOND:.1f} s"
    if kind == "gems":
        gems = " and ".join(event["gems"]) or "nothing (the row is empty)"
        return f"{_name(names, event['seat'])} takes {gems} from row {event['row'] + 1}"
    if kind == "too_late":
        who = ", ".join(_name(names, s) for s in event["seats"])
        return f"The sand ran out before {who} took any gems" if who else ""
    if kind == "round_end" and all(t is None for t in event["ticks"]):
        return f"Round {event['round']} ends: nobody solved"
    return ""
