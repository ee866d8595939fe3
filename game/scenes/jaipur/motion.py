"""Turn Jaipur events into flights: what moved from where to where on this screen.

Positions come from the view *before* the events (sources) and *after* them (destinations);
the table masks each destination slot until its card lands.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.face import Event, View
from game.rules.jaipur.face.cards import CAMEL
from game.scenes.jaipur import art
from game.scenes.jaipur import layout as L
from game.ui.flights import Choreography, Flights

FAR = L.SMALL_W / L.CARD_W  # a card going to the far side of the table shrinks to this


def _index(market: list[str], card: str, used: set[int]) -> int:
    for i, c in enumerate(market):
        if c == card and i not in used:
            used.add(i)
            return i
    return min(len(market), 4)


def _hand_slot(hand: list[str], card: str) -> int:
    return hand.index(card) if card in hand else max(0, len(hand) - 1)


def strip_size(v: View, seat: int) -> int:
    """How many tokens a player's strip shows: goods, bonus, and the camel token once won."""
    row = v["earned"][seat]
    return len(row["goods"]) + len(row["bonus"]) + (1 if v.get("camel_token") == seat else 0)


class Motion(Choreography):
    """Builds flights for one batch of events, for the person `viewer` (None: nobody)."""

    def __init__(
        self,
        flights: Flights,
        before: View,
        after: View,
        viewer: int | None,
        speed: Callable[[float], int],
        sound: Callable[[str], None],
        delay: int = 0,
        bot_pause: int = 0,
    ) -> None:
        super().__init__(flights, speed, sound, delay)
        self.before, self.after, self.viewer = before, after, viewer
        self.bot_pause = bot_pause  # ticks before the solo rule bot's turn, after the person's move
        self.holes: list[int] = []  # market slots emptied by this batch, in slot order
        self.market = list(before["market"])

    def mine(self, seat: int | None) -> bool:
        """Whether `seat` sits at the bottom of the screen (seat 0 when nobody is at it)."""
        return seat == (self.viewer if self.viewer is not None else 0)

    def to_hand(self, seat: int, card: str, start: tuple[int, int], k: int) -> None:
        """A card going into a hand: face up to mine, turned face down into the other one."""
        if self.mine(seat) and self.viewer is not None:
            j = _hand_slot(self.after["hand"], card)
            self.fly(art.card_face(card), start, L.hand(j), ("hand", j))
            return
        j = max(0, self.after["hand_counts"][seat] - 1 - k)
        self.fly(art.card_face(card), start, L.opp_hand(j), ("opp_hand", j), art.card_back(), end_scale=FAR)

    def herd_target(self, seat: int | None) -> tuple[tuple[int, int], str, float]:
        return (L.HERD, "herd", 1.0) if self.mine(seat) else (L.OPP_HERD, "opp_herd", FAR)

    def batch(self, events: list[Event]) -> None:
        bot_turn = False
        for event in events:
            starts = event["type"] == "bot_reveal"
            if starts and not bot_turn and self.delay:
                self.delay += self.bot_pause  # the solo rule bot waits like any bot, then plays
            bot_turn = bot_turn or starts
            super().batch([event])

    def on_deal(self, e: Event) -> None:
        """A new round: the market, then the hands, dealt from the deck."""
        after = self.after
        for i, card in enumerate(after["market"]):
            self.fly(
                art.card_back(), L.DECK, L.market(i), ("market", i), art.card_face(card), arc=10, sound="deal"
            )
        for j, card in enumerate(after.get("hand") or []):
            self.fly(
                art.card_back(), L.DECK, L.hand(j), ("hand", j), art.card_face(card), arc=10, sound="deal"
            )
        if after.get("variant") != "solo":
            seat = 1 - (self.viewer if self.viewer is not None else 0)
            for j in range(after["hand_counts"][seat]):
                self.fly(
                    art.card_back(),
                    L.DECK,
                    L.opp_hand(j),
                    ("opp_hand", j),
                    arc=10,
                    sound="deal",
                    end_scale=FAR,
                )

    # -- the moves ------------------------------------------------------------------------
    def on_take(self, e: Event) -> None:
        i = _index(self.market, e["good"], set())
        self.holes.append(i)
        self.to_hand(e["seat"], e["good"], L.market(i), 0)

    def on_camels(self, e: Event) -> None:
        end, mask, scale = self.herd_target(e.get("seat", 1))  # bot_camels: the solo bot is seat 1
        for i, card in enumerate(self.market):
            if card == CAMEL:
                self.holes.append(i)
                self.fly(art.card_face(CAMEL), L.market(i), end, mask, end_scale=scale)

    on_bot_camels = on_camels

    def on_refill(self, e: Event) -> None:
        for k, card in enumerate(e["cards"]):
            slot = sorted(self.holes)[k] if k < len(self.holes) else min(4, len(self.market) + k)
            self.fly(art.card_back(), L.DECK, L.market(slot), ("market", slot), art.card_face(card), arc=10)
        self.holes = []

    def on_exchange(self, e: Event) -> None:
        used: set[int] = set()
        slots = [_index(self.market, card, used) for card in e["take"]]
        for k, (card, slot) in enumerate(zip(e["take"], slots, strict=True)):
            self.to_hand(e["seat"], card, L.market(slot), k)
        before_hand = list(self.before.get("hand") or [])
        seen = self.mine(e["seat"]) and self.viewer is not None
        for given, slot in zip(e["give"], slots, strict=True):
            if given == CAMEL:
                start, image = (L.HERD if self.mine(e["seat"]) else L.OPP_HERD), art.card_face(CAMEL)
            elif seen:
                start, image = L.hand(_hand_slot(before_hand, given)), art.card_face(given)
            else:
                start, image = L.opp_hand(0), art.card_face(given)
            self.fly(image, start, L.market(slot), ("market", slot))

    def on_sell(self, e: Event) -> None:
        seat, good = e["seat"], e["good"]
        before_hand = list(self.before.get("hand") or [])
        seen = self.mine(seat) and self.viewer is not None
        for k in range(e["count"]):
            start = L.hand(_hand_slot(before_hand, good) + k) if seen else L.opp_hand(k)
            self.fly(art.card_face(good), start, L.DISCARD, "discard")
        self._tokens(seat, good, e["tokens"], e["bonus"])

    def on_bot_discard(self, e: Event) -> None:
        used: set[int] = set()
        for card in e["cards"]:
            i = _index(self.market, card, used)
            self.holes.append(i)
            self.fly(art.card_face(card), L.market(i), L.DISCARD, "discard")
        if e.get("bonus"):
            self._tokens(1, None, [], e["bonus"])

    def on_bot_token(self, e: Event) -> None:
        self._tokens(1, e["good"], [e["value"]], None)

    def on_bot_reveal(self, e: Event) -> None:
        k = len(self.before.get("bot_revealed") or [])
        small = (L.SMALL_W, L.SMALL_H)
        self.fly(
            art.card_back(*small),
            L.BOT_DECK,
            L.bot_revealed(k),
            ("revealed", k),
            art.card_face(e["card"], *small),
            arc=20,
        )

    def on_round_end(self, e: Event) -> None:
        """The camel token goes to the larger herd; in solo every goods token the person did
        not take goes to the rule bot."""
        after = self.after
        if after["variant"] == "solo":
            leftover = e["sheet"]["seats"][1]["leftover"]
            first = len(self.before["earned"][1]["goods"])
            n = strip_size(after, 1)
            for j, (good, value) in enumerate(leftover):
                pile = self.before["tokens"][good]
                k = first + j
                start = L.token(good, pile.index(value) if value in pile else 0)
                self.fly(  # a stream of tokens, not one at a time
                    art.token(good, value, L.EARNED_R),
                    start,
                    L.earned(False, k, n),
                    ("earned", 1, k),
                    arc=40,
                    gap=2,
                )
        winner = e.get("camel_token")
        if winner is not None:
            n = strip_size(after, winner)
            mine = self.mine(winner)
            self.fly(
                art.token(CAMEL, 5, L.EARNED_R),
                L.CAMEL_TOKEN,
                L.earned(mine, n - 1, n),
                ("earned", winner, n - 1),
                arc=60,
                sound="token",
            )

    def _tokens(self, seat: int, good: str | None, values: list[int], bonus: int | None) -> None:
        """Tokens fly to the seller's strip: goods face up, then the bonus token face down; the
        last one to land chimes for the sale."""
        mine = self.mine(seat)
        after = self.after
        goods_after = len(after["earned"][seat]["goods"])
        n = strip_size(after, seat)
        if good:
            for j, value in enumerate(values):
                k = goods_after - len(values) + j
                last = j == len(values) - 1 and not bonus
                self.fly(
                    art.token(good, value, L.EARNED_R),
                    L.token(good, j),
                    L.earned(mine, k, n),
                    ("earned", seat, k),
                    arc=60,
                    sound="sale" if last else "token",
                )
        if bonus:
            k = goods_after + len(after["earned"][seat]["bonus"]) - 1
            self.fly(
                art.bonus_back(bonus, L.EARNED_R),
                L.bonus(bonus),
                L.earned(mine, k, n),
                ("earned", seat, k),
                arc=60,
                sound="sale",
            )
