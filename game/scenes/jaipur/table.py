"""The Jaipur table: pass-and-play, against a bot, or solo against the variant's rule bot.

Click (or focus with Tab/arrows and press Space) cards in the market, your hand and your
herd; the action bar names the one move that selection means, or says why it is not one.
Enter or the button confirms; Esc or right-click clears.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.timers import ticks
from game.rules.jaipur.cards import CAMEL
from game.rules.jaipur.selection import classify
from game.scenes.jaipur import draw, sheet
from game.scenes.jaipur import layout as L
from game.scenes.jaipur.motion import Motion
from game.scenes.jaipur.render import Render
from game.scenes.table import Table
from game.ui import focus, text
from game.ui.flights import Flights
from game.ui.widgets import Button, Group

Target = tuple[str, int]


class JaipurTable(Render, Table):
    name = "jaipur"

    def __init__(self, app, match, match_id=None):
        super().__init__(app, match, match_id)
        self.solo = match.options.get("variant") == "solo"
        self.flights = Flights()
        self.background = draw.Background()
        self.frozen: dict[str, Any] | None = None  # the table as a round ended, under its sheet
        self.v: dict[str, Any] = self.view()
        self.market_sel: set[int] = set()
        self.hand_sel: set[int] = set()
        self.herd_sel = 0
        self.focus: Target | None = None  # keyboard focus: a card, the herd or a button
        self.hover: Target | None = None  # the card under the mouse, when it may be clicked
        self.pending_sheet: dict[str, Any] | None = None
        self.sheet_open = False
        self.deal_after_sheet: list[dict[str, Any]] = []
        self.last_move: list[str] = []  # the latest moves in words, for the bar and the hand-off
        bar = L.ACTION_BAR
        self.confirm = Button((bar.right - 254, bar.y + 16, 236, 60), "Confirm", self.play, primary=True)
        self.clear = Button((bar.right - 376, bar.y + 16, 110, 60), "Clear", self.clear_selection)
        self.hint_button = Button((946, 630, 150, 60), "Hint", self.request_hint, hint="H")
        self.menu_button = Button((1106, 630, 150, 60), "Menu", self.pause, hint="Esc")
        self.buttons = Group([self.clear, self.confirm, self.hint_button, self.menu_button])
        self.command: dict[str, Any] | None = None
        self.label, self.reason = "", ""
        self.refresh()
        if not match.commands:  # a fresh match: deal it in front of the players
            self.motion(self.v, self.v).batch([{"type": "deal"}])

    def motion(self, before: dict[str, Any], after: dict[str, Any], delay: int = 0) -> Motion:
        pause = ticks(self.app.settings.bot_pause_ms / 1000) * self.app.settings.animation_speed
        return Motion(
            self.flights, before, after, self.viewer, self.speed, self.app.sounds.play, delay, int(pause)
        )

    # -- what is shown --------------------------------------------------------------------
    def refresh(self) -> None:
        self.v = self.frozen if self.frozen is not None else self.view()
        self.reselect()

    def reselect(self) -> None:
        v = self.v
        acting = self.acting_human is not None and self.frozen is None
        if not acting:
            self.command, self.label, self.reason = None, "", ""
        else:
            market = [v["market"][i] for i in sorted(self.market_sel) if i < len(v["market"])]
            hand = [v["hand"][j] for j in sorted(self.hand_sel) if j < len(v["hand"])]
            self.command, self.label, self.reason = classify(v, market, hand, self.herd_sel)
        self.confirm.visible = self.clear.visible = acting
        self.confirm.enabled = self.command is not None
        label = self.label if self.command else "Confirm"
        self.confirm.label, self.confirm.size = text.fit(label, self.confirm.rect.w - 20, 22, "bold", 15)
        self.clear.enabled = bool(self.market_sel or self.hand_sel or self.herd_sel)
        for button in (self.confirm, self.clear):
            button.hover = button.hover and button.enabled  # no hover look on a button gone grey
        self.hint_button.visible = self.app.settings.show_hints
        self.hint_button.enabled = acting and not self.hint_pending

    def bottom_seat(self) -> int:
        return self.viewer if self.viewer is not None else 0

    # -- flow -----------------------------------------------------------------------------
    def idle(self) -> bool:
        return self.pending_sheet is None and not self.sheet_open and not self.flights.busy

    def update(self, n: int) -> None:
        self.flights.advance(n)
        if self.pending_sheet is not None and not self.flights.busy:
            event, self.pending_sheet = self.pending_sheet, None
            self.sheet_open = True
            self.app.push(sheet.RoundSheet(self.app, event, self.match.names, self.solo, self.sheet_closed))
        super().update(n)
        if self.acting_human is None or not self.idle():
            self.hover = None  # nothing to click now: no card looks clickable

    def sheet_closed(self) -> None:
        self.sheet_open = False
        self.frozen = None
        self.refresh()
        if self.deal_after_sheet:  # the next round (and, solo, the rule bot's first turn)
            self.last_move = self.in_words(self.deal_after_sheet)
            self.motion(self.v, self.v).batch(self.deal_after_sheet)
            self.deal_after_sheet = []

    def in_words(self, events: list[dict[str, Any]]) -> list[str]:
        """Moves in words, for the bar while they animate and for the hand-off note: the log's
        lines without the deal, and a mover named on the line before is not named again ("Rule
        bot reveals spice; discards 2 spice")."""
        names = self.match.names
        lines: list[str] = []
        before = None
        for event in events:
            line = self.rules.describe(event, names)
            if not line or event["type"] == "deal":
                continue
            seat = event.get("seat", 1)  # the solo rule bot's events name no seat: it is seat 1
            who = names[seat]
            if seat == before and line.startswith(who + "'s "):
                line = "its " + line[len(who) + 3 :]
            elif seat == before and line.startswith(who + " "):
                line = line[len(who) + 1 :]
            lines.append(line)
            before = seat
        return lines

    def on_events(self, events: list[dict[str, Any]]) -> None:
        ends = [i for i, e in enumerate(events) if e["type"] == "round_end"]
        self.last_move = self.in_words(events[: ends[0]] if ends else events)
        before = self.v
        self.market_sel.clear()
        self.hand_sel.clear()
        self.herd_sel = 0
        if not ends:
            after = self.view()
            self.motion(before, after).batch(events)
            self.v = after
        else:  # the sheet comes first, over the table as the round ended; then the next deal
            end = ends[0]
            start = len(self.match.events) - len(events)
            played = self.match.view_at(start + end, self.viewer)
            self.frozen = self.match.view_at(start + end + 1, self.viewer)
            self.pending_sheet = events[end]
            self.deal_after_sheet = events[end + 1 :]
            moves = self.motion(before, played)
            moves.batch(events[:end])
            self.motion(played, self.frozen, moves.delay).batch([events[end]])
            self.v = self.frozen
        self.reselect()

    def hand_off(self, seat: int) -> None:
        super().hand_off(seat)
        self.refresh()  # the spectator's view from now on: no hand, even under the cover

    def on_viewer_changed(self) -> None:
        self.refresh()

    def on_hint(self) -> None:
        self.reselect()

    def show_result(self) -> None:
        from game.scenes.jaipur.result import JaipurResult

        self.app.push(JaipurResult(self.app, self.match))

    def play(self) -> None:
        seat = self.acting_human
        if seat is None or self.command is None or not self.idle():
            return
        result = self.submit(seat, self.command)
        if not result:
            self.app.toast(getattr(result, "reason", "Not allowed"))

    def clear_selection(self) -> None:
        self.market_sel.clear()
        self.hand_sel.clear()
        self.herd_sel = 0
        self.reselect()

    def consume_escape(self) -> bool:
        if self.market_sel or self.hand_sel or self.herd_sel:
            self.clear_selection()
            return True
        return False

    def handoff_note(self, seat: int) -> str:
        """What happened while the next person looked away: the other side's last move."""
        if self.last_move:
            return f"Round {self.v['round']} · {self.last_move[0]}."
        return f"Round {self.v['round']}: your turn."

    def enter(self) -> None:
        self.refresh()

    # -- input ----------------------------------------------------------------------------
    def targets(self) -> list[Target]:
        """Everything the keyboard can focus, in reading order."""
        v = self.v
        out = [("market", i) for i in range(len(v["market"]))]
        if v.get("herd"):
            out.append(("herd", 0))
        out += [("hand", j) for j in range(len(v["hand"]))]
        out += [("button", k) for k, b in enumerate(self.buttons.widgets) if b.visible and b.enabled]
        return out

    def target_rect(self, target: Target) -> pygame.Rect:
        kind, k = target
        if kind == "market":
            return L.card_rect(L.market(k))
        if kind == "hand":
            return L.card_rect(L.hand(k))
        if kind == "herd":
            return L.card_rect(L.HERD)
        return self.buttons.widgets[k].rect

    def toggle(self, target: Target, back: bool = False) -> None:
        kind, k = target
        if kind == "button":
            self.buttons.widgets[k].activate()
            return
        if self.acting_human is not None and self.flights.busy:
            self.flights.finish()  # a player in a hurry: land everything, then take the click
        if self.acting_human is None or not self.idle():
            return
        if kind == "market":
            self.market_sel ^= {k}
        elif kind == "hand":
            self.hand_sel ^= {k}
        elif kind == "herd":
            herd = self.v.get("herd") or 0
            self.herd_sel = (self.herd_sel + (-1 if back else 1)) % (herd + 1)
        self.hint = None
        self.app.sounds.play("click")
        self.reselect()

    def lifted(self) -> set[Target]:
        """The cards shown raised: those selected, and every market camel once one is (the
        move takes them all)."""
        out = {("market", i) for i in self.market_sel} | {("hand", j) for j in self.hand_sel}
        if self.command == {"move": "camels"}:
            out |= {("market", i) for i, c in enumerate(self.v["market"]) if c == CAMEL}
        return out

    def hit(self, pos: tuple[int, int]) -> Target | None:
        lifted = self.lifted()
        for target in self.targets():
            if target[0] == "button":
                continue
            rect = self.target_rect(target)
            if target in lifted:
                rect = rect.move(0, -L.LIFT)
            if rect.collidepoint(pos):
                return target
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        # the buttons take the mouse only; the table runs one keyboard focus over everything
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and self.buttons.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.hit(event.pos) if self.acting_human is not None and self.idle() else None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            target = self.hit(event.pos)
            if event.button == 1 and target:
                self.toggle(target)
                return True
            if event.button == 3:
                if target and target[0] == "herd":
                    self.toggle(target, back=True)
                else:
                    self.clear_selection()
                return True
            if event.button == 1 and self.flights.busy:
                self.flights.finish()  # a click hurries the animation along
            return False
        if event.type == pygame.KEYDOWN:
            return self.key(event) or super().handle(event)
        return False

    def key(self, event: pygame.event.Event) -> bool:
        targets = self.targets()
        current = self.focus if self.focus in targets else None
        if event.key in focus.NAVIGATION:
            index = targets.index(current) if current is not None else None
            shift = bool(event.mod & pygame.KMOD_SHIFT)
            k = focus.step([t[0] for t in targets], index, event.key, shift)
            self.focus = targets[k] if k is not None else None
            return True
        if event.key == pygame.K_SPACE and current is not None:
            self.toggle(current, back=bool(event.mod & pygame.KMOD_SHIFT))
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if current is not None and current[0] == "button":
                self.toggle(current)
            else:
                self.play()
            return True
        if event.key == pygame.K_h and self.hint_button.visible:
            self.request_hint()
            return True
        return False
