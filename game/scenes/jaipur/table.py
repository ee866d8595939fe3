"""The Jaipur table: pass-and-play, against a bot, or solo against the variant's rule bot.

Click (or focus with Tab/arrows and press Space) cards in the market, your hand and your
herd; the action bar names the one move that selection means, or says why it is not one.
Enter or the button confirms; Esc or right-click clears.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.jaipur.cards import CAMEL
from game.rules.jaipur.selection import classify
from game.scenes.jaipur import art, draw, sheet
from game.scenes.jaipur import layout as L
from game.scenes.jaipur.motion import Motion
from game.scenes.table import Table
from game.ui import focus, text, theme
from game.ui.flights import Flights
from game.ui.widgets import Button, Group, panel


class JaipurTable(Table):
    name = "jaipur"

    def __init__(self, app, match, match_id=None):
        super().__init__(app, match, match_id)
        self.solo = match.options.get("variant") == "solo"
        self.flights = Flights()
        self.v: dict[str, Any] = self.view()
        self.market_sel: set[int] = set()
        self.hand_sel: set[int] = set()
        self.herd_sel = 0
        self.focus: int | None = None  # index into self.targets() for keyboard play
        self.pending_sheet: dict[str, Any] | None = None
        self.sheet_open = False
        self.deal_after_sheet: list[dict[str, Any]] = []
        self.confirm = Button((700, 630, 190, 60), "Confirm", self.play, primary=True)
        self.clear = Button((560, 630, 130, 60), "Clear", self.clear_selection)
        self.hint_button = Button((946, 620, 150, 52), "Hint", self.request_hint)
        self.menu_button = Button((1106, 620, 150, 52), "Menu", self.pause)
        self.buttons = Group([self.clear, self.confirm, self.hint_button, self.menu_button])
        self.command: dict[str, Any] | None = None
        self.label, self.reason = "", ""
        self.refresh()
        if not match.commands:  # a fresh match: deal it in front of the players
            Motion(self.flights, self.v, self.v, self.viewer, self.speed, app.sounds.play).batch(
                [{"type": "deal"}]
            )

    # -- what is shown --------------------------------------------------------------------
    def refresh(self) -> None:
        self.v = self.view()
        self.reselect()

    def reselect(self) -> None:
        v = self.v
        if self.acting_human is None:
            self.command, self.label, self.reason = None, "", ""
        else:
            market = [v["market"][i] for i in sorted(self.market_sel) if i < len(v["market"])]
            hand = [v["hand"][j] for j in sorted(self.hand_sel) if j < len(v["hand"])]
            self.command, self.label, self.reason = classify(v, market, hand, self.herd_sel)
        self.confirm.enabled = self.command is not None
        self.confirm.label = self.label if self.command else "Confirm"
        self.clear.enabled = bool(self.market_sel or self.hand_sel or self.herd_sel)
        self.hint_button.visible = self.app.settings.show_hints
        self.hint_button.enabled = self.acting_human is not None and self.hint_job is None

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
            self.app.sounds.play("seal")
            self.app.push(sheet.RoundSheet(self.app, event, self.match.names, self.solo, self.sheet_closed))
        super().update(n)

    def sheet_closed(self) -> None:
        self.sheet_open = False
        self.refresh()
        if self.deal_after_sheet:
            Motion(self.flights, self.v, self.v, self.viewer, self.speed, self.app.sounds.play).batch(
                self.deal_after_sheet
            )
            self.deal_after_sheet = []

    def on_events(self, events: list[dict[str, Any]]) -> None:
        before = self.v
        self.market_sel.clear()
        self.hand_sel.clear()
        self.herd_sel = 0
        after = self.view()
        ends = [i for i, e in enumerate(events) if e["type"] == "round_end"]
        if ends:  # the sheet comes first; the next round is dealt once it is closed
            self.pending_sheet = events[ends[0]]
            self.deal_after_sheet = events[ends[0] + 1 :]
            events = events[: ends[0]]
        Motion(self.flights, before, after, self.viewer, self.speed, self.app.sounds.play).batch(events)
        self.v = after
        self.reselect()

    def on_viewer_changed(self) -> None:
        self.refresh()

    def on_hint(self) -> None:
        self.reselect()

    def pause(self) -> None:
        from game.scenes.overlays import Pause

        self.app.push(Pause(self.app, "jaipur"))

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
        return f"Round {self.v['round']}: your turn."

    def enter(self) -> None:
        self.refresh()

    # -- input ----------------------------------------------------------------------------
    def targets(self) -> list[tuple[str, int]]:
        """Everything the keyboard can focus, in reading order."""
        v = self.v
        out = [("market", i) for i in range(len(v["market"]))]
        if v.get("herd"):
            out.append(("herd", 0))
        out += [("hand", j) for j in range(len(v["hand"]))]
        out += [("button", k) for k, b in enumerate(self.buttons.widgets) if b.visible and b.enabled]
        return out

    def target_rect(self, target: tuple[str, int]) -> pygame.Rect:
        kind, k = target
        if kind == "market":
            return L.card_rect(L.market(k))
        if kind == "hand":
            return L.card_rect(L.hand(k))
        if kind == "herd":
            return L.card_rect(L.HERD)
        return self.buttons.widgets[k].rect

    def toggle(self, target: tuple[str, int], back: bool = False) -> None:
        if self.acting_human is not None and self.flights.busy:
            self.flights.finish()  # a player in a hurry: land everything, then take the click
        if self.acting_human is None or not self.idle():
            return
        kind, k = target
        if kind == "market":
            self.market_sel ^= {k}
        elif kind == "hand":
            self.hand_sel ^= {k}
        elif kind == "herd":
            herd = self.v.get("herd") or 0
            self.herd_sel = (self.herd_sel + (-1 if back else 1)) % (herd + 1)
        elif kind == "button":
            self.buttons.widgets[k].activate()
            return
        self.hint = None
        self.app.sounds.play("click")
        self.reselect()

    def hit(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        lifted = {("market", i) for i in self.market_sel} | {("hand", j) for j in self.hand_sel}
        for target in self.targets():
            if target[0] == "button":
                continue
            rect = self.target_rect(target)
            if target in lifted:
                rect = rect.move(0, -14)
            if rect.collidepoint(pos):
                return target
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        # the buttons take the mouse only; the table runs one keyboard focus over everything
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and self.buttons.handle(event):
            return True
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
        if event.key in focus.NAVIGATION:
            shift = bool(event.mod & pygame.KMOD_SHIFT)
            self.focus = focus.step([t[0] for t in targets], self.focus, event.key, shift)
            return True
        if event.key == pygame.K_SPACE and self.focus is not None and self.focus < len(targets):
            self.toggle(targets[self.focus])
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.focus is not None and self.focus < len(targets) and targets[self.focus][0] == "button":
                self.toggle(targets[self.focus])
            else:
                self.play()
            return True
        if event.key == pygame.K_h and self.hint_button.visible:
            self.request_hint()
            return True
        return False

    # -- drawing --------------------------------------------------------------------------
    def hinted(self) -> tuple[set[int], set[int], bool]:
        """Market slots, hand slots and herd the hint would use."""
        h, v = self.hint, self.v
        if not h:
            return set(), set(), False
        market, hand = set(), set()

        def mark(cards, pool, into):
            used: set[int] = set()
            for card in cards:
                for i, c in enumerate(pool):
                    if c == card and i not in used:
                        used.add(i)
                        into.add(i)
                        break

        move = h.get("move")
        if move == "take":
            mark([h["good"]], v["market"], market)
        elif move == "camels":
            market = {i for i, c in enumerate(v["market"]) if c == CAMEL}
        elif move == "sell":
            mark([h["good"]] * h["count"], v["hand"], hand)
        elif move == "exchange":
            mark(h["take"], v["market"], market)
            mark([c for c in h["give"] if c != CAMEL], v["hand"], hand)
        return market, hand, move == "exchange" and CAMEL in h.get("give", [])

    def draw(self, surface: pygame.Surface) -> None:
        v, fl = self.v, self.flights
        targets = self.targets()
        focused = targets[self.focus] if self.focus is not None and self.focus < len(targets) else None
        hint_market, hint_hand, hint_herd = self.hinted()
        me, other = self.bottom_seat(), 1 - self.bottom_seat()
        names = self.match.names
        draw.backdrop(surface)
        waiting = sorted(self.match.to_act)
        draw.status(surface, v["round"], f"{names[waiting[0]]} to play" if waiting else "")
        # the opponent, or the solo rule bot
        if self.solo:
            draw.pile(surface, L.BOT_DECK, art.card_back(60, 84), v.get("bot_deck", 0), "Action deck")
            for k, card in enumerate(v.get("bot_revealed", [])):
                if not fl.masked(("revealed", k)):
                    surface.blit(art.card_face(card, 60, 84), L.card_rect(L.bot_revealed(k), 60, 84))
            draw.pile(surface, L.OPP_HERD, art.card_face(CAMEL), v.get("bot_herd", 0), "Bot's herd")
        else:
            count = v["opponent_hand"] if v["opponent_hand"] is not None else v["hand_counts"][other]
            for j in range(count):
                if not fl.masked(("opp_hand", j)):
                    surface.blit(art.card_back(), L.card_rect(L.opp_hand(j)))
            draw.pile(surface, L.OPP_HERD, art.card_face(CAMEL), 1, "Herd", show_count=False)
        draw.earned_row(surface, v, other, False, fl, names[other])
        # the market, deck and discard pile
        draw.pile(surface, L.DECK, art.card_back(), v["deck"], "Deck")
        discard = v["discard"]
        if discard and not (fl.masked("discard") and len(discard) == 1):
            draw.pile(surface, L.DISCARD, art.card_face(discard[-1]), len(discard), "Discard")
        else:
            draw.pile(surface, L.DISCARD, art.card_back(), 0, "Discard")
        for i, card in enumerate(v["market"]):
            if not fl.masked(("market", i)):
                draw.card(
                    surface,
                    art.card_face(card),
                    L.market(i),
                    i in self.market_sel,
                    focused == ("market", i),
                    i in hint_market,
                )
        # my side
        herd = v.get("herd") or 0
        if herd and not fl.masked("herd"):
            draw.card(
                surface, art.card_face(CAMEL), L.HERD, self.herd_sel > 0, focused == ("herd", 0), hint_herd
            )
            text.blit(
                surface, f"Herd · {herd}", (L.HERD[0], L.HERD[1] + 73), 16, theme.MUTED, anchor="center"
            )
        else:
            draw.pile(surface, L.HERD, art.card_face(CAMEL), 0, f"Herd · {herd}")
        if herd and self.herd_sel:
            text.blit(
                surface,
                f"{self.herd_sel} to give",
                (L.HERD[0], L.HERD[1] - 86),
                16,
                theme.ACCENT,
                "bold",
                "center",
            )
        for j, card in enumerate(v["hand"]):
            if not fl.masked(("hand", j)):
                draw.card(
                    surface,
                    art.card_face(card),
                    L.hand(j),
                    j in self.hand_sel,
                    focused == ("hand", j),
                    j in hint_hand,
                )
        draw.earned_row(surface, v, me, True, fl, names[me] if self.viewer is not None else names[0])
        draw.token_panel(surface, v)
        draw.log_lines(surface, self.log)
        self.draw_action_bar(surface, focused)
        fl.draw(surface)

    def draw_action_bar(self, surface: pygame.Surface, focused) -> None:
        bar = L.ACTION_BAR
        panel(surface, bar, theme.BG_DEEP)
        seat = self.acting_human
        waiting = sorted(self.match.to_act)
        if seat is None:
            who = self.match.names[waiting[0]] if waiting else ""
            line = f"{who} is thinking…" if waiting else "Round over"
            text.blit(surface, line, (bar.x + 20, bar.centery), 22, theme.MUTED, "bold", "midleft")
        elif self.hint and not (self.market_sel or self.hand_sel or self.herd_sel):
            text.blit(
                surface,
                f"Hint: {describe_command(self.hint)}",
                (bar.x + 20, bar.y + 30),
                22,
                theme.GOOD,
                "bold",
                "midleft",
            )
            text.blit(
                surface,
                "Select those cards, or play anything you like.",
                (bar.x + 20, bar.y + 62),
                16,
                theme.MUTED,
                anchor="midleft",
            )
        elif self.command:
            text.blit(surface, self.label, (bar.x + 20, bar.y + 30), 24, theme.ACCENT, "black", "midleft")
            text.blit(
                surface,
                "Enter or the button plays it; Esc clears.",
                (bar.x + 20, bar.y + 62),
                16,
                theme.MUTED,
                anchor="midleft",
            )
        else:
            title = self.label or "Your turn"
            text.blit(surface, title, (bar.x + 20, bar.y + 30), 22, theme.TEXT, "bold", "midleft")
            colour = theme.DANGER if self.market_sel or self.hand_sel or self.herd_sel else theme.MUTED
            text.blit(surface, self.reason, (bar.x + 20, bar.y + 62), 17, colour, anchor="midleft")
        for k, button in enumerate(self.buttons.widgets):
            button.focused = focused == ("button", k)
        self.buttons.draw(surface)


def describe_command(command: dict[str, Any]) -> str:
    move = command.get("move")
    if move == "take":
        return f"take {command['good']}"
    if move == "camels":
        return "take the camels"
    if move == "sell":
        return f"sell {command['count']} {command['good']}"
    if move == "exchange":
        return f"exchange {len(command['give'])} for {', '.join(command['take'])}"
    return str(command)
