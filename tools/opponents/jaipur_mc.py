"""An outside Jaipur player for measuring our bots (issue 23): determinized Monte Carlo.

Written from the rules (seeds/, docs/jaipur.md) and the bot protocol alone; it shares no code
with the project's bots. Each move it:
- lists candidate moves from `legal`: every take, camels and sale, and the exchanges that look
  best by a one-line rule (at most EXCHANGES of them);
- repeats until its time (300 ms a move) is spent: pick a candidate by UCB1, deal the hidden
  cards at random consistently with its view (the deck, the unknown part of the other hand,
  the other herd's camels), play the candidate, then play the round out with a random-greedy
  policy for both sides, and score the round (1 win, 1/2 tie, 0 loss, plus a little margin);
- plays the candidate with the best average.

Run as a protocol program: `python tools/opponents/jaipur_mc.py [SECONDS]` (default 0.3).
"""

from __future__ import annotations

import json
import math
import random
import sys
import time

GOODS = ["diamond", "gold", "silver", "cloth", "spice", "leather"]
CAMEL = 6
NAME = {n: i for i, n in enumerate(GOODS)}
NAME["camel"] = CAMEL
COUNTS = [6, 6, 6, 8, 8, 10, 11]
TOKENS = [
    [7, 7, 5, 5, 5],
    [6, 6, 5, 5, 5],
    [5, 5, 5, 5, 5],
    [5, 3, 3, 2, 2, 1, 1],
    [5, 3, 3, 2, 2, 1, 1],
    [4, 3, 2, 1, 1, 1, 1, 1, 1],
]
BONUS_MEAN = {3: 2.0, 4: 5.0, 5: 9.0}  # the piles' averages: (3,3,2,2,2,1,1), (6,6,5,5,4,4), (10,10,9,8,8)
LEAST = [2, 2, 2, 1, 1, 1]
EXCHANGES = 6
EPS = 0.3


class Round:
    __slots__ = ("hand", "herd", "market", "deck", "pos", "bonus", "pts", "nb", "ng", "turn", "over")

    def clone(self) -> Round:
        r = Round.__new__(Round)
        r.hand = [self.hand[0][:], self.hand[1][:]]
        r.herd = self.herd[:]
        r.market = self.market[:]
        r.deck = self.deck[:]
        r.pos = self.pos[:]
        r.bonus = self.bonus[:]
        r.pts = self.pts[:]
        r.nb = self.nb[:]
        r.ng = self.ng[:]
        r.turn = self.turn
        r.over = self.over
        return r

    def refill(self) -> None:
        while len(self.market) < 5 and self.deck:
            self.market.append(self.deck.pop())
        empty = sum(1 for g in range(6) if self.pos[g] >= len(TOKENS[g]))
        if len(self.market) < 5 or empty >= 3:
            self.over = True

    def play(self, move: tuple) -> None:
        s = self.turn
        kind = move[0]
        if kind == "take":
            self.hand[s][move[1]] += 1
            self.market.remove(move[1])
        elif kind == "camels":
            n = self.market.count(CAMEL)
            self.herd[s] += n
            self.market = [c for c in self.market if c != CAMEL]
        elif kind == "exchange":
            for c in move[1]:
                self.market.remove(c)
                self.hand[s][c] += 1
            for c in move[2]:
                if c == CAMEL:
                    self.herd[s] -= 1
                else:
                    self.hand[s][c] -= 1
                self.market.append(c)
        else:
            g, n = move[1], move[2]
            self.hand[s][g] -= n
            p = self.pos[g]
            got = TOKENS[g][p : p + n]
            self.pts[s] += sum(got)
            self.ng[s] += len(got)
            self.pos[g] = p + len(got)
            size = min(n, 5)
            if n >= 3 and self.bonus[size - 3] > 0:
                self.bonus[size - 3] -= 1
                self.pts[s] += BONUS_MEAN[size]
                self.nb[s] += 1
        self.refill()
        self.turn = 1 - s

    def playout_move(self, rng: random.Random) -> tuple:
        s = self.turn
        hand = self.hand[s]
        size = sum(hand)
        options = []
        for g in range(6):
            if hand[g] >= LEAST[g]:
                p = self.pos[g]
                n = hand[g]
                v = sum(TOKENS[g][p : p + n])
                if n >= 3 and self.bonus[min(n, 5) - 3]:
                    v += BONUS_MEAN[min(n, 5)]
                ready = n >= 4 or (n >= 3 and g >= 3) or (g < 3 and n >= 2)
                ready = ready or size >= 7 or p + n >= len(TOKENS[g])
                options.append((v if ready else 0.3 * v, ("sell", g, n)))
        if size < 7:
            for g in set(self.market):
                if g != CAMEL:
                    p = self.pos[g]
                    top = TOKENS[g][p] if p < len(TOKENS[g]) else 0
                    options.append((top * (0.6 + 0.4 * hand[g]), ("take", g)))
        n = self.market.count(CAMEL)
        if n:
            options.append((1.2 * n + (2.0 if size >= 7 else 0.0), ("camels",)))
        if rng.random() < EPS:
            return rng.choice(options)[1]
        return max(options, key=lambda o: o[0])[1]

    def result(self, seat: int) -> float:
        pts = self.pts[:]
        if self.herd[0] != self.herd[1]:
            pts[0 if self.herd[0] > self.herd[1] else 1] += 5
        mine = (pts[seat], self.nb[seat], self.ng[seat])
        theirs = (pts[1 - seat], self.nb[1 - seat], self.ng[1 - seat])
        win = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        margin = max(-30.0, min(30.0, pts[seat] - pts[1 - seat])) / 30.0
        return 0.85 * win + 0.15 * (0.5 + 0.5 * margin)


