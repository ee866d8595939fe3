"""Drawing the Ubongo table: the puzzle or the gem board, the hourglass, the players down the
side and the action bar. What changes only with a move (the felt, the board's cells, the gem
rows) is painted once into a cached layer. The table is read through `Desk` (desk.py)."""

from __future__ import annotations

from typing import TypedDict

import pygame

from game.core import i18n
from game.core.face import View
from game.core.i18n import N_, _, _n
from game.rules.ubongo.face import ROLL, SHOW, TURN
from game.rules.ubongo.face.constants import ALLOWANCE, COLOURS, DIE, TICKS_PER_SECOND
from game.rules.ubongo.face.words import gem_words, level, listing, nth, symbol
from game.scenes.ubongo import art
from game.scenes.ubongo import layout as L
from game.scenes.ubongo.art import Laid
from game.scenes.ubongo.desk import Desk
from game.scenes.ubongo.handling import SHAPES
from game.ui import polyomino_draw, text, theme
from game.ui.layer import Layer
from game.ui.polyomino import PieceHandler
from game.ui.widgets import panel

GEM = 40  # a gem on the gem board
SMALL_GEM = 16


def gem_image(colour: str) -> pygame.Surface:
    return art.gem(colour, GEM)


class Header(TypedDict):
    """Where the header's parts stand and what its sign and mode word mean."""

    title: str
    icon: pygame.Rect  # where the sign is drawn
    sign: str | None  # "gems", "die", or None (the big die says it)
    sign_tip: str
    mode: tuple[str, str]  # the kind of game, and what it means
    mode_rect: pygame.Rect
    mode_tip: str


def seconds(ticks: int) -> str:
    return _("{seconds} s", seconds=f"{ticks / TICKS_PER_SECOND:.1f}")


