"""The Taj Mahal ruleset: the core contract wired to rules.py, view.py and bots.py."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from game.core.i18n import N_, Msg, msg, msg_n
from game.core.ruleset import Command, Event, Option, Outcome, Rejected, Ruleset
from game.rules.tajmahal import rules
from game.rules.tajmahal.board import load
from game.rules.tajmahal.data import CARDS, COLOURS, SPECIAL_ID
from game.rules.tajmahal.evolve import evolve
from game.rules.tajmahal.redact import SECRETS
from game.rules.tajmahal.setup import setup_events
from game.rules.tajmahal.state import State
from game.rules.tajmahal.view import view as make_view
from game.rules.tajmahal.words import BONUS, CATEGORY, SPECIAL, listing, place


class TajMahal(Ruleset):
    name = "tajmahal"
    title = N_("Taj Mahal")
    secrets = SECRETS
    min_seats = 3
    max_seats = 5
    options = (
        Option(
            "first",
            N_("Start player"),
            ("random", *range(5)),
            "random",
            (N_("Drawn at random"), *(msg("Seat {seat}", seat=i) for i in range(1, 6))),
        ),
    )

    def empty(self, seats: int, options: dict[str, Any]) -> State:
        """An absent "first" (a save from before the option) is "random", as it always was."""
        first = (options or {}).get("first", "random")
        if first != "random" and (
            not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < seats
        ):
            raise ValueError(f"the start player is a seat from 1 to {seats}, not {first!r}")
        return State(seats, first=-1 if first == "random" else first)

    def setup(self, state: State, setup: dict[str, Any] | None, rng: random.Random) -> list[Event]:
        return setup_events(state.seats, setup, rng, state.first)

    def decide(self, state: State, seat: int | None, command: Command, rng: random.Random):
        if state.phase == "setup":
            return Rejected(N_("The game has not started"))
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

    def see(self, state: State, seat: int | None) -> dict[str, Any]:
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
        if len(winners) > 1:
            summary = msg("Shared win at {points} points", points=int(top))
        elif len(tied) > 1:
            summary = msg(
                "Seat {seat} wins with {points} points (more palaces breaks the tie)",
                seat=winners[0] + 1,
                points=int(top),
            )
        else:
            summary = msg("Seat {seat} wins with {points} points", seat=winners[0] + 1, points=int(top))
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


def _card(cid: int) -> Msg:
    """A card as the log names it: its symbols ("vizier/general"), or a special card's name."""
    card = CARDS[cid]
    if card.colour == "special":
        return SPECIAL[card.special]
    names = [CATEGORY[s] for s in card.symbols]
    return names[0] if len(names) == 1 else msg("{first}/{second}", first=names[0], second=names[1])


def _cards(ids: list[int]) -> Msg:
    out = _card(ids[-1])
    for cid in reversed(ids[:-1]):
        out = msg("{first} + {second}", first=_card(cid), second=out)
    return out


SCORE_LINES = {
    "special": N_("{who} scores {points} (special)"),
    "taj": N_("{who} scores {points} (taj)"),
    "points2": N_("{who} scores {points} (points2)"),
    "palaces": N_("{who} scores {points} (palaces)"),
    "hand": N_("{who} scores {points} (hand)"),
    "bonus": N_("{who} scores {points} (bonus)"),
    "province": N_("{who} scores {points} (province)"),
}


def describe(event: Event, names: list[str]) -> str:
    kind = event["type"]
    who = names[event["seat"]] if "seat" in event and event["seat"] is not None else ""
    if kind == "setup":
        return msg(
            "The visits begin in {province}; {name} starts",
            province=place(event["order"][0]),
            name=names[event["start"]],
        )
    if kind == "play":
        return msg("{who} plays {cards}", who=who, cards=_cards(event["cards"]))
    if kind == "withdraw":
        if not event["won"]:
            return msg("{who} withdraws and wins nothing", who=who)
        won = listing([CATEGORY[c] for c in event["won"]])
        return msg("{who} withdraws and wins {won}", who=who, won=won)
    if kind == "build":
        city = place(event["city"])
        bonus = event.get("bonus")
        if event["kind"] == "mogul":
            return msg("{who} builds the mogul's palace in {city}", who=who, city=city)
        if bonus:
            return msg(
                "{who} builds a palace in {city} and takes the {bonus} bonus",
                who=who,
                city=city,
                bonus=BONUS[bonus],
            )
        return msg("{who} builds a palace in {city}", who=who, city=city)
    if kind == "score":
        line = SCORE_LINES.get(event["reason"])
        if line is None:
            return msg(
                "{who} scores {points} ({reason})", who=who, points=event["points"], reason=event["reason"]
            )
        return Msg(line, {"who": who, "points": event["points"]})
    if kind == "draw":
        n = len(event["cards"])
        if event["reason"] == "free":
            return msg_n("{who} draws {n} card (free)", "{who} draws {n} cards (free)", n, who=who)
        return msg_n("{who} draws {n} card (bonus)", "{who} draws {n} cards (bonus)", n, who=who)
    if kind == "pick":
        n = len(event["cards"])
        return msg_n(
            "{who} takes {n} card from the display", "{who} takes {n} cards from the display", n, who=who
        )
    if kind == "special":
        return msg(
            "{who} trades two {person} tiles for a special card", who=who, person=CATEGORY[event["person"]]
        )
    if kind == "reshuffle":
        return msg("The discards are shuffled into a new deck")
    if kind == "clear":
        n = len(event["discard"])
        if event["back"]:
            return msg_n(
                "{who} discards {n} played card (special cards back to hand)",
                "{who} discards {n} played cards (special cards back to hand)",
                n,
                who=who,
            )
        return msg_n("{who} discards {n} played card", "{who} discards {n} played cards", n, who=who)
    if kind == "display":
        return msg_n(
            "A new display of {n} card is laid out",
            "A new display of {n} cards is laid out",
            len(event["cards"]),
        )
    if kind == "visit_end":
        return msg("The visit ends")
    if kind == "game_over":
        return msg("The game is over")
    return ""
