"""The Jaipur table: pass-and-play, against a bot, or solo against the variant's rule bot.

Click (or focus with Tab/arrows and press Space) cards in the market, your hand and your
herd; the action bar names the one move that selection means, or says why it is not one.
Enter or the button confirms; Esc or right-click clears.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.timers import ticks
from game.rules.jaipur.cards import CAMEL, HAND_LIMIT, bonus_for
from game.rules.jaipur.log import cards_text
from game.rules.jaipur.selection import classify
from game.scenes.jaipur import art, draw, sheet
from game.scenes.jaipur import layout as L
from game.scenes.jaipur.motion import Motion
from game.scenes.table import Table
from game.ui import focus, text, theme
from game.ui.flights import Flights
from game.ui.widgets import Button, Group

Target = tuple[str, int]
SMALL = (L.SMALL_W, L.SMALL_H)


class JaipurTable(Table):
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
        self.hint_button.enabled = acting and self.hint_job is None

    def bottom_seat(self) -> int:
        return self.viewer if self.viewer is not None else 0

    def view_after(self, count: int) -> dict[str, Any]:
        """The viewer's view after the first `count` events of the log: a past moment, such as
        the table as a round ended, before the next deal. Folded from the log with the rules'
        own evolve and view, so it shows exactly what the viewer could see then."""
        state = self.rules.empty(len(self.match.seats), self.match.options)
        for event in self.match.events[:count]:
            state = self.rules.evolve(state, event)
        return self.rules.view(state, self.viewer)

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
            played = self.view_after(start + end)
            self.frozen = self.view_after(start + end + 1)
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

    def hit(self, pos: tuple[int, int]) -> Target | None:
        lifted = {("market", i) for i in self.market_sel} | {("hand", j) for j in self.hand_sel}
        if self.command == {"move": "camels"}:
            lifted |= {("market", i) for i, c in enumerate(self.v["market"]) if c == CAMEL}
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

    # -- drawing --------------------------------------------------------------------------
    def hinted(self) -> tuple[set[int], set[int], bool]:
        """Market slots, hand slots and herd the hint would use."""
        h, v = self.hint, self.v
        if not h:
            return set(), set(), False
        market: set[int] = set()
        hand: set[int] = set()

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
        focused = self.focus if self.focus in self.targets() else None
        hint_market, hint_hand, hint_herd = self.hinted()
        me, other = self.bottom_seat(), 1 - self.bottom_seat()
        names = self.match.names
        waiting = sorted(self.match.to_act) if self.frozen is None else []
        self.background.draw(surface, v)
        if self.frozen is not None:
            line = "Round over"
        elif waiting:
            line = "Your turn" if self.acting_human is not None and len(self.humans) == 1 else ""
            line = line or f"{names[waiting[0]]} to play"
        else:
            line = ""
        draw.status(surface, v["round"], line)
        self.draw_far_side(surface, other)
        draw.player_strip(surface, v, other, False, fl.masked, names[other], other in waiting)
        # the market, deck and discard pile
        draw.pile(surface, L.DECK, art.card_back(), v["deck"], f"Deck · {v['deck']}")
        discard = v["discard"]
        shown = discard[:-1] if fl.masked("discard") else discard  # a card still on its way
        top = art.card_face(shown[-1]) if shown else art.card_back()
        draw.pile(surface, L.DISCARD, top, len(shown), f"Discard · {len(discard)}")
        all_camels = self.command == {"move": "camels"}  # one camel clicked takes them all: lift all
        for i, card in enumerate(v["market"]):
            if not fl.masked(("market", i)):
                draw.card(
                    surface,
                    art.card_face(card),
                    L.market(i),
                    i in self.market_sel or (all_camels and card == CAMEL),
                    focused == ("market", i),
                    i in hint_market,
                    hover=self.hover == ("market", i),
                )
        self.draw_my_side(surface, focused, hint_hand, hint_herd)
        draw.player_strip(surface, v, me, True, fl.masked, names[me], me in waiting)
        draw.log_lines(surface, self.log)
        self.draw_action_bar(surface, focused)
        fl.draw(surface)

    def draw_far_side(self, surface: pygame.Surface, other: int) -> None:
        """The opponent's hand (backs, counted) and herd (no number), or the solo bot's area."""
        v, fl = self.v, self.flights
        if self.solo:
            left = v.get("bot_deck", 0)
            draw.pile(surface, L.BOT_DECK, art.card_back(*SMALL), left, f"Action deck · {left}")
            revealed = v.get("bot_revealed", [])
            for k, card in enumerate(revealed):
                if not fl.masked(("revealed", k)):
                    surface.blit(art.card_face(card, *SMALL), L.card_rect(L.bot_revealed(k), *SMALL))
            if revealed:
                at = (L.bot_revealed(0)[0] - L.SMALL_W // 2, L.OPP_Y + L.SMALL_H // 2 + L.LABEL_GAP)
                text.blit(surface, "Revealed this cycle", at, 16, draw.FELT_INK, anchor="midleft")
            herd = v.get("bot_herd", 0)
            shown = herd - sum(1 for f in fl.items if f.mask == "opp_herd")
            draw.pile(surface, L.OPP_HERD, art.card_face(CAMEL, *SMALL), shown, f"Herd · {herd}")
            return
        count = v["hand_counts"][other]
        for j in range(count):
            if not fl.masked(("opp_hand", j)):
                surface.blit(art.card_back(*SMALL), L.card_rect(L.opp_hand(j), *SMALL))
        if count:
            right = L.opp_hand(count - 1)[0] + L.SMALL_W // 2
            noun = "card" if count == 1 else "cards"
            text.blit(surface, f"{count} {noun}", (right + 14, L.OPP_Y), 16, draw.FELT_INK, anchor="midleft")
        else:
            text.blit(surface, "No cards", (L.LEFT - 30, L.OPP_Y), 16, draw.FELT_INK, anchor="midleft")
        # the herd lies open on the table, but its size may not be asked: no number
        draw.pile(surface, L.OPP_HERD, art.card_face(CAMEL, *SMALL), 1, "Herd")

    def draw_my_side(self, surface: pygame.Surface, focused, hint_hand: set[int], hint_herd: bool) -> None:
        v, fl = self.v, self.flights
        herd = v.get("herd") or 0
        landing = sum(1 for f in fl.items if f.mask == "herd")
        if herd - landing > 0:
            for k in range(min(3, herd - landing - 1), 0, -1):
                surface.blit(art.card_face(CAMEL), L.card_rect(L.HERD).move(-2 * k, -2 * k))
            draw.card(
                surface,
                art.card_face(CAMEL),
                L.HERD,
                self.herd_sel > 0,
                focused == ("herd", 0),
                hint_herd,
                hover=self.hover == ("herd", 0),
            )
            draw.caption(surface, L.HERD, L.CARD_H, f"Herd · {herd}")
        else:
            draw.pile(surface, L.HERD, art.card_face(CAMEL), 0, f"Herd · {herd}")
        if herd and self.herd_sel:
            text.blit(
                surface,
                f"{self.herd_sel} to give",
                (L.HERD[0], L.HERD[1] - L.CARD_H // 2 - 28),
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
                    hover=self.hover == ("hand", j),
                )

    def bar(self) -> tuple[str, str, str]:
        """The action bar's two lines and what they say: over, moving, waiting, hint, move,
        refused or idle (which sets their colours)."""
        seat = self.acting_human
        waiting = sorted(self.match.to_act)
        if self.frozen is not None or (seat is None and not waiting):
            return "Round over", "", "over"
        if self.flights.busy and self.last_move:  # the moves being animated, in words
            first, *rest = self.last_move
            while len(rest) > 1 and not self.fits("; ".join(rest)):
                rest.pop()  # the last words go first; the log keeps them all
            return first, "; ".join(rest), "moving"
        if seat is None:
            return f"{self.match.names[waiting[0]]} is playing…", "", "waiting"
        if self.market_sel or self.hand_sel or self.herd_sel:
            if self.command:
                return self.label, consequence(self.v, self.command) + "  Enter plays it.", "move"
            return self.label or "Not a move", self.reason, "refused"
        if self.hint:
            what = "The cards it uses are ringed in green. Select them, or play anything you like."
            return f"Hint: {describe_command(self.hint)}", what, "hint"
        return (
            "Your turn",
            "Click cards in the market, your hand or your herd (or Tab, Space).",
            "idle",
        )

    def fits(self, line: str) -> bool:
        return text.fit(line, self.bar_width(), 16, smallest=14)[0] == line

    def bar_width(self) -> int:
        """Room for the bar's text, left of the Clear button when it shows."""
        right = self.clear.rect.x if self.clear.visible else L.ACTION_BAR.right
        return right - L.ACTION_BAR.x - 36

    def draw_action_bar(self, surface: pygame.Surface, focused) -> None:
        bar = L.ACTION_BAR
        x = bar.x + 20
        title, sub, mood = self.bar()
        styles = {  # title size, face, colour; then the second line's colour and face
            "over": (22, "bold", theme.MUTED, theme.MUTED, "regular"),
            "moving": (22, "bold", theme.TEXT, theme.MUTED, "regular"),
            "waiting": (22, "bold", theme.MUTED, theme.MUTED, "regular"),
            "move": (24, "black", theme.ACCENT, theme.TEXT, "regular"),
            "refused": (22, "bold", theme.TEXT, theme.DANGER, "bold"),
            "hint": (22, "bold", theme.GOOD, theme.MUTED, "regular"),
            "idle": (22, "bold", theme.TEXT, theme.MUTED, "regular"),
        }
        size, face, colour, sub_colour, sub_face = styles[mood]
        width = self.bar_width()
        title, size = text.fit(title, width, size, face, smallest=17)
        y = bar.y + 32 if sub else bar.centery
        text.blit(surface, title, (x, y), size, colour, face, "midleft")
        if sub:
            sub, sub_size = text.fit(sub, width, 16, sub_face, smallest=14)
            text.blit(surface, sub, (x, bar.y + 64), sub_size, sub_colour, sub_face, "midleft")
        for k, button in enumerate(self.buttons.widgets):
            button.focused = focused == ("button", k)
        self.buttons.draw(surface)


