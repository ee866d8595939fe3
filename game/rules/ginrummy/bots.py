"""Bots that play from the view alone.

easy: takes a pile card only when it melds at once, discards the card that leaves the least
deadwood but now and then throws a random one, knocks as soon as it may.
medium: the same without the slips, and it keeps away from discards that feed the cards the
opponent is known to collect.
hard: reasons about the unseen cards. A discard is first judged by the deadwood expected after
the next draw (every unseen card equally likely) plus the danger of feeding the opponent (what
they picked up and what they passed over, weighed by how readily they take from the pile); the
best few are then played out to the end of the hand on imagined opponent hands and stock orders
(each the game's own determinization of the view, resample.py, shaped by the opponent model
below), and the one that scores most is thrown. Before knocking it builds plausible opponent hands (the
known cards plus unseen ones, improved greedily for as many turns as the opponent has had, and
fitting its last discard) and on them compares knocking now with waiting a turn and with holding
out for the opponent's knock (to undercut it) or for gin.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.core.ruleset import Budget, Command, View
from game.rules.ginrummy import resample
from game.rules.ginrummy.face.cards import BIT, DECK, INDEX, VALUE, mask_of
from game.rules.ginrummy.face.melds import CARD_VALUE, arrangements_mask, best_layoffs_mask, deadwood_mask
from game.rules.ginrummy.face.phases import DISCARDED, PASSED, TOOK
from game.rules.ginrummy.rules import DEAD_STOCK


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _code(bit: int) -> str:
    return DECK[bit.bit_length() - 1]


def best_discard(hand: int, forbid: int = 0) -> tuple[int, list[int]]:
    """Least deadwood after a discard, with every bit reaching it (never a forbidden card)."""
    best, cards = 10**9, []
    for bit in _bits(hand & ~forbid):
        value = deadwood_mask(hand ^ bit)
        if value < best:
            best, cards = value, [bit]
        elif value == best:
            cards.append(bit)
    return best, cards


# The cards of each value, 10 down to 1: walking these masks visits a hand highest card first.
BY_VALUE = [sum(1 << i for i in range(52) if CARD_VALUE[i] == v) for v in range(10, 0, -1)]


def _least_out(hand: int, forbid: int = 0) -> tuple[int, int]:
    """For 11 cards: the least deadwood after a discard and that discard (the highest card among
    equals, the lowest bit among cards of one value), never `forbid`. Cards are tried highest
    first and throwing a card of value v lowers the deadwood by at most v, so the search stops
    once no card left can do better."""
    full = deadwood_mask(hand)
    best, out = 10**9, 0
    for group in BY_VALUE:
        rest = hand & group & ~forbid
        while rest:
            bit = rest & -rest
            rest ^= bit
            if full - CARD_VALUE[bit.bit_length() - 1] >= best:
                return best, out
            value = deadwood_mask(hand ^ bit)
            if value < best:
                best, out = value, bit
    return best, out


def after_one_draw(hand: int, pool: list[int]) -> float:
    """Deadwood expected after drawing one of `pool` (cards in the hand are skipped) and
    discarding well."""
    after = [_least_out(hand | bit)[0] for bit in pool if not bit & hand]
    return sum(after) / len(after) if after else float(deadwood_mask(hand))


def simple_command(view: View, legal: list[Command]) -> Command | None:
    """The moves every level plays the same way."""
    phase = view["phase"]
    if phase == "hand_over":
        return {"move": "next_hand"}
    if phase == "layoff":
        # The defaults already lay off everything that helps: confirm them. A defender who took
        # a layoff back (a person asking for a hint) is told to lay off the highest card that fits.
        layoffs = [c for c in legal if c["move"] == "layoff"]
        if layoffs:
            return max(layoffs, key=lambda c: VALUE[c["card"]])
        return {"move": "done"}
    return None


def takes_pile_card(view: View) -> bool:
    """Take the top of the pile when it makes the hand's deadwood go down."""
    hand = mask_of(view["hand"])
    top = BIT[view["discard"][-1]]
    after, _ = best_discard(hand | top, forbid=top)
    return after < deadwood_mask(hand)


def discard_options(view: View, legal: list[Command]) -> tuple[list[str], list[str]]:
    """The cards the bot may discard or knock with. After taking a pile card, only discards
    that leave less deadwood than before the take: so two bots can never pass the same cards
    back and forth through the pile forever (each take then strictly lowers its taker's count)."""
    discards = [c["card"] for c in legal if c["move"] == "discard"]
    knocks = [c["card"] for c in legal if c["move"] == "knock"]
    taken = view.get("taken")
    if taken and discards:
        hand = mask_of(view["hand"])
        before = deadwood_mask(hand & ~BIT[taken])
        better = [c for c in discards if deadwood_mask(hand & ~BIT[c]) < before]
        discards = better or discards
    return discards, knocks