class Render:
    """Owned by the table (`table.render`): draws it from the view and the state of the
    screen, and says what its action bar says. Nothing here decides anything."""

    def __init__(self, table: Desk):
        self.t = table
        self.layer = Layer()  # the felt, the board's cells, the gem rows
        self.panels: dict[int, tuple[tuple[object, ...], pygame.Surface]] = {}  # seat -> (its key, its panel)
        # where the last frame drew the hourglass ("glass") and the words beside it ("time",
        # "turn", "extra"): what the tests hold apart
        self.drawn: dict[str, pygame.Rect] = {}
        self._header: tuple[tuple[object, ...], Header] | None = None  # (what it read, the header)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        v: View = t.v
        covered = bool(t.intro) or t.held_back()  # no board drawn: the die, or the sand held
        gem_phase = t.gem_board_shown() and not covered
        key = (
            t.handler_key if not gem_phase and not covered else None,
            tuple(map(tuple, v["gems"])) if gem_phase else None,
            gem_phase,
            i18n.generation,  # a language switch paints the words again
        )
        self.layer.draw(surface, key, lambda s: self.paint_ground(s, gem_phase, covered))
        self.draw_header(surface)
        if t.intro or v["phase"] == "roll":
            self.draw_intro(surface)
        elif t.held_back():
            self.draw_held(surface)
        elif gem_phase:
            self.draw_gem_board(surface)
        else:
            self.draw_puzzle(surface)
        self.draw_side(surface)
        t.sync_buttons()
        t.frame_map = t.target_map()  # one map for the whole frame: building it is not free
        panel(surface, L.ACTION_BAR, theme.BG_DEEP)
        t.draw_overlay(surface)
        t.frame_map = None

    # -- the cached ground ----------------------------------------------------------------
    def paint_ground(self, surface: pygame.Surface, gem_phase: bool, covered: bool) -> None:
        t = self.t
        surface.fill(theme.BG)
        panel(surface, L.HEADER.inflate(0, 0), theme.BG_DEEP)
        panel(surface, L.SIDE, theme.BG_DEEP)
        if gem_phase:
            self.paint_gem_rows(surface)
        elif t.handler is not None and not covered:
            polyomino_draw.draw_ground(surface, t.handler)

    def paint_gem_rows(self, surface: pygame.Surface) -> None:
        gems = self.t.v["gems"]
        heading = text.blit(
            surface, N_("The gem board"), L.GEM_CAPTION.midleft, 22, theme.ACCENT, "bold", "midleft"
        )
        note, size = text.fit(
            N_("Each row: its start field, then the gems; a pawn takes the two at the front."),
            L.PLAY.right - 8 - heading.right - 16,
            15,
            smallest=12,
        )
        text.blit(surface, note, L.GEM_CAPTION.midright, size, theme.MUTED, anchor="midright")
        for row in range(6):
            r = L.row_rect(row)
            panel(surface, r, theme.PANEL)
            pygame.draw.rect(
                surface, theme.BG_DEEP, (r.x + 6, r.y + 6, L.START_W - 12, r.h - 12), border_radius=8
            )
            text.blit(surface, str(row + 1), (r.x + 22, r.centery), 24, theme.ACCENT, "black", "center")
            for i, name in enumerate(gems[row]):
                image = gem_image(name)
                surface.blit(image, image.get_rect(center=L.gem_centre(row, i)))
            if not gems[row]:  # taken to the last gem: a pawn there takes nothing
                at = (L.gem_centre(row, 0)[0] - 20, r.centery)
                text.blit(surface, N_("empty: no gems left"), at, 18, theme.MUTED, "bold", "midleft")
            if len(gems[row]) >= 2:  # the two a pawn takes
                a, b = L.gem_centre(row, 0), L.gem_centre(row, 1)
                box = pygame.Rect(a[0] - 25, a[1] - 25, b[0] - a[0] + 50, 50)
                pygame.draw.rect(surface, theme.LINE, box, 2, border_radius=10)

    # -- the header and the die ------------------------------------------------------------
    def draw_header(self, surface: pygame.Surface) -> None:
        """The round, then what it is about now: the die's row while puzzles are solved; on
        the gem board, what the person does there (or waits for); the kind of game."""
        t = self.t
        h = L.HEADER
        head = self.header()
        text.blit(surface, head["title"], (h.x + 18, h.centery), 24, theme.TEXT, "black", "midleft")
        name, gloss = head["mode"]  # the kind of game, and what it means, beneath
        right = head["mode_rect"].right - 6
        text.blit(surface, name, (right, h.centery - 9), 17, theme.TEXT, "bold", "midright")
        text.blit(surface, gloss, (right, h.centery + 11), 14, theme.MUTED, anchor="midright")
        if t.focus == "header.mode":
            pygame.draw.rect(surface, theme.FOCUS, head["mode_rect"], 2, border_radius=6)
        icon = head["icon"]
        if head["sign"] is None:
            return  # the big die says it
        line, ink = "", theme.MUTED
        if head["sign"] == "gems":
            self.gem_pair(surface, icon)
            line, ink = self.gem_line()
        else:
            face = t.v["face"]
            art.die(surface, face, icon)
            line = _("Row {row}: the {symbol}", row=face + 1, symbol=symbol(DIE[face]))
        if t.focus == "header.sign":
            pygame.draw.rect(surface, theme.FOCUS, icon.inflate(6, 6), 2, border_radius=10)
        if line:
            x = icon.right + 12
            line, size = text.fit(line, head["mode_rect"].x - 12 - x, 19, "bold", 14)
            text.blit(surface, line, (x, h.centery), size, ink, "bold", "midleft")

    def header(self) -> Header:
        """Where the header's parts stand and what its sign and mode word mean (their tips, on
        hover and focus): the title, the sign (the gem pair on the gem board, else the die),
        the mode word at the right. Worked out again only when what it reads changes (the
        frame and the target map both ask)."""
        t = self.t
        key = (t.v_version, bool(t.intro), t.gem_board_shown(), i18n.generation)
        if self._header is None or self._header[0] != key:
            self._header = (key, self._make_header())
        return self._header[1]

    def _make_header(self) -> Header:
        t = self.t
        v = t.v
        h = L.HEADER
        title = (
            _("Round {round} of {rounds}", round=v["round"], rounds=v["rounds"])
            if v["round"]
            else _("Before round 1")
        )
        title_w = text.render(title, 24, theme.TEXT, "black").get_width()
        icon = L.DIE_SMALL.move(max(0, h.x + 18 + title_w + 14 - L.DIE_SMALL.x), 0)  # after a long title
        if t.solo:
            mode = (N_("Solo"), N_("against the clock"))
            mode_tip = N_("Nine puzzles, alone against the hourglass: your time and your gems are your score")
        elif t.per_seat:
            mode = (N_("Pass and play"), N_("one screen, in turn"))
            mode_tip = N_(
                "Each person solves in turn on their own hourglass and passes the screen on; "
                "the times on those hourglasses decide who was quicker"
            )
        else:
            mode = (N_("Race"), N_("everyone at once"))
            mode_tip = N_(
                "Everyone solves at the same time against their own hourglass; whoever solves moves "
                "their pawn and takes gems at once, while the others solve on"
            )
        width = max(
            text.render(mode[0], 17, theme.TEXT, "bold").get_width(), text.render(mode[1], 14).get_width()
        )
        mode_rect = pygame.Rect(0, 0, width + 12, 46)
        mode_rect.midright = (h.right - 10, h.centery + 1)
        sign, sign_tip = None, ""
        if not t.intro and v["phase"] != "roll":
            if t.gem_board_shown():
                sign = "gems"
                sign_tip = _("The gem board: a pawn takes the two gems at the front of its row")
            elif v["face"] is not None and v["face"] >= 0:
                sign = "die"
                sign_tip = _(
                    "The die showed the {symbol}: row {row} of every board gives this round's pieces",
                    symbol=symbol(DIE[v["face"]]),
                    row=v["face"] + 1,
                )
        return {
            "title": title,
            "icon": icon,
            "sign": sign,
            "sign_tip": sign_tip,
            "mode": mode,
            "mode_rect": mode_rect,
            "mode_tip": mode_tip,
        }

    @staticmethod
    def gem_pair(surface: pygame.Surface, box: pygame.Rect) -> None:
        """Two gems side by side, the two at the front of a row: the sign of the gem board."""
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
        pygame.draw.rect(surface, theme.LINE, box, 2, border_radius=8)
        size = box.w // 2
        for colour, dx in (("red", -size * 9 // 20), ("blue", size * 9 // 20)):
            image = art.gem(colour, size)
            surface.blit(image, image.get_rect(center=(box.centerx + dx, box.centery)))

    def gem_line(self) -> tuple[str, tuple[int, int, int]]:
        """What the gem board is about for the person at the screen, and its ink."""
        t = self.t
        v, seat = t.v, t.viewer
        names = t.window.names
        if seat is None:
            return "", theme.MUTED
        if v["phase"] == "start":
            if seat in t.window.to_act:
                return _("Put your pawn on a start field: it reaches for gems from there"), theme.ACCENT
            others = listing(names[s] for s in sorted(t.window.to_act))
            if not others:
                return "", theme.MUTED
            return _("Waiting for {names} to choose a start field", names=others), theme.MUTED
        status = v["status"][seat]
        if status == "solved" and seat not in t.window.done:
            n = v["allowance"] or 0
            if n == 0:
                return _("Take your gems: your pawn stays on its row"), theme.ACCENT
            return _n(
                "Take your gems: move your pawn up to {n} row",
                "Take your gems: move your pawn up to {n} rows",
                n,
            ), theme.ACCENT
        if status == "late" or (status == "solved" and seat in t.window.done):
            return _("Too late for gems this round"), theme.DANGER
        racing = [
            names[s] for s in range(v["seats"]) if s != seat and v["status"][s] in ("solving", "solved")
        ]
        if status == "moved":
            empty = self.empty_move(seat)
            if empty is not None and racing:
                line = _(
                    "You took nothing: row {row} was empty; still racing: {names}",
                    row=empty + 1,
                    names=listing(racing),
                )
                return line, theme.MUTED
            if empty is not None:
                return _("You took nothing: row {row} was empty", row=empty + 1), theme.MUTED
            if racing:
                return _("Your gems are taken; still racing: {names}", names=listing(racing)), theme.GOOD
            return _("Your gems are taken"), theme.GOOD
        return _("Out of time: those who solved take their gems"), theme.DANGER

    def empty_move(self, seat: int) -> int | None:
        """The row the seat's pawn went to this round when it took nothing there (it was empty)."""
        move = next((m for m in self.t.v["moves"] if m["seat"] == seat), None)
        return move["to"] if move is not None and move["gems"] == [] else None

    def draw_intro(self, surface: pygame.Surface) -> None:
        """The die tumbles, lands on its face, then the hourglass is turned; over the network
        the boards stay face down until it turns for every screen at once."""
        t = self.t
        v = t.v
        gone = t.intro_len - t.intro
        roll, show = t.speed(ROLL), t.speed(SHOW)
        face = v["face"] if v["face"] is not None and v["face"] >= 0 else 0
        if gone < roll:
            shown = (face + 1 + gone // 5) % 6 if roll - gone > 6 else face
            tilt = (roll - gone) * 9 % 360
            art.die(surface, shown, L.DIE_BIG, tilt)
            line = _("Rolling the die…")
        else:
            art.die(surface, face, L.DIE_BIG)
            line = _("The {symbol}: row {row}", symbol=symbol(DIE[face]), row=face + 1)
        text.blit(surface, line, (L.PLAY.centerx, L.DIE_BIG.bottom + 40), 30, theme.ACCENT, "black", "center")
        if gone >= roll + show:
            waiting = not t.intro and t.window.sand_for_all
            note = N_("The hourglass is turned")
            if waiting:
                note = self.waiting_for() or N_(
                    "Waiting for the other screens: the hourglass turns for everyone at once"
                )
            note, size = text.fit(note, L.PLAY.w - 40, 20, smallest=14)
            at = (L.PLAY.centerx, L.DIE_BIG.bottom + 84)
            text.blit(surface, note, at, size, theme.MUTED, anchor="center")

    def waiting_for(self) -> str:
        """Whom the server's held sand waits for, in words ("" when it waits for nobody)."""
        t = self.t
        hold = t.window.hold
        if hold is None or not hold.seats:
            return ""
        names = listing(t.window.names[s] for s in hold.seats)
        left = max(1, round(hold.seconds))
        if hold.reason == "back":
            return _n(
                "Waiting for {names} to come back, {n} second at most: then the sand runs for everyone",
                "Waiting for {names} to come back, {n} seconds at most: then the sand runs for everyone",
                left,
                names=names,
            )
        return _n(
            "Waiting for {names} to be ready, {n} second at most: the hourglass turns for everyone at once",
            "Waiting for {names} to be ready, {n} seconds at most: the hourglass turns for everyone at once",
            left,
            names=names,
        )

    def draw_held(self, surface: pygame.Surface) -> None:
        """The round's sand stands still until the people who were all away are back: the
        puzzle is covered, so nobody studies it meanwhile."""
        face = self.t.v["face"]
        art.die(surface, face if face is not None and face >= 0 else 0, L.DIE_BIG)
        line = _("The sand stands still")
        text.blit(surface, line, (L.PLAY.centerx, L.DIE_BIG.bottom + 40), 30, theme.ACCENT, "black", "center")
        note, size = text.fit(self.waiting_for(), L.PLAY.w - 40, 20, smallest=14)
        text.blit(surface, note, (L.PLAY.centerx, L.DIE_BIG.bottom + 84), size, theme.MUTED, anchor="center")

    # -- the puzzle -----------------------------------------------------------------------
    def draw_puzzle(self, surface: pygame.Surface) -> None:
        t = self.t
        v = t.v
        seat = t.viewer
        if seat is None or t.handler is None:
            text.blit(
                surface,
                N_("The puzzles are hidden until the next player is at the screen."),
                L.PLAY.center,
                22,
                theme.MUTED,
                anchor="center",
            )
            return
        solving = t.solving()
        polyomino_draw.draw(surface, t.handler, focus=solving, ground=False)
        if t.shown_solution:
            self.draw_solution(surface, t.handler, t.shown_solution)
        status = v["status"][seat] if v["status"] else ""
        if status == "solved" or v["placements"][seat] is not None:
            solve = self.solve_of(seat)
            banner = _("Ubongo!  {time}", time=seconds(solve["tick"])) if solve else _("Ubongo!")
            self.banner(surface, t.handler.board.rect, banner, theme.GOOD)
        elif status == "out" and v["phase"] == "solve":
            words = N_("You gave up") if t.gave_up else N_("Out of time")
            self.banner(surface, t.handler.board.rect, words, theme.DANGER)

    def draw_solution(self, surface: pygame.Surface, handler: PieceHandler, solution: list[Laid]) -> None:
        """A solution the solver found, over the frozen board, a little see-through."""
        board = handler.board
        for letter, cells in solution:
            found = SHAPES.orientation_for(letter, cells)
            if not found:
                continue
            image = polyomino_draw.piece_image(SHAPES, letter, found[0][0], found[0][1], board.cell).copy()
            image.set_alpha(200)
            x0, y0 = min(c[0] for c in cells), min(c[1] for c in cells)
            surface.blit(image, board.cell_rect((x0, y0)).topleft)
        text.blit(
            surface,
            N_("A solution"),
            (board.rect.centerx, board.rect.y - 20),
            18,
            theme.ACCENT,
            "bold",
            "center",
        )

    def banner(
        self, surface: pygame.Surface, board: pygame.Rect, line: str, colour: tuple[int, int, int]
    ) -> None:
        """A line under the board (`board`: where it is drawn)."""
        image = text.render(line, 36, colour, "black")
        box = image.get_rect(midtop=(board.centerx, board.bottom + 22)).inflate(28, 12)
        if box.bottom > L.PLAY.bottom:
            box.bottom = L.PLAY.bottom
        pygame.draw.rect(surface, theme.BG_DEEP, box, border_radius=10)
        pygame.draw.rect(surface, colour, box, 3, border_radius=10)
        surface.blit(image, image.get_rect(center=box.center))

    # -- the gem board --------------------------------------------------------------------
    def draw_gem_board(self, surface: pygame.Surface) -> None:
        t = self.t
        v = t.v
        open_rows = t.rows_open()
        for row in open_rows:
            r = L.row_rect(row)
            lit = t.hover == f"row.{row}" or t.focus == f"row.{row}"
            if not v["gems"][row]:  # in reach but empty: open, not lit as worth taking
                if lit:
                    pygame.draw.rect(surface, theme.FOCUS, r, 4, border_radius=10)
                else:
                    corners = [r.topleft, r.topright, r.bottomright, r.bottomleft]
                    polyomino_draw.dashed(surface, theme.MUTED, corners, 2, 6)
                continue
            pygame.draw.rect(
                surface, theme.FOCUS if lit else theme.GOOD, r, 4 if lit else 3, border_radius=10
            )
            tip = (r.x - 4, r.centery)  # a pointer beside each row in reach: seen without colour
            pygame.draw.polygon(
                surface, theme.GOOD, [tip, (tip[0] - 12, tip[1] - 9), (tip[0] - 12, tip[1] + 9)]
            )
        # where a pawn went this round whose gems wait for those still to play (pass-and-play)
        heading = {m["seat"]: m["to"] for m in v["moves"] if m["gems"] is None}
        names = t.window.names
        for seat, row in enumerate(v["pawns"]):
            if row is None:
                continue
            art.pawn(surface, seat, L.pawn_centre(row, seat), 15, names[seat][:1])
        for seat, to in heading.items():
            a = L.pawn_centre(to, seat)
            pygame.draw.circle(surface, art.SEAT_COLOURS[seat % 4], (a[0], a[1] - 22), 5)
        if self.too_late():
            self.draw_late(surface)
        self.draw_corner(surface)

    def too_late(self) -> bool:
        """The person at the screen solved, but their sand ran out before they moved."""
        t = self.t
        v, seat = t.v, t.viewer
        if seat is None or v["phase"] != "solve":
            return False
        return v["status"][seat] == "late" or (v["status"][seat] == "solved" and seat in t.window.done)

    def draw_late(self, surface: pygame.Surface) -> None:
        """Over the gem rows, dimmed: the person was too late for them this round."""
        rows = L.GEM_ROWS_RECT
        shade = pygame.Surface(rows.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, rows)
        title = _("Too late for gems")
        why = _("Your sand ran out before you moved your pawn.")
        line, size = text.fit(why, rows.w - 120, 19, smallest=14)
        width = max(
            text.render(title, 36, theme.DANGER, "black").get_width(), text.render(line, size).get_width()
        )
        box = pygame.Rect(0, 0, width + 56, 112)
        box.center = rows.center
        pygame.draw.rect(surface, theme.BG_DEEP, box, border_radius=12)
        pygame.draw.rect(surface, theme.DANGER, box, 3, border_radius=12)
        text.blit(surface, title, (box.centerx, box.y + 38), 36, theme.DANGER, "black", "center")
        text.blit(surface, line, (box.centerx, box.y + 80), size, theme.TEXT, anchor="center")

    def draw_corner(self, surface: pygame.Surface) -> None:
        """Beneath the gem board, the person's own puzzle, frozen: their solution, or one the
        solver found when they did not solve; and what their solve gave them."""
        t = self.t
        v, seat = t.v, t.viewer
        if v["phase"] != "solve" or seat is None or not v["puzzles"]:
            return
        box = L.CORNER
        pygame.draw.rect(surface, theme.BG_DEEP, box, border_radius=8)
        puzzle = v["puzzles"][seat]
        placed = v["placements"][seat]
        pieces = (
            [(p["piece"], [tuple(c) for c in p["cells"]]) for p in placed]
            if placed is not None
            else t.shown_solution
        )
        art.mini_board(surface, puzzle["cells"], pieces, box.inflate(-12, -12), placed is None)
        x = box.right + 16
        title, ink = self.corner_title(seat)
        title, size = text.fit(title, L.PLAY.right - 8 - x, 20, "bold", 14)
        text.blit(surface, title, (x, box.y + 22), size, ink, "bold", "midleft")
        detail, size = text.fit(self.corner_detail(seat), L.PLAY.right - 8 - x, 16, smallest=12)
        text.blit(surface, detail, (x, box.y + 52), size, theme.MUTED, anchor="midleft")

    def solve_of(self, seat: int) -> View | None:
        """The seat's solve this round as the view gives it ({seat, tick, rank}), or None."""
        return next((s for s in self.t.v["solves"] if s["seat"] == seat), None)

    def corner_title(self, seat: int) -> tuple[str, tuple[int, int, int]]:
        solve = self.solve_of(seat)
        if solve is None:
            return _("Your puzzle: a solution"), theme.MUTED
        if self.t.solo:  # alone there is no first or second
            title = _("Ubongo! {time}", time=seconds(solve["tick"]))
        else:
            title = _("Ubongo! {time} · {nth}", time=seconds(solve["tick"]), nth=nth(solve["rank"] + 1))
        return title, theme.MUTED if self.too_late() else theme.GOOD

    def corner_detail(self, seat: int) -> str:
        t = self.t
        v = t.v
        status = v["status"][seat]
        if status == "solved" and seat in t.window.done:
            return _("Your sand ran out before you took any gems.")
        if status == "solved":
            n = v["allowance"] or 0
            if n == 0:
                return _("Your pawn stays on its row; the sand is still running.")
            return _n(
                "Your pawn may move up to {n} row; the sand is still running.",
                "Your pawn may move up to {n} rows; the sand is still running.",
                n,
            )
        if status == "late":
            return _("The sand ran out before you took any gems.")
        move = next((m for m in v["moves"] if m["seat"] == seat), None)
        if move is not None and move["gems"] is None:
            return _("Your gems from row {row} are settled once everyone has played.", row=move["to"] + 1)
        if move is not None and move["gems"]:
            return _("You took {gems} from row {row}.", gems=gem_words(move["gems"]), row=move["to"] + 1)
        if move is not None:
            return _("Row {row} was empty: no gems this round.", row=move["to"] + 1)
        return _("You did not solve this puzzle in time.")

    # -- the side: hourglass and players ---------------------------------------------------
    def draw_side(self, surface: pygame.Surface) -> None:
        t = self.t
        v = t.v
        seat = t.viewer if t.viewer is not None else 0
        glass = v["hourglass"]
        tick = t.clock_at(seat)
        start, end = glass["start"][seat], glass["end"][seat]
        running = v["phase"] == "solve" and not t.intro
        left = (end - tick) / max(1, end - start) if running else 1.0
        turning = 0.0  # from its first tick to its last a turn is drawn as one (never 0)
        if t.intro:  # the die rolls with last round's sand below, then the hourglass is turned
            left = 0.0
            if t.intro <= t.speed(TURN):
                turning = max(0.01, 1 - t.intro / max(1, t.speed(TURN)))
        elif t.turning:
            turning = max(0.01, 1 - t.turning / max(1, t.speed(TURN)))
        warn = running and 0 < end - tick <= 10 * TICKS_PER_SECOND
        drawn = self.drawn
        drawn["glass"] = art.hourglass(surface, L.GLASS, left, turning, warn, room=L.GLASS_ROOM)
        x, y = L.TIME_AT
        width = L.SIDE.right - 12 - x
        if running:
            drawn["time"] = text.blit(
                surface,
                art.clock_text(end - tick, TICKS_PER_SECOND),
                (x, y),
                44,
                theme.DANGER if warn else theme.TEXT,
                "black",
                "midleft",
            )
            which = _("Hourglass {turn} of {turns}", turn=glass["turn"], turns=glass["turns"])
            line, size = text.fit(which, width, 16, smallest=12)
            drawn["turn"] = text.blit(surface, line, (x, y + 40), size, theme.MUTED, anchor="midleft")
        else:
            drawn["time"] = text.blit(
                surface,
                art.clock_text(glass["length"][seat], TICKS_PER_SECOND),
                (x, y),
                44,
                theme.MUTED,
                "black",
                "midleft",
            )
            drawn.pop("turn", None)
        extra = (glass["length"][seat] - glass["base"]) // TICKS_PER_SECOND
        if extra:
            line, size = text.fit(_("+{n} s handicap", n=extra), width, 15, smallest=12)
            drawn["extra"] = text.blit(surface, line, (x, y + 62), size, theme.MUTED, anchor="midleft")
        else:
            drawn.pop("extra", None)
        for index, s in enumerate(t.seat_order()):
            self.draw_player(surface, s, L.player_rect(index))

    def draw_player(self, surface: pygame.Surface, seat: int, r: pygame.Rect) -> None:
        """A player's panel, painted again only when what it shows changes; a bot's progress
        bar, which grows every tick, is drawn over it."""
        t = self.t
        racing = t.progress(seat) if t.v["phase"] == "solve" and not t.intro else None
        key = (
            t.v_version,
            t.viewer,
            seat in t.flash,
            bool(t.intro),
            racing is not None,
            t.away(seat),  # network play: a player whose link dropped, or who came back
            i18n.generation,
        )
        cached = self.panels.get(seat)
        if cached is None or cached[0] != key:
            image = pygame.Surface(r.size, pygame.SRCALPHA)
            self.paint_player(image, seat, image.get_rect())
            cached = self.panels[seat] = (key, image)
        surface.blit(cached[1], r)
        if racing is not None:
            bar = pygame.Rect(r.x + 10, r.y + 58, 150, 18)
            pygame.draw.rect(surface, theme.BG_DEEP, bar, border_radius=6)
            fill = bar.copy()
            fill.w = max(4, int(bar.w * racing))
            pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=6)
            # no figure beside it: the bar is a typical solver's pace, not the bot's own

    def paint_player(self, surface: pygame.Surface, seat: int, r: pygame.Rect) -> None:
        t = self.t
        v = t.v
        me = seat == t.viewer
        pygame.draw.rect(surface, theme.PANEL_HI if me else theme.PANEL, r, border_radius=10)
        if seat in t.flash:
            pygame.draw.rect(surface, theme.GOOD, r, 3, border_radius=10)
        info = t.window.players[seat]
        art.pawn(surface, seat, (r.x + 22, r.y + 24), 14, info.name[:1])
        kind = (
            _("you")
            if me and not t.watching  # a replay shows every seat as what it was
            else _("away")
            if t.away(seat)  # network play: a person whose link dropped (their sand runs on)
            else _("person")
            if not info.is_bot
            else _("bot · {level}", level=level(info.level))
        )
        name, name_size = text.fit(info.name, 150, 19, "bold", 15)
        text.blit(surface, name, (r.x + 44, r.y + 24), name_size, theme.TEXT, "bold", "midleft")
        text.blit(surface, kind, (r.x + 44, r.y + 45), 14, theme.MUTED, anchor="midleft")
        self.draw_status(surface, seat, pygame.Rect(r.x + 10, r.y + 58, 150, 18))
        art.gem_counts(surface, v["held"][seat], r.x + 10, r.bottom - 12, SMALL_GEM, 35)
        if v["puzzles"] and not t.intro:  # the boards lie face down while the die rolls
            self.silhouette(surface, seat, pygame.Rect(r.right - 118, r.y + 8, 108, r.h - 16))

    def draw_status(self, surface: pygame.Surface, seat: int, r: pygame.Rect) -> None:
        t = self.t
        v = t.v
        phase = v["phase"]
        solve = self.solve_of(seat)
        line, ink = "", theme.MUTED
        if phase == "solve" and not t.intro:
            status = v["status"][seat]
            moved = {m["seat"]: m for m in v["moves"]}
            if solve and (seat in t.flash or status == "solved" and seat != t.viewer):
                line, ink = _("Ubongo! {time}", time=seconds(solve["tick"])), theme.GOOD
            elif solve and status == "solved":
                rank = solve["rank"]
                reach = ALLOWANCE[rank] if rank < len(ALLOWANCE) else 0
                if t.solo:
                    line = _n("May move {n} row", "May move {n} rows", reach)
                else:
                    line = _n(
                        "{nth} · may move {n} row", "{nth} · may move {n} rows", reach, nth=nth(rank + 1)
                    )
                ink = theme.ACCENT
            elif status == "moved":
                move = moved[seat]
                line = _("to row {row} at {time}", row=move["to"] + 1, time=seconds(move["tick"]))
                ink = theme.TEXT
            elif status == "late":
                line, ink = _("too late for gems"), theme.DANGER
            elif status == "out":
                line, ink = _("Out for this hourglass"), theme.DANGER
            else:
                if t.progress(seat) is not None:
                    return  # a bot racing: its bar is drawn live over the panel
                line = _("solving…") if seat == t.viewer or not t.per_seat else _("waits for the screen")
        elif phase == "start":
            line = (
                _("on row {row}", row=v["pawns"][seat] + 1)
                if v["pawns"][seat] is not None
                else _("choosing a start field")
            )
        elif v["results"]:
            done = sum(1 for res in v["results"] if res[seat] is not None)
            line = _("solved {done} of {rounds}", done=done, rounds=len(v["results"]))
        line, size = text.fit(
            line, surface.get_width() - 128 - r.x, 15, "bold", 11
        )  # the silhouette on the right
        text.blit(surface, line, (r.x, r.centery), size, ink, "bold", "midleft")

    def silhouette(self, surface: pygame.Surface, seat: int, box: pygame.Rect) -> None:
        """A seat's board, small: its area, and the pieces once it has solved."""
        t = self.t
        puzzle = t.v["puzzles"][seat]
        cells = [tuple(c) for c in puzzle["cells"]]
        w = max(c[0] for c in cells) + 1
        h = max(c[1] for c in cells) + 1
        size = max(4, min(box.w // w, box.h // h, 12))
        x0 = box.centerx - w * size // 2
        y0 = box.centery - h * size // 2
        colour_of = {}
        for placed in t.v["placements"][seat] or []:
            for c in placed["cells"]:
                colour_of[tuple(c)] = polyomino_draw.COLOURS[placed["piece"]]
        for c in cells:
            rect = (x0 + c[0] * size, y0 + c[1] * size, size - 1, size - 1)
            pygame.draw.rect(surface, colour_of.get(c, (120, 110, 100)), rect)

    # -- the action bar -------------------------------------------------------------------
    def misfit(self) -> str:
        """Why the piece in hand by the keys (or lifted by a turn) cannot be laid where it is,
        and what to do about it; "" when it can."""
        handler = self.t.handler
        why = handler.misfit() if handler is not None else None
        if handler is None or not why:
            return ""
        if handler.hold is not None and handler.hold.lifted:
            return _(
                "{reason}. Turn it on until it fits, drag it elsewhere, or Esc sends it to the tray.",
                reason=why,
            )
        return _("{reason}. Move it with the arrows or turn it; Enter lays it once it fits.", reason=why)

    def bar_right(self) -> int | None:
        t = self.t
        return t.give_up_button.rect.x if t.give_up_button.visible else None

    def bar(self) -> tuple[str, str, str]:
        """What the action bar says; a row just refused (its number pressed, or clicked while
        dim) says why for a few seconds, in the words of its tip; a focused row says its tip
        (the tooltip leaves a focused row to the bar: UbongoTable._tip)."""
        title, detail, mood = self.bar_now()
        t = self.t
        if t.said and t.gem_board_shown() and not (t.sheet_open or t.sheet_waiting is not None):
            return title, t.said, "refused"
        row = t.pointed(t.target_map()) if t.gem_board_shown() else None
        if row is not None and row.kind == "row" and row.enabled and row.tip:
            return title, row.tip, mood  # an empty row in reach (a dim row's: the ActionBar's own)
        return title, detail, mood

    def bar_now(self) -> tuple[str, str, str]:
        t = self.t
        v = t.v
        seat = t.viewer
        names = t.window.names
        if t.sheet_open or t.sheet_waiting is not None:
            if self.too_late():
                return (
                    _("Too late for gems"),
                    _("Your sand ran out before you moved your pawn: no gems this round."),
                    "refused",
                )
            return _("The round is over"), _("The gems find their owners."), "moving"
        if t.intro:
            return (
                _("Round {round}", round=v["round"]),
                _("The die chooses the row of pieces everyone lays."),
                "moving",
            )
        if t.held_back():
            return _("The sand stands still"), self.waiting_for(), "waiting"
        if v["phase"] == "roll":  # the die has landed; the boards turn up for every screen at once
            return (
                _("Round {round}", round=v["round"]),
                _("Your board turns up as the hourglass turns, at the same moment as everyone's."),
                "waiting",
            )
        if t.window.finished:
            return _("The game is over"), "", "over"
        phase = v["phase"]
        if seat is None:
            return (
                _("Pass the screen"),
                _("The next player's puzzle appears when they are ready."),
                "waiting",
            )
        if phase == "start":
            if seat in t.window.to_act:
                return (
                    _("Choose a start field"),
                    _("Click a row (or press 1-6) to put your pawn on its start field."),
                    "move",
                )
            return _("Waiting"), _("The others choose their start fields."), "waiting"
        if phase == "solve":
            status = v["status"][seat]
            if t.solving():
                pieces = ", ".join(v["puzzles"][seat]["pieces"])
                how = _(
                    "Drag a piece; right-click, wheel or R turns it, F flips it; double-click or Esc sends "
                    "it back. Keys: Tab takes a piece, arrows move it, Enter lays it."
                )
                return (
                    _("Cover the board with pieces {pieces}", pieces=pieces),
                    t.notice or self.misfit() or how,
                    "move",
                )
            if t.rows_open():
                n = v["allowance"]
                if n == 0:
                    detail = _(
                        "Your pawn stays on its row: click a lit row (or 1-6) to take its two front gems "
                        "before your sand runs out."
                    )
                else:
                    detail = _n(
                        "Your pawn may move up to {n} row: click a lit row (or 1-6) to take its two front "
                        "gems before your sand runs out.",
                        "Your pawn may move up to {n} rows: click a lit row (or 1-6) to take its two front "
                        "gems before your sand runs out.",
                        n,
                    )
                return _("Ubongo! Take your gems"), detail, "move"
            still = listing(names[s] for s in range(v["seats"]) if v["status"][s] in ("solving", "solved"))
            waiting = _("Still playing: {names}.", names=still) if still else ""
            ends = _("The round ends with the sand.")
            if status == "moved" and self.empty_move(seat) is not None:
                return _("You took nothing: the row was empty"), waiting or ends, "idle"
            if status == "moved":
                return _("Gems taken"), waiting or ends, "good"
            if status in ("solved", "late"):
                return _("Too late for gems"), waiting, "refused"
            stopped = _("You gave up") if t.gave_up else _("Out of time")
            if t.puzzle_lost():
                return stopped, waiting, "refused"
            return (
                stopped,
                _("Waiting for the others: if nobody solves, the hourglass turns again."),
                "refused",
            )
        return "", "", "idle"


__all__ = ["COLOURS", "Render", "gem_image"]