def consequence(v: dict[str, Any], command: dict[str, Any]) -> str:
    """What a legal move will do, in a few words, for the action bar."""
    move = command["move"]
    if move == "take":
        return f"Into your hand ({len(v['hand']) + 1} of {HAND_LIMIT}); the market refills."
    if move == "camels":
        n = v["market"].count(CAMEL)
        return f"Your herd grows to {(v.get('herd') or 0) + n}; the market refills."
    if move == "sell":
        values = v["tokens"][command["good"]][: command["count"]]
        if not values:
            earned = "No tokens left in that pile"
        elif len(values) == 1:
            earned = f"Earns {values[0]}"
        else:
            earned = f"Earns {' + '.join(map(str, values))} = {sum(values)}"
        size = bonus_for(command["count"])
        bonus = size is not None and v["bonus"][str(size)] > 0
        return earned + (" and a bonus token." if bonus else ".")
    if move == "exchange":
        return f"You give {cards_text(command['give'])}; nothing is drawn."
    return ""


def describe_command(command: dict[str, Any]) -> str:
    move = command.get("move")
    if move == "take":
        return f"take {command['good']}"
    if move == "camels":
        return "take the camels"
    if move == "sell":
        return f"sell {command['count']} {command['good']}"
    if move == "exchange":
        return f"take {cards_text(command['take'])} for {cards_text(command['give'])}"
    return str(command)
