"""The Gin Rummy table: pass-and-play, or one person against a bot.

Mouse: click or drag the stock or the discard pile to draw; click a card to choose it, click it
again (or drag it onto the pile) to discard it; drag cards within the hand to reorder them.
Keyboard: Tab and the arrows move the focus, Space or Enter acts on it, Shift+arrows move the
focused card, K knocks, R re-sorts, V shows the discard pile's history, H asks for a hint.
"""

from __future__ import annotations

from typing import Any

from game.rules.ginrummy.state import DISCARD, DRAW, FIRST_UPCARD, HAND_OVER, LAYOFF, MATCH_OVER
from game.scenes.ginrummy import layout as L
from game.scenes.ginrummy import prompts, reveal
from game.scenes.ginrummy.actions import Actions
from game.scenes.ginrummy.arrange import Group, HandOrder
from game.scenes.ginrummy.controls import Controls
from game.scenes.ginrummy.motion import Motion
from game.scenes.ginrummy.render import Render
from game.scenes.table import Table
from game.ui.drag import DragDrop
from game.ui.fan import Glide
from game.ui.flights import Flights

HIDDEN_PHASES = (FIRST_UPCARD, DRAW, DISCARD)  # a hand-off is needed only while hands are secret
NOTICE_TICKS = 240
BUBBLE_TICKS = 110
STAGE_PAUSE = 30  # ticks the reveal rests before the default layoffs move over
AUTO_CONTINUE = 180  # with nobody at the table, a finished hand stays this long


