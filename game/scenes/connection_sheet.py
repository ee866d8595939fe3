"""The connection sheet, opened from the table's badge (or Connection in the pause menu): every
seat with its state in words and a mark (at this screen, online, away, not joined, a bot), the
link to the host and its latency; for the host, the invites again and a bot for the seat of a
player who is gone (asked to confirm: nothing played is lost, the player cannot come back).
Esc or Close goes back to the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, Msg, msg, said
from game.core.seats import level_name
from game.core.window import NotOpened
from game.scenes.base import Overlay
from game.scenes.overlays import Confirm
from game.scenes.presence import (
    AWAY,
    HERE,
    LEFT,
    MISSING,
    draw_mark,
    latency_words,
    link_state,
    link_words,
    name_of,
    seat_states,
    state_words,
)
from game.ui import text, theme
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.core.window import Connection, Window
    from game.net.invite import Invite
    from game.scenes.host import Host
    from game.scenes.tables import TableScene

WIDTH, TOP, ROW_H, FOOT = 760, 170, 62, 124
BOT_W = 200
INVITE_W = 170
CLOSE = "close"
DETAIL_LINES = 3  # the link's trouble in words, above the seats' rule
HANDOVER = "medium"  # the level of the bot that takes a seat over, when the game has it


class ConnectionSheet(Overlay):
    name = "connection"
    proceed = CLOSE

    def __init__(self, app: Host, table: TableScene):
        self.table = table  # a table of network play: its window and link, invites, seats seen
        window, remote = self.window, self.link
        super().__init__(app, (WIDTH, TOP + ROW_H * len(window.players) + FOOT))
        b = self.box
        self.bots: dict[int, Button] = {}
        self.reinvites: dict[int, Button] = {}
        self.asking: set[int] = set()  # seats whose new invite the server is asked for
        self.server = app.matches.served_at(window)  # HOST:PORT of a match made on a server
        self.worded: list[pygame.Rect] = []  # the seats' lines and the status: no tip covers them
        if remote.host:
            for seat in range(len(window.players)):
                y = b.y + TOP + ROW_H * seat + 4
                name = name_of(window, seat)
                again = Button(
                    (b.right - 44 - BOT_W - INVITE_W, y, INVITE_W, 48),
                    N_("New invite"),
                    self._reinviting(seat),
                    size=18,
                )
                again.tid = f"reinvite.{seat}"
                again.spoken = msg("A new invite for {name}'s seat", name=name)
                again.hint = N_("For a player whose invite is used and who cannot get back in")
                self.reinvites[seat] = again
                self.group.add(again)
                button = Button(
                    (b.right - 32 - BOT_W, y, BOT_W, 48), N_("Hand to a bot"), self._handing(seat), size=18
                )
                button.tid = f"bot.{seat}"
                button.spoken = msg("Hand {name}'s seat to a bot", name=name)
                button.hint = N_("A bot plays this seat from now on; nothing played is lost")
                self.bots[seat] = button
                self.group.add(button)
        y = b.bottom - 84
        self.invites_button = Button((b.x + 40, y, 240, 58), N_("Invites"), self.show_invites, tid="invites")
        self.invites_button.visible = bool(remote.host and table.invites)
        self.group.add(self.invites_button)
        self.close_button = Button((b.right - 280, y, 240, 58), N_("Close"), self.back, True, tid=CLOSE)
        self.group.add(self.close_button)
        self.status = ""  # what the last hand-over did
        self.news = False
        self._sync()
        self.group.focus(self.close_button)

    @property
    def window(self) -> Window:
        return self.table.window

    @property
    def link(self) -> Connection:
        link = self.table.connection
        if link is None:
            raise RuntimeError("the connection sheet opens over a table of network play only")
        return link

    def states(self) -> list[str]:
        return seat_states(self.window, self.table.connection_seen)

    def _sync(self) -> None:
        """A bot is offered for the seats of people who are not here: away, or never come."""
        states = self.states()
        for seat, button in self.bots.items():
            button.visible = seat < len(states) and states[seat] in MISSING
            button.enabled = self.link.status == "online"
        for seat, button in self.reinvites.items():  # a seat never joined has its invite still
            button.visible = seat < len(states) and states[seat] in (AWAY, LEFT)
            button.enabled = self.link.status == "online"
        if self.group.focused is not None and not self.group.focused.visible:
            self.group.focus(self.close_button)

    def _handing(self, seat: int) -> Callable[[], None]:
        return lambda: self.ask(seat)

    def ask(self, seat: int) -> None:
        name = name_of(self.window, seat)
        question = msg(
            "Hand {name}'s seat to a bot? It plays on from here and nothing played is lost, "
            "but {name} cannot take the seat back.",
            name=name,
        )
        self.app.push(Confirm(self.app, question, lambda: self.hand_over(seat), N_("Hand to a bot")))

    def hand_over(self, seat: int) -> None:
        levels = self.table.rules.bot_levels
        level = HANDOVER if HANDOVER in levels else levels[len(levels) // 2]
        name = name_of(self.window, seat)
        self.link.pump()  # the player may have come back while the question stood
        if self.states()[seat] not in MISSING:
            self.status = msg("{name} is here again: the seat stays theirs.", name=name)
            self._sync()
            return
        refused = self.link.hand_to_bot(seat, level)
        if refused is not None:
            self.status = msg("{name}'s seat stays as it was: {why}", name=name, why=refused.reason)
        else:
            self.status = msg(
                "A bot ({level}) plays {name}'s seat from now on.", level=level_name(level), name=name
            )
        self._sync()

    def _reinviting(self, seat: int) -> Callable[[], None]:
        return lambda: self.ask_reinvite(seat)

    def ask_reinvite(self, seat: int) -> None:
        question = msg(
            "Make a new invite for {name}'s seat? Their old invite and the link their app keeps "
            "stop working; whoever joins with the new one takes the seat, as it stands.",
            name=name_of(self.window, seat),
        )
        self.app.push(Confirm(self.app, question, lambda: self.reinvite(seat), N_("New invite")))

    def reinvite(self, seat: int) -> None:
        name = name_of(self.window, seat)
        self.link.pump()  # the player may have come back while the question stood
        if self.states()[seat] not in (AWAY, LEFT):
            self.status = msg("{name} is here again: the seat stays theirs.", name=name)
            self._sync()
            return
        server = self.server
        if server:  # the server makes the code: its answer comes with the link's news (update)
            refused = self.link.ask_reinvite(seat)
            if refused is not None:
                self.status = msg("No new invite: {why}", why=refused.reason)
                return
            self.asking.add(seat)
            self.status = msg(
                "Asking the server {server} for a new invite for {name}…", server=server, name=name
            )
            return
        try:
            invite = self.app.matches.reinvite(self.link, seat)
        except NotOpened as exc:
            self.status = said(exc)
            return
        self._reinvited(seat, invite)

    def _answered(self) -> None:
        """The server's answers to the new invites asked of it."""
        for seat in sorted(self.asking):
            answer = self.link.reinvite_answer(seat)
            if answer is None:
                continue
            self.asking.discard(seat)
            if isinstance(answer, str):
                self._reinvited(seat, self.app.matches.served_invite(self.link, answer))
            else:
                self.status = msg("No new invite: {why}", why=answer.reason)

    def _reinvited(self, seat: int, invite: Invite) -> None:
        self.table.invites[seat] = invite
        self.table.connection_seen.discard(seat)  # nobody has joined with this invite yet
        self.status = msg("A new invite for {name}: send it to them.", name=name_of(self.window, seat))
        self.invites_button.visible = True
        self._sync()
        self.show_invites()

    def show_invites(self) -> None:
        from game.scenes.invites import InviteSheet

        self.app.push(InviteSheet(self.app, self.table))

    # -- time: the link and the players change while the sheet stands ----------------------
    def update(self, ticks: int) -> None:
        self.news = self.link.pump() > 0  # (the table below may have applied the news already)
        if self.asking:
            self._answered()
        if self.news:
            self._sync()

    @property
    def animated(self) -> bool:  # type: ignore[override]
        return self.news

    def tip_avoid(self) -> list[pygame.Rect]:
        return self.worded + [w.rect for w in self.group.widgets if w.visible]

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._sync()
        super().draw(surface)
        b, remote = self.box, self.link
        text.blit(
            surface, N_("Players and connection"), (b.x + 40, b.y + 44), 30, theme.TEXT, "black", "midleft"
        )
        headline, detail = link_words(remote)
        if remote.status == "online":
            headline = N_("Online")  # the latency has a line of its own below
        head_y = b.y + (88 if detail else 92)  # a little higher when three lines of why follow
        draw_mark(surface, link_state(remote), (b.x + 48, head_y), 7)
        text.blit(surface, headline, (b.x + 64, head_y), 19, theme.TEXT, "bold", "midleft")
        if detail:  # why the link is down, wrapped within the sheet (no latency to tell then)
            for j, line in enumerate(text.wrap(detail, b.w - 104, 14)[:DETAIL_LINES]):
                text.blit(surface, line, (b.x + 64, b.y + 108 + 16 * j), 14, theme.MUTED, anchor="midleft")
        else:
            where: str | Msg
            if self.server:  # a match this app made on a server
                where = msg("You host this match on the server {server}.", server=self.server)
            elif remote.host:
                where = N_("You host this match on this computer.")
            else:
                where = N_("The match is held by the computer that hosts it.")
            text.blit(
                surface, latency_words(remote), (b.x + 64, b.y + 122), 16, theme.MUTED, anchor="midleft"
            )
            text.blit(surface, where, (b.right - 40, b.y + 122), 16, theme.MUTED, anchor="midright")
        pygame.draw.line(surface, theme.LINE, (b.x + 32, b.y + TOP - 14), (b.right - 32, b.y + TOP - 14))
        states = self.states()
        self.worded = []
        for seat, state in enumerate(states):
            self._draw_row(surface, seat, state, b.y + TOP + ROW_H * seat)
        if self.status:
            for j, line in enumerate(text.wrap(self.status, b.w - 80, 16)[:2]):
                at = (b.x + 40, b.bottom - 112 + 20 * j)
                self.worded.append(text.blit(surface, line, at, 16, theme.ACCENT, "bold", "midleft"))
        self.group.draw(surface)

    def _draw_row(self, surface: pygame.Surface, seat: int, state: str, top: int) -> None:
        b, window, remote = self.box, self.window, self.link
        y = top + 28
        draw_mark(surface, state, (b.x + 48, y), 8)
        name = text.blit(
            surface, name_of(window, seat), (b.x + 66, y - 10), 21, theme.TEXT, "bold", "midleft", as_is=True
        )
        if seat in window.to_act:
            text.blit(surface, N_("to play"), (name.right + 12, y - 9), 15, theme.ACCENT, "bold", "midleft")
        words = state_words(window, seat, state)
        if state == HERE and remote.host:
            words = N_("At this screen (you host)")
        buttons = [w.rect.x for w in (self.bots.get(seat), self.reinvites.get(seat)) if w and w.visible]
        room = min(buttons, default=b.right - 28) - 12 - (b.x + 66)  # the row's buttons stand right
        fitted, size = text.fit(words, room, 16, "regular", 13)
        said = text.blit(surface, fitted, (b.x + 66, y + 13), size, theme.MUTED, anchor="midleft")
        self.worded += [name, said]
