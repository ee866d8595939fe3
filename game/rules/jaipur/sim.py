"""A small mutable copy of a round for the bots' searches, built from a view alone.

The hidden parts (deck order, the other hand beyond what was seen entering it, the other herd)
are drawn from the cards the view does not show by the game's one determinization
(`draw`, which Ruleset.resample uses too).
Cards are ints (GOODS order, camel 6); bonus tokens count at their pile's mean value.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.rules.jaipur.face.cards import BONUS, CARD_COUNTS, GOODS, INDEX, NAMES, TOKENS

CAMEL_I = 6
TOK: tuple[tuple[int, ...], ...] = tuple(TOKENS[g] for g in GOODS)
BONUS_MEAN: dict[int, float] = {size: sum(v) / len(v) for size, v in BONUS.items()}
View = dict[str, Any]
Move = tuple  # (0, g) take, (1,) camels, (2, take, give) exchange, (3, g, n) sell


def bonus_size(n: int) -> int:
    return 5 if n >= 5 else n


class Sim:
    __slots__ = (
        "hands",
        "herds",
        "market",
        "deck",
        "tokpos",
        "bonus_left",
        "points",
        "nbonus",
        "ngoods",
        "turn",
        "over",
        "solo",
        "bot_deck",
        "bot_rev",
    )

    def copy(self) -> Sim:
        s = Sim.__new__(Sim)
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.herds = self.herds[:]
        s.market = self.market[:]
        s.deck = self.deck[:]
        s.tokpos = self.tokpos[:]
        s.bonus_left = dict(self.bonus_left)
        s.points = self.points[:]
        s.nbonus = self.nbonus[:]
        s.ngoods = self.ngoods[:]
        s.turn = self.turn
        s.over = self.over
        s.solo = self.solo
        s.bot_deck = self.bot_deck[:]
        s.bot_rev = self.bot_rev[:]
        return s

    # -- moves --------------------------------------------------------------------------
    def apply(self, move: Move) -> None:
        s = self.turn
        kind = move[0]
        hand = self.hands[s]
        market = self.market
        if kind == 0:
            g = move[1]
            hand[g] += 1
            market.remove(g)
            self._refill(1)
        elif kind == 1:
            n = market.count(CAMEL_I)
            self.herds[s] += n
            self.market = market = [c for c in market if c != CAMEL_I]
            self._refill(n)
        elif kind == 2:
            for c in move[1]:
                market.remove(c)
                hand[c] += 1
            for c in move[2]:
                if c == CAMEL_I:
                    self.herds[s] -= 1
                else:
                    hand[c] -= 1
                market.append(c)
        else:
            g, n = move[1], move[2]
            hand[g] -= n
            pile = TOK[g]
            pos = self.tokpos[g]
            k = min(n, len(pile) - pos)
            self.points[s] += sum(pile[pos : pos + k])
            self.ngoods[s] += k
            self.tokpos[g] = pos + k
            if n >= 3:
                size = bonus_size(n)
                if self.bonus_left[size]:
                    self.bonus_left[size] -= 1
                    self.points[s] += BONUS_MEAN[size]
                    self.nbonus[s] += 1
        self.turn = 1 - s
        # Only a sale empties a pile: the count is not worth redoing after every move.
        if len(self.market) < 5 or (kind == 3 and self.empty_piles() >= 3):
            self.over = True
        elif self.solo:
            self._bot()

    def _bot(self) -> None:
        """The solo variant's rule bot (seat 1), as in round.bot_turn."""
        card = self.bot_deck.pop(0)
        self.bot_rev.append(card)
        market = self.market
        if card == CAMEL_I:
            n = market.count(CAMEL_I)
            if n:
                self.herds[1] += n
                self.market = [c for c in market if c != CAMEL_I]
                self._refill(n)
            else:
                market.remove(min(market))  # preference follows the card order
                self._refill(1)
        elif card in market:
            n = market.count(card)
            self.market = [c for c in market if c != card]
            if n >= 3 and self.bonus_left[bonus_size(n)]:
                self.bonus_left[bonus_size(n)] -= 1
                self.points[1] += BONUS_MEAN[bonus_size(n)]
                self.nbonus[1] += 1
            self._refill(n)
        elif self.tokpos[card] < len(TOK[card]):
            self.points[1] += TOK[card][self.tokpos[card]]
            self.ngoods[1] += 1
            self.tokpos[card] += 1
        else:
            market.remove(min(market))
            self._refill(1)
        if not self.bot_deck:
            self.bot_deck, self.bot_rev = self.bot_rev, []
        self.turn = 0
        if len(self.market) < 5 or self.empty_piles() >= 3:
            self.over = True

    def _refill(self, n: int) -> None:
        deck = self.deck
        for _ in range(n):
            if not deck:
                return
            self.market.append(deck.pop())

    def empty_piles(self) -> int:
        return sum(1 for g in range(6) if self.tokpos[g] >= len(TOK[g]))

    def sale_value(self, s: int, g: int, n: int) -> float:
        pos = self.tokpos[g]
        value = float(sum(TOK[g][pos : pos + n]))
        if n >= 3 and self.bonus_left[bonus_size(n)]:
            value += BONUS_MEAN[bonus_size(n)]
        return value

    # -- a quick greedy player for rollouts -----------------------------------------------
    def policy(self, rng: random.Random, eps: float) -> Move:
        s = self.turn
        hand = self.hands[s]
        size = sum(hand)
        market = self.market
        if rng.random() < eps:
            options: list[Move] = []
            if size < 7:
                options += [(0, c) for c in set(market) if c != CAMEL_I]
            if CAMEL_I in market:
                options.append((1,))
            options += [(3, g, hand[g]) for g in range(6) if hand[g] >= (2 if g < 3 else 1)]
            if options:
                return rng.choice(options)
        best_sell, best_value = None, 0.0
        for g in range(6):
            c = hand[g]
            if c < (2 if g < 3 else 1):
                continue
            value = self.sale_value(s, g, c)
            left = len(TOK[g]) - self.tokpos[g]
            urgent = c >= 3 or (g < 3 and c >= 2) or left <= c or size >= 7
            if urgent and value > best_value:
                best_sell, best_value = (3, g, c), value
        if best_sell is not None and (size >= 6 or best_value >= 10 or rng.random() < 0.5):
            return best_sell
        camels = market.count(CAMEL_I)
        if size < 7:
            best_take, best = None, -1.0
            for c in market:
                if c == CAMEL_I:
                    continue
                pos = self.tokpos[c]
                top = TOK[c][pos] if pos < len(TOK[c]) else 0
                value = top + 1.5 * hand[c]
                if value > best:
                    best_take, best = (0, c), value
            if best_take is not None and (best >= 4 or camels < 2):
                return best_take
        if camels:
            return (1,)
        if best_sell is not None:
            return best_sell
        for g in range(6):
            if hand[g] >= (2 if g < 3 else 1):
                return (3, g, hand[g])
        return (0, next(c for c in market if c != CAMEL_I))

    def rollout(self, rng: random.Random, eps: float, limit: int = 200) -> None:
        while not self.over and limit:
            self.apply(self.policy(rng, eps))
            limit -= 1

    def margin(self, seat: int) -> tuple[float, float]:
        """(round result for seat: 1 win, 0.5 tie, 0 loss; point margin)."""
        pts = self.points[:]
        ngoods = self.ngoods[:]
        if self.solo:  # the bot takes every goods token left in the piles
            for g in range(6):
                pts[1] += sum(TOK[g][self.tokpos[g] :])
                ngoods[1] += len(TOK[g]) - self.tokpos[g]
        if self.herds[0] != self.herds[1]:
            pts[0 if self.herds[0] > self.herds[1] else 1] += 5
        key0 = (pts[0], self.nbonus[0], ngoods[0])
        key1 = (pts[1], self.nbonus[1], ngoods[1])
        mine, theirs = (key0, key1) if seat == 0 else (key1, key0)
        result = 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
        return result, pts[seat] - pts[1 - seat]


