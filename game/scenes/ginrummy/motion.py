"""Turn Gin Rummy events into flights: what moved from where to where on this screen.

Sources are where things were drawn before the events (the glide positions of face-up cards,
the fans of face-down ones); destinations come from the layout after them. Each flight masks
its destination (a card code, or a face-down slot) until it lands. A card is shown face up in
flight only when the person at the screen may see it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

from game.scenes.ginrummy import art
from game.scenes.ginrummy import layout as L
from game.ui.flights import Choreography, Flights

if TYPE_CHECKING:
    import pygame

    from game.core.face import Event, View

DEAL_GAP = 3  # ticks between cards of the deal

# What a place in a face-down hand shows: a card everyone saw taken (its code), or a back
# ("back", seat, j); a flight masks it until it lands
Slot = str | tuple[str, int, int]


class Places(Protocol):
    """What the table knows about positions on its screen."""

    viewer: int | None

    def bottom_seat(self) -> int: ...
    def seen(self, code: str) -> tuple[float, float] | None: ...
    def hand_slot(self, code: str) -> tuple[float, float]: ...
    def spread_pos(self, code: str) -> tuple[float, float]: ...
    def fan(self, view: View, seat: int) -> list[tuple[Slot, L.Point]]: ...
    def four(self) -> bool: ...


class Motion(Choreography):
    step = 24
    gap = 6

    def __init__(
        self,
        flights: Flights,
        before: View,
        after: View,
        places: Places,
        speed: Callable[[float], int],
        sound: Callable[[str], None],
    ):
        super().__init__(flights, speed, sound)
        self.before, self.after, self.places = before, after, places

    def mine(self, seat: int | None) -> bool:
        return seat is not None and seat == self.places.viewer

    def face(self, code: str, w: int = L.HAND_W, h: int = L.HAND_H) -> pygame.Surface:
        return art.face(code, w, h, self.places.four())

    def slot(self, view: View, seat: int, key: Slot | None) -> L.Point:
        fan = self.places.fan(view, seat)
        for k, centre in fan:
            if k == key:
                return centre
        return fan[-1][1] if fan else (L.MID_X, L.OPP_Y)

    def last_back(self, view: View, seat: int) -> Slot | None:
        backs = [k for k, _ in self.places.fan(view, seat) if isinstance(k, tuple)]
        return backs[-1] if backs else None

    # -- the deal -------------------------------------------------------------------------
    def on_deal(self, e: Event) -> None:
        dealer = e["dealer"]
        order = [1 - dealer, dealer]
        mine = self.after.get("hand") or []
        fans = {seat: self.places.fan(self.after, seat) for seat in order if not self.mine(seat)}
        backs = {seat: [(k, c) for k, c in fan if isinstance(k, tuple)] for seat, fan in fans.items()}
        for k in range(10):
            for seat in order:
                if self.mine(seat):
                    if k < len(mine):
                        code = mine[k]
                        self.fly(
                            art.back(L.HAND_W, L.HAND_H),
                            L.STOCK,
                            self.places.hand_slot(code),
                            code,
                            self.face(code),
                            arc=12,
                            sound="deal",
                            gap=DEAL_GAP,
                        )
                elif k < len(backs[seat]):
                    key, centre = backs[seat][k]
                    self.fly(
                        art.back(L.OPP_W, L.OPP_H), L.STOCK, centre, key, arc=12, sound="deal", gap=DEAL_GAP
                    )
        up = self.after["discard"][-1]
        self.delay += 8
        self.fly(art.back(L.HAND_W, L.HAND_H), L.STOCK, L.DISCARD, up, self.face(up), arc=20)

    # -- taking and drawing ---------------------------------------------------------------
    def _to_hand(
        self,
        seat: int,
        code: str,
        start: L.Point,
        image: pygame.Surface,
        flip_to: pygame.Surface | None = None,
    ) -> None:
        if self.mine(seat):
            self.fly(image, start, self.places.hand_slot(code), code, flip_to)
        elif code in self.after["known"][seat]:
            self.fly(image, start, self.slot(self.after, seat, code), code, flip_to)
        else:
            key = self.last_back(self.after, seat)
            self.fly(art.back(L.OPP_W, L.OPP_H), start, self.slot(self.after, seat, key), key)

    def on_upcard_taken(self, e: Event) -> None:
        self._to_hand(e["seat"], e["card"], L.DISCARD, self.face(e["card"]))

    def on_drew(self, e: Event) -> None:
        seat, code = e["seat"], e["card"]
        if e["source"] == "discard":
            self._to_hand(seat, code, L.DISCARD, self.face(code))
        elif self.mine(seat):  # only the person who drew sees the stock card
            self._to_hand(seat, code, L.STOCK, art.back(L.HAND_W, L.HAND_H), self.face(code))
        else:
            key = self.last_back(self.after, seat)
            self.fly(art.back(L.OPP_W, L.OPP_H), L.STOCK, self.slot(self.after, seat, key), key)

    # -- throwing -------------------------------------------------------------------------
    def on_discarded(self, e: Event) -> None:
        seat, code = e["seat"], e["card"]
        if self.mine(seat):
            start = self.places.seen(code) or self.places.hand_slot(code)
            self.fly(self.face(code), start, L.DISCARD, code, arc=36)
        elif code in self.before["known"][seat]:
            self.fly(
                self.face(code, L.OPP_W, L.OPP_H),
                self.slot(self.before, seat, code),
                L.DISCARD,
                code,
                self.face(code),
                arc=36,
            )
        else:
            start = self.slot(self.before, seat, self.last_back(self.before, seat))
            self.fly(art.back(L.OPP_W, L.OPP_H), start, L.DISCARD, code, self.face(code), arc=36)

    def on_knocked(self, e: Event) -> None:
        self.on_discarded(e)
        self.sound("knock")

    # -- the reveal -----------------------------------------------------------------------
    def reveal(self) -> None:
        """After a knock, face-down cards turn over and fly to their places in the spread
        (my own cards are face up already: they glide there)."""
        r = self.after["reveal"]
        self.delay = max(self.delay, 10)
        for seat in (0, 1):
            if self.mine(seat):
                continue
            fan = self.places.fan(self.before, seat)
            known = {k: c for k, c in fan if isinstance(k, str)}
            backs = [c for k, c in fan if not isinstance(k, str)]
            for code in r["hands"][seat]:
                if code in known:
                    start, image = known[code], self.face(code, L.OPP_W, L.OPP_H)
                else:
                    start = backs.pop(0) if backs else (L.MID_X, L.OPP_Y)
                    image = art.back(L.OPP_W, L.OPP_H)
                flip = self.face(code, L.SPREAD_W, L.SPREAD_H)
                self.fly(image, start, self.places.spread_pos(code), code, flip, arc=20, sound=None, gap=3)

    def layoffs(self, laid: list[View], starts: Mapping[str, L.Point | None]) -> None:
        """Laid-off cards move from the defender's spread onto the knocker's melds."""
        for x in laid:
            code = x["card"]
            end = self.places.spread_pos(code)
            image = self.face(code, L.SPREAD_W, L.SPREAD_H)
            self.fly(image, starts.get(code) or end, end, code, arc=40, gap=12, step=26)