class GinRummyTable(Actions, Controls, Render, Table):
    name = "ginrummy"

    def __init__(self, app, match, match_id=None):
        super().__init__(app, match, match_id)
        self.flights = Flights()
        self.glide = Glide()
        self.drag = DragDrop()
        self.orders = {0: HandOrder(), 1: HandOrder()}
        self.defence = reveal.Defence()
        self.selected: str | None = None
        self.fresh: str | None = None  # the card I just drew, marked until I discard
        self.hover: tuple[str, Any] | None = None
        self.pointer = (0, 0)
        self.focus: int | None = None
        self.history_open = False
        self.notice: tuple[str, int] | None = None  # a refusal or a remark, and ticks left
        self.bubbles: list[list[Any]] = []  # [seat, line, ticks left]
        self.stage: int | None = None  # ticks until the default layoffs move over (after a knock)
        self.acknowledged = -1  # the number of scored hands whose result the table has shown
        self.auto_wait = AUTO_CONTINUE
        self.spread: reveal.Spread | None = None

        self.make_buttons()
        self.v: dict[str, Any] = self.view()
        self.refresh()
        if not match.commands:  # a fresh match: deal it in front of the players
            self.motion(self.v, self.v).batch([match.events[-1]])

    # -- what is shown --------------------------------------------------------------------
    def four(self) -> bool:
        return self.app.settings.four_colour_deck

    def bottom_seat(self) -> int:
        if self.viewer is not None:
            return self.viewer
        waiting = [s for s in sorted(self.match.to_act) if s in self.humans]
        if waiting:
            return waiting[0]
        return self.humans[0] if self.humans else 0

    @property
    def acting_human(self) -> int | None:
        if self.v["phase"] in (LAYOFF, HAND_OVER):  # public: whoever is at the screen acts for the seat
            people = [s for s in sorted(self.match.to_act) if s in self.humans]
            return people[0] if people else None
        return super().acting_human

    def needs_handoff(self, seat: int) -> bool:
        return super().needs_handoff(seat) and self.match.state.phase in HIDDEN_PHASES

    def refresh(self) -> None:
        self.v = self.view()
        self.rebuild()

    def rebuild(self) -> None:
        """Layouts and buttons after the view, the viewer or a selection changed."""
        v = self.v
        if v.get("reveal"):
            self.spread = reveal.Spread(v["reveal"], self.bottom_seat(), staged=self.stage is not None)
        else:
            self.spread = None
        if self.selected not in (v.get("hand") or []):
            self.selected = None
        self.defence.selected = [c for c in self.defence.selected if c in self.free_cards()]
        self.setup_buttons()

    def hand_order(self) -> HandOrder:
        return self.orders[self.bottom_seat()]

    def groups(self, order: HandOrder | None = None) -> list[Group]:
        v = self.v
        return (order or self.hand_order()).groups(v.get("hand") or [], v.get("melds") or [])

    def hand_layout(self) -> tuple[list[Group], dict[str, tuple[float, float]]]:
        """My hand's groups and card centres. Cards being dragged leave a gap where they would
        land while the pointer is over the hand, and no room at all elsewhere."""
        moving = self.dragged_hand_cards()
        if not moving:
            groups = self.groups()
        elif self.over_hand(self.pointer):
            preview = HandOrder()  # the order a drop here would make
            self.reorder(moving, self.pointer[0], preview)
            groups = self.groups(preview)
        else:
            groups = [
                Group(g.kind, kept)
                for g in self.groups()
                if (kept := tuple(c for c in g.cards if c not in moving))
            ]
        xs = L.hand_centres([len(g.cards) for g in groups])
        flat = [c for g in groups for c in g.cards]
        return groups, {c: (x, L.HAND_Y) for c, x in zip(flat, xs, strict=True)}

    @staticmethod
    def over_hand(pos: tuple[int, int]) -> bool:
        return pos[1] > L.HAND_Y - 100

    @staticmethod
    def over_pile(pos: tuple[int, int]) -> bool:
        """Where a card of my hand may be dropped to discard it (a little beyond the pile)."""
        return L.card_rect(L.DISCARD).inflate(40, 40).collidepoint(pos)

    def dragged_hand_cards(self) -> list[str]:
        payload = self.drag.payload()
        if not payload or payload[0] != "hand":
            return []
        return self.meld_of(payload[1])

    def meld_of(self, code: str) -> list[str]:
        """The cards that move with `code`: its whole meld, or the card alone if deadwood."""
        for g in self.groups():
            if code in g.cards and g.kind != "deadwood":
                return list(g.cards)
        return [code]

    def fan(self, view: dict[str, Any], seat: int) -> list[tuple[Any, tuple[float, float]]]:
        """A face-down hand: backs ("back", seat, j), then the cards everyone saw it take."""
        count = view["hand_counts"][seat]
        known = view["known"][seat][:count]
        bottom = seat == self.bottom_seat()
        y = L.OPP_SPREAD_Y if bottom else L.OPP_Y
        centres = L.opp_centres(count, y)
        keys: list[Any] = [("back", seat, j) for j in range(count - len(known))] + known
        return list(zip(keys, centres, strict=True))

    def hand_slot(self, code: str) -> tuple[float, float]:
        return self.hand_layout()[1].get(code, (L.MID_X, L.HAND_Y))

    def seen(self, code: str) -> tuple[float, float] | None:
        return self.glide.pos.get(code)

    def spread_pos(self, code: str) -> tuple[float, float]:
        assert self.spread is not None
        return self.spread.pos.get(code, (L.MID_X, L.SPREAD_TOP_Y))

    def free_cards(self) -> list[str]:
        r = self.v.get("reveal")
        return reveal.Defence.free(r) if r and self.v["phase"] == LAYOFF else []

    def motion(self, before: dict[str, Any], after: dict[str, Any]) -> Motion:
        return Motion(self.flights, before, after, self, self.speed, self.app.sounds.play)

    # -- flow -----------------------------------------------------------------------------
    def idle(self) -> bool:
        if self.flights.busy or self.stage is not None:
            return False
        if self.v["phase"] in (HAND_OVER, MATCH_OVER):
            return self.acknowledged >= len(self.v["history"])
        return True

    def moving(self) -> bool:
        return bool(self.notice or self.bubbles) or not self.glide.settled or self.gin_forced()

    def update(self, n: int) -> None:
        self.flights.advance(n)
        self.advance_reveal(n)
        if self.notice:
            self.notice = (self.notice[0], self.notice[1] - n) if self.notice[1] > n else None
        for b in self.bubbles:
            b[2] -= n
        self.bubbles = [b for b in self.bubbles if b[2] > 0]
        self.aim()
        self.glide.advance(n)
        if self.v["phase"] in (HAND_OVER, MATCH_OVER) and not self.humans and not self.flights.busy:
            self.auto_wait -= n  # nobody to press Continue: move on by itself
            if self.auto_wait <= 0:
                self.acknowledged = len(self.v["history"])
        super().update(n)

    def advance_reveal(self, n: int) -> None:
        if self.stage is None or self.flights.busy:
            return
        self.stage -= n
        if self.stage > 0:
            return
        before = self.spread
        self.stage = None
        self.rebuild()
        if before is None or self.spread is None:
            return
        starts = {
            x["card"]: self.glide.pos.get(x["card"], before.pos[x["card"]])
            for x in self.v["reveal"]["layoffs"]
        }
        self.motion(self.v, self.v).layoffs(self.v["reveal"]["layoffs"], starts)

    def aim(self) -> None:
        """Tell the glide where every face-up card belongs now; dragged cards follow the pointer."""
        if self.spread is not None:
            targets = dict(self.spread.pos)
        elif self.v.get("hand"):
            targets = self.hand_layout()[1]
        else:
            targets = {}
        moving = self.dragged_hand_cards()
        for code in moving:
            targets.pop(code, None)
        self.glide.aim(targets)
        self.glide.keep_only([*targets, *moving])
        self.glide.forget([c for c in targets if self.flights.masked(c)])
        if moving and self.drag.item is not None:  # released, they glide home from here
            centre = self.drag.item.centre
            left = centre[0] - (L.HAND_W + L.HAND_STEP * (len(moving) - 1)) / 2 + L.HAND_W / 2
            for k, code in enumerate(moving):
                self.glide.pos[code] = (left + L.HAND_STEP * k, centre[1])
                self.glide.target.pop(code, None)

    def on_events(self, events: list[dict[str, Any]]) -> None:
        before = self.v
        kinds = [e["type"] for e in events]
        if "deal" in kinds:
            self.orders[0].new_hand()
            self.orders[1].new_hand()
            self.fresh = None
            self.acknowledged = len(before["history"])
            self.auto_wait = AUTO_CONTINUE
            if len(self.humans) > 1:
                self.viewer = None  # deal face down; the first player to act gets a hand-off
        if "knocked" in kinds:
            self.stage = STAGE_PAUSE
        self.selected = None
        self.defence.clear()
        for e in events:
            seat = e.get("seat")
            if e["type"] in ("drew", "upcard_taken") and seat == self.viewer:
                self.fresh = e["card"]
            elif e["type"] in ("discarded", "knocked") and seat == self.viewer:
                self.fresh = None
            if e["type"] == "upcard_passed":
                self.bubble(seat, "Pass")
            elif e["type"] == "drew" and e["source"] == "discard" and seat != self.viewer:
                self.bubble(seat, f"Takes {e['card']}")
            elif e["type"] == "knocked" and seat != self.viewer:
                self.bubble(seat, "Gin!" if e["gin"] else "Knock!")
        self.v = self.view()
        self.rebuild()
        motion = self.motion(before, self.v)
        motion.batch(events)
        if "knocked" in kinds:
            motion.reveal()
        laid = [{"card": e["card"], "meld": e["meld"]} for e in events if e["type"] == "laid_off"]
        if laid:
            motion.layoffs(laid, {x["card"]: self.glide.pos.get(x["card"]) for x in laid})
        if any(k in kinds for k in ("hand_scored", "hand_dead")):
            self.app.sounds.play("seal")

    def bubble(self, seat: int | None, line: str) -> None:
        if seat is not None:
            self.bubbles = [b for b in self.bubbles if b[0] != seat] + [[seat, line, BUBBLE_TICKS]]

    def on_viewer_changed(self) -> None:
        self.focus = None
        self.refresh()

    def on_hint(self) -> None:
        self.setup_buttons()

    def enter(self) -> None:
        self.refresh()

    def handoff_note(self, seat: int) -> str:
        return prompts.handoff_note(self.v, seat)

    def say(self, line: str) -> None:
        self.notice = (line, NOTICE_TICKS)

    def consume_escape(self) -> bool:
        if self.drag.item:
            self.drag.cancel()
            return True
        if self.selected or self.defence.selected or self.history_open:
            self.selected, self.history_open = None, False
            self.defence.clear()
            self.setup_buttons()
            return True
        return False