# -- from a view: the game's one determinization (Ruleset.resample draws with it too) --------
@dataclass
class Drawn:
    extra: list[int]  # the other hand's cards beyond those seen going into it (NAMES indices)
    herd: int  # the other herd's size
    deck: list[int]  # top first
    bot_deck: list[int]  # solo: the bot's action cards still face down, top first


def unseen(view: View) -> list[int]:
    """Counts per card kind that the seat cannot see: deck, the other hand and herd."""
    left = [CARD_COUNTS[n] for n in NAMES]
    if view["variant"] == "solo":  # the action deck's 7 cards are out of play
        left = [k - 1 for k in left]
    shown = [*view["market"], *view["hand"], *view["discard"], *view["opponent_known"]]
    for card in shown:
        left[INDEX[card]] -= 1
    left[CAMEL_I] -= view["herd"]
    return left


def draw(view: View, rng: random.Random) -> Drawn:
    """The hidden cards of a seat's view, drawn at random."""
    left = unseen(view)
    deck_n, hand_n = view["deck"], view["opponent_hand"]
    if view["variant"] == "solo":
        herd_n = view["opponent_herd"]
    else:  # not shown, but implied by the cards in sight
        herd_n = sum(left) - deck_n - (hand_n - len(view["opponent_known"]))
    herd_n = max(0, min(herd_n, left[CAMEL_I]))
    left[CAMEL_I] -= herd_n
    goods = [g for g in range(6) for _ in range(left[g])]
    rng.shuffle(goods)
    extra = goods[: hand_n - len(view["opponent_known"])]
    rest = goods[len(extra) :] + [CAMEL_I] * left[CAMEL_I]
    rng.shuffle(rest)
    bot_deck: list[int] = []
    if view["variant"] == "solo":
        revealed = [INDEX[c] for c in view["bot_revealed"]]
        if view["bot_order"]:  # a whole cycle was seen: the order repeats
            bot_deck = [INDEX[c] for c in view["bot_order"][len(revealed) :]]
        else:
            bot_deck = [i for i in range(7) if i not in revealed]
            rng.shuffle(bot_deck)
    return Drawn(extra, herd_n, rest[:deck_n], bot_deck)


