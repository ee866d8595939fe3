"""What the person at the Gin Rummy table can do: the rule commands behind the buttons, clicks
and keys, the defender's choice of layoffs, and which buttons the action bar offers."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, msg, tr
from game.rules.ginrummy.face.phases import DISCARD, FIRST_UPCARD, HAND_OVER, LAYOFF, MATCH_OVER
from game.scenes.ginrummy import layout as L
from game.scenes.ginrummy.arrange import RANK, SUIT, HandOrder
from game.scenes.ginrummy.desk import Desk
from game.scenes.ginrummy.sheets import ScoreSheet
from game.ui import card_text
from game.ui.fan import insertion
from game.ui.widgets import CardButton

if TYPE_CHECKING:
    from game.core.face import Command


class Actions:
    """Owned by the table (`table.actions`); reads and changes it through `Desk`."""

    def __init__(self, table: Desk):
        self.t = table

    # -- commands -------------------------------------------------------------------------
    def act(self, command: Command) -> bool:
        """Submit for the person at the screen, or say plainly why not."""
        t = self.t
        seat = t.acting_human
        if seat is None:
            seat = t.viewer
        if seat is None:
            return False
        if t.flights.busy:
            t.flights.finish()
        refused = t.window.check(seat, command)
        if refused is not None:
            t.say(refused.reason)
            return False
        t.submit(seat, command)
        return True

    def act_all(self, commands: list[Command]) -> None:
        """Several commands in a row (a rearrangement of the defender's melds and layoffs)."""
        t = self.t
        seat = t.acting_human
        if seat is None:
            return
        for command in commands:
            if t.window.check(seat, command) is None:
                t.submit(seat, command)

    def take_upcard(self) -> None:
        self.act({"move": "take_upcard"})

    def pass_upcard(self) -> None:
        self.act({"move": "pass"})

    def draw_from(self, source: str) -> None:
        if self.t.v["phase"] == FIRST_UPCARD and source == "discard":
            self.take_upcard()
        else:
            self.act({"move": "draw", "source": source})

    def discard(self, code: str) -> None:
        self.act({"move": "discard", "card": code})

    def discard_selected(self) -> None:
        if self.t.selected:
            self.discard(self.t.selected)
        else:
            self.t.say(N_("Choose the card to discard first"))

    def knock(self) -> None:
        t = self.t
        card = t.knock_card()
        if card is None:  # not my discard: any card will do to hear why a knock is refused now
            t.say(t.cannot({"move": "knock", "card": "AS"}) or N_("You cannot knock now"))
            return
        self.act({"move": "knock", "card": card})

    def select(self, code: str) -> None:
        t = self.t
        t.selected = None if t.selected == code else code
        t.app.sounds.play("click")
        t.hint = None
        self.setup_buttons()

    def use_hint(self) -> None:
        """Use hint: a discard's or a knock's card becomes the choice (Discard, Knock or a
        second click then plays it, as after choosing it by hand); any other move is played."""
        t = self.t
        hint = t.hint
        if hint is None:
            return
        if hint.get("move") in ("discard", "knock"):
            t.selected = hint["card"]
            t.hint = None
            t.app.sounds.play("click")
            self.setup_buttons()
        else:
            self.act(dict(hint))

    def toggle_sort(self) -> None:
        """Sort the other way; the choice is kept for the next hand and the next match."""
        t = self.t
        order = t.hand_order()
        order.sort(RANK if order.mode == SUIT else SUIT)
        t.app.apply_settings(replace(t.app.settings, hand_sort=order.mode))
        t.aim()
        self.setup_buttons()

    def move_card(self, code: str, step: int) -> None:
        """Keyboard reordering: move a card (or its meld) one place left or right."""
        t = self.t
        shown = [c for g in t.groups() for c in g.cards]
        moving = t.meld_of(code)
        rest = [c for c in shown if c not in moving]
        index = shown.index(moving[0])
        t.hand_order().move(shown, moving, max(0, min(len(rest), index + step)))
        t.aim()

    def reorder(self, moving: list[str], x: float, order: HandOrder | None = None) -> None:
        """Put `moving` where cards dropped at `x` land among the rest of my hand: in my hand's
        order, or in `order` (the hand's layout previews a drop that way)."""
        t = self.t
        groups = t.groups()
        shown = [c for g in groups for c in g.cards]
        rest = [len(kept) for g in groups if (kept := [c for c in g.cards if c not in moving])]
        (order or t.hand_order()).move(shown, moving, insertion(L.hand_centres(rest), x))

    # the defender's choice
    def best_defence(self) -> None:
        self.act_all(self.t.defence.best(self.t.v["reveal"]))

    def make_meld(self) -> None:
        t = self.t
        result = t.defence.make_meld(t.v["reveal"])
        if isinstance(result, str):
            t.say(result)
        else:
            self.act_all(result)

    def done(self) -> None:
        self.act({"move": "done"})

    def defend(self, target: str) -> None:
        """A click (or Space) on the reveal while the defender chooses: "free.<card>" chooses or
        drops one of my deadwood cards, "laid.<card>" takes a layoff back, "meld.<k>" lays the
        chosen card on the knocker's meld k, "own.<k>" breaks my meld k."""
        t = self.t
        kind, _, key = target.partition(".")
        r = t.v["reveal"]
        if kind == "free":
            t.defence.toggle(key)
            t.app.sounds.play("click")
        elif kind == "laid":
            self.act_all(t.defence.take_back(r, key))
        elif kind == "meld":
            self.lay_on(int(key))
        elif kind == "own":
            self.act_all(t.defence.break_meld(r, int(key)))
        self.setup_buttons()

    def lay_on(self, meld: int) -> None:
        t = self.t
        chosen = t.defence.selected
        if len(chosen) != 1:
            t.say(N_("Choose one of your deadwood cards first, then the meld to lay it on"))
            return
        if self.act({"move": "layoff", "card": chosen[0], "meld": meld}):
            t.defence.clear()

    # after the hand
    def open_sheet(self) -> None:
        t = self.t
        if t.v["phase"] not in (HAND_OVER, MATCH_OVER) or t.flights.busy:
            return
        t.app.push(ScoreSheet(t.app, t.v, t.window.names, self.sheet_closed))

    def sheet_closed(self) -> None:
        t = self.t
        dealer = t.v["to_act"][0] if t.v["phase"] == HAND_OVER else None
        if dealer is not None and t.guard is not None and t.guard(dealer, {"move": "next_hand"}) is not None:
            return  # a tutorial's notes are still about this hand: the deal waits for them
        t.acknowledged = len(t.v["history"])
        if dealer in t.humans:
            t.submit(dealer, {"move": "next_hand"})
        self.setup_buttons()

    # -- buttons --------------------------------------------------------------------------
    def setup_buttons(self) -> None:
        t = self.t
        v, seat = t.v, t.acting_human
        for b in t.action_buttons:
            b.visible, b.enabled, b.hint = False, True, ""
            b.four_colour = t.four()
        shown: list[CardButton] = []
        phase = v["phase"]
        if seat is not None and phase == FIRST_UPCARD and t.viewer is not None:
            t.take_button.label = msg("Take {card}", card=v["discard"][-1])
            shown = [t.pass_button, t.take_button]
        elif seat is not None and phase == DISCARD and t.viewer is not None:
            card = t.knock_card()
            if t.selected:
                t.discard_button.label = msg("Discard {card}", card=t.selected)
                refused = t.window.check(seat, {"move": "discard", "card": t.selected})
                t.discard_button.enabled = refused is None
                t.discard_button.hint = refused.reason if refused is not None else ""
            else:
                t.discard_button.label = N_("Discard")
                t.discard_button.enabled = False
                t.discard_button.hint = N_("Choose the card to discard first")
            after = v["discard_deadwood"].get(card) if card else None
            gin = after == 0
            t.knock_button.label = (
                N_("Gin!") if gin else (msg("Knock · {n}", n=after) if after is not None else N_("Knock"))
            )
            refused = t.window.check(seat, {"move": "knock", "card": card}) if card else None
            reason = refused.reason if refused is not None else ("" if card else N_("No card to knock with"))
            t.knock_button.enabled, t.knock_button.hint = not reason, reason
            shown = [t.discard_button, t.knock_button]
        elif seat is not None and phase == LAYOFF:
            t.best_button.hint = N_("Back to the melds and layoffs that leave you the least deadwood")
            t.meld_button.enabled = len(t.defence.selected) >= 3
            t.meld_button.hint = N_("Choose three or more of your deadwood cards that make a meld")
            shown = [t.best_button, t.meld_button, t.done_button]
        elif phase in (HAND_OVER, MATCH_OVER) and t.humans and t.acknowledged < len(v["history"]):
            shown = [t.continue_button]
        x = L.BAR.right - 14
        for b in reversed(shown):
            b.visible = True
            width = max(150, card_text.width(tr(b.label), b.size, "bold") + 48)
            b.rect = pygame.Rect(x - width, L.BAR.y + 14, width, 60)
            x -= width + 12
        order = t.hand_order()
        t.sort_button.label = N_("Sort by rank") if order.mode == SUIT else N_("Sort by suit")
        t.sort_button.visible = bool(v.get("hand")) and t.spread is None
        t.hint_button.visible = t.app.settings.show_hints
        t.hint_button.enabled = seat is not None and not t.hint_pending and t.viewer is not None
        hinted = t.hint if t.hint_button.enabled else None  # a hint on show: one click takes it up
        t.hint_button.label = N_("Use hint") if hinted else N_("Thinking…") if t.hint_pending else N_("Hint")
        t.hint_button.hint = (
            (
                N_("Choose the hint's card (H)")
                if hinted.get("move") in ("discard", "knock")
                else N_("Play the hint's move (H)")
            )
            if hinted
            else t.hint_tip
            if t.hint_button.enabled
            else N_("A hint is on its way")
            if t.hint_pending
            else N_("Hints are for your own turn")
        )
