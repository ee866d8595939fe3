#!/usr/bin/env python3
"""An outside Taj Mahal player, written from the rules documents only (seeds/tajmahal.md,
docs/tajmahal.md, docs/bot-protocol.md). It speaks the JSON-lines bot protocol and reads nothing
but the request: its seat's view (board included) and the legal commands. No Bazaar imports.

    python -m game sim tajmahal --seats hard,"cmd:python tools/opponents/tajmahal_heuristic.py",...

How it plays (one-turn look-ahead, about half a millisecond a move):
- a prize is worth what it gives this seat: a palace (the province point, a fortress bonus,
  chain links to its palaces in other provinces, roads into provinces still to come),
  influence towards a pair (a special card), goods (counted like the scoring), the ring;
- a play is worth the prizes it would lead after it, each kept with the chance that no player
  still in ties it on their next turn (in their colour, from a hand of unknown cards, with
  white or special cards), less the cards it spends (white cards and the end-game colour count
  more late); withdrawing is worth what it wins now, the display choice, and the free card
  when nothing was played. It takes the better.
- palaces go where bonus and chain pay; display picks favour the strongest colour and white.
"""

from __future__ import annotations

import json
import random
import sys

PERSONS = ("vizier", "general", "monk", "princess")
CATEGORIES = (*PERSONS, "mogul", "elephant")
COLOURS = ("green", "purple", "red", "yellow")
OWN = {"green": "vizier", "purple": "general", "red": "monk", "yellow": "princess"}
SPECIAL_OF = {"general": "elephant", "princess": "points", "vizier": "mogul", "monk": "change"}
SPECIAL_WORTH = {"points": 4.0, "elephant": 2.5, "mogul": 2.5, "change": 1.5}
DECK = 96.0


def per_colour(category: str, colour: str) -> float:
    """Cards of one colour showing the symbol (from the card list in the rules)."""
    if category == "elephant":
        return 16.0
    if category == "mogul":
        return 3.0
    return 5.0 + (OWN[colour] == category)


def white_with(category: str) -> float:
    return 7.0 if category == "elephant" else 1.0


def chance(kinds: float, hand: int) -> float:
    return 1.0 - (1.0 - kinds / DECK) ** max(hand, 0)


def count(cards) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        for s in c["symbols"]:
            out[s] = out.get(s, 0) + 1
    return out


