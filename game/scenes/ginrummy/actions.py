"""What the person at the Gin Rummy table can do: the rule commands behind the buttons, clicks
and keys, the defender's choice of layoffs, and which buttons the action bar offers."""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.ginrummy import why_not
from game.rules.ginrummy.state import DISCARD, FIRST_UPCARD, HAND_OVER, LAYOFF, MATCH_OVER
from game.scenes.ginrummy import layout as L
from game.scenes.ginrummy import prompts, reveal
from game.scenes.ginrummy.arrange import RANK, SUIT, HandOrder
from game.scenes.ginrummy.sheet import ScoreSheet
from game.ui import card_text
from game.ui.fan import insertion
from game.ui.widgets import Button, CardButton
from game.ui.widgets import Group as Widgets


class Actions:
    """Mixed into GinRummyTable."""

    def make_buttons(self) -> None:
        def button(label: str, action, primary: bool = False) -> CardButton:
            return CardButton((0, 0, 180, 60), label, action, primary, 20)

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

    def gin_forced(self) -> bool:
        """Knocking now would be gin, which the rules force."""
        gin = self.knock_button
        return gin.visible and gin.enabled and gin.label == "Gin!"

    def knock(self) -> None:
        card = self.knock_card()
        if card is None:  # not my discard: any card will do to hear why a knock is refused now
            self.say(self.cannot({"move": "knock", "card": "AS"}) or "You cannot knock now")
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

    def reorder(self, moving: list[str], x: float, order: HandOrder | None = None) -> None:
        """Put `moving` where cards dropped at `x` land among the rest of my hand: in my hand's
        order, or in `order` (the hand's layout previews a drop that way)."""
        groups = self.groups()
        shown = [c for g in groups for c in g.cards]
        rest = [len(kept) for g in groups if (kept := [c for c in g.cards if c not in moving])]
        (order or self.hand_order()).move(shown, moving, insertion(L.hand_centres(rest), x))

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
        self.hint_button.enabled = seat is not None and not self.hint_pending and self.viewer is not None
