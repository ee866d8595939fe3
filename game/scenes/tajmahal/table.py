"""The Taj Mahal table: 3-5 seats, people and bots, on a map of north-west India.

Play: click hand cards (one coloured, plus a white or special one) and the bar says what
playing them would do, or why they cannot be played; Play (Enter) plays them, Withdraw
leaves the visit with what you lead. After a win the cities you may build on are lit: a
click builds. After withdrawing, click display cards and Take. Keyboard: Tab and the arrows
walk every target, Space chooses, Enter plays or takes, Esc clears, H asks for a hint.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, cast

import pygame

from game.core.face import Command
from game.core.i18n import N_, _, msg, msg_n
from game.rules.tajmahal.face.words import BONUS, GOOD, listing, place
from game.scenes.table import Table
from game.scenes.table.base import Gesture
from game.scenes.tajmahal import art
from game.scenes.tajmahal import layout as L
from game.scenes.tajmahal.map_art import city_id, map_art, province_id
from game.scenes.tajmahal.motion import Motion, hand_ids
from game.scenes.tajmahal.preview import command_words, withdraw_words
from game.scenes.tajmahal.render import Render
from game.scenes.tajmahal.sheets import TajMahalResult, VisitSheet, VisitSummary, visit_summary
from game.scenes.tajmahal.words import card_name, card_tip, with_reason
from game.ui import text
from game.ui.action_bar import ActionBar
from game.ui.corner import corner_buttons
from game.ui.flights import Flights
from game.ui.targets import Target, TargetMap
from game.ui.widgets import Button, Group

if TYPE_CHECKING:
    from game.core.face import Event, View
    from game.core.window import Window
    from game.scenes.host import Host

COUNT_EVERY = 3  # ticks per point while a score counts up
# the Use hint button's tip, by the hint's move: what pressing it (or H) does (use_hint)
USE_HINT = {
    "play": N_("Select the hint's cards, then Play plays them (H)"),
    "pick": N_("Choose the hint's display cards, then Take takes them (H)"),
    "build": N_("Build on the hint's city at once (H)"),
    "withdraw": N_("Withdraw at once, as the hint says (H)"),
}


class TajMahalTable(Table):
    name = "tajmahal"
    # network play's badge: the map's empty bottom right corner, under Malwa and Allahabad
    connection_room = (440, 560, 248, 72)
    connection_anchor = "bottomright"
    flights: Flights  # the overlay (game.scenes.table.overlay) draws them

    def __init__(self, app: Host, match: Window, match_id: int | None = None):
        super().__init__(app, match, match_id)
        self.flights = Flights()
        self._targets: tuple[tuple[object, ...] | None, TargetMap] = (None, TargetMap())
        self.frozen: View | None = None  # the visit as it ended, under its summary
        self.held: list[Event] = []  # what came after that visit's end: shown once the summary closes
        self.v: View = self.view()
        self.selected: list[int] = []  # hand card ids, in the order chosen
        self.picked: list[int] = []  # display card ids, in the order chosen
        self.shown_scores = [float(p["score"]) for p in self.v["players"]]
        self.counting = 0  # ticks towards the next point counted up
        self.last_move: list[str] = []
        self.visit_events: list[Event] = self._current_visit_events()
        self.play_button = Button(L.PLAY_RECT, N_("Play"), self.play, primary=True, tid="play")
        self.take_button = Button(L.PLAY_RECT, N_("Take"), self.take, primary=True, tid="take")
        self.withdraw_button = Button(L.WITHDRAW_RECT, N_("Withdraw"), self.withdraw, tid="withdraw")
        self.hint_button, self.menu_button = corner_buttons(self.hint_clicked, self.pause)
        self.buttons = Group(
            [self.play_button, self.take_button, self.withdraw_button, self.hint_button, self.menu_button]
        )
        self.button_ids = {b.tid: b for b in self.buttons.widgets}
        self.action_bar = ActionBar(L.ACTION_BAR)
        self.render = Render(self)
        self.refresh()

    def _current_visit_events(self) -> list[Event]:
        events = self.window.events()
        last = max((k for k, e in enumerate(events) if e["type"] == "visit_end"), default=-1)
        return list(events[last + 1 :])

    # -- what is shown --------------------------------------------------------------------
    def refresh(self) -> None:
        self.v = self.frozen if self.frozen is not None else self.view()
        self.reselect()

    def hand(self) -> list[int]:
        return hand_ids(self.v)

    def acting_phase(self) -> str:
        """The phase the person at the screen acts in now, or "" when they may not act."""
        if self.acting_human is None or self.sheet_open or self.sheet_waiting is not None:
            return ""
        phase: str = self.v["phase"]
        return phase

    def play_command(self) -> Command:
        return {"move": "play", "cards": list(self.selected)}

    def reselect(self) -> None:
        hand = set(self.hand())
        self.selected = [c for c in self.selected if c in hand]
        display = {c["id"] for c in self.v["display"]}
        self.picked = [c for c in self.picked if c in display]
        phase = self.acting_phase()
        self.play_button.visible = phase != "pick"
        self.take_button.visible = phase == "pick"
        self.withdraw_button.visible = True
        self.play_button.enabled = phase == "play" and bool(self.selected) and self.problem() == ""
        self.withdraw_button.enabled = phase == "play"
        picks = (self.v.get("pending") or {}).get("picks", 0)
        self.take_button.enabled = phase == "pick" and len(self.picked) == picks
        self.take_button.label = msg("Take {n}", n=picks) if picks else N_("Take")
        seat = self.acting_human
        self.withdraw_button.hint = (
            withdraw_words(self.v, seat) if phase == "play" and seat is not None else ""
        )
        self.hint_button.visible = self.app.settings.show_hints
        self.hint_button.enabled = bool(phase) and not self.hint_pending
        if phase and self.hint:  # what Use hint does with this hint
            self.hint_button.label = N_("Use hint")
            self.hint_button.hint = USE_HINT.get(self.hint.get("move", ""), N_("Use hint"))
        elif self.hint_pending:
            self.hint_button.label, self.hint_button.hint = N_("Thinking…"), N_("A hint is on its way")
        else:
            self.hint_button.label, self.hint_button.hint = N_("Hint"), N_("What the hard bot would play (H)")

    def problem(self) -> str:
        """Why the selected cards cannot be played ("" when they can)."""
        seat = self.acting_human
        if seat is None or not self.selected:
            return ""
        rejected = self.window.check(seat, self.play_command())
        return rejected.reason if rejected is not None else ""

    def highlight_seat(self) -> int | None:
        """The player whose largest chain is lit: under the pointer, else under the focus."""
        for tid in (self.hover, self.focus):
            if tid and tid.startswith("player."):
                return int(tid.split(".")[1])
        return None

    # -- drawing (Render's) ----------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.render.draw(surface)

    # the overlay the base draws: Render's bar (its right end and note are the base's)
    def bar(self) -> tuple[str, str, str]:
        return self.render.bar()

    # -- flow -----------------------------------------------------------------------------
    def busy(self) -> bool:
        return self.flights.busy

    def moving(self) -> bool:
        return any(
            abs(s - p["score"]) >= 1 for s, p in zip(self.shown_scores, self.v["players"], strict=True)
        )

    def update(self, n: int) -> None:
        self.flights.advance(n)
        self.count_scores(n)
        super().update(n)
        waiting = self.acting_human is None or not self.idle()
        readable = (self.hover or "").startswith(("player.", "province."))  # lit whoever acts
        if waiting and self.hover not in self.button_ids and not readable:
            self.hover = None

    def count_scores(self, n: int) -> None:
        """Scores count up a point at a time (at once when animations are Instant)."""
        targets = [float(p["score"]) for p in self.v["players"]]
        if self.speed(COUNT_EVERY) == 0:
            self.shown_scores = targets
            return
        self.counting += n
        steps, self.counting = divmod(self.counting, self.speed(COUNT_EVERY))
        for i, target in enumerate(targets):
            diff = target - self.shown_scores[i]
            self.shown_scores[i] += max(-steps, min(steps, diff))

    def after_sheet(self) -> None:
        """The summary closed: the next visit is dealt (and whatever came after it shows)."""
        self.frozen, held = None, self.held
        self.held = []
        if held:
            self.show_events(held)
        else:
            self.refresh()

    def on_events(self, events: list[Event]) -> None:
        if self.frozen is not None:  # a summary stands over the visit as it ended: this waits
            self.held += events
            return
        self.show_events(events)

    def show_events(self, events: list[Event]) -> None:
        """Animate `events`, the latest of the log. With people at the table, a visit's end
        stops there: its summary stands over the visit as it ended (as Ubongo's rounds and
        Jaipur's do), and what follows (the next visit's deal) is held until it is closed."""
        start = self.window.count - len(events)
        end = next((k for k, e in enumerate(events) if e["type"] == "visit_end"), None)
        shown = events
        if end is not None and self.humans:  # nobody to close a summary at a table of bots
            shown, self.held = events[:end], events[end + 1 :]
            self.frozen = self.window.view_at(start + end)
        before = self.v
        self.last_move = self.in_words(shown) or self.last_move
        self.selected, self.picked = [], []
        self.v = self.frozen if self.frozen is not None else self.view()
        Motion(self.flights, before, self.v, self.viewer, self.speed, self.app.sounds.play).batch(shown)
        for e in shown:
            if e["type"] == "visit_end":  # a table of bots: no summary, the next visit at once
                self.visit_events = []
            else:
                self.visit_events.append(e)
        if end is not None and self.frozen is not None:
            last = any(e["type"] == "game_over" for e in events[end:])
            self.queue_sheet(self.summary_sheet(events[end], last))
            self.visit_events = []
        self.reselect()

    def summary_sheet(self, end: Event, last: bool) -> Callable[[Callable[[], None]], VisitSheet]:
        """The sheet of the visit whose events are `visit_events` (`end` its visit_end), over
        the visit as it ended."""
        v = self.v
        summary: VisitSummary = {
            "visit": end["visit"] if "visit" in end else v["visit"],
            "province": v["province"],
            "rows": visit_summary(self.visit_events, v["seats"]),
            "last": last,
            "names": self.window.names,
        }
        return lambda close: VisitSheet(self.app, **summary, on_close=close)

    def in_words(self, events: list[Event]) -> list[str]:
        names = self.window.names
        return [line for e in events if (line := self.rules.describe(e, names)) and e["type"] != "score"]

    def hand_off(self, seat: int) -> None:
        super().hand_off(seat)
        self.refresh()

    def on_viewer_changed(self) -> None:
        self.refresh()

    def on_hint(self) -> None:
        self.reselect()

    def enter(self) -> None:
        self.refresh()

    def handoff_note(self, seat: int) -> str:
        visit, province = self.v["visit"], place(self.v["province"])
        note = ""
        if self.last_move:
            note = _(
                "Visit {visit} · {province} · {move}.", visit=visit, province=province, move=self.last_move[0]
            )
        if not note or text.font(20).size(note)[0] > 600:  # the cover's card is 640 wide
            note = _("Visit {visit} · {province}: your turn.", visit=visit, province=province)
        return note

    def toast_area(self) -> pygame.Rect:
        """Toasts (a refused move, a tutorial's hint) go over the action bar, which says what
        the move would do, not along the bottom over the hand and the buttons."""
        return pygame.Rect(L.ACTION_BAR)

    def show_result(self) -> None:
        self.app.push(TajMahalResult(self.app, self.window))

    # -- acting ---------------------------------------------------------------------------
    # Play and Take (and Enter) send nothing the action bar already says is not a move: its
    # reason would come back as a toast, and toasts stand over the bar (toast_area)
    def play(self) -> None:
        seat = self.acting_human
        if seat is None or self.acting_phase() != "play" or not self.selected or self.problem():
            return
        self.send(seat, self.play_command())

    def withdraw(self) -> None:
        seat = self.acting_human
        if seat is not None and self.acting_phase() == "play":
            self.send(seat, {"move": "withdraw"})

    def take(self) -> None:
        seat = self.acting_human
        if seat is not None and self.acting_phase() == "pick" and self.take_button.enabled:
            self.send(seat, {"move": "pick", "cards": list(self.picked)})

    def build(self, city: str) -> None:
        seat = self.acting_human
        if seat is not None and self.acting_phase() == "build":
            self.send(seat, {"move": "build", "city": city})

    def send(self, seat: int, command: Command) -> None:
        if not self.idle():
            return
        refused = self.submit(seat, command)
        if refused is not None:
            self.app.toast(refused.reason)
            self.reselect()

    def clear_selection(self) -> None:
        self.selected, self.picked = [], []
        self.reselect()

    def consume_escape(self) -> bool:
        if self.selected or self.picked:
            self.clear_selection()
            return True
        return False

    def hint_clicked(self) -> None:
        if self.hint and self.acting_human is not None:
            self.use_hint()
        else:
            self.request_hint()

    def use_hint(self) -> None:
        """A play's or a pick's cards become the selection; a build or a withdrawal is made at
        once (USE_HINT says so on the button)."""
        hint = self.hint or {}
        move = hint.get("move")
        if move == "play":
            self.selected = list(hint["cards"])
        elif move == "pick":
            self.picked = list(hint["cards"])
        elif move == "build":
            self.build(hint["city"])
            return
        elif move == "withdraw":
            self.withdraw()
            return
        self.hint = None
        self.app.sounds.play("click")
        self.reselect()

    def hint_words(self) -> str:
        return command_words(self.hint) if self.hint else ""

    # -- the targets' labels ---------------------------------------------------------------
    def card_label(self, cid: int) -> str:
        return card_name(cid)

    def province_label(self, name: str) -> str:
        v = self.v
        prov = v["board"]["provinces"][name]
        tile = prov["tile"]
        goods = listing([GOOD[g] for g in prov["goods"]])
        if name == v["province"]:
            when = msg("visited now")
        elif tile < v["visit"]:
            when = msg("visited")
        else:
            when = msg("visit {tile}", tile=tile)
        owners: dict[int, int] = {}  # seat -> palaces in the province
        for city, seat in [*v["palaces"], *v["moguls"]]:
            if v["board"]["cities"][city]["province"] == name:
                owners[seat] = owners.get(seat, 0) + 1
        held = [msg("{name} {n}", name=self.window.names[s], n=n) for s, n in sorted(owners.items())]
        return msg(
            "{province}: tile {tile} ({goods}), {when}; palaces: {held}",
            province=place(name),
            tile=tile,
            goods=goods,
            when=when,
            held=listing(held, "none"),
        )

    def city_label(self, name: str) -> str:
        v = self.v
        city = v["board"]["cities"][name]
        bits = [msg("{city} ({province})", city=place(name), province=place(city["province"]))]
        if city["taj"]:
            bits.append(msg("the Taj Mahal"))
        elif city["fortress"]:
            bits.append(msg("fortress"))
        bonus = v["bonus"].get(name)
        if bonus:
            bits.append(msg("bonus {short} ({bonus})", short=art.bonus_short(bonus), bonus=BONUS[bonus]))
        who = [self.window.names[s] for c, s in v["palaces"] if c == name]
        who += [msg("{name} (mogul)", name=self.window.names[s]) for c, s in v["moguls"] if c == name]
        if who:
            bits.append(msg("palace: {who}", who=listing(who)))
        return listing(bits)

    def player_label(self, seat: int) -> str:
        p = self.v["players"][seat]
        chain = p["chain"]  # worked out by the rules, in the view
        return msg_n(
            "{name}: {points} points, {cards} cards, {palaces} palaces; largest chain {n} province",
            "{name}: {points} points, {cards} cards, {palaces} palaces; largest chain {n} provinces",
            len(chain["provinces"]),
            name=self.window.names[seat],
            points=p["score"],
            cards=p["hand_size"],
            palaces=p["palaces"],
        )

    # -- the target map -------------------------------------------------------------------
    def targets_key(self) -> tuple[object, ...]:
        """Everything the target list is built from: it is built again only when this changes
        (a frame asks for it several times; the map has some eighty targets)."""
        group = cast("list[Button]", self.buttons.widgets)  # all Buttons (__init__): no check each frame
        buttons = tuple((b.visible, b.enabled, b.label, b.hint) for b in group)
        return (
            self.v,  # the object itself: an id could be reused by a later view
            self.viewer,
            tuple(self.selected),
            tuple(self.picked),
            self.acting_phase(),
            self.hint_pending,
            buttons,
        )

    def target_map(self) -> TargetMap:
        key = self.targets_key()
        if self._targets[0] != key:
            self._targets = (key, TargetMap(self.build_targets()))
        badge = self.connection_targets()  # network play: changes with the link, not the view
        return TargetMap([*self._targets[1], *badge]) if badge else self._targets[1]

    def targets(self) -> list[Target]:
        return list(self.target_map())

    def build_targets(self) -> list[Target]:
        """In reading order: the provinces (read only; listed first so cities lie on top),
        the cities (chosen while building), the hand, the display, the players, the buttons."""
        v, art = self.v, map_art()
        phase = self.acting_phase()
        out: list[Target] = []
        for name, pts in art.provinces.items():
            out.append(
                Target(
                    province_id(name),
                    self.province_label(name),
                    "province",
                    polygon=pts,
                    enabled=False,
                    tip=self.province_label(name),
                )
            )
        cities = set((v.get("pending") or {}).get("cities", [])) if phase == "build" else set()
        for name, (x, y) in art.cities.items():
            label = self.city_label(name)
            out.append(
                Target(
                    city_id(name),
                    label,
                    "city",
                    pygame.Rect(x - 10, y - 10, 20, 20),
                    enabled=name in cities,
                    tip=label,
                    row="map",
                )
            )
        hand = self.hand()
        why = self.why_not()
        for j, cid in enumerate(hand):
            up = cid in self.selected
            rect = card_rect(L.hand(j, len(hand)), up)
            card = self.card_label(cid)
            label = (
                msg("Hand {n}: {card} (selected)", n=j + 1, card=card)
                if up
                else msg("Hand {n}: {card}", n=j + 1, card=card)
            )
            out.append(
                Target(
                    f"hand.{j}",
                    label,
                    "hand",
                    rect,
                    enabled=phase == "play",
                    tip=with_reason(card_tip(cid), "" if phase == "play" else why),
                )
            )
        for i, card in enumerate(v["display"]):
            up = card["id"] in self.picked
            words = self.card_label(card["id"])
            label = (
                msg("Display {n}: {card} (chosen)", n=i + 1, card=words)
                if up
                else msg("Display {n}: {card}", n=i + 1, card=words)
            )
            rect = card_rect(L.display(i), up)
            later = "" if phase == "pick" else N_("After you withdraw, you take cards from here")
            tip = with_reason(card_tip(card["id"]), later)
            out.append(Target(f"display.{i}", label, "display", rect, enabled=phase == "pick", tip=tip))
        for seat in range(v["seats"]):
            out.append(
                Target(
                    f"player.{seat}",
                    self.player_label(seat),
                    "player",
                    L.row(seat, v["seats"]),
                    tip=self.player_label(seat),
                    row="player",
                )
            )
        for button in self.buttons.widgets:
            if not button.visible:
                continue
            t = button.target()
            t.row = "button"
            if not button.enabled and t.id == "play":
                t.tip = self.problem() or (
                    N_("Choose a coloured card from your hand first") if phase == "play" else why
                )
            elif not button.enabled and t.id == "take":
                t.tip = N_("Choose the cards to take first")
            elif not button.enabled:
                t.tip = why if t.id != "hint" or not self.hint_pending else N_("A hint is on its way")
            out.append(t)
        return out

    def why_not(self) -> str:
        waiting = sorted(self.window.to_act)
        if not waiting:
            return N_("The game is over")
        if self.viewer is None:
            return N_("Waiting for the next player to take the screen")
        if self.acting_human is None:
            return msg("{name} is playing", name=self.window.names[waiting[0]])
        if self.sheet_open or self.sheet_waiting is not None:
            return N_("The visit is over")
        phase = self.v["phase"]
        return {"build": N_("Build your palace first"), "pick": N_("Take your display cards first")}.get(
            phase, ""
        )

    # besides buttons and log lines, what lies under the pointer on the map, the rows and the
    # cards (a card's symbols named in words)
    tip_kinds = ("button", "log", "city", "province", "player", "hand", "display")

    # -- input ----------------------------------------------------------------------------
    def choose(self, tid: str, back: bool = False) -> None:
        button = self.button_ids.get(tid)
        if button is not None:
            button.activate()
            return
        if self.busy() and self.acting_human is not None:
            self.flights.finish()  # a player in a hurry: land everything, then take the click
        phase = self.acting_phase()
        if not phase or not self.idle():
            return
        kind, _dot, key = tid.partition(".")
        if kind == "hand" and phase == "play":
            hand = self.hand()
            cid = hand[int(key)] if int(key) < len(hand) else None
            if cid is None:
                return
            self.selected = (
                [c for c in self.selected if c != cid] if cid in self.selected else [*self.selected, cid]
            )
        elif kind == "display" and phase == "pick":
            display = [c["id"] for c in self.v["display"]]
            cid = display[int(key)] if int(key) < len(display) else None
            if cid is None:
                return
            picks = self.v["pending"].get("picks", 0)
            if cid in self.picked:
                self.picked.remove(cid)
            else:
                self.picked = [*self.picked, cid][-picks:] if picks else []
        elif kind == "city" and phase == "build":
            name = self.city_by_id(tid)
            if name is not None:
                self.build(name)
            return
        else:
            return
        self.hint = None
        self.app.sounds.play("click")
        self.reselect()

    def city_by_id(self, tid: str) -> str | None:
        return next((c for c in map_art().cities if city_id(c) == tid), None)

    # -- input (the common handling is the base's) ----------------------------------------
    def hoverable(self, target: Target) -> bool:
        """Players and provinces light under the pointer too: their tooltips tell about them."""
        return target.enabled or target.kind in ("player", "province")

    def enter_chooses(self, target: Target) -> bool:
        return target.kind in ("button", "city")

    def play_chosen(self) -> None:
        if self.acting_phase() == "pick":
            self.take()
        else:
            self.play()

    def hurry(self) -> None:
        self.flights.finish()

    # -- for game.automation ----------------------------------------------------------------
    def gestures(self, seat: int, command: Command, keyboard: bool = False) -> Iterator[Gesture]:
        """The clicks that play `command`: Esc clears a leftover choice, then each card of a
        play (and Play), Withdraw, the city of a build, each display card of a pick (and
        Take). `keyboard`: the focus walked to each (Tab, arrows) and Space, then Enter."""
        if not isinstance(command, dict) or self.acting_human != seat:
            return
        if self.selected or self.picked:
            yield ("key", "escape")
        move = command.get("move")
        if move == "play":
            hand = self.hand()
            steps = [f"hand.{hand.index(c)}" for c in command["cards"] if c in hand]
            finish = "play"
        elif move == "pick":
            display = [c["id"] for c in self.v["display"]]
            steps = [f"display.{display.index(c)}" for c in command["cards"] if c in display]
            finish = "take"
        elif move == "withdraw":
            steps, finish = ["withdraw"], ""
        elif move == "build":
            steps, finish = [city_id(command["city"])], ""
        else:
            return
        for tid in steps:
            if keyboard:
                yield from self.press_by_keys(tid)
            else:
                yield ("click", tid)
        if finish:
            yield ("key", "return") if keyboard else ("click", finish)


def card_rect(centre: tuple[int, int], up: bool) -> pygame.Rect:
    rect = pygame.Rect(0, 0, L.CARD_W, L.CARD_H)
    rect.center = (centre[0], centre[1] - (L.LIFT if up else 0))
    return rect
