"""Taj Mahal bots. Each works from the seat's view alone (plus the public board).

easy: plays at random, withdraws as soon as it would win something half the time.
medium: greedy on what withdrawing now would win.
hard: weighs each category's worth to it (palace, chain, fortress bonus, influence towards a
special card, goods), the chance that the players still in can still beat its lead in their
colour (counting the cards it has seen), the display it gives up by staying, and the cards it
keeps for the end-game hand; its three best moves by that measure are then compared by
playing the visit out over samples of the hidden cards (search.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.core.ruleset import Budget, Command
from game.rules.tajmahal import bot_chain, search
from game.rules.tajmahal.face.board import Board, load
from game.rules.tajmahal.face.data import (
    BONUS_POINTS,
    CARDS,
    COLOURS,
    DECK_IDS,
    GOODS,
    PERSONS,
    SPECIAL_OF_PERSON,
    SPECIAL_POINTS,
    VISITS,
)
from game.rules.tajmahal.face.standing import standing

View = dict[str, Any]
CARD_BASE, CARD_SYMBOL = 0.05, 0.08  # a card's worth in hand before the end-game bonus
CHAIN_NOW = 1.2  # a province a palace joins to the chain now
CHAIN_LATER = bot_chain.LATER  # ... and to the chains of palaces to come


def make_bot(level: str):
    if level == "easy":
        return EasyBot()
    if level == "medium":
        return MediumBot()
    if level == "hard":
        return HardBot()
    raise ValueError(f"Taj Mahal has no bot level {level!r}")


def shown(cards: list[dict]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        for s in c["symbols"]:
            out[s] = out.get(s, 0) + 1
    return out


def wins_against(view: View, mine: dict[str, int]) -> list[str]:
    """Categories these counts would win now against the other players still in."""
    me = view["seat"]
    others = [p["shown"] for p in view["players"] if p["in_visit"] and p["seat"] != me]
    return standing(mine, others, view["won"])[0]


def signature(command: Command) -> tuple:
    """Plays with the same colours and symbols are the same play."""
    if command["move"] != "play":
        return (command["move"],)
    return tuple(sorted((CARDS[c].colour, CARDS[c].symbols, CARDS[c].special) for c in command["cards"]))


class EasyBot:
    level = "easy"

    def choose(self, view: View, legal: list[Command], rng: random.Random, budget: Budget) -> Command:
        if view["phase"] == "play":
            plays = [c for c in legal if c["move"] == "play"]
            if not plays or (view["would_win"] and rng.random() < 0.5):
                return {"move": "withdraw"}
            return rng.choice(plays)
        return rng.choice(legal)


@dataclass
class Judge:
    """The worth of things to one seat, from its view."""

    view: View
    board: Board

    @property
    def me(self) -> dict:
        return self.view["players"][self.view["seat"]]

    def goods_value(self, goods: tuple[str, ...] | list[str]) -> float:
        owned = list(self.me["goods"])
        total = 0.0
        for g in goods:
            owned.append(g)
            total += owned.count(g)
        return total

    def city_value(self, city: str, mogul: bool) -> float:
        """A palace here: fortress bonus (not for the mogul's palace) and chain links."""
        seat = self.view["seat"]
        mine = {c for c, s in (*self.view["palaces"], *self.view["moguls"]) if s == seat}
        value = 0.0
        if not mogul and not any(c == city for c, _ in self.view["palaces"]):
            bonus = self.view["bonus"].get(city)
            if bonus in BONUS_POINTS:
                value += BONUS_POINTS[bonus]
            elif bonus == "draw":
                value += 1.0
            elif bonus in GOODS:
                value += self.goods_value([bonus])
        value += CHAIN_NOW * bot_chain.joined(self.board, mine, city)  # scored at once
        # and later: what a palace won in each province still to come would join
        future = frozenset(self.view["order"][self.view["visit"] :])
        before = bot_chain.potential(self.board, frozenset(mine), future)
        after = bot_chain.potential(self.board, frozenset(mine | {city}), future)
        value += CHAIN_LATER * (after - before)
        return value

    def best_cities(self, mogul: bool, count: int) -> float:
        cities = self.board.provinces[self.view["province"]].cities
        used = {c for c, _ in self.view["palaces"]}
        free = [c for c in cities if mogul or c not in used]
        vals = sorted((self.city_value(c, mogul) for c in free), reverse=True)
        return sum(vals[:count])

    def category_value(self, category: str, persons_won: int) -> float:
        if category == "elephant":
            visit = self.view["visit"]
            return self.goods_value(self.view["tile_goods"][str(visit)])
        if category == "mogul":
            return 0.5 + self.best_cities(True, 1) * 0.8
        held = self.me["influence"].get(category, 0)
        special = 2.2 if held >= 1 else 0.9  # towards (or completing) a pair for a special card
        if held >= 1 and SPECIAL_OF_PERSON[category] in self.me["specials"]:
            special = 0.6
        return special + self.best_cities(False, persons_won) / max(persons_won, 1) + 0.3

    def prize_value(self, won: list[str]) -> float:
        persons = sum(c in PERSONS for c in won)
        total = sum(self.category_value(c, max(persons, 1)) for c in won)
        if any(c in PERSONS or c == "mogul" for c in won):
            total += 1.0  # the province's palace point, once
        return total

    def card_value(self, card: dict) -> float:
        """Worth of a card in hand: symbols to fight with, plus its end-of-game point."""
        colours = [c["colour"] for c in self.view["hand"] if c["colour"] in COLOURS]
        late = self.view["visit"] / VISITS
        value = CARD_BASE + CARD_SYMBOL * len(card["symbols"])
        if card["colour"] == "white":
            value += 0.15 + 0.6 * late
        elif card["colour"] in COLOURS and colours:
            top = max(COLOURS, key=colours.count)
            value += (0.1 + 0.6 * late) * (card["colour"] == top)
        return value

    def display_value(self, count: int) -> float:
        vals = sorted((self.card_value(c) for c in self.view["display"]), reverse=True)
        return sum(vals[:count])


class MediumBot:
    level = "medium"

    def choose(self, view: View, legal: list[Command], rng: random.Random, budget: Budget) -> Command:
        judge = Judge(view, load())
        if view["phase"] == "build":
            mogul = view["pending"]["builds"][0] == "mogul"
            return max(legal, key=lambda c: (judge.city_value(c["city"], mogul), rng.random()))
        if view["phase"] == "pick":
            by_id = {c["id"]: c for c in view["display"]}
            return max(legal, key=lambda c: sum(judge.card_value(by_id[i]) for i in c["cards"]))
        plays = [c for c in legal if c["move"] == "play"]
        now = len(view["would_win"])
        mine = shown(judge.me["played"])
        hand = {c["id"]: c for c in view["hand"]}
        best, best_gain = None, 0
        for cmd in plays:
            after = dict(mine)
            for cid in cmd["cards"]:
                for s in hand[cid]["symbols"]:
                    after[s] = after.get(s, 0) + 1
            gain = len(wins_against(view, after)) - now
            if gain > best_gain:
                best, best_gain = cmd, gain
        if best is not None and (now < 2 or best_gain >= 1):
            return best
        return {"move": "withdraw"}


class HardBot:
    level = "hard"
    candidates = 8  # best heuristic moves the look-ahead compares (withdrawing always among them)
    keep = 5  # lines of play that go on after a third of the samples
    samples = 128  # hidden-card samples per decision (Budget.iterations overrides)
    reach_factor = 0.3  # how often a player still in spends a card to contest a category
    stay_display = 0.8  # share of the display's worth still there after staying a round
    rival = 0.0  # a line's worth is against the others' average, this much the best other's
    calm = 0.0  # in its look-ahead, how readily a player leading something leaves
    network = CHAIN_LATER  # the palace network's promise for provinces to come (end of visit)

    def choose(self, view: View, legal: list[Command], rng: random.Random, budget: Budget) -> Command:
        judge = Judge(view, load())
        if view["phase"] == "build":
            mogul = view["pending"]["builds"][0] == "mogul"
            return max(legal, key=lambda c: (judge.city_value(c["city"], mogul), rng.random()))
        if view["phase"] == "pick":
            by_id = {c["id"]: c for c in view["display"]}
            return max(legal, key=lambda c: sum(judge.card_value(by_id[i]) for i in c["cards"]))
        ranked = self.ranked(view, legal, judge)
        moves = [cmd for _, cmd in ranked[: self.candidates]]
        if {"move": "withdraw"} not in moves:
            moves[-1] = {"move": "withdraw"}  # leaving is always weighed against playing on
        if len(moves) == 1:
            return moves[0]
        samples = budget.iterations if budget.iterations is not None else self.samples

        def build(visit, seat: int, mogul: bool, cities: list[str]) -> str:
            return max(cities, key=lambda c: (judge.city_value(c, mogul), c))

        weights = {"rival": self.rival, "reach_weight": self.network, "calm": self.calm}
        return search.best_move(view, moves, rng, samples, budget, build, self.keep, weights)

    def ranked(self, view: View, legal: list[Command], judge: Judge) -> list[tuple[float, Command]]:
        """Withdrawing and each distinct play with its estimated worth, best first."""
        me = judge.me
        others = [p for p in view["players"] if p["in_visit"] and p["seat"] != view["seat"]]
        picks = 2 if others else 1
        free = 0.0 if me["played"] else CARD_BASE + 0.15
        withdraw = judge.prize_value(view["would_win"]) + judge.display_value(picks) + free
        ranked: list[tuple[float, Command]] = [(withdraw, {"move": "withdraw"})]
        mine = shown(me["played"])
        hand = {c["id"]: c for c in view["hand"]}
        seen: set[tuple] = set()
        for cmd in legal:
            if cmd["move"] != "play" or signature(cmd) in seen:
                continue
            seen.add(signature(cmd))
            after = dict(mine)
            cost = 0.0
            for cid in cmd["cards"]:
                card = hand[cid]
                cost += judge.card_value(card)
                for s in card["symbols"]:
                    after[s] = after.get(s, 0) + 1
                if card.get("special") == "points":
                    cost -= SPECIAL_POINTS + judge.card_value(card)  # it comes back, and scores
                elif card.get("special"):
                    cost -= judge.card_value(card)  # special cards return to the hand
            value = self.hold_value(view, judge, after, others) - cost
            # staying in gives up display choice to those who withdraw first
            value += judge.display_value(2 if len(others) > 1 else 1) * (self.stay_display if others else 1.0)
            ranked.append((value, cmd))
        ranked.sort(key=lambda pair: -pair[0])  # stable: withdrawing wins ties
        return ranked

    def hold_value(self, view: View, judge: Judge, after: dict[str, int], others: list[dict]) -> float:
        """Expected prize if it withdraws next turn with these counts, against the players still
        in, who may each add one card in their colour (plus a white or special card) first."""
        won = wins_against(view, after)
        if not others:
            return judge.prize_value(won)
        unseen = Unseen(view)
        kept = []
        for c in won:
            p_keep = 1.0
            for o in others:
                gap = after.get(c, 0) - o["shown"].get(c, 0)
                p_keep *= 1.0 - self.reach_factor * unseen.reach(o, c, gap)
            kept.append((c, p_keep))
        persons = max(sum(c in PERSONS for c in won), 1)
        total = sum(judge.category_value(c, persons) * p for c, p in kept)
        if any(c in PERSONS or c == "mogul" for c in won):
            total += max(p for c, p in kept if c in PERSONS or c == "mogul")
        return total


class Unseen:
    """Card counting from a view: the deck cards this seat has not seen (in other hands, the
    deck or the discards), and what a player still in can draw on in their colour."""

    def __init__(self, view: View):
        seen = {c["id"] for c in view["hand"]} | {c["id"] for c in view["display"]}
        seen |= {c["id"] for p in view["players"] for c in p["played"]}
        self.cards = [CARDS[i] for i in DECK_IDS if i not in seen]
        self.n = max(len(self.cards), 1)

    def chance(self, count: int, hand: int) -> float:
        """Chance that a hand of `hand` unseen cards holds at least one of `count` kinds."""
        return 1.0 - (1.0 - count / self.n) ** hand

    def reach(self, opponent: dict, category: str, gap: int) -> float:
        """Chance an opponent still in ties or beats a lead of `gap` on its next turn."""
        if gap <= 0:
            return 1.0
        colour = opponent["colour"]
        specials = opponent["specials"]
        h = max(opponent["hand_size"] - len(specials), 0)
        mine = [c for c in self.cards if c.colour in COLOURS and (not colour or c.colour == colour)]
        single = self.chance(sum(category in c.symbols for c in mine), h)
        double = self.chance(sum(c.symbols.count(category) == 2 for c in mine), h)
        any_card = self.chance(len(mine), h)
        white = self.chance(sum(c.colour == "white" and category in c.symbols for c in self.cards), h)
        if category in specials:  # its elephant or mogul special card adds one
            white = 1.0
        if gap == 1:
            return single + (1 - single) * white * any_card
        if gap == 2:
            return double + (1 - double) * single * white
        return 0.01 if category == "elephant" else 0.0