def sampler(view: dict):
    """A function dealing the hidden cards at random into a fresh Round, from the view."""
    me = view["seat"]
    other = 1 - me
    left = COUNTS[:]
    for name in view["market"] + view["hand"] + view["discard"] + view["opponent_known"]:
        left[NAME[name]] -= 1
    left[CAMEL] -= view["herd"]
    unknown_hand = view["opponent_hand"] - len(view["opponent_known"])
    herd = sum(left) - view["deck"] - unknown_hand
    herd = max(0, min(herd, left[CAMEL]))
    goods = [g for g in range(6) for _ in range(left[g])]
    camels = left[CAMEL] - herd
    base = Round.__new__(Round)
    base.hand = [[0] * 6, [0] * 6]
    for name in view["hand"]:
        base.hand[me][NAME[name]] += 1
    for name in view["opponent_known"]:
        base.hand[other][NAME[name]] += 1
    base.herd = [0, 0]
    base.herd[me], base.herd[other] = view["herd"], herd
    base.market = [NAME[c] for c in view["market"]]
    base.deck = []
    base.pos = [len(TOKENS[g]) - len(view["tokens"][GOODS[g]]) for g in range(6)]
    base.bonus = [view["bonus"][str(k)] for k in (3, 4, 5)]
    base.pts, base.nb, base.ng = [0.0, 0.0], [0, 0], [0, 0]
    for s, earned in enumerate(view["earned"]):
        sold = float(sum(v for _, v in earned["goods"]))
        base.pts[s] = sold + sum(BONUS_MEAN[min(b, 5)] for b in earned["bonus"])
        base.nb[s] = len(earned["bonus"])
        base.ng[s] = len(earned["goods"])
    base.turn = me
    base.over = False

    def deal(rng: random.Random) -> Round:
        r = base.clone()
        pool = goods[:]
        rng.shuffle(pool)
        for g in pool[:unknown_hand]:
            r.hand[other][g] += 1
        rest = pool[unknown_hand:] + [CAMEL] * camels
        rng.shuffle(rest)
        r.deck = rest[: view["deck"]]
        return r

    return deal


def convert(command: dict) -> tuple:
    kind = command["move"]
    if kind == "take":
        return ("take", NAME[command["good"]])
    if kind == "camels":
        return ("camels",)
    if kind == "exchange":
        return ("exchange", tuple(NAME[c] for c in command["take"]), tuple(NAME[c] for c in command["give"]))
    return ("sell", NAME[command["good"]], command["count"])


def exchange_score(view: dict, move: tuple) -> float:
    """A one-line guess at an exchange: what the taken cards are worth against what goes."""
    hand = [0] * 6
    for name in view["hand"]:
        hand[NAME[name]] += 1
    top = [view["tokens"][g][0] if view["tokens"][g] else 0 for g in GOODS]
    gain = sum(top[c] * (1 + 0.3 * hand[c]) for c in move[1])
    loss = sum(1.0 if c == CAMEL else top[c] * 0.8 for c in move[2])
    return gain - loss


def choose(view: dict, legal: list[dict], rng: random.Random, seconds: float) -> dict:
    if len(legal) == 1:
        return legal[0]
    moves = [convert(c) for c in legal]
    plain = [i for i, m in enumerate(moves) if m[0] != "exchange"]
    swaps = [i for i, m in enumerate(moves) if m[0] == "exchange"]
    swaps.sort(key=lambda i: -exchange_score(view, moves[i]))
    keep = plain + swaps[:EXCHANGES]
    deal = sampler(view)
    seat = view["seat"]
    n = len(keep)
    visits = [0] * n
    total = [0.0] * n
    deadline = time.perf_counter() + seconds
    it = 0
    while time.perf_counter() < deadline or it < n:
        if it < n:
            k = it
        else:
            log = math.log(it)
            k = max(range(n), key=lambda j: total[j] / visits[j] + 0.7 * math.sqrt(log / visits[j]))
        r = deal(rng)
        r.play(moves[keep[k]])
        steps = 0
        while not r.over and steps < 120:
            r.play(r.playout_move(rng))
            steps += 1
        visits[k] += 1
        total[k] += r.result(seat)
        it += 1
    best = max(range(n), key=lambda j: (total[j] / visits[j], visits[j]))
    return legal[keep[best]]


class Player:
    """The same player behind the bots' `choose` interface, for in-process measurement."""

    level = "jaipur-mc"

    def __init__(self, seconds: float = 0.3):
        self.seconds = seconds

    def choose(self, view, legal, rng, budget):
        return choose(view, legal, rng, self.seconds)


def main() -> int:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 0.3
    rng = random.Random(23)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        print(json.dumps({"command": choose(request["view"], request["legal"], rng, seconds)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
