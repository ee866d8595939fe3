"""Network play at the table: the connection badge (mixed into the table's overlay).

A small box in a room each table keeps free of its game (`connection_room`), drawn only at a
table whose match is held by a server (`connection`). It says the link's state ("Online · 4 ms",
"Reconnecting…" and why) and, when a person playing at another screen is away, who ("Bilal
is reconnecting…") and whether the match waits for them. It is a target like any other
(`connection`: pointed at, clicked, reached by Tab and pressed with Space or Enter), and opens
the connection sheet: every seat's state, the latency, the invites and a bot for a seat whose
player is gone (game.scenes.connection_sheet).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from game.core.i18n import N_, msg
from game.net.failures import brief
from game.scenes.presence import (
    LINK_CLOSED,
    LINK_DOWN,
    LINK_ONLINE,
    MISSING,
    link_state,
    link_words,
    missing_words,
    name_of,
    seat_states,
)
from game.scenes.presence import draw_mark as mark
from game.ui import text, theme
from game.ui.targets import Target
from game.ui.widgets import focus_ring, panel

if TYPE_CHECKING:
    from game.core.face import Face
    from game.core.window import Connection, Window
    from game.net.invite import Invite
    from game.scenes.host import Host
    from game.scenes.tables import TableScene

BADGE = "connection"  # the badge's target id
PAD_X, PAD_Y, LINE_H, MARK_W = 12, 5, 19, 18
SIZES = (15, 14)  # the first line, the others
TIP = N_("Who is connected, the latency and the invites (Space)")

Line = tuple[str, str]  # (the mark's state or "", the words)


class ConnectionBadge:
    window: Window
    app: Host
    focus: str | None
    hover: str | None
    rules: Face
    invites: dict[int, Invite]

    if TYPE_CHECKING:  # provided by Table

        @property
        def connection(self) -> Connection | None: ...

    # Where the badge may sit: a room of the table where nothing of the game lies, and the side
    # of it the badge keeps to (a pygame.Rect anchor). Lines the room has no height for are
    # left out, the least needed first. A table sets its own; this one is the top edge's middle.
    connection_room: tuple[int, int, int, int] = (480, 2, 320, 48)
    connection_anchor: str = "midtop"

    @property
    def connection_seen(self) -> set[int]:
        """The seats known to have joined: seen online while this table was open, the host's
        people (they sit at the host's screen) and, at the host's table, every online seat
        whose invite is spent (the host's app started again shows the others' invites only).
        A player away was here before; one not known to have joined has not joined yet."""
        seen: set[int] = self.__dict__.setdefault("_connection_seen", set())
        hosting = self.connection is not None and self.connection.host
        for seat, player in enumerate(self.window.players):
            spent = hosting and player.kind == "online" and seat not in self.invites
            if player.kind == "human" or spent:
                seen.add(seat)
        return seen

    def connection_lines(self) -> list[Line]:
        """What the badge says, most needed first: the link when it is down; else each person
        away and whether the match waits for them; the link's state and latency last."""
        remote = self.connection
        if remote is None:
            return []
        headline, detail = link_words(remote)
        if remote.status != "online":  # why, in a few words: the tooltip and the sheet say it all
            detail = brief(detail) or detail
            return [(link_state(remote), headline), *([("", detail)] if detail else [])]
        states = seat_states(self.window, self.connection_seen)
        missing = [seat for seat, state in enumerate(states) if state in MISSING]
        lines: list[Line] = []
        waited = next((seat for seat in missing if seat in self.window.to_act), None)
        for seat in missing:
            name = name_of(self.window, seat)
            lines.append((states[seat], missing_words(self.window, seat, states[seat])))
            if seat == waited and not getattr(self.rules, "timed", False):  # a race never waits
                lines.append(("", msg("The match waits for {name}", name=name)))
        return [*lines, (LINK_ONLINE, headline)]

    def _connection_layout(self) -> tuple[pygame.Rect, list[tuple[str, str, int]], str]:
        """The badge's box, its drawn lines (mark, words, size) as the room allows, and the
        whole of a line the room has no height for: left out whole, never cut short with "…"
        (the tooltip says it)."""
        room = pygame.Rect(self.connection_room)
        room_w = room.w - 2 * PAD_X - MARK_W
        said = self.connection_lines()
        lines: list[tuple[str, str, int, int]] = []  # with the line of `said` each part is of
        for k, (state, words) in enumerate(said):
            size = SIZES[0] if k == 0 else SIZES[1]
            for j, part in enumerate(text.wrap(words, room_w, size, "bold" if k == 0 else "regular")):
                lines.append((state if j == 0 else "", part, size, k))
        capacity = max(1, (room.h - 2 * PAD_Y) // LINE_H)
        kept, left = lines[:capacity], lines[capacity:]
        cut = ""
        if left:
            cut = str(said[left[0][3]][1])
            if len(kept) > 1 and left[0][3] == kept[-1][3]:  # a line the room would cut: all of it goes
                kept = [line for line in kept if line[3] != left[0][3]] or kept[:1]
        drawn = [(state, part, size) for state, part, size, _ in kept]
        widest = max((text.font(size, "bold").size(part)[0] for _, part, size in drawn), default=40)
        box = pygame.Rect(0, 0, min(room.w, widest + 2 * PAD_X + MARK_W), len(drawn) * LINE_H + 2 * PAD_Y)
        setattr(box, self.connection_anchor, getattr(room, self.connection_anchor))
        return box, drawn, cut

    def on_top(self) -> bool:
        """Whether the table is the top scene: no sheet, menu or hand-off stands over it."""
        top: object = self.app.top  # a table is a scene: this mixin alone is not one to mypy
        return top is self

    # the overlay's hooks (game.scenes.table.overlay)
    def draw_connection(self, surface: pygame.Surface) -> None:
        if self.connection is None or not self.on_top():
            return  # a sheet over the table says it all, in full (and the badge takes no click)
        box, drawn, _cut = self._connection_layout()
        trouble = any(state in (*MISSING, LINK_CLOSED, LINK_DOWN) for state, *_ in drawn)
        lit = self.hover == BADGE
        closed = self.connection.status == "closed"
        border = theme.DANGER if closed else theme.ACCENT if trouble or lit else theme.LINE
        panel(
            surface,
            box,
            theme.PANEL_HI if lit else theme.BG_DEEP,
            border,
            radius=9,
            width=2 if trouble else 1,
        )
        for k, (state, part, size) in enumerate(drawn):
            y = box.y + PAD_Y + LINE_H * k + LINE_H // 2
            if state:
                mark(surface, state, (box.x + PAD_X + 6, y), 6)
            ink = theme.TEXT if k == 0 else theme.MUTED
            face = "bold" if size == SIZES[0] else "regular"
            text.blit(surface, part, (box.x + PAD_X + MARK_W, y), size, ink, face, "midleft")
        if self.focus == BADGE:
            focus_ring(surface, box)

    def connection_targets(self) -> list[Target]:
        if self.connection is None:
            return []
        box, _drawn, cut = self._connection_layout()
        label = " — ".join(str(words) for _, words in self.connection_lines())
        why = link_words(self.connection)[1] if self.connection.status != "online" else ""
        return [Target(BADGE, label, "button", box, tip=cut or (why if brief(why) else TIP))]

    def connection_event(self, event: pygame.event.Event) -> bool:
        """A click on the badge, or Space or Enter while the keyboard is on it: its sheet.
        Asked before the table's own handling, which does not know the badge."""
        if self.connection is None:
            return False
        pressed = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if pressed and self._connection_layout()[0].collidepoint(event.pos):
            self.open_connection()
            return True
        keys = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
        if event.type == pygame.KEYDOWN and self.focus == BADGE and event.key in keys:
            self.open_connection()
            return True
        return False

    def open_connection(self) -> None:
        """The connection sheet over the table (also from the pause menu's Connection)."""
        from game.scenes.connection_sheet import ConnectionSheet

        if self.connection is not None:
            table = cast("TableScene", self)  # this badge is mixed into Table, which is one
            self.app.push(ConnectionSheet(self.app, table))