class Player:
    answer = 0.7  # how far one symbol kept in reserve makes up for a lead that is tied
    stay = 0.1  # display choice given up to each player still in, by staying
    free = 0.5  # the free card for withdrawing before playing
    spend = 1.1  # a coloured card's worth in hand
    chain_w = 1.5  # a province joined to the chain (points now and at later builds)
    road_w = 0.35  # a road from a new palace to an empty city of a province still to come
    keen_hi, keen_lo = 0.15, 0.06  # how readily a player still in contests a category (shown / not)
    flex = 0.25  # a first card's colour: per further card of it in hand

    def __init__(self, view: dict):
        self.v = view
        self.seat = view["seat"]
        self.board = view["board"]
        self.me = view["players"][self.seat]
        self.late = view["visit"] / 12.0
        self.mine = {c for c, s in (*view["palaces"], *view["moguls"]) if s == self.seat}
        self.others = [p for p in view["players"] if p["in_visit"] and p["seat"] != self.seat]

    # -- what things are worth ---------------------------------------------------------
    def goods(self, new) -> float:
        owned = list(self.me["goods"])
        total = 0.0
        for g in new:
            owned.append(g)
            total += owned.count(g)
        return total

    def city(self, name: str, mogul: bool) -> float:
        cities, v = self.board["cities"], self.v
        here = cities[name]["province"]
        value = 0.0
        occupied = {c for c, _ in v["palaces"]}
        if not mogul and name not in occupied:
            bonus = v["bonus"].get(name)
            value += {"taj": 4.0, "points2": 2.0, "draw": 1.0}.get(bonus, 0.0)
            if bonus in ("rice", "tea", "spice", "jewel"):
                value += self.goods([bonus])
        # provinces this palace joins to the province's chain (scored now, and again later)
        seen, todo = {name}, [name]
        while todo:
            for n in cities[todo.pop()]["roads"]:
                if n in self.mine and n not in seen:
                    seen.add(n)
                    todo.append(n)
        before, todo = set(), [c for c in self.mine if cities[c]["province"] == here]
        before.update(todo)
        while todo:
            for n in cities[todo.pop()]["roads"]:
                if n in self.mine and n not in before:
                    before.add(n)
                    todo.append(n)
        joined = {cities[c]["province"] for c in seen - before} - {here}
        value += self.chain_w * len(joined)
        future = set(v["order"][v["visit"] :])
        for n in cities[name]["roads"]:
            p = cities[n]["province"]
            if p != here and p in future and n not in occupied:
                value += self.road_w * (1 - self.late)
        return value

    def best_city(self, mogul: bool) -> float:
        occupied = {c for c, _ in self.v["palaces"]}
        cities = self.board["provinces"][self.v["province"]]["cities"]
        free = [c for c in cities if mogul or c not in occupied]
        return max((self.city(c, mogul) for c in free), default=0.0)

    def prize(self, category: str) -> float:
        if category == "elephant":
            return self.goods(self.board["provinces"][self.v["province"]]["goods"])
        if category == "mogul":
            return 0.4 + self.best_city(True)
        held = self.me["influence"][category]
        special = SPECIAL_OF[category]
        if held % 2 == 1:  # this tile makes a pair: the special card (or keeps it)
            fresh = special not in self.me["specials"]
            worth = SPECIAL_WORTH[special] * (1.1 - 0.6 * self.late) if fresh else 0.5
        else:
            worth = 0.6 * (1 - self.late)
        return worth + self.best_city(False)

    def prizes(self, won) -> float:
        total = sum(self.prize(c) for c in won)
        if any(c != "elephant" for c in won):
            total += 1.0  # the palace point of the province, once
        return total

    def card(self, card: dict) -> float:
        """A card kept in hand: a future play, and late in the game an end-of-game point (white
        cards and the most numerous colour)."""
        if card["colour"] == "special":
            return 0.0  # a played special card comes back
        colours = [c["colour"] for c in self.v["hand"]]
        top = card["colour"] == "white" or colours.count(card["colour"]) >= max(map(colours.count, COLOURS))
        end = self.late**2
        return (1 - end) * (self.spend + 0.15 * top) + end * top

    # -- the chance that a player still in ties a lead on its next turn --------------------
    def reach(self, other: dict, category: str, gap: int) -> float:
        if gap <= 0:
            return 1.0
        played = {c.get("special") for c in other["played"]}
        h = other["hand_size"] - sum(s not in played for s in other["specials"])
        colour = other["colour"]
        colours = [colour] if colour else list(COLOURS)
        one = chance(sum(per_colour(category, c) for c in colours), h)
        any_card = chance(21.0 * len(colours), h)
        white = chance(white_with(category), h)
        if category in other["specials"]:  # its elephant or mogul card adds one, every turn
            white = 1.0
        keen = self.keen_hi if other["shown"].get(category) or not other["played"] else self.keen_lo
        if gap == 1:
            return keen * (one + (1 - one) * white * any_card)
        if gap == 2:
            two = chance(2.0 * len(colours), h) if category == "elephant" else 0.0
            return keen * (two + (1 - two) * one * white)
        return 0.0

    # -- the three decisions -----------------------------------------------------------
    def play(self, legal: list[dict]) -> dict:
        v = self.v
        hand = {c["id"]: c for c in v["hand"]}
        mine = count(self.me["played"])
        won_now = v["would_win"]
        picks = 2 if self.others else 1
        display = sorted((self.card(c) for c in v["display"]), reverse=True)
        withdraw = self.prizes(won_now) + 0.15 * sum(display[:picks])
        if not self.me["played"]:
            withdraw += self.free  # the free card from the deck
        best, best_value = {"move": "withdraw"}, withdraw
        for cmd in legal:
            if cmd["move"] != "play":
                continue
            cards = [hand[i] for i in cmd["cards"]]
            after = dict(mine)
            for s in (s for c in cards for s in c["symbols"]):
                after[s] = after.get(s, 0) + 1
            cost = sum(self.card(c) for c in cards)
            if any(c.get("special") == "points" for c in cards):
                cost -= 2.0
            value = -cost - self.stay * len(self.others)  # the others pick from the display first
            top = {c: max((o["shown"].get(c, 0) for o in self.others), default=0) for c in CATEGORIES}
            lead = [c for c in CATEGORIES if c not in v["won"] and after.get(c, 0) > top[c]]
            palace_p = 0.0
            colour = self.me["colour"] or next(c["colour"] for c in cards if c["colour"] in COLOURS)
            left = [c for c in v["hand"] if c["id"] not in cmd["cards"]]
            for c in lead:
                keep = 1.0
                for o in self.others:
                    keep *= 1.0 - self.reach(o, c, after.get(c, 0) - o["shown"].get(c, 0))
                # symbols of c still in hand to answer a tie with (in the colour, plus one extra)
                reserve = sum(x["symbols"].count(c) for x in left if x["colour"] == colour)
                reserve += any(c in x["symbols"] for x in left if x["colour"] in ("white", "special"))
                keep += (1 - keep) * min(1.0, self.answer * reserve)
                value += keep * self.prize(c)
                if c != "elephant":
                    palace_p = max(palace_p, keep)
            value += palace_p  # the province's palace point
            if not self.me["colour"] and all(c["colour"] != "special" for c in cards):
                colour = next(c["colour"] for c in cards if c["colour"] in COLOURS)
                rest = sum(c["colour"] == colour for c in v["hand"]) - 1
                value += self.flex * min(rest, 3)  # room to go on fighting in this colour
            if value > best_value + 1e-9:
                best, best_value = cmd, value
        return best

    def build(self, legal: list[dict]) -> dict:
        mogul = self.v["pending"]["builds"][0] == "mogul"
        return max(legal, key=lambda c: (self.city(c["city"], mogul), c["city"]))

    def pick(self, legal: list[dict]) -> dict:
        by_id = {c["id"]: c for c in self.v["display"]}
        colours = [c["colour"] for c in self.v["hand"]]

        def worth(cmd: dict) -> float:
            total, cols = 0.0, list(colours)
            for i in cmd["cards"]:
                c = by_id[i]
                if c["colour"] == "white":
                    total += 1.0 + 0.6 * self.late + 0.2 * ("elephant" not in c["symbols"])
                else:
                    total += 0.7 + 0.12 * cols.count(c["colour"]) * (0.5 + self.late)
                    total += 0.1 * (c["symbols"][0] != c["symbols"][1])
                    total += 0.1 * ("mogul" in c["symbols"])
                cols.append(c["colour"])
            return total

        return max(legal, key=lambda c: (worth(c), sorted(c["cards"])))


def choose(view: dict, legal: list[dict], rng: random.Random | None = None, cls: type = Player) -> dict:
    player = cls(view)
    if view["phase"] == "build":
        return player.build(legal)
    if view["phase"] == "pick":
        return player.pick(legal)
    return player.play(legal)


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            command = choose(request["view"], request["legal"])
        except Exception as exc:  # answer, never crash: the table reports it
            print(json.dumps({"error": f"{type(exc).__name__}: {exc}"}), flush=True)
            continue
        print(json.dumps({"command": command}), flush=True)


if __name__ == "__main__":
    main()
