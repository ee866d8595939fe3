"""Taj Mahal events as flights: cards slide from hands to the rows and off to the discards,
new cards come from the deck, tiles fly to their winner, palaces drop onto their cities.

Positions come from the view before the events (sources) and after them (destinations);
the table masks each destination until what flies there lands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.scenes.tajmahal import art, pieces
from game.scenes.tajmahal import layout as L
from game.scenes.tajmahal.map_art import map_art, placement, tile_spots
from game.scenes.tajmahal.preview import sort_key
from game.ui.flights import Choreography, Flights

if TYPE_CHECKING:
    from game.core.face import Event, View

MINI = L.MINI_W / L.CARD_W


def hand_ids(v: View) -> list[int]:
    return [c["id"] for c in sorted(v.get("hand") or [], key=sort_key)]


def played_ids(v: View, seat: int) -> list[int]:
    """A player's cards of this visit as their row shows them: grouped by colour."""
    return [c["id"] for c in sorted(v["players"][seat]["played"], key=sort_key)]


class Motion(Choreography):
    def __init__(
        self,
        flights: Flights,
        before: View,
        after: View,
        viewer: int | None,
        speed: Callable[[float], int],
        sound: Callable[[str], None],
    ):
        super().__init__(flights, speed, sound)
        self.before, self.after, self.viewer = before, after, viewer
        self.seats = after["seats"]

    def seen(self, seat: int) -> bool:
        return self.viewer is not None and seat == self.viewer

    def row_point(self, seat: int) -> tuple[int, int]:
        r = L.row(seat, self.seats)
        return (r.x + 60, r.centery)

    def to_hand(self, seat: int, card: int, start: tuple[float, float]) -> None:
        """A card into a hand: face up to its place in mine, face down to another's row."""
        if self.seen(seat):
            ids = hand_ids(self.after)
            j = ids.index(card) if card in ids else len(ids) - 1
            end = L.hand(j, len(ids))
            self.fly(art.card_face(card), start, end, ("hand", card))
        else:
            self.fly(art.card_back(), start, self.row_point(seat), None, end_scale=MINI)

    def on_play(self, e: Event) -> None:
        seat = e["seat"]
        mine = hand_ids(self.before) if self.seen(seat) else []
        played = played_ids(self.after, seat)
        for cid in e["cards"]:
            start = L.hand(mine.index(cid), len(mine)) if cid in mine else self.row_point(seat)
            k = played.index(cid) if cid in played else 0
            end = L.played(seat, self.seats, k, len(played))
            self.fly(art.card_face(cid), start, end, ("played", cid), end_scale=MINI)

    def on_clear(self, e: Event) -> None:
        seat = e["seat"]
        played = played_ids(self.before, seat)
        for k, cid in enumerate(played):
            start = L.played(seat, self.seats, k, len(played))
            if cid in e["back"]:
                self.to_hand(seat, cid, start)
            else:
                self.fly(art.card_face(cid, L.MINI_W, L.MINI_H), start, L.DECK, None, sound=None, gap=3)

    def on_draw(self, e: Event) -> None:
        for cid in e["cards"]:
            self.to_hand(e["seat"], cid, L.DECK)

    def on_pick(self, e: Event) -> None:
        display = [c["id"] for c in self.before["display"]]
        for cid in e["cards"]:
            start = L.display(display.index(cid)) if cid in display else L.DECK
            self.to_hand(e["seat"], cid, start)

    def on_display(self, e: Event) -> None:
        for i, cid in enumerate(e["cards"]):
            self.fly(
                art.card_back(),
                L.DECK,
                L.display(i),
                ("display", i),
                art.card_face(cid),
                arc=10,
                sound="deal",
            )

    def on_withdraw(self, e: Event) -> None:
        """The province tile flies to the one who won the elephant."""
        if "elephant" not in e["won"]:
            return
        v = self.before
        province = v["province"]
        goods = tuple(v["tile_goods"].get(str(v["visit"]), []))
        start = tile_spots().get(province, L.MAP_RECT.center)
        self.fly(
            art.province_tile(v["visit"], goods),
            start,
            self.row_point(e["seat"]),
            arc=60,
            sound="token",
        )

    def on_build(self, e: Event) -> None:
        """A palace drops onto its place beside the town's mark (pieces.py), beside the other
        palace there if there is one."""
        city = e["city"]
        x, y = map_art().cities[city]
        tokens = pieces.palaces_at(self.after).get(city, [])
        token = (e["seat"], e["kind"])
        spots = placement().palace_spots(city, max(1, len(tokens)))
        end = spots[tokens.index(token)] if token in tokens else spots[0]
        image = art.palace(e["seat"], e["kind"] == "mogul", 9)
        self.fly(
            image,
            (end[0], end[1] - 80),
            end,
            ("palace", city, e["seat"], e["kind"]),
            arc=0,
            sound="token",
            end_scale=pieces.R / 9,
        )
        if e.get("bonus"):
            self.fly(
                art.bonus_tile(e["bonus"]), (x + 14, y - 10), self.row_point(e["seat"]), arc=40, sound="token"
            )

    def on_special(self, e: Event) -> None:
        start = self.row_point(e["from"]) if e["from"] is not None else (L.PX + 60, L.HEADER_Y + 22)
        self.fly(art.card_face(e["card"]), start, self.row_point(e["seat"]), None, end_scale=MINI, arc=40)
