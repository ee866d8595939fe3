"""The Ubongo table: everyone races the hourglass on a puzzle of their own; whoever solves
reaches for gems at once, while the others solve on.

The sand is the window's: a local match's referee runs it by the table's ticks (one clock for
the table with one person; with several people each solves and then moves against their own
hourglass, docs/ubongo.md), a remote one shows the server's. The table says when it runs (not
while the die rolls or a sheet stands), hands the screen from person to person in turn, and
draws. After "Ubongo!" the person sees the gem board (their puzzle, frozen, in the corner) with
the sand still running; the hand-off screen hides the puzzle between people.

Mouse: drag pieces, right-click / wheel / R turn, F / middle button flip (the piece in hand, else
the one pointed at), double-click or Esc sends a piece back; click a lit row to move the pawn.
Keys: Tab takes a piece, arrows move it, Enter lays it; in the gem phase arrows or Tab pick a
row, Enter or Space takes it, 1-6 name it; G gives up, H shows one piece (practice and solo,
where it costs 10 s), Esc pauses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.core.face import Command, Event, View
from game.core.i18n import N_, msg, msg_n
from game.rules.ubongo.face import ROLL, SHOW, TURN, words
from game.rules.ubongo.face.constants import TICKS_PER_SECOND
from game.rules.ubongo.face.solver import solve
from game.scenes.table import Table
from game.scenes.table.base import Gesture
from game.scenes.ubongo import layout as L
from game.scenes.ubongo.art import Laid
from game.scenes.ubongo.handling import lay_one, puzzle_handler, signature, sound_of
from game.scenes.ubongo.render import Render, gem_image
from game.scenes.ubongo.sheets import RoundSheet, Standings
from game.ui.action_bar import ActionBar
from game.ui.corner import corner_buttons
from game.ui.flights import Flight, Flights
from game.ui.polyomino import PieceHandler
from game.ui.targets import NAVIGATION, Target, TargetMap
from game.ui.widgets import Button, Group

if TYPE_CHECKING:
    from game.core.window import Window
    from game.scenes.host import Host

WARN = 10 * TICKS_PER_SECOND  # the last seconds are heard as well as seen
FLASH = 90  # ticks "Ubongo!" stays bright beside a solver
LATE = 150  # ticks the gem board says "too late" before the round's sheet (a key or click skips)
SAY = 240  # ticks the action bar says why a row cannot be taken (its number pressed, or clicked)
ASK = 3 * TICKS_PER_SECOND  # a first Give up (G or the button) asks; a second within this gives up


class UbongoTable(Table):
    name = "ubongo"
    # network play's badge: where Hint stands in a solo game (a race over the network has none)
    connection_room = (944, 628, 160, 76)
    connection_anchor = "center"

    def __init__(self, app: Host, match: Window, match_id: int | None = None) -> None:
        super().__init__(app, match, match_id)
        self.per_seat = len(self.humans) > 1  # several people: each solves against their own sand
        self.solo = self.window.options.get("mode") == "solo"
        self.flights = Flights()
        self.handler: PieceHandler | None = None
        self.handler_key: tuple[int, int] | None = None  # (round, seat) the pieces belong to
        self.intro = 0  # ticks left of the die roll and the hourglass being turned
        self.unready = False  # the window is still to hear this screen is ready for the round
        self.intro_len = 1  # ticks the last die roll and turn took in all
        self.turning = 0  # ticks left of the hourglass turning over for its second turn
        self.flash: dict[int, int] = {}  # seat -> ticks left of its "Ubongo!"
        self.shown_solution: list[Laid] | None = None  # the solver's solution for a person out of time
        self.notice = ""
        self.asking = 0  # ticks left in which a second Give up gives up (the first only asks)
        self.gave_up = False  # the person gave up this hourglass (the board says so, not "Out of time")
        # The round as it ended, shown under its sheet (not the next round's die and header);
        # the next round's die rolls once the sheet is closed
        self.frozen: View | None = None
        self.roll_after_sheet = False
        self.late = 0  # ticks left of the gem board saying the person was too late, sheet held
        self.said = ""  # why the row whose number was pressed (or that was clicked) is not open
        self.said_left = 0  # ticks the action bar says it
        self.pointed_row: tuple[str, str] | None = None  # the row the pointer moved onto, and its tip then
        self.v_version = 0
        self.frame_map: TargetMap | None = None  # the target map while a frame is drawn (Render sets it)
        give_up = Button(
            L.GIVE_UP, N_("Give up (G)"), self.give_up, hint=N_("Stop for this hourglass (G)"), tid="give-up"
        )
        self.hint_button, self.menu_button = corner_buttons(self.show_piece, self.pause)
        self.hint_button.hint = N_("Lay one piece where a solution has it (H)")
        self.give_up_button = give_up
        self.buttons = Group([give_up, self.hint_button, self.menu_button])
        self.action_bar = ActionBar(L.ACTION_BAR)
        self.render = Render(self)
        self.v: View = self.view()
        self.live = self.v  # the match as it is now (`v` is what is shown: the round that ended)
        if self.v["phase"] == "roll" or (self.v["phase"] == "solve" and not self.window.played):
            self.start_round()  # the die of a round whose boards are still face down
        self.refresh()

    # -- time -----------------------------------------------------------------------------
    def start_round(self) -> None:
        self.unready = True  # ready once the last round's sheet is closed
        self.intro = self.speed(ROLL + SHOW + TURN)
        self.gave_up = False
        self.intro_len = max(1, self.intro)
        self.shown_solution = None
        self.app.sounds.play("roll")

    def clock_running(self) -> bool:
        return (
            super().clock_running() and not self.intro and self.sheet_waiting is None and not self.sheet_open
        )

    def on_tick(self) -> None:
        """Once per tick, so update(n) equals n x update(1): the animations that hold decisions
        back and the hourglass's warnings."""
        if self.unready and self.sheet_waiting is None and not self.sheet_open:
            self.unready = False
            self.window.ready()  # network play: the server's sand waits for every screen's die
        if self.intro:
            self.intro -= 1
            if self.intro == self.speed(TURN):
                self.app.sounds.play("flip")
        if self.late and self.app.top is self:
            self.late -= 1
        if self.asking:
            self.asking -= 1
            if not self.asking:
                self._stop_asking()
        if self.said_left:
            self.said_left -= 1
            if not self.said_left:
                self.said = ""
        self.turning = max(0, self.turning - 1)
        self.flights.advance(1)
        for seat in list(self.flash):
            self.flash[seat] -= 1
            if self.flash[seat] <= 0:
                del self.flash[seat]
        if self.handler is not None:
            self.handler.advance(1)
        self._warn()

    def _warn(self) -> None:
        """A tick of sound for each of the last ten seconds of the viewer's sand, while they
        solve or have their gems still to take."""
        seat = self.viewer
        v = self.v
        if (
            seat is None
            or v["phase"] != "solve"
            or v["status"][seat] not in ("solving", "solved")
            or seat in self.window.done
            or not self.clock_running()
        ):
            return
        left = v["hourglass"]["end"][seat] - self.window.now(seat)
        if 0 < left <= WARN and left % TICKS_PER_SECOND == 0:
            self.app.sounds.play("tick")

    def people_to_play(self) -> list[int]:
        """Pass-and-play: the people still to have the screen this hourglass, from the round's
        start player round the table (so who plays first, and fixes a reach first, rotates)."""
        v = self.live  # the round being played, also while the last one shows under its sheet
        waiting = [s for s in self.window.to_act if s in self.humans and s not in self.window.done]
        return sorted(waiting, key=lambda s: (s - v["start_player"]) % v["seats"])

    def people_waiting(self) -> list[int]:
        """Pass-and-play: the people still to have the screen this hourglass, who get it in
        turn from the base's hand-off (the referee runs each one's sand, and the clock's expiry
        once all have had it)."""
        return self.people_to_play() if self.per_seat else super().people_waiting()

    def settled(self) -> bool:
        """As the base says, except that a person who may act now (solve, take gems) is what
        the table waits for even while bots race on: time runs on only as it is given."""
        if (self.solving() or self.rows_open()) and not self.window.hinting and self.app.top is self:
            return True
        if (
            self.per_seat
            and self.idle()
            and self.app.top is self
            and not self.people_to_play()
            and not self.bots_to_act()
            and self.window.due is not None
        ):
            return False  # the clock's expiry goes in on the next tick
        return super().settled()

    # -- flow -----------------------------------------------------------------------------
    def steady(self) -> bool:
        return not self.intro  # the die rolls and the hourglass turns before anyone may play

    def moving(self) -> bool:
        return bool(
            self.intro
            or self.turning
            or self.flash
            or self.said_left
            or self.asking
            or self.flights.busy
            or (self.handler and self.handler.animated)
        )

    def round_sheet(self, count: int, close: Callable[[], None]) -> RoundSheet:
        """The sheet of the round that ended at event `count`: the gems each took."""
        taken: dict[int, list[str]] = {}
        for event in reversed(self.window.events(0, count)):
            if event["type"] == "round_start":
                break
            if event["type"] == "gems":
                taken.setdefault(event["seat"], [])[:0] = event["gems"]
        before = self.window.view_at(count)
        names, last = self.window.names, self.window.finished
        return RoundSheet(self.app, before, names, last, close, taken)

    def landed(self) -> bool:
        """Gems flying mid-round are a sight and the race goes on under them (nothing of
        Ubongo is `busy`); a round's sheet waits for them to land, and for the moment the gem
        board says the person was too late."""
        return not self.flights.busy and not self.late

    def after_sheet(self) -> None:
        """The round's sheet closed: the table shows the match as it is now, and the next
        round's die rolls."""
        self.frozen = None
        self.refresh()
        if self.roll_after_sheet:
            self.roll_after_sheet = False
            self.start_round()

    def clock_at(self, seat: int | None) -> int:
        """The tick the seat's hourglass shows: the round's last while the round that ended is
        on show under its sheet."""
        if self.frozen is None:
            return self.window.now(seat)
        now: list[int] = self.frozen["now"]
        return now[seat] if seat is not None else max(now)

    def show_result(self) -> None:
        self.app.push(Standings(self.app, self.window))

    def on_events(self, events: list[Event]) -> None:
        first = self.window.count - len(events)
        for k, event in enumerate(events):
            kind = event["type"]
            if kind == "round_start":
                if self.frozen is not None:
                    self.roll_after_sheet = True  # once the last round's sheet is closed
                else:
                    self.start_round()
            elif kind == "reveal":
                self._boards_up(event["round"])
            elif kind == "solve":
                self.flash[event["seat"]] = FLASH
                self.app.sounds.play("ubongo" if event["seat"] == self.viewer else "sale")
            elif kind in ("give_up", "time_out", "too_late"):
                seats = event.get("seats", [event.get("seat")])
                if kind == "give_up" and self.viewer in seats:
                    self.gave_up = True
                if self.viewer in seats:
                    self._freeze()
                    self.app.sounds.play("alarm")
            elif kind == "hourglass_turned":
                self.gave_up = False
                self.turning = self.speed(TURN)
                self.shown_solution = None
                self.app.sounds.play("flip")
            elif kind == "pawn":
                self.app.sounds.play("click")
            elif kind == "gems":
                self._fly_gems(event, k)
            elif kind == "round_end":
                # under its sheet the round stays as it ended, not the next one's die
                self.frozen = self.window.view_at(first + k)
                self.queue_sheet(partial(self.round_sheet, first + k + 1))
                too_late = (e for e in events[:k] if e["type"] == "too_late")
                if any(self.viewer in e["seats"] for e in too_late):
                    self.late = self.speed(LATE)  # their sand ran out before they moved: say so first
        self.refresh()
        if self.shown_solution is None and self.puzzle_lost():
            self._show_solution()

    def _boards_up(self, round_no: int) -> None:
        """The hourglass turned for every screen at once. Over the network the server's sand
        runs from now, whatever this screen shows: a die still rolling stops, and a round's
        sheet still open gives way (its person is told), so nobody starts the round late."""
        if not self.window.sand_for_all:
            return  # here the boards turn up only once this table lets the sand run
        self.intro = self.late = 0
        self.frozen, self.roll_after_sheet = None, False  # no die to roll after the sheet
        if self.give_way():
            self.app.toast(msg("Round {round} has begun: the others were ready", round=round_no))

    def _freeze(self) -> None:
        if self.handler is not None and self.handler.hold is not None:
            self.handler.to_tray(self.handler.hold.letter)

    def puzzle_lost(self) -> bool:
        """The person at the screen is out of this round for good: their sand ran out (or they
        gave up) and the puzzle cannot come back (somebody solved, or it was the second turn)."""
        v, seat = self.v, self.viewer
        if seat is None or v["phase"] != "solve" or v["status"][seat] != "out":
            return False
        return bool(v["solves"]) or v["hourglass"]["turn"] >= v["hourglass"]["turns"]

    def _show_solution(self) -> None:
        """A person who did not solve sees a solution the solver finds (pieces frozen)."""
        seat = self.viewer
        v = self.v
        if seat is None or v["placements"][seat] is not None:
            return
        puzzle = v["puzzles"][seat]
        self.shown_solution = list(solve([tuple(c) for c in puzzle["cells"]], puzzle["pieces"]) or ())

    def gem_board_shown(self) -> bool:
        """The gem board replaces the puzzle: to choose a start field, once the person at the
        screen has shouted Ubongo!, and once their puzzle is lost and others take gems."""
        v, seat = self.v, self.viewer
        if self.intro or seat is None:
            return False
        if v["phase"] == "start":
            return True
        if v["phase"] != "solve":
            return False
        return v["status"][seat] in ("solved", "moved", "late") or self.puzzle_lost()

    def _fly_gems(self, event: Event, k: int) -> None:
        if not self.gem_board_shown():
            return  # the person still solves: the gems land in the side panel unseen
        seat, row = event["seat"], event["row"]
        for i, colour in enumerate(event["gems"]):
            self.flights.add(
                Flight(
                    gem_image(colour),
                    L.gem_centre(row, i),
                    self.stash_point(seat),
                    self.speed(36),
                    delay=self.speed(14) * (k % 8) + self.speed(6) * i,
                    arc=60,
                    end_scale=0.6,
                    on_land=lambda: self.app.sounds.play("gem"),
                )
            )

    def on_viewer_changed(self) -> None:
        """The next person has the screen (their own sand runs on from where it stood)."""
        if self.viewer is not None:
            self.refresh()

    def handoff_note(self, seat: int) -> str:
        v = self.window.seat_view(seat)
        if v["phase"] == "start":
            return msg("Choose the start field for your pawn.")
        if v["status"][seat] == "solved":
            return msg("Move your pawn and take your gems before your sand runs out.")
        puzzle = v["puzzles"][seat]
        return msg(
            "Your puzzle: board {board}, {side} side, {pieces}. Your hourglass turns when you are ready.",
            board=puzzle["board"],
            side=words.side(puzzle["side"]),
            pieces=msg_n("{n} piece", "{n} pieces", len(puzzle["pieces"])),
        )

    # -- what is shown --------------------------------------------------------------------
    def refresh(self) -> None:
        self.live = self.view()
        self.v = self.frozen if self.frozen is not None else self.live
        self.v_version += 1  # what cached drawings key on
        v = self.v
        seat = self.viewer
        if v["phase"] == "roll":
            self.handler = self.handler_key = None  # the boards lie face down until the reveal
        elif v["phase"] in ("solve", "between", "over") and seat is not None and v["puzzles"]:
            key = (v["round"], seat)
            if self.handler_key != key:
                puzzle = v["puzzles"][seat]
                self.handler = puzzle_handler(puzzle["cells"], puzzle["pieces"], L.PLAY)
                self.handler_key = key
                self.shown_solution = None
                for placed in v["placements"][seat] or []:
                    self.handler.lay(placed["piece"], placed["cells"])
        if not self.rows_open() and self.focus and self.focus.startswith("row."):
            self.focus = None  # the rows are not the person's to choose now

    def sync_buttons(self) -> None:
        """Which buttons show: they follow the moment (the die rolling, a person solving)."""
        solving = self.solving()
        self.give_up_button.visible = solving
        self.hint_button.visible = self.solo and self.app.settings.show_hints
        self.hint_button.enabled = solving
        self.hint_button.label = N_("Hint −10 s") if self.solo else N_("Hint")

    def held_back(self) -> bool:
        """Over the network, the sand of a round under way stands still until people who were
        all away are back: the puzzle is covered and nobody plays meanwhile."""
        hold = self.window.hold
        return hold is not None and hold.reason == "back" and self.v["phase"] == "solve"

    def solving(self) -> bool:
        """The person at the screen is working on their puzzle now."""
        seat = self.viewer
        return (
            seat is not None
            and not self.held_back()
            and self.idle()
            and self.handler is not None
            and self.v["phase"] == "solve"
            and self.v["status"][seat] == "solving"
            and seat in self.window.to_act
        )

    def rows_open(self) -> list[int]:
        """Rows the person at the screen may move their pawn to now (start field or gems)."""
        seat = self.viewer
        if seat is None or not self.idle() or seat not in self.window.to_act or seat in self.window.done:
            return []
        v = self.v
        if v["phase"] == "start":
            return list(range(6))
        if v["phase"] == "solve" and v["status"][seat] == "solved" and not self.held_back():
            return list(v["reach"])
        return []

    def stash_point(self, seat: int) -> tuple[int, int]:
        r = L.player_rect(self.seat_order().index(seat))
        return (r.x + 200, r.bottom - 18)

    def seat_order(self) -> list[int]:
        """Players down the side: the person at the screen first, then the others in seat order."""
        n = len(self.window.players)
        me = self.viewer if self.viewer is not None else 0
        return [(me + k) % n for k in range(n)]

    def progress(self, seat: int) -> float | None:
        """How far along a bot still solving would be at a typical pace: the sand run since its
        hourglass turned over the puzzle's estimated time, short of full until it solves (never
        its own drawn time, which it alone may know)."""
        v = self.v
        if v["phase"] != "solve" or v["status"][seat] != "solving" or seat == self.viewer:
            return None
        if not self.window.players[seat].is_bot:
            return None
        glass = v["hourglass"]
        expected = v["puzzles"][seat]["seconds"] * glass["ticks_per_second"]
        part: float = (self.clock_at(self.viewer) - glass["start"][seat]) / max(1.0, expected)
        return max(0.0, min(0.92, part))

    # -- drawing: Render's, and the overlay the base draws over it (Render's bar) ----------
    def draw(self, surface: pygame.Surface) -> None:
        self.render.draw(surface)

    def bar(self) -> tuple[str, str, str]:
        return self.render.bar()

    def bar_right(self) -> int | None:
        return self.render.bar_right()

    # -- acting ---------------------------------------------------------------------------
    def give_up(self) -> None:
        """A first press asks (G sits beside F, the flip): the second, within a few seconds,
        gives up for this hourglass."""
        if not self.solving():
            return
        if not self.asking:
            self.asking = ASK
            self.notice = N_("Give up this hourglass? Press G (or Give up) again to stop.")
            self.give_up_button.label = N_("Sure? Give up (G)")
            return
        self._stop_asking()
        self.submit(self.viewer, {"move": "give_up"})

    def _stop_asking(self) -> None:
        self.asking = 0
        self.give_up_button.label = N_("Give up (G)")
        if self.notice == N_("Give up this hourglass? Press G (or Give up) again to stop."):
            self.notice = ""

    def show_piece(self) -> None:
        """Lay one piece where a solution has it (keeping the pieces already right); in a timed
        solo game it costs 10 s of sand."""
        if not self.solving() or self.handler is None:
            return
        if self.solo:  # the rules keep what it costs: 10 s of sand, in the log
            if self.submit(self.viewer, {"move": "hint"}) is not None:
                return
            self.notice = N_("Hint: one piece laid (10 s of sand)")
        lay_one(self.handler)
        self.app.sounds.play("click")
        self._check_solved()

    def choose_row(self, row: int) -> None:
        """Move the pawn to `row` (and take its gems); a row not open now is refused in words
        on the action bar, the same as its tip."""
        if row in self.rows_open():
            self.said, self.said_left = "", 0
            self.submit(self.viewer, {"move": "pawn", "row": row})
        elif self.gem_board_shown():
            self.said, self.said_left = self.row_tip(row), SAY

    def _check_solved(self) -> None:
        if self.handler is not None and self.solving() and self.handler.solved():
            self.submit(self.viewer, {"move": "solve", "placements": self.handler.placements()})

    # -- input: the pieces take the pointer and the keys first while the person solves; the
    # rows and the buttons are targets, hovered and clicked (before the pieces) as the base does
    def handle(self, event: pygame.event.Event) -> bool:
        if self.late and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.late = 0  # read: the round's sheet comes now
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.gem_board_shown():
            dim = self.target_map().hit(event.pos, ("row",))
            if dim is not None and not dim.enabled:
                self.choose_row(int(dim.id[4:]))  # says why not
                return True
        if event.type == pygame.MOUSEMOTION:  # (the rows are targets on the gem board alone)
            row = self.target_map().hit(event.pos, ("row",)) if self.gem_board_shown() else None
            self.pointed_row = (row.id, row.tip) if row is not None else None
        pointer = event.type in (pygame.MOUSEMOTION, pygame.WINDOWLEAVE) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        )
        if pointer and super().handle(event):
            return True  # a row or a button clicked
        if self.solving() and self.handler is not None:
            before = signature(self.handler)
            if self.handler.handle(event):
                self.notice = ""
                sound = sound_of(before, signature(self.handler))
                if sound:
                    self.app.sounds.play(sound)
                self._check_solved()
                return True
        return not pointer and super().handle(event)

    # a dim row's tip says why it is dim; an empty row in reach, that it holds nothing
    tip_kinds = ("button", "log", "row", "header")

    def tip_from(self, tmap: TargetMap, under: Target | None, said: str) -> Target | None:
        """A row's tip in a box only for the pointer moved onto it as it reads now: not for a
        pointer left still over the board while the row changed (gems taken by a number key or
        a click), nor for the keyboard's focus (the action bar says a focused row's)."""
        if under is not None and under.kind == "row" and (under.id, under.tip) != self.pointed_row:
            under = None
        tip = super().tip_from(tmap, under, said)
        return None if tip is not None and tip.kind == "row" and tip is not under else tip

    def tip_avoid(self) -> list[pygame.Rect]:
        """The gem board's caption: a row's tip goes beside its row, not over the words above."""
        return [L.GEM_CAPTION] if self.gem_board_shown() else []

    def hoverable(self, target: Target) -> bool:
        return target.enabled and target.kind in ("button", "row")  # the pieces are the handler's

    def clickable(self, pos: tuple[int, int]) -> Target | None:
        hit = self.target_map().hit(pos)
        return hit if hit is not None and self.hoverable(hit) else None

    def game_key(self, event: pygame.event.Event) -> bool:
        """G gives up; over the gem rows 1-6 name one and Up/Down walk them; while solving, an
        arrow the pieces leave does nothing."""
        k = event.key
        if k == pygame.K_g and self.solving():
            self.give_up()
            return True
        rows = self.rows_open()
        if (rows or self.gem_board_shown()) and pygame.K_1 <= k <= pygame.K_6:
            self.choose_row(k - pygame.K_1)  # a dim row's number says why it is dim
            return True
        if rows and k in (pygame.K_UP, pygame.K_DOWN):
            down = k == pygame.K_DOWN
            here = int(self.focus[4:]) if self.focus and self.focus.startswith("row.") else None
            if here in rows:
                self.focus = f"row.{rows[(rows.index(here) + (1 if down else -1)) % len(rows)]}"
            else:
                self.focus = f"row.{rows[0] if down else rows[-1]}"
            return True
        return k in NAVIGATION and self.solving()

    def choose(self, tid: str, back: bool = False) -> None:
        if tid.startswith("row."):
            self.choose_row(int(tid[4:]))
            return
        for button in self.buttons.widgets:
            if button.tid == tid and button.visible and button.enabled:
                button.activate()

    def enter_chooses(self, target: Target) -> bool:
        return True  # Enter takes a row as Space does

    def hint_clicked(self) -> None:
        self.show_piece()

    # -- the target map -------------------------------------------------------------------
    def target_map(self) -> TargetMap:
        return self.frame_map if self.frame_map is not None else super().target_map()

    def targets(self) -> list[Target]:
        self.sync_buttons()
        out: list[Target] = []
        if self.solving() and self.handler is not None:
            out += self.handler.targets()
        if self.gem_board_shown() and not self.render.too_late():  # (too late: its banner covers them)
            rows = self.rows_open()
            for row in range(6):
                gems = self.v["gems"][row]
                if not gems:
                    label = msg("Row {row}: empty", row=row + 1)
                elif len(gems) == 1:
                    label = msg("Row {row}: {gem}", row=row + 1, gem=words.colour(gems[0]))
                else:
                    label = msg(
                        "Row {row}: {a}, {b}", row=row + 1, a=words.colour(gems[0]), b=words.colour(gems[1])
                    )
                if row not in rows:
                    tip = self.row_tip(row)  # why it is dim
                elif not gems:  # the rules let a pawn stop there: it takes nothing
                    tip = msg("Row {row} is empty: your pawn may stop there, but takes nothing", row=row + 1)
                else:
                    tip = ""
                out.append(Target(f"row.{row}", label, "row", L.row_rect(row), enabled=row in rows, tip=tip))
        for button in self.buttons.widgets:
            if button.visible:
                out.append(button.target())
        # the header's sign (the die, or the gem pair) and mode word, in words on hover and focus
        head = self.render.header()
        if head["sign"] is not None:
            tip = head["sign_tip"]
            out.append(Target("header.sign", tip, "header", head["icon"], tip=tip, row="header"))
        tip = head["mode_tip"]
        out.append(Target("header.mode", tip, "header", head["mode_rect"], tip=tip, row="header"))
        return out

    def row_tip(self, row: int) -> str:
        """Why a row cannot be chosen now."""
        v = self.v
        seat = self.viewer
        status = v["status"][seat] if seat is not None and v["phase"] == "solve" else None
        if status == "moved":
            move = next((m for m in v["moves"] if m["seat"] == seat), None)
            if move is not None and move["gems"] == []:
                return N_("Your pawn has moved this round")
            return N_("You have taken your gems this round")
        if status == "late" or seat in self.window.done:
            return N_("Too late for gems")
        if status == "out":
            return N_("Only those who solved move their pawn")
        if v["phase"] == "start" and seat is not None and seat not in self.window.to_act:
            return N_("Your pawn is on its start field: the others are still choosing theirs")
        if seat is None or seat not in self.window.to_act:
            return N_("Not your move")
        if v["allowance"] is not None:
            allowance = v["allowance"]
            if allowance == 0:
                return msg("Out of reach: your pawn stays on its row")
            return msg_n(
                "Out of reach: your pawn may move up to {n} row",
                "Out of reach: your pawn may move up to {n} rows",
                allowance,
            )
        return ""

    def gestures(self, seat: int, command: Command) -> Iterator[Gesture]:
        move = command.get("move")
        if move == "solve" and self.handler is not None:
            yield from self.handler.gestures(command["placements"])
        elif move == "give_up":
            yield ("click", "give-up")  # asks
            yield ("click", "give-up")  # gives up
        elif move == "pawn":
            yield ("click", f"row.{command['row']}")