def related(a: str, b: str) -> int:
    """How strongly two cards go together: same rank 3, same suit next to it 3, two apart 1."""
    ia, ib = INDEX[a], INDEX[b]
    if ia % 13 == ib % 13:
        return 3
    if ia // 13 == ib // 13:
        gap = abs(ia - ib)
        return 3 if gap == 1 else 1 if gap == 2 else 0
    return 0


class EasyBot:
    level = "easy"
    slip = 0.3  # how often it throws a random card instead of its best discard

    def choose(self, view: View, legal: list[Command], rng: random.Random, budget: Budget) -> Command:
        fixed = simple_command(view, legal)
        if fixed is not None:
            return fixed
        phase = view["phase"]
        if phase == "first_upcard":
            return {"move": "take_upcard"} if takes_pile_card(view) else {"move": "pass"}
        if phase == "draw":
            source = "discard" if view["discard"] and takes_pile_card(view) else "stock"
            return {"move": "draw", "source": source}
        return self.discard(view, legal, rng)

    def discard(self, view: View, legal: list[Command], rng: random.Random) -> Command:
        discards, knocks = discard_options(view, legal)
        hand = mask_of(view["hand"])
        if knocks:
            card = min(knocks, key=lambda c: (deadwood_mask(hand & ~BIT[c]), -VALUE[c]))
            return {"move": "knock", "card": card}
        if rng.random() < self.slip and not view.get("taken"):
            return {"move": "discard", "card": rng.choice(discards)}
        card = min(discards, key=lambda c: (deadwood_mask(hand & ~BIT[c]), -VALUE[c], c))
        return {"move": "discard", "card": card}


class MediumBot(EasyBot):
    level = "medium"

    def discard(self, view: View, legal: list[Command], rng: random.Random) -> Command:
        discards, knocks = discard_options(view, legal)
        hand = mask_of(view["hand"])
        if knocks:
            card = min(knocks, key=lambda c: (deadwood_mask(hand & ~BIT[c]), -VALUE[c]))
            return {"move": "knock", "card": card}
        feeds = view["known"][1 - view["seat"]]

        def cost(c: str) -> tuple[float, str]:
            danger = sum(related(c, k) for k in feeds)
            return deadwood_mask(hand & ~BIT[c]) + 1.5 * danger - 0.01 * VALUE[c], c

        return {"move": "discard", "card": min(discards, key=cost)}


