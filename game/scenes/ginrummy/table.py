"""The Gin Rummy table: pass-and-play, or one person against a bot.

Mouse: click or drag the stock or the discard pile to draw; click a card to choose it, click it
again (or drag it onto the pile) to discard it; drag cards within the hand to reorder them.
Keyboard: Tab and the arrows move the focus, Space or Enter acts on it, Shift+arrows move the
focused card, K knocks, R re-sorts, V shows the discard pile's history, H asks for a hint.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.ginrummy import why_not
from game.rules.ginrummy.cards import VALUE, sort_key
from game.rules.ginrummy.state import DISCARD, DRAW, FIRST_UPCARD, HAND_OVER, LAYOFF, MATCH_OVER
from game.scenes.ginrummy import draw, prompts, reveal
from game.scenes.ginrummy import layout as L
from game.scenes.ginrummy.arrange import RANK, SUIT, Group, HandOrder
from game.scenes.ginrummy.motion import Motion
from game.scenes.ginrummy.sheet import ScoreSheet
from game.scenes.table import Table
from game.ui import card_text, text, theme
from game.ui.drag import DragDrop
from game.ui.fan import Glide, fanned, insertion
from game.ui.flights import Flight, Flights
from game.ui.widgets import Button, CardButton
from game.ui.widgets import Group as Widgets

HIDDEN_PHASES = (FIRST_UPCARD, DRAW, DISCARD)  # a hand-off is needed only while hands are secret
NOTICE_TICKS = 240
BUBBLE_TICKS = 110
STAGE_PAUSE = 30  # ticks the reveal rests before the default layoffs move over
AUTO_CONTINUE = 180  # with nobody at the table, a finished hand stays this long


class GinRummyTable(Table):
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

        def button(label: str, action, primary: bool = False, size: int = 20) -> CardButton:
            b = CardButton((0, 0, 180, 60), label, action, primary, size)
            return b

        self.take_button = button("Take", self.take_upcard, True)
        self.pass_button = button("Pass", self.pass_upcard)
        self.discard_button = button("Discard", self.discard_selected)
        self.knock_button = button("Knock", self.knock, True)
        self.best_button = button("Best layoffs", self.best_defence)
        self.meld_button = button("Make meld", self.make_meld)
        self.done_button = button("Done", self.done, True)
        self.continue_button = button("Score sheet", self.open_sheet, True)
        self.action_buttons = [
            self.take_button,
            self.pass_button,
            self.discard_button,
            self.knock_button,
            self.best_button,
            self.meld_button,
            self.done_button,
            self.continue_button,
        ]
        self.sort_button = Button((792, 578, 136, 30), "Sort by rank", self.toggle_sort, size=15)
        self.hint_button = Button((956, 630, 150, 68), "Hint", self.request_hint)
        self.menu_button = Button((1114, 630, 150, 68), "Menu", self.pause)
        self.buttons = Widgets([*self.action_buttons, self.sort_button, self.hint_button, self.menu_button])
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
    def revealing(self) -> bool:
        return self.v.get("reveal") is not None

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
        groups = self.groups()
        if moving:
            shown = [c for g in groups for c in g.cards]
            rest = [
                g
                for g in (Group(g.kind, tuple(c for c in g.cards if c not in moving)) for g in groups)
                if g.cards
            ]
            if self.over_hand(self.pointer):
                centres = L.hand_centres([len(g.cards) for g in rest])
                order = HandOrder(self.hand_order().mode)
                order.custom = list(self.hand_order().custom or shown)
                order.move(shown, moving, insertion(centres, self.pointer[0]))
                groups = self.groups(order)
            else:
                groups = rest
        xs = L.hand_centres([len(g.cards) for g in groups])
        flat = [c for g in groups for c in g.cards]
        return groups, {c: (x, L.HAND_Y) for c, x in zip(flat, xs, strict=True)}

    @staticmethod
    def over_hand(pos: tuple[int, int]) -> bool:
        return pos[1] > L.HAND_Y - 150

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
        known = [c for c in view["known"][seat]][:count]
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
        delay = 0
        for x in self.v["reveal"]["layoffs"]:  # the default layoffs slide onto the knocker's melds
            code = x["card"]
            image = draw.face(code, L.SPREAD_W, L.SPREAD_H, self.four())
            start = self.glide.pos.get(code, before.pos.get(code, (0, 0)))
            self.flights.add(
                Flight(
                    image,
                    start,
                    self.spread.pos[code],
                    self.speed(26),
                    self.speed(delay),
                    code,
                    lambda: self.app.sounds.play("card"),
                    None,
                    40,
                )
            )
            delay += 12

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
            self.fly_reveal(before)
        if "laid_off" in kinds and self.spread is not None:
            for e in events:
                if e["type"] == "laid_off":
                    start = self.glide.pos.get(e["card"], self.spread.pos[e["card"]])
                    motion.fly(
                        draw.face(e["card"], L.SPREAD_W, L.SPREAD_H, self.four()),
                        start,
                        self.spread.pos[e["card"]],
                        e["card"],
                        arc=40,
                    )
        if any(k in kinds for k in ("hand_scored", "hand_dead")):
            self.app.sounds.play("seal")

    def fly_reveal(self, before: dict[str, Any]) -> None:
        """Face-down cards turn over and fly to their places in the reveal."""
        r = self.v["reveal"]
        delay = 10
        for seat in (0, 1):
            if seat == self.viewer:
                continue  # my own cards are face up already: they glide
            fan = self.fan(before, seat)
            known = {k: c for k, c in fan if isinstance(k, str)}
            backs = [c for k, c in fan if not isinstance(k, str)]
            for code in r["hands"][seat]:
                if code in known:
                    start, image = known[code], draw.face(code, L.OPP_W, L.OPP_H, self.four())
                else:
                    start = backs.pop(0) if backs else (L.MID_X, L.OPP_Y)
                    image = draw.back(L.OPP_W, L.OPP_H)
                self.flights.add(
                    Flight(
                        image,
                        start,
                        self.spread_pos(code),
                        self.speed(24),
                        self.speed(delay),
                        code,
                        None,
                        draw.face(code, L.SPREAD_W, L.SPREAD_H, self.four()),
                        20,
                    )
                )
                delay += 3

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

    def pause(self) -> None:
        from game.scenes.overlays import Pause

        self.app.push(Pause(self.app, "ginrummy"))

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

    # -- commands -------------------------------------------------------------------------
    def act(self, command: dict[str, Any]) -> bool:
        """Submit for the person at the screen, or say plainly why not."""
        seat = self.acting_human
        if seat is None:
            seat = self.viewer
        if seat is None:
            return False
        if self.flights.busy:
            self.flights.finish()
        reason = why_not(self.match.state, seat, command)
        if reason:
            self.say(reason)
            return False
        self.submit(seat, command)
        return True

    def act_all(self, commands: list[dict[str, Any]]) -> None:
        """Several commands in a row (a rearrangement of the defender's melds and layoffs)."""
        seat = self.acting_human
        if seat is None:
            return
        for command in commands:
            if why_not(self.match.state, seat, command) is None:
                self.submit(seat, command)

    def take_upcard(self) -> None:
        self.act({"move": "take_upcard"})

    def pass_upcard(self) -> None:
        self.act({"move": "pass"})

    def draw_from(self, source: str) -> None:
        if self.v["phase"] == FIRST_UPCARD and source == "discard":
            self.take_upcard()
        else:
            self.act({"move": "draw", "source": source})

    def discard(self, code: str) -> None:
        self.act({"move": "discard", "card": code})

    def discard_selected(self) -> None:
        if self.selected:
            self.discard(self.selected)
        else:
            self.say("Choose the card to discard first")

    def knock_card(self) -> str | None:
        """The card a knock would throw: the one chosen, else the best one."""
        if self.selected:
            return self.selected
        return prompts.best_discard(self.v)

    def knock(self) -> None:
        card = self.knock_card()
        if card is None:
            self.say(why_not(self.match.state, self.acting_human, {"move": "knock", "card": "AS"}) or "")
            return
        self.act({"move": "knock", "card": card})

    def select(self, code: str) -> None:
        self.selected = None if self.selected == code else code
        self.app.sounds.play("click")
        self.hint = None
        self.setup_buttons()

    def toggle_sort(self) -> None:
        order = self.hand_order()
        order.sort(RANK if order.mode == SUIT else SUIT)
        self.setup_buttons()

    def move_card(self, code: str, step: int) -> None:
        """Keyboard reordering: move a card (or its meld) one place left or right."""
        shown = [c for g in self.groups() for c in g.cards]
        moving = self.meld_of(code)
        rest = [c for c in shown if c not in moving]
        index = shown.index(moving[0])
        self.hand_order().move(shown, moving, max(0, min(len(rest), index + step)))

    def reorder(self, code: str, x: float) -> None:
        groups = self.groups()
        shown = [c for g in groups for c in g.cards]
        moving = self.meld_of(code)
        rest = [g for g in (tuple(c for c in g.cards if c not in moving) for g in groups) if g]
        centres = L.hand_centres([len(g) for g in rest])
        self.hand_order().move(shown, moving, insertion(centres, x))

    # the defender's choice
    def best_defence(self) -> None:
        self.act_all(reveal.Defence.best(self.v["reveal"]))

    def make_meld(self) -> None:
        result = self.defence.make_meld(self.v["reveal"])
        if isinstance(result, str):
            self.say(result)
        else:
            self.act_all(result)

    def done(self) -> None:
        self.act({"move": "done"})

    def defend_click(self, code: str) -> None:
        """A click on a card of the reveal while the defender chooses."""
        r, spread = self.v["reveal"], self.spread
        if spread is None:
            return
        seat, gi = spread.group_of[code]
        if code in self.free_cards():
            self.defence.toggle(code)
            self.app.sounds.play("click")
        elif code in spread.laid:
            self.act_all(self.defence.take_back(r, code))
        elif seat == spread.knocker and gi < spread.meld_count:
            self.lay_on(gi)
        elif seat == spread.defender:
            self.act_all(self.defence.break_meld(r, gi))
        else:
            self.say("That card is the knocker's deadwood")
        self.setup_buttons()

    def lay_on(self, meld: int) -> None:
        chosen = self.defence.selected
        if len(chosen) != 1:
            self.say("Choose one of your deadwood cards first, then the meld to lay it on")
            return
        if self.act({"move": "layoff", "card": chosen[0], "meld": meld}):
            self.defence.clear()

    # after the hand
    def open_sheet(self) -> None:
        if self.v["phase"] not in (HAND_OVER, MATCH_OVER) or self.flights.busy:
            return
        self.app.push(ScoreSheet(self.app, self.v, self.match.names, self.sheet_closed))

    def sheet_closed(self) -> None:
        self.acknowledged = len(self.v["history"])
        if self.v["phase"] == HAND_OVER:
            dealer = self.v["to_act"][0]
            if dealer in self.humans:
                self.submit(dealer, {"move": "next_hand"})
        self.setup_buttons()

    # -- buttons --------------------------------------------------------------------------
    def setup_buttons(self) -> None:
        v, seat = self.v, self.acting_human
        for b in self.action_buttons:
            b.visible, b.enabled, b.hint = False, True, ""
            b.four_colour = self.four()
        shown: list[CardButton] = []
        phase = v["phase"]
        state = self.match.state
        if seat is not None and phase == FIRST_UPCARD and self.viewer is not None:
            self.take_button.label = f"Take {v['discard'][-1]}"
            shown = [self.pass_button, self.take_button]
        elif seat is not None and phase == DISCARD and self.viewer is not None:
            card = self.knock_card()
            if self.selected:
                self.discard_button.label = f"Discard {self.selected}"
                reason = why_not(state, seat, {"move": "discard", "card": self.selected})
                self.discard_button.enabled, self.discard_button.hint = reason is None, reason or ""
            else:
                self.discard_button.label = "Discard"
                self.discard_button.enabled = False
                self.discard_button.hint = "Choose the card to discard first"
            after = v["discard_deadwood"].get(card) if card else None
            gin = after == 0
            self.knock_button.label = (
                "Gin!" if gin else (f"Knock · {after}" if after is not None else "Knock")
            )
            reason = (
                why_not(state, seat, {"move": "knock", "card": card}) if card else "No card to knock with"
            )
            self.knock_button.enabled, self.knock_button.hint = reason is None, reason or ""
            shown = [self.discard_button, self.knock_button]
        elif seat is not None and phase == LAYOFF:
            self.meld_button.enabled = len(self.defence.selected) >= 3
            self.meld_button.hint = "Choose three or more of your deadwood cards that make a meld"
            shown = [self.best_button, self.meld_button, self.done_button]
        elif phase in (HAND_OVER, MATCH_OVER) and self.humans and self.acknowledged < len(v["history"]):
            self.continue_button.label = "Score sheet"
            shown = [self.continue_button]
        x = L.BAR.right - 14
        for b in reversed(shown):
            b.visible = True
            width = max(150, card_text.width(b.label, b.size, "bold") + 48)
            b.rect = pygame.Rect(x - width, L.BAR.y + 14, width, 60)
            x -= width + 12
        order = self.hand_order()
        self.sort_button.label = "Sort by rank" if order.mode == SUIT else "Sort by suit"
        self.sort_button.visible = bool(v.get("hand")) and self.spread is None
        self.hint_button.visible = self.app.settings.show_hints
        self.hint_button.enabled = seat is not None and self.hint_job is None and self.viewer is not None

    # -- input ----------------------------------------------------------------------------
    def targets(self) -> list[tuple[str, Any]]:
        """Everything the keyboard can reach, in reading order."""
        out: list[tuple[str, Any]] = []
        if self.spread is not None:
            if self.v["phase"] == LAYOFF and self.acting_human is not None:
                s = self.spread
                out += [("meld", k) for k in range(s.meld_count)]
                out += [("laid", c) for c in sorted(s.laid, key=sort_key)]
                out += [("own", k) for k in range(len(self.v["reveal"]["defender_melds"]))]
                out += [("free", c) for c in self.free_cards()]
        else:
            out += [("stock", 0), ("discard", 0)]
            out += [("hand", c) for g in self.groups() for c in g.cards]
        out += [("button", k) for k, b in enumerate(self.buttons.widgets) if b.visible and b.enabled]
        return out

    def focused(self) -> tuple[str, Any] | None:
        targets = self.targets()
        if self.focus is not None and self.focus < len(targets):
            return targets[self.focus]
        return None

    def hit(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        if self.spread is not None:
            code = self.spread.hit(pos)
            return ("card", code) if code else None
        if self.v.get("hand"):
            _, centres = self.hand_layout()
            for code in reversed(list(centres)):
                if self.card_rect(code).collidepoint(pos):
                    return ("hand", code)
        if L.card_rect(L.STOCK).collidepoint(pos):
            return ("stock", 0)
        if L.card_rect(L.DISCARD).collidepoint(pos):
            return ("discard", 0)
        return None

    def lift(self, code: str) -> int:
        if code == self.selected:
            return L.LIFT_SELECTED
        if self.hover == ("hand", code) and not self.drag.dragging:
            return L.LIFT_HOVER
        return 0

    def card_rect(self, code: str) -> pygame.Rect:
        return L.card_rect(self.glide.at(code), lift=self.lift(code))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.buttons.handle(event)
            self.hover = self.hit(event.pos)
            self.drag.move(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            gesture = self.drag.release(event.pos)
            if gesture is not None:
                if gesture.active:
                    self.drop(gesture.payload, event.pos)
                else:
                    self.click(gesture.payload)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.consume_escape()
            return True
        if event.type == pygame.KEYDOWN:
            return self.key(event) or super().handle(event)
        return False

    def press(self, pos: tuple[int, int]) -> bool:
        for b in self.buttons.widgets:  # a greyed-out button still says why
            if b.visible and not b.enabled and b.rect.collidepoint(pos):
                if b.hint:
                    self.say(b.hint)
                return True
        if self.buttons.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)):
            return True
        if self.flights.busy and self.acting_human is not None:
            self.flights.finish()  # a player in a hurry: land everything, then take the click
            self.aim()
        target = self.hit(pos)
        if target is None:
            if L.card_rect(L.DISCARD).collidepoint(pos):
                return True
            if self.flights.busy:
                self.flights.finish()
            return False
        kind, key = target
        if kind == "card":
            self.reveal_click(key)
        elif kind == "hand":
            cards = self.meld_of(key)  # a meld moves as one
            images = [draw.face(c, L.HAND_W, L.HAND_H, self.four()) for c in cards]
            rect = self.card_rect(key)
            first = self.card_rect(cards[0])
            image = fanned(images, L.HAND_STEP)
            centre = (first.x + image.get_width() / 2, rect.centery)
            self.drag.press(pos, target, image, centre)
        else:
            image = self.pile_image(kind)
            centre = L.STOCK if kind == "stock" else L.DISCARD
            if image is not None:
                self.drag.press(pos, target, image, centre)
        return True

    def pile_image(self, kind: str) -> pygame.Surface | None:
        if kind == "stock":
            return draw.back(L.HAND_W, L.HAND_H) if self.v["stock"] else None
        pile = self.v["discard"]
        return draw.face(pile[-1], L.HAND_W, L.HAND_H, self.four()) if pile else None

    def reveal_click(self, code: str) -> None:
        if self.v["phase"] == LAYOFF and self.acting_human is not None:
            self.defend_click(code)
        elif self.v["phase"] == LAYOFF:
            self.say("The defender is choosing layoffs")

    def click(self, target: tuple[str, Any]) -> None:
        kind, key = target
        phase = self.v["phase"]
        if kind == "hand":
            if self.acting_human is None or phase != DISCARD:
                self.say(self.cannot({"move": "discard", "card": key}) or "Drag cards to reorder your hand")
            elif self.selected == key:
                self.discard(key)
            else:
                self.select(key)
        elif kind == "stock":
            self.draw_from("stock")
        elif kind == "discard":
            if phase == DISCARD and self.selected and self.acting_human is not None:
                self.discard(self.selected)
            else:
                self.draw_from("discard")

    def cannot(self, command: dict[str, Any]) -> str | None:
        seat = self.acting_human if self.acting_human is not None else self.viewer
        return why_not(self.match.state, seat, command)

    def drop(self, payload: tuple[str, Any], pos: tuple[int, int]) -> None:
        kind, key = payload
        over_pile = L.card_rect(L.DISCARD).inflate(40, 40).collidepoint(pos)
        over_hand = self.over_hand(pos)
        if kind == "hand":
            if over_pile:
                self.discard(key)
            elif over_hand:
                self.reorder(key, pos[0])
                self.app.sounds.play("card")
        elif over_hand:
            self.draw_from(kind)
        self.setup_buttons()

    def key(self, event: pygame.event.Event) -> bool:
        targets = self.targets()
        k = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        current = self.focused()
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and shift and current and current[0] == "hand":
            self.move_card(current[1], -1 if k == pygame.K_LEFT else 1)
            self.focus = self.targets().index(current)
            return True
        if k in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_UP, pygame.K_DOWN):
            if not targets:
                return True
            back = k in (pygame.K_LEFT, pygame.K_UP) or (k == pygame.K_TAB and shift)
            step = -1 if back else 1
            if k in (pygame.K_UP, pygame.K_DOWN):  # jump to the next row of things
                rows = []
                for t in targets:
                    if t[0] not in rows:
                        rows.append(t[0])
                now = current[0] if current else None
                nxt = rows[(rows.index(now) + step) % len(rows)] if now in rows else rows[0]
                self.focus = next(i for i, t in enumerate(targets) if t[0] == nxt)
            elif self.focus is None or self.focus >= len(targets):
                self.focus = 0 if step > 0 else len(targets) - 1
            else:
                self.focus = (self.focus + step) % len(targets)
            return True
        if k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if current is not None:
                self.activate(current, k == pygame.K_SPACE)
            else:
                self.default_action()
            return True
        if k == pygame.K_k:
            if self.knock_button.visible:
                self.knock()
            else:
                self.say(self.cannot({"move": "knock", "card": "AS"}) or "You cannot knock now")
            return True
        if k == pygame.K_r and self.sort_button.visible:
            self.toggle_sort()
            return True
        if k == pygame.K_v:
            self.history_open = not self.history_open
            return True
        if k == pygame.K_h and self.hint_button.visible:
            self.request_hint()
            return True
        return False

    def activate(self, target: tuple[str, Any], space: bool) -> None:
        kind, key = target
        if kind == "button":
            self.buttons.widgets[key].activate()
        elif kind in ("stock", "discard", "hand"):
            self.click(target)
        elif kind == "meld":
            self.lay_on(key)
        elif kind == "own":
            self.act_all(self.defence.break_meld(self.v["reveal"], key))
        elif kind in ("free", "laid"):
            self.defend_click(key)
        self.setup_buttons()

    def default_action(self) -> None:
        """Enter with nothing focused: the obvious next step."""
        for b in reversed(self.action_buttons):
            if b.visible and b.enabled and b.primary:
                b.activate()
                return
        if self.selected:
            self.discard(self.selected)

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(draw.backdrop(), (0, 0))
        focused = self.focused()
        if self.spread is not None:
            self.draw_reveal(surface, focused)
        else:
            self.draw_play(surface, focused)
        self.draw_names(surface)
        for seat, line, _ in self.bubbles:
            top = seat != self.bottom_seat()
            anchor = (L.TOP_NAME[0], L.TOP_NAME[1] + 24) if top else (L.BOTTOM_NAME[0], L.BOTTOM_NAME[1] - 24)
            draw.bubble(surface, anchor, line, self.four(), top)
        if self.history_open or (self.hover == ("discard", 0) and not self.drag.item and self.spread is None):
            self.draw_history(surface)
        self.flights.draw(surface)
        self.drag.draw(surface)
        draw.score_panel(surface, self.v, self.match.names, self.log, self.four())
        self.draw_bar(surface, focused)

    def draw_names(self, surface: pygame.Surface) -> None:
        v, names = self.v, self.match.names
        bottom = self.bottom_seat()
        for seat, pos in ((1 - bottom, L.TOP_NAME), (bottom, L.BOTTOM_NAME)):
            if self.spread is not None:
                note = reveal.row_title(self.spread, seat, names)
                text.blit(surface, note, (pos[0], pos[1]), 20, theme.TEXT, "black", "midleft")
                continue
            kind = self.match.seats[seat]
            who = "bot · " + kind.level if kind.is_bot else ""
            note = " · ".join(x for x in (who, f"{v['scores'][seat]} points") if x)
            draw.nameplate(surface, pos, names[seat], note, v["dealer"] == seat, seat in self.match.to_act)

    def draw_play(self, surface: pygame.Surface, focused) -> None:
        v, fl, four = self.v, self.flights, self.four()
        bottom = self.bottom_seat()
        hint = self.hint or {}
        # the face-down hands
        for seat in (0, 1):
            if seat == self.viewer:
                continue
            small = (L.OPP_W, L.OPP_H)
            for key, centre in self.fan(v, seat):
                if fl.masked(key):
                    continue
                rect = L.card_rect(centre, *small)
                if isinstance(key, str):
                    surface.blit(draw.face(key, *small, four), rect)
                else:
                    surface.blit(draw.back(*small), rect)
            known = v["known"][seat]
            if known and seat != bottom:
                fan = dict(self.fan(v, seat))
                x = fan[known[0]][0] - L.OPP_W / 2
                text.blit(
                    surface,
                    "seen taken",
                    (int(x) + 4, L.OPP_Y + L.OPP_H // 2 + 12),
                    13,
                    theme.MUTED,
                    anchor="midleft",
                )
        # the piles
        drag_payload = self.drag.payload()
        stock_lit = self.pile_light(
            "stock", focused, hint.get("source") == "stock" or hint.get("move") == "pass"
        )
        draw.stock(surface, v["stock"] - (1 if drag_payload == ("stock", 0) else 0), stock_lit)
        hidden = {c for c in v["discard"][-1:] if fl.masked(c)}
        if drag_payload == ("discard", 0):
            hidden |= set(v["discard"][-1:])
        hinted = hint.get("source") == "discard" or hint.get("move") == "take_upcard"
        pile_lit = self.pile_light("discard", focused, hinted)
        if drag_payload and drag_payload[0] == "hand" and self.pointer_over_pile():
            pile_lit = (
                theme.GOOD
                if self.cannot({"move": "discard", "card": drag_payload[1]}) is None
                else theme.DANGER
            )
        draw.discard_pile(surface, v["discard"], hidden, four, pile_lit)
        # my hand
        if v.get("hand"):
            draw.meter(surface, prompts.meter(self), four)
            self.draw_hand(surface, focused, hint)
        self.sort_button.draw(surface)

    def pile_light(self, kind: str, focused, hinted: bool):
        if focused == (kind, 0):
            return theme.FOCUS
        if hinted:
            return theme.GOOD
        if self.hover == (kind, 0) and self.acting_human is not None and not self.drag.item:
            return theme.ACCENT
        return None

    def pointer_over_pile(self) -> bool:
        return L.card_rect(L.DISCARD).inflate(40, 40).collidepoint(self.pointer)

    def draw_hand(self, surface: pygame.Surface, focused, hint: dict[str, Any]) -> None:
        four = self.four()
        groups, centres = self.hand_layout()
        dragged = set(self.dragged_hand_cards())
        spans = []
        step = L.HAND_STEP
        flat = list(centres)
        if len(flat) > 1:
            step = centres[flat[1]][0] - centres[flat[0]][0]
        for g in groups:
            xs = [self.glide.at(c)[0] for c in g.cards if c not in dragged] or [centres[g.cards[0]][0]]
            label = (
                g.kind.capitalize() if g.kind != "deadwood" else f"Deadwood {sum(VALUE[c] for c in g.cards)}"
            )
            spans.append((g.kind, min(xs) - L.HAND_W / 2 + 4, max(xs) + L.HAND_W / 2 - 4, label))
        draw.group_marks(surface, spans, L.GROUP_LABEL_Y)
        dead = {c for g in groups if g.kind == "deadwood" for c in g.cards}
        hinted = hint.get("card") if hint.get("move") in ("discard", "knock") else None
        for g in groups:
            for code in g.cards:
                if code in dragged or self.flights.masked(code):
                    continue
                rect = self.card_rect(code)
                surface.blit(draw.face(code, L.HAND_W, L.HAND_H, four), rect)
                if code in dead:
                    draw.value_tag(surface, rect, VALUE[code], step)
                if code == self.fresh:
                    taken = code == self.match.state.taken
                    draw.tag(surface, rect, "taken" if taken else "new", theme.ACCENT)
                if code == self.selected:
                    draw.outline(surface, rect, theme.ACCENT, 4)
                if code == hinted:
                    draw.outline(surface, rect, theme.GOOD)
                if focused == ("hand", code):
                    draw.outline(surface, rect, theme.FOCUS, 2, 12)

    def draw_reveal(self, surface: pygame.Surface, focused) -> None:
        v, four = self.v, self.four()
        spread = self.spread
        assert spread is not None
        hidden = {c for c in v["discard"][-1:] if self.flights.masked(c)}
        draw.discard_pile(surface, v["discard"], hidden, four, None)
        masked = {c for c in spread.pos if self.flights.masked(c)}
        lit: dict[str, Any] = {}
        lifted = set(self.defence.selected)
        if v["phase"] == LAYOFF and self.acting_human is not None and len(self.defence.selected) == 1:
            card = self.defence.selected[0]
            for k in range(spread.meld_count):
                if self.cannot({"move": "layoff", "card": card, "meld": k}) is None:
                    for code, (seat, gi) in spread.group_of.items():
                        if seat == spread.knocker and gi == k:
                            lit[code] = theme.GOOD
        if focused:
            kind, key = focused
            for code, (seat, gi) in spread.group_of.items():
                if (
                    (kind == "meld" and seat == spread.knocker and gi == key)
                    or (kind == "own" and seat == spread.defender and gi == key)
                    or (kind in ("free", "laid") and code == key)
                ):
                    lit[code] = theme.FOCUS
        reveal.draw_spread(surface, spread, self.glide.at, masked, four, lifted, lit)
        if v["reveal"] and self.stage is None:
            reveal.draw_result(surface, v, self.match.names, four)

    def draw_history(self, surface: pygame.Surface) -> None:
        pile = self.v["discard"]
        who = prompts.thrown_by(self.v)
        draw.history(surface, pile, who, self.match.names, self.four())

    def draw_bar(self, surface: pygame.Surface, focused) -> None:
        bar = L.BAR
        title, detail, tone = prompts.prompt(self)
        if self.notice:
            detail, tone = self.notice[0], "bad"
        colour = {"bad": theme.DANGER, "good": draw.MELD_INK}.get(tone, theme.MUTED)
        left = (
            min(b.rect.x for b in self.action_buttons if b.visible)
            if any(b.visible for b in self.action_buttons)
            else bar.right
        )
        width = left - bar.x - 40
        card_text.blit(
            surface, title, (bar.x + 20, bar.y + 28), 22, theme.TEXT, "bold", "midleft", self.four()
        )
        lines = text.wrap(detail, width, 16)[:2]
        for k, line in enumerate(lines):
            card_text.blit(
                surface,
                line,
                (bar.x + 20, bar.y + 56 + 18 * k - 8 * (len(lines) - 1)),
                16,
                colour,
                anchor="midleft",
                four_colour=self.four(),
            )
        for k, button in enumerate(self.buttons.widgets):
            button.focused = focused == ("button", k)
        for b in self.buttons.widgets:
            if b is not self.sort_button:
                b.draw(surface)
