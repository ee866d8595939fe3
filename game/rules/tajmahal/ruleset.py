"""The Taj Mahal ruleset: the core contract wired to rules.py, view.py and bots.py."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from game.core.ruleset import Command, Event, Outcome, Rejected, Ruleset
from game.rules.tajmahal import rules
from game.rules.tajmahal.board import load
from game.rules.tajmahal.data import CARDS, COLOURS, SPECIAL_ID
from game.rules.tajmahal.evolve import evolve
from game.rules.tajmahal.setup import setup_events
from game.rules.tajmahal.state import State
from game.rules.tajmahal.view import view as make_view


class TajMahal(Ruleset):
    name = "tajmahal"
    title = "Taj Mahal"
    min_seats = 3
    max_seats = 5

    def empty(self, seats: int, options: dict[str, Any]) -> State:
        return State(seats)

    def setup(self, state: State, setup: dict[str, Any] | None, rng: random.Random) -> list[Event]:
        return setup_events(state.seats, setup, rng)

    def decide(self, state: State, seat: int | None, command: Command, rng: random.Random):
        if state.phase == "setup":
            return Rejected("The game has not started")
        return rules.decide(state, seat, command, rng)

    def evolve(self, state: State, event: Event) -> State:
        return evolve(state, event)

    def legal(self, state: State, seat: int) -> list[Command]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "build":
            return [{"move": "build", "city": c} for c in rules.build_cities(state, seat, load())]
        if state.phase == "pick":
            return [
                {"move": "pick", "cards": list(pair)} for pair in combinations(state.display, state.picks)
            ]
        return [*plays(state, seat), {"move": "withdraw"}]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return make_view(state, seat, sorted(self.to_act(state)))

    def to_act(self, state: State) -> frozenset[int]:
        if state.phase in ("play", "build", "pick"):
            return frozenset({state.turn})
        return frozenset()

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = tuple(float(p.score) for p in state.players)
        key = [(p.score, rules.palace_count(state, i)) for i, p in enumerate(state.players)]
        best = max(key)
        winners = tuple(i for i, k in enumerate(key) if k == best)
        top = max(scores)
        tied = [i for i, s in enumerate(scores) if s == top]
        summary = f"Seat {winners[0] + 1} wins with {int(top)} points"
        if len(winners) > 1:
            summary = f"Shared win at {int(top)} points"
        elif len(tied) > 1:
            summary += " (more palaces breaks the tie)"
        return Outcome(
            winners,
            scores,
            summary,
            {"palaces": [k[1] for k in key], "tie_break": "palaces on the board, then shared"},
        )

    def bot(self, level: str):
        from game.rules.tajmahal.bots import make_bot

        return make_bot(level)

    def describe(self, event: Event, names: list[str]) -> str:
        return describe(event, names)


def plays(state: State, seat: int) -> list[Command]:
    """Every legal card play: one coloured card, alone or with one white or special card."""
    p = state.players[seat]
    coloured = [c for c in p.hand if CARDS[c].colour in COLOURS]
    extras = [c for c in p.hand if CARDS[c].colour in ("white", "special")]
    change = SPECIAL_ID["change"]
    out: list[Command] = []
    for c in coloured:
        ok = not p.colour or CARDS[c].colour == p.colour
        if ok:
            out.append({"move": "play", "cards": [c]})
        for x in extras:
            if ok or x == change:
                out.append({"move": "play", "cards": [c, x]})
    return out


def _symbols(ids: list[int]) -> str:
    return " + ".join("/".join(CARDS[c].symbols) or CARDS[c].special for c in ids)


def describe(event: Event, names: list[str]) -> str:
    kind = event["type"]
    who = names[event["seat"]] if "seat" in event and event["seat"] is not None else ""
    if kind == "setup":
        return f"The visits begin in {event['order'][0]}; {names[event['start']]} starts"
    if kind == "play":
        return f"{who} plays {_symbols(event['cards'])}"
    if kind == "withdraw":
        won = ", ".join(event["won"]) or "nothing"
        return f"{who} withdraws and wins {won}"
    if kind == "build":
        what = "the mogul's palace" if event["kind"] == "mogul" else "a palace"
        bonus = f" and takes the {event['bonus']} bonus" if event.get("bonus") else ""
        return f"{who} builds {what} in {event['city']}{bonus}"
    if kind == "score":
        return f"{who} scores {event['points']} ({event['reason']})"
    if kind == "draw":
        return f"{who} draws {len(event['cards'])} card(s) ({event['reason']})"
    if kind == "pick":
        return f"{who} takes {len(event['cards'])} card(s) from the display"
    if kind == "special":
        return f"{who} trades two {event['person']} tiles for a special card"
    if kind == "reshuffle":
        return "The discards are shuffled into a new deck"
    if kind == "clear":
        back = " (special cards back to hand)" if event["back"] else ""
        return f"{who} discards {len(event['discard'])} played card(s){back}"
    if kind == "display":
        return f"A new display of {len(event['cards'])} cards is laid out"
    if kind == "visit_end":
        return "The visit ends"
    if kind == "game_over":
        return "The game is over"
    return ""