class HardBot(EasyBot):
    level = "hard"
    samples = 40  # opponent hands imagined before a knock
    candidates = 4  # discards, best by the quick cost, that are played out
    playouts = 150  # imagined hands each of them is played out on
    tries = 30  # draws of one imagined hand until it fits the opponent's last discard
    danger_weight = 1.0
    take_margin = 0.0

    def choose(self, view: View, legal: list[Command], rng: random.Random, budget: Budget) -> Command:
        fixed = simple_command(view, legal)
        if fixed is not None:
            return fixed
        phase = view["phase"]
        if phase == "first_upcard":
            return {"move": "take_upcard"} if self.takes(view) else {"move": "pass"}
        if phase == "draw":
            source = "discard" if view["discard"] and self.takes(view) else "stock"
            return {"move": "draw", "source": source}
        # A timed budget stops the search at 80% of its seconds; `iterations` sets how many
        # opponent hands to imagine.
        over = budget.clock(0.8)
        samples = budget.iterations or self.samples
        return self.choose_discard(view, legal, rng, over, samples, budget.iterations or self.playouts)

    def takes(self, view: View) -> bool:
        """Take the pile card when it lowers deadwood at least as much as a stock draw would
        be expected to (taking also tells the opponent what we collect)."""
        hand = mask_of(view["hand"])
        top = BIT[view["discard"][-1]]
        take, _ = best_discard(hand | top, forbid=top)
        if take >= deadwood_mask(hand):
            return False
        pool = _bits(self.unseen(view))
        if not pool:
            return True
        return take <= after_one_draw(hand, pool) + self.take_margin

    # -- what is unseen -------------------------------------------------------------------
    def unseen(self, view: View) -> int:
        """The cards the determinization deals from: the other hand's unknown ones and the stock."""
        return mask_of(resample.unseen(view))

    def danger(self, view: View, card: str) -> float:
        """How likely the opponent can use `card`, in rough deadwood points, counted as far
        as the opponent has shown it takes from the pile this hand: an opponent that takes only
        cards for its melds (and mostly draws from the stock) is fed little by a near card,
        and holding such cards back only slows our own hand."""
        opp = 1 - view["seat"]
        risk = 0.0
        for k in view["known"][opp]:
            risk += 2.0 * related(card, k)
        # Cards they passed over or threw away suggest what they do not collect.
        for p in view["passed"][opp]:
            risk -= 0.5 * related(card, p)
        took = passed = 0
        for who, action, c in view["public"]:
            if who != opp:
                continue
            if action == TOOK:
                took += 1
            elif action == PASSED:
                passed += 1
            elif action == DISCARDED:
                risk -= 0.5 * related(card, c)
        shown = min(1.0, 2.0 * took / (took + passed + 1))
        return shown * max(risk, 0.0)

    # -- discarding -----------------------------------------------------------------------
    def choose_discard(
        self,
        view: View,
        legal: list[Command],
        rng: random.Random,
        over: Callable[[], bool],
        samples: int,
        playouts: int,
    ) -> Command:
        discards, knocks = discard_options(view, legal)
        hand = mask_of(view["hand"])
        pool = _bits(self.unseen(view))
        if knocks:
            best = min(knocks, key=lambda c: (deadwood_mask(hand & ~BIT[c]), self.danger(view, c), -VALUE[c]))
            if not discards or self.should_knock(view, hand & ~BIT[best], rng, over, samples):
                return {"move": "knock", "card": best}
            if best in discards:  # waiting was scored on throwing this card
                return {"move": "discard", "card": best}
        late = view["stock"] <= 6

        def cost(card: str) -> tuple[float, str]:
            rest = hand & ~BIT[card]
            value = deadwood_mask(rest) if over() else after_one_draw(rest, pool)
            weight = self.danger_weight * (2.0 if late else 1.0)
            return value + weight * self.danger(view, card), card

        ranked = [card for _, card in sorted(map(cost, discards))[: self.candidates]]
        return {"move": "discard", "card": self.played_out(view, hand, ranked, rng, over, playouts)}

    def played_out(
        self,
        view: View,
        hand: int,
        ranked: list[str],
        rng: random.Random,
        over: Callable[[], bool],
        playouts: int,
    ) -> str:
        """The discard among `ranked` (best first by the quick cost) that scores most when the hand
        is played out on imagined opponent hands and stock orders, the same ones for every card;
        we knock in them when it wins. `ranked[0]` when there is no time to imagine any."""
        under, gin = view["undercut_bonus"], view["gin_bonus"]
        totals = [0.0] * len(ranked)
        for _ in range(playouts if len(ranked) > 1 else 0):
            if over():
                break
            theirs, stock = self.imagined(view, rng)
            for i, card in enumerate(ranked):
                totals[i] += play_out(
                    theirs, hand & ~BIT[card], BIT[card], stock, under, gin, low=0, sure=True
                )
        best = max(range(len(ranked)), key=lambda i: (totals[i], -i))
        return ranked[best]

    def imagined(self, view: View, rng: random.Random) -> tuple[int, list[int]]:
        """One plausible opponent hand and the stock (drawn from its end): the game's own
        determinization of the view (resample.py: the cards known in the hand plus unseen ones,
        the rest the stock in a random order) shaped by an opponent model. The hand is improved
        greedily for as many turns as the opponent has had (at most 8): each turn draws a card
        from the stock's bottom, where a play-out reaches last, and puts its least-deadwood
        discard back in that place. Dealt again (up to `tries` times) until the
        opponent's last discard was one of its least-deadwood discards, as most players' are:
        a low discard then means a low hand, near a knock."""
        opp = 1 - view["seat"]
        known = mask_of(view["known"][opp])
        thrown = [BIT[c] for who, action, c in view["public"] if who == opp and action == DISCARDED]
        last = thrown[-1] if thrown else 0
        turns = min(len(thrown), 8, max(0, view["stock"] - 2))
        hand, stock, back = known, tuple[str, ...](), list[int]()
        for _ in range(self.tries):
            deal = resample.determinize(view, rng)
            stock = deal.stock
            hand = mask_of(deal.hands[opp])
            back = []  # the model's discards, in the places at the stock's bottom it drew from
            for t in range(turns):
                hand |= BIT[stock[-1 - t]]
                _, outs = best_discard(hand, forbid=known)
                hand ^= outs[0]
                back.append(outs[0])
            if not last or deadwood_mask(hand) <= best_discard(hand | last, forbid=last)[0]:
                break
        # bottom first, so a play-out pops the top; made once, for the deal kept
        return hand, back + [BIT[c] for c in reversed(stock[: len(stock) - turns])]

    def should_knock(
        self,
        view: View,
        rest: int,
        rng: random.Random,
        over: Callable[[], bool],
        samples: int,
    ) -> bool:
        """Knock now, or wait? All three are scored on the same imagined opponent hands.

        Knocking now scores our deadwood against theirs after their layoffs. Waiting discards
        the same card instead, two ways: one more turn (`wait_value`: the opponent knocks at
        once if it can, else we knock a turn later), or holding out (`play_out`: the rest of the
        hand played out, the opponent knocking as soon as it may, we only with gin or when the
        stock runs low, so its knock meets our low deadwood: an undercut). Knock when that is
        worth at least as much as the better way of waiting.
        """
        mine = deadwood_mask(rest)
        if mine == 0:
            return True
        under, gin = view["undercut_bonus"], view["gin_bonus"]
        thrown = (mask_of(view["hand"]) & ~rest) & -(mask_of(view["hand"]) & ~rest)  # the knock card
        now_total = wait_total = hold_total = 0.0
        count = 0
        for _ in range(samples):
            if over():
                break
            hand, stock = self.imagined(view, rng)
            now_total += knock_points(rest, mine, hand, under, gin)
            wait_total += self.wait_value(hand, rest, thrown, stock, under, gin)
            hold_total += play_out(hand, rest, thrown, stock, under, gin)
            count += 1
        if not count:
            return True
        if view["stock"] <= DEAD_STOCK:  # a discard without a knock now ends the hand unscored
            return now_total >= 0
        return now_total >= max(wait_total, hold_total)

    @staticmethod
    def wait_value(hand: int, rest: int, thrown: int, spare: list[int], under: int, gin: int) -> float:
        """Our score if we discard `thrown` instead of knocking and the opponent (holding
        `hand`) knocks as soon as it can; else we knock after our next draw."""
        before = deadwood_mask(hand)
        took = 0
        if thrown:
            after, _ = best_discard(hand | thrown, forbid=thrown)
            if after < before:
                took = thrown
        new = took or (spare[0] if spare else 0)
        if new:
            _, outs = best_discard(hand | new, forbid=took)
            hand = (hand | new) ^ outs[0]
        theirs = deadwood_mask(hand)
        if theirs <= 10:
            return -knock_points(hand, theirs, rest, under, gin)
        ours_next = rest
        following = spare[1] if took == 0 and len(spare) > 1 else spare[0] if spare else 0
        if following:
            _, outs = best_discard(rest | following)
            ours_next = (rest | following) ^ outs[0]
        return knock_points(ours_next, deadwood_mask(ours_next), hand, under, gin)


