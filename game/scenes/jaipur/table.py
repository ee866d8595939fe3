"""The Jaipur table: pass-and-play, against a bot, or solo against the variant's rule bot.

Click (or focus with Tab/arrows and press Space) cards in the market, your hand and your
herd; the action bar names the one move that selection means, or says why it is not one.
Enter or the button confirms; Esc or right-click clears.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

from game.core.face import Command, Event, View
from game.core.i18n import N_, msg, msg_n
from game.core.timers import ticks
from game.rules.jaipur.face.cards import CAMEL
from game.rules.jaipur.face.log import describe
from game.rules.jaipur.face.words import name, person
from game.scenes.jaipur import draw, sheets
from game.scenes.jaipur import layout as L
from game.scenes.jaipur.motion import Motion
from game.scenes.jaipur.render import Render
from game.scenes.jaipur.selection import classify
from game.scenes.table import Table
from game.scenes.table.base import Gesture
from game.ui.action_bar import ActionBar
from game.ui.corner import corner_buttons
from game.ui.flights import Flights
from game.ui.log_panel import LogPanel
from game.ui.targets import Target
from game.ui.widgets import Button, Group

if TYPE_CHECKING:
    from game.core.window import Window
    from game.scenes.host import Host

HINT_TIP = N_("What the hard bot would play (H)")


class JaipurTable(Table):
    name = "jaipur"
    # network play's badge: at the felt's top, between the opponent's hand and their herd
    connection_room = (612, 18, 214, 92)
    connection_anchor = "topright"

    def __init__(self, app: Host, match: Window, match_id: int | None = None) -> None:
        super().__init__(app, match, match_id)
        self.solo = self.window.options.get("variant") == "solo"
        self.flights = Flights()
        self.background = draw.Background()
        self.frozen: View | None = None  # the table as a round ended, under its sheet
        self.v: View = self.view()
        self.market_sel: set[int] = set()
        self.hand_sel: set[int] = set()
        self.herd_sel = 0
        # Instant animations: the rule bot's turn still waits the bot pause, on this view
        # (ticks left, the view to show then)
        self.revealing: tuple[int, View] | None = None
        self.deal_after_sheet: list[Event] = []
        self.last_move: list[
            str
        ] = []  # messages (game.core.i18n)  # the latest moves in words, for the bar and the hand-off
        bar = L.ACTION_BAR
        self.confirm = Button(  # as high as the corner's Hint and Menu, in line with them
            (bar.right - 254, bar.y + 16, 236, 64), N_("Confirm"), self.play, primary=True, tid="confirm"
        )
        self.clear = Button(
            (bar.right - 376, bar.y + 16, 110, 64), N_("Clear"), self.clear_selection, tid="clear"
        )
        self.hint_button, self.menu_button = corner_buttons(self.hint_clicked, self.pause)
        self.action_bar = ActionBar(bar)
        self.log_panel = LogPanel(946, L.LOG_Y, 306, rows=4, step=21)
        self.buttons = Group([self.clear, self.confirm, self.hint_button, self.menu_button])
        self.button_ids = {b.tid: b for b in self.buttons.widgets}
        self.command: Command | None = None
        self.label, self.reason = "", ""
        self.render = Render(self)  # draws the table and says what its bar says (desk.Desk)
        self.refresh()
        if not self.window.played:  # a fresh match: deal it in front of the players
            self.motion(self.v, self.v).batch([{"type": "deal"}])

    def motion(self, before: View, after: View, delay: int = 0) -> Motion:
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
        self.confirm.label = self.label if self.command else N_("Confirm")  # sized as drawn
        self.clear.enabled = bool(self.market_sel or self.hand_sel or self.herd_sel)
        self.hint_button.visible = self.app.settings.show_hints
        self.hint_button.enabled = acting and not self.hint_pending
        if acting and self.hint:  # a hint on show: one click selects its cards
            self.hint_button.label, self.hint_button.hint = N_("Use hint"), N_("Select the hint's cards (H)")
        elif self.hint_pending:
            self.hint_button.label, self.hint_button.hint = N_("Thinking…"), N_("A hint is on its way")
        else:
            self.hint_button.label, self.hint_button.hint = N_("Hint"), HINT_TIP

    def bottom_seat(self) -> int:
        return self.viewer if self.viewer is not None else 0

    # -- flow -----------------------------------------------------------------------------
    def busy(self) -> bool:
        """Cards or tokens in the air, or the rule bot's turn still to show."""
        return self.flights.busy or self.revealing is not None

    def update(self, n: int) -> None:
        self.flights.advance(n)
        if self.revealing is not None:
            left, later = self.revealing
            self.revealing = (left - n, later) if left > n else None
            if self.revealing is None:
                self.show(later)
        super().update(n)
        if self.hover not in self.button_ids and (self.acting_human is None or not self.idle()):
            self.hover = None  # nothing to click now: no card looks clickable

    def after_sheet(self) -> None:
        self.frozen = None
        self.refresh()
        if self.deal_after_sheet:  # the next round (and, solo, the rule bot's first turn)
            self.last_move = self.in_words(self.deal_after_sheet)
            self.motion(self.v, self.v).batch(self.deal_after_sheet)
            self.hold_bot_turn(self.deal_after_sheet)
            self.deal_after_sheet = []

    def in_words(self, events: list[Event]) -> list[str]:
        """Moves in words, for the bar while they animate and for the hand-off note: the log's
        lines without the deal, and a mover named on the line before is not named again ("Rule
        bot reveals spice; discards 2 spice")."""
        names = self.window.names
        lines: list[str] = []
        before = None
        for event in events:
            seat = event.get("seat", 1)  # the solo rule bot's events name no seat: it is seat 1
            line = describe(event, names, again=seat == before)
            if not line or event["type"] == "deal":
                continue
            lines.append(line)
            before = seat
        return lines

    def on_events(self, events: list[Event]) -> None:
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
            start = self.window.count - len(events)
            played = self.window.view_at(start + end)
            self.frozen = self.window.view_at(start + end + 1)
            ended = events[end]
            self.queue_sheet(
                lambda close: sheets.RoundSheet(self.app, ended, self.window.names, self.solo, close)
            )
            self.deal_after_sheet = events[end + 1 :]
            moves = self.motion(before, played)
            moves.batch(events[:end])
            self.motion(played, self.frozen, moves.delay).batch([events[end]])
            self.v = self.frozen
        self.hold_bot_turn(events[: ends[0]] if ends else events)
        self.reselect()

    def hold_bot_turn(self, events: list[Event]) -> None:
        """With Instant animations nothing flies, but the solo rule bot still takes the bot
        pause: the person's move shows at once, the rule bot's part of these (the latest)
        events only when the pause is over."""
        reveal = next((k for k, e in enumerate(events) if e["type"] == "bot_reveal"), None)
        pause = ticks(self.app.settings.bot_pause_ms / 1000)
        if reveal is None or pause <= 0 or self.speed(Motion.step) > 0:
            return
        start = self.window.count - len(events)
        self.revealing = (pause, self.v)
        self.v = self.window.view_at(start + reveal)

    def show(self, v: View) -> None:
        self.v = v
        self.reselect()

    def hurry(self) -> None:
        """A player in a hurry: land everything and show the rule bot's turn now."""
        self.flights.finish()
        if self.revealing is not None:
            later, self.revealing = self.revealing[1], None
            self.show(later)

    def hand_off(self, seat: int) -> None:
        super().hand_off(seat)
        self.refresh()  # the spectator's view from now on: no hand, even under the cover

    def on_viewer_changed(self) -> None:
        self.refresh()

    def on_hint(self) -> None:
        self.reselect()

    def hint_clicked(self) -> None:
        """The Hint button (and H): ask for a hint; once one shows, select its cards, so
        Confirm plays it."""
        if self.hint and self.acting_human is not None:
            self.use_hint()
        else:
            self.request_hint()

    def use_hint(self) -> None:
        market, hand, _ = self.hinted()
        give = self.hint.get("give", []) if self.hint else []
        self.market_sel, self.hand_sel = set(market), set(hand)
        self.herd_sel = min(give.count(CAMEL), self.v.get("herd") or 0)
        self.hint = None
        self.app.sounds.play("click")
        self.reselect()

    def show_result(self) -> None:
        from game.scenes.jaipur.sheets import JaipurResult

        self.app.push(JaipurResult(self.app, self.window))

    def play(self) -> None:
        seat = self.acting_human
        if seat is None or self.command is None or not self.idle():
            return
        refused = self.submit(seat, self.command)
        if refused is not None:
            self.app.toast(refused.reason)

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
            return msg("Round {round} · {move}.", round=self.v["round"], move=self.last_move[0])
        return msg("Round {round}: your turn.", round=self.v["round"])

    def enter(self) -> None:
        self.refresh()

    # -- the picture and the overlay the base draws: Render's, with the bar stopping at Clear
    def draw(self, surface: pygame.Surface) -> None:
        self.render.draw(surface)

    def bar(self) -> tuple[str, str, str]:
        return self.render.bar()

    def bar_note(self) -> str:
        return self.render.bar_note()

    def bar_right(self) -> int | None:
        """Where the bar's words must stop: at the Clear button when it shows."""
        return self.clear.rect.x if self.clear.visible else None

    # -- the target map -------------------------------------------------------------------
    def can_pick(self) -> bool:
        """Whether the person at the screen may select cards now."""
        return self.acting_human is not None and self.frozen is None

    def why_not(self) -> str:
        """Why the cards cannot be selected now, in a few words."""
        if self.frozen is not None:
            return N_("The round is over")
        waiting = sorted(self.window.to_act)
        if not waiting:
            return N_("The match is over")
        if self.viewer is None:
            return N_("Waiting for the next player to take the screen")
        return msg("{name} is playing", name=person(self.window.names[waiting[0]]))

    def hinted(self) -> tuple[set[int], set[int], bool]:
        """Market slots, hand slots and herd the hint would use."""
        h, v = self.hint, self.v
        if not h:
            return set(), set(), False
        market: set[int] = set()
        hand: set[int] = set()

        def mark(cards: list[str], pool: list[str], into: set[int]) -> None:
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

    def lifted(self) -> set[str]:
        """The cards shown raised: those selected, every market camel once one is (the move
        takes them all), and the herd while camels are counted out of it."""
        out = {f"market.{i}" for i in self.market_sel} | {f"hand.{j}" for j in self.hand_sel}
        if self.command == {"move": "camels"}:
            out |= {f"market.{i}" for i, c in enumerate(self.v["market"]) if c == CAMEL}
        if self.herd_sel:
            out.add("herd")
        return out

    def targets(self) -> list[Target]:
        """Everything clickable, in reading order: the market, the herd and the hand, then the
        buttons. A card's rectangle is where it is drawn (raised when selected)."""
        v = self.v
        lifted = self.lifted()
        enabled = self.can_pick()
        tip = "" if enabled else self.why_not()
        out: list[Target] = []

        def card(tid: str, label: str, kind: str, centre: tuple[int, int]) -> None:
            up = tid in lifted
            rect = L.card_rect(centre, lift=L.LIFT if up else 0)
            if up and tid != "herd":
                label = msg("{card} (selected)", card=label)
            out.append(
                Target(
                    tid, label, kind, rect, enabled=enabled, tip=tip, row="hand" if kind == "herd" else kind
                )
            )

        for i, c in enumerate(v["market"]):
            card(f"market.{i}", msg("Market {i}: {card}", i=i + 1, card=card_name(c)), "market", L.market(i))
        herd = v.get("herd") or 0
        if herd:
            label = msg_n("Herd ({n} camel)", "Herd ({n} camels)", herd)
            if self.herd_sel:
                label = msg("{herd}, {give} to give", herd=label, give=self.herd_sel)
            card("herd", label, "herd", L.HERD)
        for j, c in enumerate(v["hand"]):
            card(f"hand.{j}", msg("Hand {j}: {card}", j=j + 1, card=card_name(c)), "hand", L.hand(j))
        for button in self.buttons.widgets:
            if not button.visible:
                continue
            t = button.target()
            t.row = "button"
            if not button.enabled:  # an enabled one keeps its tip: its key (H, Esc)
                t.tip = {
                    "confirm": self.reason or (N_("Select cards first") if enabled else tip),
                    "clear": N_("Nothing is selected"),
                    "hint": N_("A hint is on its way") if enabled and self.hint_pending else tip,
                }.get(t.id, tip)
            out.append(t)
        return out + self.log_panel.targets(self.log)

    def choose(self, tid: str, back: bool = False) -> None:
        """What a click, or Space on the focused target, does: a button acts; a card is
        selected or put back; the herd counts one more camel to give (back: one fewer)."""
        button = self.button_ids.get(tid)
        if button is not None:
            button.activate()
            return
        if self.acting_human is not None and self.busy():
            self.hurry()  # a player in a hurry: land everything, then take the click
        if self.acting_human is None or not self.idle():
            return
        kind, _, k = tid.partition(".")
        if kind not in ("market", "hand", "herd"):
            return  # a log line is only read (its tip), never chosen
        if kind == "market":
            self.market_sel ^= {int(k)}
        elif kind == "hand":
            self.hand_sel ^= {int(k)}
        elif kind == "herd":
            herd = self.v.get("herd") or 0
            self.herd_sel = (self.herd_sel + (-1 if back else 1)) % (herd + 1)
        self.hint = None
        self.app.sounds.play("click")
        self.reselect()

    # -- input (the common handling is the base's) ----------------------------------------
    def right_click(self, target: Target | None) -> None:
        """On the herd: one camel fewer to give; elsewhere: clear the selection."""
        if target is not None and target.id == "herd":
            self.choose("herd", back=True)
        else:
            self.clear_selection()

    def play_chosen(self) -> None:
        self.play()

    # -- for game.automation ----------------------------------------------------------------
    def gestures(self, seat: int, command: Command, keyboard: bool = False) -> Iterator[Gesture]:
        """The clicks that play `command`: Esc clears a selection left over (only when there is
        one: Esc on nothing opens the pause menu), then each card the move uses, the herd once
        per camel given, and Confirm. `keyboard`: the same by keys alone, the focus walked to
        each card (Tab, arrows) and Space on it, then Enter. Every slot is found in the view
        as it is when the gesture is made."""
        if not isinstance(command, dict) or self.acting_human != seat:
            return
        if self.market_sel or self.hand_sel or self.herd_sel:
            yield ("key", "escape")
        for kind, card in uses(command):
            tid = self.free_slot(kind, card)
            if tid is None:
                return  # the view lacks the card: not a move here
            if keyboard:
                yield from self.press_by_keys(tid)
            else:
                yield ("click", tid)
        yield ("key", "return") if keyboard else ("click", "confirm")

    def free_slot(self, kind: str, card: str) -> str | None:
        """The id of a card `card` in the market or the hand not selected yet, or the herd."""
        if kind == "herd":
            return "herd" if (self.v.get("herd") or 0) > self.herd_sel else None
        pool, chosen = (
            (self.v["market"], self.market_sel) if kind == "market" else (self.v["hand"], self.hand_sel)
        )
        return next((f"{kind}.{i}" for i, c in enumerate(pool) if c == card and i not in chosen), None)


def card_name(card: str) -> str:
    return msg("diamonds") if card == "diamond" else name(card)


def uses(command: Command) -> list[tuple[str, str]]:
    """The cards a move is selected by: (market|hand|herd, card), in the order clicked."""
    move = command.get("move")
    if move == "take":
        return [("market", command["good"])]
    if move == "camels":
        return [("market", CAMEL)]
    if move == "sell":
        return [("hand", command["good"])] * command["count"]
    if move == "exchange":
        give = command["give"]
        return (
            [("market", c) for c in command["take"]]
            + [("hand", c) for c in give if c != CAMEL]
            + [("herd", CAMEL)] * give.count(CAMEL)
        )
    return []
