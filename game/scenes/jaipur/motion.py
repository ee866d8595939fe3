"""Turn Jaipur events into flights: what moved from where to where on this screen.

Positions come from the view *before* the events (sources) and *after* them (destinations);
the table masks each destination slot until its card lands.
"""

from __future__ import annotations

from typing import Any

from game.rules.jaipur.cards import CAMEL
from game.scenes.jaipur import art
from game.scenes.jaipur import layout as L
from game.ui.flights import Choreography, Flights


def _index(market: list[str], card: str, used: set[int]) -> int:
    for i, c in enumerate(market):
        if c == card and i not in used:
            used.add(i)
            return i
    return min(len(market), 4)


def _hand_slot(hand: list[str], card: str) -> int:
    return hand.index(card) if card in hand else max(0, len(hand) - 1)


class Motion(Choreography):
    """Builds flights for one batch of events, for the person `viewer` (None: nobody)."""

    def __init__(
        self,
        flights: Flights,
        before: dict[str, Any],
        after: dict[str, Any],
        viewer: int | None,
        speed,
        sound,
    ):
        super().__init__(flights, speed, sound)
        self.before, self.after, self.viewer = before, after, viewer
        self.holes: list[int] = []  # market slots emptied by this batch, in slot order
        self.market = list(before["market"])

    def mine(self, seat: int | None) -> bool:
        return seat is not None and seat == self.viewer

    def hand_target(self, seat: int, card: str, k: int):
        if self.mine(seat):
            j = _hand_slot(self.after["hand"], card)
            return L.hand(j), ("hand", j), art.card_face(card)
        count = self.after.get("opponent_hand") or 0
        return L.opp_hand(max(0, count - 1 - k)), ("opp_hand", count - 1 - k), art.card_back()

    def herd_target(self, seat: int | None):
        return (L.HERD, "herd") if self.mine(seat) else (L.OPP_HERD, "opp_herd")

    def on_deal(self, e) -> None:
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
        for j in range(after.get("opponent_hand") or 0):
            self.fly(art.card_back(), L.DECK, L.opp_hand(j), ("opp_hand", j), arc=10, sound="deal")

    # -- the moves ------------------------------------------------------------------------
    def on_take(self, e) -> None:
        i = _index(self.market, e["good"], set())
        self.holes.append(i)
        pos, mask, image = self.hand_target(e["seat"], e["good"], 0)
        self.fly(art.card_face(e["good"]), L.market(i), pos, mask, None if self.mine(e["seat"]) else image)

    def on_camels(self, e) -> None:
        end, mask = self.herd_target(e.get("seat", 1))  # bot_camels: the solo bot is seat 1
        for i, card in enumerate(self.market):
            if card == CAMEL:
                self.holes.append(i)
                self.fly(art.card_face(CAMEL), L.market(i), end, mask)

    on_bot_camels = on_camels

    def on_refill(self, e) -> None:
        for k, card in enumerate(e["cards"]):
            slot = sorted(self.holes)[k] if k < len(self.holes) else min(4, len(self.market) + k)
            self.fly(art.card_back(), L.DECK, L.market(slot), ("market", slot), art.card_face(card), arc=10)
        self.holes = []

    def on_exchange(self, e) -> None:
        used: set[int] = set()
        slots = [_index(self.market, card, used) for card in e["take"]]
        for k, (card, slot) in enumerate(zip(e["take"], slots, strict=True)):
            pos, mask, image = self.hand_target(e["seat"], card, k)
            self.fly(art.card_face(card), L.market(slot), pos, mask, None if self.mine(e["seat"]) else image)
        before_hand = list(self.before.get("hand") or [])
        for given, slot in zip(e["give"], slots, strict=True):
            if given == CAMEL:
                start = L.HERD if self.mine(e["seat"]) else L.OPP_HERD
            elif self.mine(e["seat"]):
                start = L.hand(_hand_slot(before_hand, given))
            else:
                start = L.opp_hand(0)
            self.fly(art.card_face(given), start, L.market(slot), ("market", slot))

    def on_sell(self, e) -> None:
        seat, good = e["seat"], e["good"]
        before_hand = list(self.before.get("hand") or [])
        for k in range(e["count"]):
            start = L.hand(_hand_slot(before_hand, good) + k) if self.mine(seat) else L.opp_hand(k)
            self.fly(art.card_face(good), start, L.DISCARD, "discard")
        self._tokens(seat, good, e["tokens"], e["bonus"])

    def on_bot_discard(self, e) -> None:
        used: set[int] = set()
        for card in e["cards"]:
            i = _index(self.market, card, used)
            self.holes.append(i)
            self.fly(art.card_face(card), L.market(i), L.DISCARD, "discard")
        if e.get("bonus"):
            self._tokens(1, None, [], e["bonus"])

    def on_bot_token(self, e) -> None:
        self._tokens(1, e["good"], [e["value"]], None)

    def on_bot_reveal(self, e) -> None:
        k = len(self.before.get("bot_revealed") or [])
        self.fly(
            art.card_back(60, 84),
            L.BOT_DECK,
            L.bot_revealed(k),
            ("revealed", k),
            art.card_face(e["card"], 60, 84),
            arc=20,
        )

    def _tokens(self, seat: int, good: str | None, values: list[int], bonus: int | None) -> None:
        """Tokens fly to the seller's row, drawn goods first, then face-down bonus tokens."""
        mine = self.mine(seat) or (self.viewer is None and seat == 0)
        goods_after = len(self.after["earned"][seat]["goods"])
        if good:
            for j, value in enumerate(values):
                k = goods_after - len(values) + j
                self.fly(
                    art.token(good, value),
                    L.token(good, j),
                    L.earned(mine, k),
                    ("earned", seat, k),
                    arc=60,
                    sound="token",
                )
        if bonus:
            k = goods_after + len(self.before["earned"][seat]["bonus"])
            self.fly(
                art.token("bonus", None),
                L.bonus(bonus),
                L.earned(mine, k),
                ("earned", seat, k),
                arc=60,
                sound="sale",
            )
