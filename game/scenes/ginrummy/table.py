"""The Gin Rummy table: pass-and-play, or one person against a bot.

Mouse: click or drag the stock or the discard pile to draw; click a card to choose it, click it
again (or drag it onto the pile) to discard it; drag cards within the hand to reorder them.
Keyboard: Tab and the arrows move the focus, Space or Enter acts on it, Shift+arrows move the
focused card, K knocks, R re-sorts, V shows the discard pile's history, H asks for a hint.

The table holds what is on screen (the view, the selection, where cards are drawn, what is in
flight) and the waits; three collaborators it owns do the rest: `Actions` (the commands behind
buttons, clicks and keys), `Controls` (the target map, the drag of cards and Gin's own keys;
the rest of the input is the table base's) and `Render`.
They type against `desk.Desk`, the part of this table they use.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, msg
from game.rules.ginrummy.face.phases import DISCARD, DRAW, FIRST_UPCARD, HAND_OVER, LAYOFF, MATCH_OVER
from game.scenes.ginrummy import gestures, prompts, reveal
from game.scenes.ginrummy import layout as L
from game.scenes.ginrummy.actions import Actions
from game.scenes.ginrummy.arrange import Group, HandOrder
from game.scenes.ginrummy.controls import Controls
from game.scenes.ginrummy.motion import Motion
from game.scenes.ginrummy.render import Render
from game.scenes.table import Table
from game.scenes.table.base import Gesture
from game.ui.action_bar import ActionBar
from game.ui.corner import corner_buttons
from game.ui.drag import DragDrop
from game.ui.fan import Glide
from game.ui.flights import Flights
from game.ui.log_panel import LogPanel
from game.ui.targets import Target
from game.ui.widgets import Button, CardButton, Widget
from game.ui.widgets import Group as Widgets

if TYPE_CHECKING:
    from game.core.face import Command, Event, View
    from game.core.timers import _Timer
    from game.core.window import Window
    from game.scenes.ginrummy.motion import Slot
    from game.scenes.host import Host

HIDDEN_PHASES = (FIRST_UPCARD, DRAW, DISCARD)  # a hand-off is needed only while hands are secret
NOTICE_TICKS = 240
BUBBLE_TICKS = 110
STAGE_PAUSE = 30  # ticks the reveal rests, once its cards have landed, before the default layoffs move over
AUTO_CONTINUE = 180  # with nobody at the table, a finished hand stays this long


class GinRummyTable(Table):
    name = "ginrummy"
    # network play's badge: the felt's top right, above the opponent's hand and the reveal
    connection_room = (724, 14, 206, 48)
    connection_anchor = "topright"
    app: Host  # as Scene has it (the base's overlay mixin declares it loosely)

    def __init__(self, app: Host, match: Window, match_id: int | None = None) -> None:
        super().__init__(app, match, match_id)
        # what is on screen
        self.v: View = {}  # the view of whoever sits at the screen (see Table.view)
        self.flights = Flights()  # cards in the air
        self.glide = Glide()  # where each face-up card is drawn, easing toward its place
        self.drag = DragDrop()  # payload: the id of the target pressed ("hand.7H", "stock")
        sort = app.settings.hand_sort  # the last sort chosen, at any table
        self.orders: dict[int, HandOrder] = {0: HandOrder(sort), 1: HandOrder(sort)}  # each seat's own order
        self.spread: reveal.Spread | None = None  # the layout of the reveal after a knock
        self.defence = reveal.Defence()  # the defender's chosen cards while laying off
        self.selected: str | None = None  # the card of my hand chosen to discard or knock with
        self.fresh: str | None = None  # the card I just drew, marked until I discard (from the log)
        self.least = prompts.Least()  # the least deadwood I can reach: once per view, not per frame
        self.refusals: dict[tuple[object, ...], str | None] = {}  # the rules' reasons asked while drawing
        self.history_open = False  # the discard pile's history, shown with V
        # what is said, and the waits (all on self.timers)
        self.notice: str | None = None  # a refusal or a remark in the action bar
        self.bubbles: dict[int, str] = {}  # seat -> what that player just said ("Pass")
        self.staged = False  # after a knock: the reveal rests before the default layoffs move over
        self.acknowledged = -1  # the number of scored hands whose result the table has shown
        self.waits: dict[str, _Timer] = {}  # name -> the pending timer of that wait
        # the collaborators
        self.actions = Actions(self)
        self.controls = Controls(self, self.actions)
        self.render = Render(self)
        a = self.actions

        def button(label: str, action: Callable[[], None], tid: str, primary: bool = False) -> CardButton:
            return CardButton((0, 0, 180, 60), label, action, primary, 20, tid=tid)

        self.take_button = button(N_("Take"), a.take_upcard, "take", True)
        self.pass_button = button(N_("Pass"), a.pass_upcard, "pass")
        self.discard_button = button(N_("Discard"), a.discard_selected, "discard-selected")
        self.knock_button = button(N_("Knock"), a.knock, "knock", True)
        self.best_button = button(N_("Least deadwood"), a.best_defence, "least-deadwood")
        self.meld_button = button(N_("Make meld"), a.make_meld, "make-meld")
        self.done_button = button(N_("Done"), a.done, "done", True)
        self.continue_button = button(N_("Score sheet"), a.open_sheet, "score-sheet", True)
        self.action_buttons: list[CardButton] = [
            self.take_button,
            self.pass_button,
            self.discard_button,
            self.knock_button,
            self.best_button,
            self.meld_button,
            self.done_button,
            self.continue_button,
        ]
        self.sort_button = Button((792, 578, 136, 30), N_("Sort by rank"), a.toggle_sort, size=15, tid="sort")
        self.hint_button, self.menu_button = corner_buttons(self.hint_clicked, self.pause)
        self.hint_tip = self.hint_button.hint  # what the Hint button says while usable
        self.action_bar = ActionBar(L.BAR)
        self.log_panel = LogPanel(L.PANEL.x + 18, L.LOG_Y, L.PANEL.w - 36, rows=5, step=24)
        self.buttons = Widgets([*self.action_buttons, self.sort_button, self.hint_button, self.menu_button])

        self.refresh()
        if not self.window.played:  # a fresh match: deal it in front of the players
            self.motion(self.v, self.v).batch(self.window.events(-1))

    # -- what is shown --------------------------------------------------------------------
    def four(self) -> bool:
        return self.app.settings.four_colour_deck

    def bottom_seat(self) -> int:
        if self.viewer is not None:
            return self.viewer
        waiting = [s for s in sorted(self.window.to_act) if s in self.humans]
        if waiting:
            return waiting[0]
        return self.humans[0] if self.humans else 0

    @property
    def acting_human(self) -> int | None:
        if self.v["phase"] in (LAYOFF, HAND_OVER):  # public: whoever is at the screen acts for the seat
            people = [s for s in sorted(self.window.to_act) if s in self.humans]
            return people[0] if people else None
        return super().acting_human

    def needs_handoff(self, seat: int) -> bool:
        return super().needs_handoff(seat) and self.v["phase"] in HIDDEN_PHASES

    def refresh(self) -> None:
        """The view, layouts and buttons afresh, and every card aimed at its place: a table
        opened by Continue draws its first frame before any tick, and a still table is not
        drawn again until something changes (its hand once stayed heaped in the corner)."""
        self.v = self.view()
        self.fresh = prompts.fresh_card(self.window.events(), self.viewer, self.v.get("hand") or [])
        self.rebuild()
        self.aim()

    def rebuild(self) -> None:
        """Layouts and buttons after the view, the viewer or a selection changed."""
        v = self.v
        self.least = prompts.least_deadwood(v)
        if v.get("reveal"):
            self.spread = reveal.Spread(v["reveal"], self.bottom_seat(), staged=self.staged)
        else:
            self.spread = None
        if self.selected not in (v.get("hand") or []):
            self.selected = None
        self.defence.selected = [c for c in self.defence.selected if c in self.free_cards()]
        self.actions.setup_buttons()

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
        elif self.pointer is not None and self.over_hand(self.pointer):
            preview = HandOrder()  # the order a drop here would make
            self.actions.reorder(moving, self.pointer[0], preview)
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
    def over_hand(pos: tuple[int, int] | None) -> bool:
        """Where cards dropped go into my hand (nowhere: the pointer has left the window)."""
        return pos is not None and pos[1] > L.HAND_Y - 100

    @staticmethod
    def over_pile(pos: tuple[int, int] | None) -> bool:
        """Where a card of my hand may be dropped to discard it (a little beyond the pile)."""
        return pos is not None and L.card_rect(L.DISCARD).inflate(40, 40).collidepoint(pos)

    def dragged_hand_cards(self) -> list[str]:
        payload = self.drag.payload()
        if not payload or not payload.startswith("hand."):
            return []
        return self.meld_of(payload[5:])

    def meld_of(self, code: str) -> list[str]:
        """The cards that move with `code`: its whole meld, or the card alone if deadwood."""
        for g in self.groups():
            if code in g.cards and g.kind != "deadwood":
                return list(g.cards)
        return [code]

    def fan(self, view: View, seat: int) -> list[tuple[Slot, L.Point]]:
        """A face-down hand: backs ("back", seat, j), then the cards everyone saw it take."""
        count = view["hand_counts"][seat]
        known = view["known"][seat][:count]
        bottom = seat == self.bottom_seat()
        y = L.OPP_SPREAD_Y if bottom else L.OPP_Y
        centres = L.opp_centres(count, y)
        keys: list[Slot] = [("back", seat, j) for j in range(count - len(known))] + known
        return list(zip(keys, centres, strict=True))

    def hand_slot(self, code: str) -> tuple[float, float]:
        return self.hand_layout()[1].get(code, (L.MID_X, L.HAND_Y))

    def seen(self, code: str) -> tuple[float, float] | None:
        return self.glide.pos.get(code)

    def spread_pos(self, code: str) -> tuple[float, float]:
        assert self.spread is not None
        return self.spread.pos.get(code, (L.MID_X, L.SPREAD_TOP_Y))

    def lift(self, code: str) -> int:
        if code == self.selected:
            return L.LIFT_SELECTED
        if self.hover == f"hand.{code}" and not self.drag.dragging:
            return L.LIFT_HOVER
        return 0

    def card_rect(self, code: str) -> pygame.Rect:
        """Where a card of my hand is drawn now (gliding, lifted when pointed at or chosen)."""
        return L.card_rect(self.glide.at(code), lift=self.lift(code))

    def free_cards(self) -> list[str]:
        r = self.v.get("reveal")
        return reveal.Defence.free(r) if r and self.v["phase"] == LAYOFF else []

    def knock_card(self) -> str | None:
        """The card a knock would throw: the one chosen, else the one leaving the least deadwood."""
        return self.selected or prompts.least_named(self)

    def gin_forced(self) -> bool:
        """Knocking now would be gin, which the rules force."""
        gin = self.knock_button
        return gin.visible and gin.enabled and gin.label == "Gin!"

    def cannot(self, command: Command) -> str | None:
        """Why the person at the screen may not play `command` now (None: they may). Asked
        every frame while a card is dragged over the pile or a layoff is chosen: the rules'
        answer (a discard's needs the deadwood solver) is kept until the match moves on."""
        seat = self.acting_human if self.acting_human is not None else self.viewer
        if seat is None:  # nobody's at the screen (K during a pass-and-play deal): no seat to ask for
            return msg("Not your move")
        key = (self.window.count, seat, tuple(sorted(command.items())))
        if key not in self.refusals:
            if len(self.refusals) > 64:
                self.refusals.clear()
            refused = self.window.check(seat, command)
            self.refusals[key] = refused.reason if refused is not None else None
        return self.refusals[key]

    def motion(self, before: View, after: View) -> Motion:
        return Motion(self.flights, before, after, self, self.speed, self.app.sounds.play)

    # -- the target map -------------------------------------------------------------------
    def targets(self) -> list[Target]:
        return self.controls.targets()

    def button(self, tid: str) -> Button | None:
        return next((b for b in self.buttons.widgets if isinstance(b, Button) and b.tid == tid), None)

    def gestures(self, seat: int, command: Command) -> Iterator[Gesture]:
        return gestures.gestures(self, seat, command)

    # -- input and drawing: the drag and Gin's keys are the Controls', the rest the base's ---
    def handle(self, event: pygame.event.Event) -> bool:
        # network play's badge first: the drag takes every press on the felt
        return self.connection_event(event) or self.controls.handle(event) or super().handle(event)

    def game_key(self, event: pygame.event.Event) -> bool:
        return self.controls.key(event)

    def choose(self, tid: str, back: bool = False) -> None:
        self.controls.activate(tid)

    def hoverable(self, target: Target) -> bool:
        return True  # a card lifts, a pile shows its history, a grey button says why it is grey

    def enter_chooses(self, target: Target) -> bool:
        return True  # Enter presses a focused card or pile as Space does

    def play_chosen(self) -> None:
        self.controls.default_action()

    def draw(self, surface: pygame.Surface) -> None:
        self.render.draw(surface)

    # the overlay the base draws: Render's bar, every button but Sort (drawn by the hand)
    def bar(self) -> tuple[str, str, str]:
        return self.render.bar()

    def bar_right(self) -> int | None:
        shown = [b.rect.x for b in self.action_buttons if b.visible]
        return min(shown) if shown else None

    def overlay_buttons(self) -> list[Widget]:
        return [b for b in self.buttons.widgets if b is not self.sort_button]

    def draw_flying(self, surface: pygame.Surface) -> None:
        """Nothing: cards fly under the score panel and the bar (Render draws them)."""

    def tip_cards(self) -> bool:
        return self.four()  # a cut log line's card codes drawn as the line was

    # -- flow -----------------------------------------------------------------------------
    def busy(self) -> bool:
        return self.flights.busy or self.staged

    def steady(self) -> bool:
        """A finished hand holds the table until its score sheet has been opened."""
        if self.v["phase"] in (HAND_OVER, MATCH_OVER):
            return self.acknowledged >= len(self.v["history"])
        return True

    def awaiting(self) -> tuple[int | None, str] | None:
        """A finished hand waits for someone at the screen to open the score sheet."""
        waits = (
            not self.busy()
            and bool(self.humans)
            and self.v["phase"] in (HAND_OVER, MATCH_OVER)
            and self.acknowledged < len(self.v["history"])
        )
        return (None, self.continue_button.tid) if waits else None

    def settled(self) -> bool:
        """Also no card gliding to a new place (after a sort or a draw): where a card is drawn
        is where a click finds it."""
        return self.glide.settled and super().settled()

    def moving(self) -> bool:
        return not self.glide.settled or self.gin_forced()

    def update(self, n: int) -> None:
        self.flights.advance(n)
        if self.staged and not self.flights.busy and "stage" not in self.waits:
            self.wait("stage", STAGE_PAUSE, self.show_layoffs)  # counted from when the reveal landed
        self.aim()
        self.glide.advance(n)
        if (
            self.v["phase"] in (HAND_OVER, MATCH_OVER)
            and not self.humans
            and not self.flights.busy
            and self.acknowledged < len(self.v["history"])
            and "auto" not in self.waits
        ):
            self.wait("auto", AUTO_CONTINUE, self.acknowledge)  # nobody to press Continue
        super().update(n)  # advances self.timers

    def wait(self, name: str, delay: int, action: Callable[[], object]) -> None:
        """Run `action` after `delay` ticks, replacing a pending wait of the same name."""
        old = self.waits.pop(name, None)
        if old is not None:
            self.timers.cancel(old)

        def fire() -> None:
            self.waits.pop(name, None)
            action()

        self.waits[name] = self.timers.after(delay, fire)

    def acknowledge(self) -> None:
        self.acknowledged = len(self.v["history"])

    def show_layoffs(self) -> None:
        """The end of the reveal's rest: the default layoffs move onto the knocker's melds."""
        before = self.spread
        self.staged = False
        self.rebuild()
        if before is None or self.spread is None:
            self.aim()
            return
        starts = {
            x["card"]: self.glide.pos.get(x["card"], before.pos[x["card"]])
            for x in self.v["reveal"]["layoffs"]
        }
        self.motion(self.v, self.v).layoffs(self.v["reveal"]["layoffs"], starts)
        self.aim()

    def aim(self) -> None:
        """Tell the glide where every face-up card belongs now; dragged cards follow the pointer.
        Called as soon as places change (not only on the next tick), so a table whose cards are
        all where they belong is settled, and one about to glide is not."""
        targets: dict[Hashable, L.Point] = {}  # the glide's keys: here card codes
        if self.spread is not None:
            targets.update(self.spread.pos.items())
        elif self.v.get("hand"):
            targets.update(self.hand_layout()[1].items())
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

    def on_events(self, events: list[Event]) -> None:
        before = self.v
        kinds = [e["type"] for e in events]
        if "deal" in kinds:
            self.orders[0].new_hand()
            self.orders[1].new_hand()
            self.acknowledged = len(before["history"])
            if len(self.humans) > 1:
                self.viewer = None  # deal face down; the first player to act gets a hand-off
        if "knocked" in kinds:
            self.staged = True
        self.selected = None
        self.defence.clear()
        self.unsay()  # a refusal or tip was about the moment before this move
        for e in events:
            seat = e.get("seat")
            if e["type"] == "upcard_passed":
                self.bubble(seat, N_("Pass"))
            elif e["type"] == "drew" and e["source"] == "discard" and seat != self.viewer:
                self.bubble(seat, msg("Takes {card}", card=e["card"]))
            elif e["type"] == "knocked" and seat != self.viewer:
                self.bubble(seat, N_("Gin!") if e["gin"] else N_("Knock!"))
        self.v = self.view()
        self.fresh = prompts.fresh_card(self.window.events(), self.viewer, self.v.get("hand") or [])
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
        self.aim()  # after the flights took their starts from where cards were drawn

    def bubble(self, seat: int | None, line: str) -> None:
        if seat is None:
            return
        self.bubbles.pop(seat, None)  # the newest is drawn last
        self.bubbles[seat] = line
        self.wait(f"bubble.{seat}", BUBBLE_TICKS, lambda: self.bubbles.pop(seat, None))

    def say(self, line: str) -> None:
        self.notice = line
        self.wait("notice", NOTICE_TICKS, self.unsay)

    def unsay(self) -> None:
        self.notice = None

    def on_viewer_changed(self) -> None:
        self.focus = None
        self.drag.cancel()
        self.refresh()

    def on_hint(self) -> None:
        self.actions.setup_buttons()

    def hint_clicked(self) -> None:
        """The Hint button (and H): ask for a hint; once one shows, Use hint takes it up."""
        if self.hint and self.acting_human is not None:
            self.actions.use_hint()
        else:
            self.request_hint()

    def enter(self) -> None:
        self.drag.cancel()  # a press made before a screen came in front ends with it
        self.refresh()

    def handoff_note(self, seat: int) -> str:
        return prompts.handoff_note(self.v, seat)

    def consume_escape(self) -> bool:
        if self.drag.item:
            self.drag.cancel()
            return True
        if self.selected or self.defence.selected or self.history_open:
            self.selected, self.history_open = None, False
            self.defence.clear()
            self.actions.setup_buttons()
            return True
        return False
