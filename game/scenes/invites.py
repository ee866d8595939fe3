"""The invites of a hosted match, over its table: each online seat's name, whether its player
has joined, and its invite large enough to read out or type, with Copy.

Shown when Host starts a match, and again from the connection sheet (the host's only). An
invite is one line, `bazaar://HOST:PORT/CODE?pin=KEY` (with the host's other addresses, when
it has them), and works once: the player who joins with it keeps the seat. The sheet follows
the players joining while it is open.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, msg
from game.net.portmap import (
    ASKING,
    LAPSED,
    MAPPED,
    NO_ROUTER,
    OUTSIDE,
    PRIVATE,
    REFUSED,
    SHARED,
    SILENT,
    Standing,
)
from game.scenes.base import Overlay
from game.scenes.presence import BOT, HERE, ONLINE, WAITING, draw_mark, name_of, seat_states
from game.ui import clipboard, text, theme
from game.ui.widgets import Button, panel

if TYPE_CHECKING:
    from game.net.invite import Invite
    from game.scenes.host import Host
    from game.scenes.tables import TableScene

WIDTH, ROW_H, TOP, FOOT = 1040, 104, 122, 168
COPY_W = 150
CLOSE = "close"
# (address, code) sizes, stepped down until the invite fits its field on one line
SIZES = ((22, 28), (20, 26), (18, 24), (16, 22))
TAIL_SIZES = (15, 14, 13, 12, 11)  # the query's (the host's key, its other addresses)


class InviteSheet(Overlay):
    name = "invites"
    proceed = CLOSE

    def __init__(self, app: Host, table: TableScene):
        self.table = table  # the hosted table: its invites and its window (who has joined)
        self.server = app.matches.served_at(table.window)  # HOST:PORT when made on a server
        self.seats: list[int] = sorted(table.invites)
        super().__init__(app, (WIDTH, TOP + ROW_H * max(1, len(self.seats)) + FOOT))
        b = self.box
        self.copies: dict[int, Button] = {}
        for k, seat in enumerate(self.seats):
            y = b.y + TOP + ROW_H * k + 32
            button = Button(
                (b.right - 40 - COPY_W, y, COPY_W, 58), N_("Copy"), self._copier(seat), tid=f"copy.{seat}"
            )
            button.spoken = msg("Copy {name}'s invite", name=self.name_of(seat))
            self.group.add(button)
            self.copies[seat] = button
        self.close_button = Button(
            (b.centerx - 130, b.bottom - 78, 260, 58), N_("Close"), self.back, primary=True, tid=CLOSE
        )
        self.group.add(self.close_button)
        self.status = ""  # what the last Copy did, in words
        self.status_ok = True
        self.news = False
        self.relayed = self._relayed()
        # how friends reach it, as drawn
        self.reach: tuple[Standing, tuple[tuple[str, int], ...]] | None = None
        self._sync()
        self.group.move_focus(1)

    def name_of(self, seat: int) -> str:
        return name_of(self.table.window, seat)

    def invite(self, seat: int) -> Invite:
        """As made, with the host's ways in as they stand (the router may have answered since)."""
        hosting = None if self.server else self.app.hosting  # a server's invites are as it gave them
        made = self.table.invites[seat]
        return made if hosting is None else replace(made, via=hosting.via())

    def states(self) -> list[str]:
        if self.table.connection is None:
            return [WAITING] * (max(self.seats, default=0) + 1)
        return seat_states(self.table.window, self.table.connection_seen)

    def joined(self, seat: int) -> bool:
        """A seat whose player came (online now, or seen before): its invite is used."""
        return seat in self.table.connection_seen or self.states()[seat] in (ONLINE, HERE)

    def _sync(self) -> None:
        """Copy stays for seats nobody has joined yet: a used invite lets nobody else in."""
        states = self.states()
        for seat, button in self.copies.items():
            bot = seat < len(states) and states[seat] == BOT
            used = self.joined(seat) or bot
            button.enabled = not used
            name = self.name_of(seat)
            button.hint = (
                msg("A bot plays {name}'s seat now", name=name)
                if bot
                else msg("{name} has joined: this invite is used", name=name)
                if used
                else ""
            )

    def _copier(self, seat: int) -> Callable[[], None]:
        return lambda: self.copy(seat)

    def copy(self, seat: int) -> None:
        name = self.name_of(seat)
        if clipboard.copy(str(self.invite(seat))):
            self.status, self.status_ok = (
                msg("Copied {name}'s invite: paste it into a message to them.", name=name),
                True,
            )
        else:
            self.status = N_("There is no clipboard here: read the invite out, or type it, as shown.")
            self.status_ok = False

    # -- time: players join while the sheet stands ----------------------------------------
    def update(self, ticks: int) -> None:
        remote = self.table.connection
        self.news = remote is not None and remote.pump() > 0
        hosting = None if self.server else self.app.hosting
        reach = None if hosting is None else (hosting.standing, hosting.via())
        if reach != self.reach:  # the router answered (or refused), or a friend came in from outside
            self.reach, self.news = reach, True
        if self.news:
            self._sync()
        relayed = self._relayed()
        if relayed != self.relayed:  # the link to the relay came up (or dropped)
            self.relayed, self.news = relayed, True

    def _relayed(self) -> str:
        """How friends reach the table through the relay, in words ("" without a relay)."""
        return self.app.hosting.relay_words() if self.app.hosting is not None and not self.server else ""

    @property
    def animated(self) -> bool:  # type: ignore[override]
        return self.news  # a frame when someone joined or left, else a still one

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._sync()
        super().draw(surface)
        b = self.box
        text.blit(surface, N_("Invites"), (b.x + 40, b.y + 46), 34, theme.TEXT, "black", "midleft")
        intro = N_("Send each player their invite (it works once). On their computer: Join, then paste it.")
        text.blit(surface, intro, (b.x + 40, b.y + 90), 17, theme.MUTED, anchor="midleft")
        states = self.states()
        for k, seat in enumerate(self.seats):
            self._draw_row(
                surface, seat, states[seat] if seat < len(states) else WAITING, b.y + TOP + ROW_H * k
            )
        y = b.bottom - 148
        if self.status:
            ink = theme.TEXT if self.status_ok else theme.ACCENT
            for j, line in enumerate(text.wrap(self.status, b.w - 80, 17)[:2]):
                text.blit(surface, line, (b.x + 40, y + 22 * j), 17, ink, "bold", "midleft")
        port = self.invite(self.seats[0]).port if self.seats else 0
        note = self.path(port)
        if self.relayed:  # Settings → Online names a relay: friends elsewhere come through it
            note = msg("An invite works once. {relay}", relay=self.relayed)
        lines = text.wrap(note, b.w - 80, 15)[:2]  # a refusal and what to do may take two
        for j, line in enumerate(lines):  # upwards from above Close
            at = (b.centerx, b.bottom - 96 - 20 * (len(lines) - 1 - j))
            text.blit(surface, line, at, 15, theme.MUTED, anchor="center")
        self.group.draw(surface)

    def path(self, port: int) -> str:
        """How friends reach the table (game/hosting.py's `standing`), in words."""
        if self.server:
            return msg(
                "An invite works once. The match is played on the server {server}.",
                server=self.server,
            )
        hosting = self.app.hosting
        return way_in(hosting.standing if hosting is not None else Standing(), port)

    def _draw_row(self, surface: pygame.Surface, seat: int, state: str, top: int) -> None:
        b = self.box
        joined = self.joined(seat) or state == BOT  # either way, the invite lets nobody in
        shown = ONLINE if state in (ONLINE, HERE) else state
        draw_mark(surface, shown, (b.x + 48, top + 14), 7)
        name = text.blit(
            surface, self.name_of(seat), (b.x + 64, top + 14), 22, theme.TEXT, "bold", "midleft", as_is=True
        )
        if state == BOT:
            words = N_("A bot plays this seat now")
        elif state in (ONLINE, HERE):
            words = N_("Joined: online")
        elif joined:
            words = N_("Joined: away now, reconnecting")
        else:
            words = N_("Not joined yet")
        text.blit(surface, words, (name.right + 14, top + 15), 17, theme.MUTED, anchor="midleft")
        field = pygame.Rect(b.x + 40, top + 32, b.w - 80 - COPY_W - 16, 58)
        panel(surface, field, theme.BG_DEEP, theme.LINE if joined else theme.ACCENT_DARK)
        self._draw_invite(surface, self.invite(seat), field, joined)

    def _draw_invite(self, surface: pygame.Surface, invite: Invite, field: pygame.Rect, used: bool) -> None:
        """The address quiet, the code loud, the host's key and other addresses (the query)
        small below; smaller until each fits, never cut (it may be typed)."""
        whole = str(invite)
        head, mark, query = whole.partition("?")
        address, code = head[: -len(invite.code)], invite.code
        tail = mark + query
        room = field.w - 28
        ink = theme.MUTED if used else theme.ACCENT
        middle = field.centery if not tail else field.y + 19
        for small, big in SIZES:
            wide = text.font(small).size(address)[0] + text.font(big, "bold").size(code)[0]
            if wide <= room:
                break
        if wide <= room:
            at = text.blit(
                surface, address, (field.x + 14, middle), small, theme.MUTED, anchor="midleft", as_is=True
            )
            text.blit(surface, code, (at.right, middle), big, ink, "bold", "midleft", as_is=True)
            self._draw_tail(surface, tail, (field.x + 14, field.bottom - 14), room)
            return
        # a long address (IPv6): the address above, the code below, the rest beside the code
        text.blit(
            surface, address, (field.x + 14, field.y + 12), 14, theme.MUTED, anchor="midleft", as_is=True
        )
        at = text.blit(
            surface, code, (field.x + 14, field.bottom - 16), 18, ink, "bold", "midleft", as_is=True
        )
        self._draw_tail(surface, tail, (at.right + 4, field.bottom - 16), field.right - 14 - at.right - 4)

    @staticmethod
    def _draw_tail(surface: pygame.Surface, tail: str, at: tuple[int, int], room: int) -> None:
        """The invite's query (?pin=…&via=…) on one line, as large as fits."""
        if not tail:
            return
        size = next((z for z in TAIL_SIZES if text.font(z).size(tail)[0] <= room), TAIL_SIZES[-1])
        text.blit(surface, tail, at, size, theme.MUTED, anchor="midleft", as_is=True)