def determinize(view: dict[str, Any], rng: random.Random) -> Sim:
    """A round as the view's seat may imagine it: the hidden cards drawn (`draw`)."""
    seat = view["seat"]
    other = 1 - seat
    drawn = draw(view, rng)
    s = Sim.__new__(Sim)
    hands = [[0] * 6, [0] * 6]
    for card in view["hand"]:
        hands[seat][INDEX[card]] += 1
    for card in view["opponent_known"]:
        hands[other][INDEX[card]] += 1
    for g in drawn.extra:
        hands[other][g] += 1
    s.hands = hands
    herds = [0, 0]
    herds[seat], herds[other] = view["herd"], drawn.herd
    s.herds = herds
    s.market = [INDEX[c] for c in view["market"]]
    s.deck = drawn.deck
    s.tokpos = [len(TOK[i]) - len(view["tokens"][g]) for i, g in enumerate(GOODS)]
    s.bonus_left = {int(k): v for k, v in view["bonus"].items()}
    points = [0.0, 0.0]
    nbonus = [0, 0]
    ngoods = [0, 0]
    for i, earned in enumerate(view["earned"]):
        points[i] = float(sum(v for _, v in earned["goods"])) + sum(BONUS_MEAN[b] for b in earned["bonus"])
        nbonus[i] = len(earned["bonus"])
        ngoods[i] = len(earned["goods"])
    s.points, s.nbonus, s.ngoods = points, nbonus, ngoods
    s.turn = seat
    s.over = False
    s.solo = view["variant"] == "solo"
    s.bot_rev = [INDEX[c] for c in view["bot_revealed"]] if s.solo else []
    s.bot_deck = drawn.bot_deck
    return s


def to_move(command: dict[str, Any]) -> Move:
    kind = command["move"]
    if kind == "take":
        return (0, INDEX[command["good"]])
    if kind == "camels":
        return (1,)
    if kind == "exchange":
        return (2, tuple(INDEX[c] for c in command["take"]), tuple(INDEX[c] for c in command["give"]))
    return (3, INDEX[command["good"]], command["count"])