def knock_points(knocker: int, deadwood: int, defender: int, under: int, gin: int) -> int:
    """The knocker's points (negative when undercut): gin bonus, or layoffs and the undercut."""
    if deadwood == 0:
        return deadwood_mask(defender) + gin
    theirs, _ = best_layoffs_mask(defender, list(arrangements_mask(knocker)[0]))
    return theirs - deadwood if theirs > deadwood else -(deadwood - theirs + under)


def play_out(
    theirs: int, ours: int, top: int, stock: list[int], under: int, gin: int, low: int = 4, sure: bool = False
) -> float:
    """Our points when we discard `top` and play the hand out: both take the pile card when it
    lowers their deadwood, else draw, and discard their least-deadwood card. The opponent knocks
    as soon as it may; we knock with gin, once `low` stock cards are left, or (when `sure`) as
    soon as the knock wins against their hand. `stock` is drawn from its end. A hand gone dead
    scores 0."""
    hands = [theirs, ours]
    stock = list(stock)
    turn = 0
    while len(stock) > DEAD_STOCK:  # else the last discard, made without a knock, ended the hand
        hand = hands[turn]
        value, out = _least_out(hand | top, forbid=top)
        if value < deadwood_mask(hand):
            hand |= top
        else:
            hand |= stock.pop()
            value, out = _least_out(hand)
        hand ^= out
        if value <= 10:
            if turn == 0:
                return -knock_points(hand, value, hands[1], under, gin)
            if value == 0 or len(stock) <= low:
                return knock_points(hand, value, hands[0], under, gin)
            if sure:
                points = knock_points(hand, value, hands[0], under, gin)
                if points > 0:
                    return points
        hands[turn] = hand
        top = out
        turn ^= 1
    return 0.0


def make_bot(level: str) -> Any:
    bots = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
    if level not in bots:
        raise ValueError(f"Gin Rummy has no bot level {level!r}")
    return bots[level]()