def way_in(standing: Standing, port: int) -> str:
    """How friends reach the table, in words: the path, or what the router did instead of
    opening the way and what to do next (game/net/portmap.py)."""
    why, error = standing.why, standing.error
    if standing.path == MAPPED:
        return N_("Mapped, not checked: the router lets friends elsewhere in; none has come in yet.")
    if standing.path == OUTSIDE:
        return N_("Over the internet: a friend from outside has come in through the router.")
    if why == ASKING:
        return N_("Asking the router to let friends in…")
    if why == NO_ROUTER:
        return msg(
            "No router answered for UPnP (it is off, or there is none): players on another network "
            "need port {port} open to this computer, or a relay (Settings\u00a0→\u00a0Online).",
            port=port,
        )
    if why == SILENT:
        return msg(
            "The router did not say its internet address, so it opened nothing: players on another "
            "network need port {port} open to this computer, or a relay (Settings\u00a0→\u00a0Online).",
            port=port,
        )
    if why == PRIVATE:
        return msg(
            "The router's internet address is private: another router stands outside it. Open port "
            "{port} on that one too, or use a relay (Settings\u00a0→\u00a0Online).",
            port=port,
        )
    if why == SHARED:
        return N_(
            "Your provider shares one internet address among homes, so friends elsewhere cannot "
            "come in: use a relay (Settings\u00a0→\u00a0Online)."
        )
    if why == REFUSED and error:
        return msg(
            "The router refused to open port {port} ({error}): open it on the router by hand, or "
            "use a relay (Settings\u00a0→\u00a0Online).",
            port=port,
            error=error,
        )
    if why == REFUSED:
        return msg(
            "The router refused to open port {port}: open it on the router by hand, or use a relay "
            "(Settings\u00a0→\u00a0Online).",
            port=port,
        )
    if why == LAPSED:
        return msg(
            "The router stopped keeping port {port} open ({error}): friends elsewhere cannot come "
            "in now. Open it on the router by hand, or use a relay (Settings\u00a0→\u00a0Online).",
            port=port,
            error=error,
        )
    return msg("At home: players on another network need port {port} open to this computer.", port=port)
