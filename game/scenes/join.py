"""Join a match another computer hosts: the invite typed or pasted, Join, and the table.

The invite is read at once (a malformed one is refused in words under the field). Reaching the
host waits until a frame saying so is on screen (it can take a few seconds to give up on a
silent host). On success the table replaces this screen; on failure the reason stands under
the field, with what to do about it. The seats this app joined before and whose match is not
over are listed below, each to take again (game.net.tickets), two at a time, newest first,
with a page turn (PgUp / PgDn, the wheel) when there are more: every one stays in reach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core import registry
from game.core.i18n import N_, msg, said
from game.net.client import NetError
from game.net.invite import parse
from game.net.tickets import Ticket
from game.scenes.base import Screen
from game.scenes.presence import refusal_words
from game.ui import clipboard, text, theme
from game.ui.widgets import Button, TextField, panel

if TYPE_CHECKING:
    from game.scenes.host import Host

FIELD = pygame.Rect(60, 196, 900, 60)
SEATS_Y = 456  # the seats this app may take again: a heading, then a row each
SEATS_SHOWN = 2  # a page of them (the panel's room under the invite)
EXAMPLE = "bazaar://192.168.1.20:8765/7KQ2-M9XD-4RTW-8HJC"
# what to do about a refusal, by the server's error code ("": the host was not reached)
ADVICE = {
    "bad-code": N_("Check the code with the host, letter by letter, or ask for a new invite."),
    "code-used": N_("Each invite lets one player in. The host's connection sheet shows the invites."),
    "version": N_("Both of you need the same version of Bazaar."),
    "": N_(
        "Check the address with the host, that their app is open, and that you are on the same "
        "network (from elsewhere, the host's port must be open to the internet)."
    ),
}


HOW = (  # how joining works, while no seat is remembered
    msg("The host sends you an invite, one line such as {example}.", example=EXAMPLE),
    N_("Paste it here (Ctrl+V or Paste) or type it, then Join: you take the seat it was made for."),
    N_("The host's app must be open, on your network or reachable from the internet."),
)


class InviteField(TextField):
    """The invite's field: Ctrl+V pastes, Enter joins, and what is typed stays inside it."""

    def __init__(self, rect, on_enter, on_paste):
        super().__init__(rect, "", max_len=72, placeholder=N_("Paste or type the invite"), size=20)
        self.tid, self.spoken = "invite", N_("Invite")
        self.on_enter, self.on_paste = on_enter, on_paste

    def key(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
            self.on_paste()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_enter()
            return True
        return super().key(event)

    def insert(self, words: str) -> None:
        """Put pasted words in place of the selection (or everything, when all is selected)."""
        self._replace(words)

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(10, 10))  # the focus ring just outside it stays
        super().draw(surface)
        surface.set_clip(clip)


class JoinScreen(Screen):
    name = "join"

    def __init__(self, app: Host):
        super().__init__(app)
        self.title = N_("Join a game")
        self.field = InviteField(FIELD, self.join, self.paste)
        self.paste_button = Button((980, FIELD.y, 240, 60), N_("Paste"), self.paste, tid="paste")
        self.paste_button.hint = N_("The invite from the clipboard (Ctrl+V)")
        self.back_button = Button((720, 620, 240, 60), N_("Back"), self.back, tid="back")
        self.join_button = Button((980, 620, 240, 60), N_("Join"), self.join, primary=True, tid="join")
        self.remembered = app.matches.remembered()
        self.page = 0
        self.newer = Button((980, SEATS_Y - 20, 115, 36), N_("‹ Newer"), lambda: self.turn(-1), size=16)
        self.newer.tid, self.newer.hint = "newer", "PgUp"
        self.older = Button((1105, SEATS_Y - 20, 115, 36), N_("Older ›"), lambda: self.turn(1), size=16)
        self.older.tid, self.older.hint = "older", "PgDn"
        self.tickets: list[Ticket] = []
        self.again: list[Button] = []
        self.lay_out()
        self.group.focus(self.field)
        self.problem: tuple[str, str, str] | None = None  # headline, the reason, what to do
        self.pending: str | Ticket = ""  # the invite (or seat) being joined, once "Reaching the host…" shows
        self.shown = False  # whether a frame saying so was drawn

    # -- the invite ---------------------------------------------------------------------------
    def paste(self) -> None:
        words = clipboard.paste()
        if words is None:
            self.problem = (N_("There is no clipboard here."), N_("Type the invite instead."), "")
            return
        line = next((part.strip() for part in words.splitlines() if part.strip()), "")
        if not line:
            self.problem = (
                N_("The clipboard holds no text."),
                N_("Copy the invite the host sent you first."),
                "",
            )
            return
        self.group.focus(self.field)
        self.field.select_all()  # a paste replaces what was there: an invite is one line
        self.field.insert(line)
        self.problem = None

    def join(self) -> None:
        self.group.focus(self.field)  # a click on Join took the focus: the keys edit the invite
        if self.pending:
            return
        try:
            parse(self.field.value)
        except ValueError as exc:
            self.problem = (N_("That is not an invite."), said(exc), "")
            return
        self.problem = None
        self.pending, self.shown = self.field.value, False
        self.join_button.enabled, self.join_button.label = False, N_("Joining…")

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.remembered) // SEATS_SHOWN))

    def turn(self, step: int) -> None:
        page = min(max(self.page + step, 0), self.pages - 1)
        if page != self.page:
            focused = self.group.focused
            self.page = page
            self.lay_out()
            if focused in (self.newer, self.older) and not focused.enabled:
                focused = self.again[0] if self.again else self.field  # the turn ran out: the rows
            self.group.focus(focused if focused in self.group.widgets else self.field)

    def lay_out(self) -> None:
        """This page's seats, each with its button, and the page turns when there are more."""
        first = self.page * SEATS_SHOWN
        self.tickets = self.remembered[first : first + SEATS_SHOWN]
        self.again = [
            Button(
                (980, SEATS_Y + 30 + 48 * k, 240, 40),
                N_("Take your seat"),
                self._again(t),
                tid=f"rejoin.{first + k}",
            )
            for k, t in enumerate(self.tickets)
        ]
        turns = [self.newer, self.older] if self.pages > 1 else []
        self.newer.enabled, self.older.enabled = self.page > 0, self.page < self.pages - 1
        self.group.widgets = [
            self.field,
            self.paste_button,
            *turns,
            *self.again,
            self.back_button,
            self.join_button,
        ]

    def _again(self, ticket: Ticket):
        def take() -> None:
            if not self.pending:
                self.problem, self.pending, self.shown = None, ticket, False

        return take

    def update(self, ticks: int) -> None:
        if not self.pending or not self.shown:
            return
        from game.scenes.online import join_table, rejoin_table

        invite, self.pending = self.pending, ""
        self.join_button.enabled, self.join_button.label = True, N_("Join")
        try:
            if isinstance(invite, Ticket):
                table = rejoin_table(self.app, invite)
            else:
                table = join_table(self.app, invite)
        except ValueError as exc:
            self.problem = (N_("That is not an invite."), said(exc), "")
        except NetError as exc:
            code = getattr(exc, "code", "")
            self.problem = (N_("Could not join."), refusal_words(code, said(exc)), ADVICE.get(code, ""))
        else:
            self.app.replace(table)

    @property
    def animated(self) -> bool:  # type: ignore[override]
        return bool(self.pending)  # "Reaching the host…" is drawn, then the host is reached

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn(-1 if event.key == pygame.K_PAGEUP else 1)
            return True
        if event.type == pygame.MOUSEWHEEL and self.tickets:
            self.turn(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
            self.paste()  # from anywhere on the screen, not only the field
            return True
        if event.type == pygame.TEXTINPUT and self.group.focused is not self.field:
            self.group.focus(self.field)  # the one thing to type into: typing goes there
        typed = self.field.value
        taken = super().handle(event)
        if self.field.value != typed and not self.pending:
            self.problem = None  # a new invite is being typed: the old one's error goes
        return taken

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        panel(surface, pygame.Rect(40, 108, 1200, 492), theme.BG_DEEP)
        text.blit(surface, N_("Invite"), (60, 160), 24, theme.ACCENT, "bold", "midleft")
        y = FIELD.bottom + 30
        if self.problem is not None:
            headline, reason, advice = self.problem
            pygame.draw.line(surface, theme.DANGER, (65, y - 7), (79, y + 7), 3)  # a cross: refused
            pygame.draw.line(surface, theme.DANGER, (65, y + 7), (79, y - 7), 3)
            text.blit(surface, headline, (92, y), 20, theme.TEXT, "bold", "midleft")
            said_lines = text.wrap(reason, 1120, 18)[:2]
            for k, line in enumerate(said_lines):
                text.blit(surface, line, (92, y + 30 + 24 * k), 18, theme.ACCENT, anchor="midleft")
            below = y + 30 + 24 * len(said_lines)
            for k, line in enumerate(text.wrap(advice, 1120, 17)[:2] if advice else ()):
                text.blit(surface, line, (92, below + 22 * k), 17, theme.MUTED, anchor="midleft")
        elif self.pending:
            self.shown = True
            text.blit(surface, N_("Reaching the host…"), (92, y), 20, theme.TEXT, "bold", "midleft")
        if self.tickets:
            self.draw_tickets(surface)
        else:
            for k, line in enumerate(HOW):
                text.blit(surface, line, (60, 480 + 30 * k), 17, theme.MUTED, anchor="midleft")
        self.group.draw(surface)

    def draw_tickets(self, surface: pygame.Surface) -> None:
        """The seats this app joined before, newest first: the game, who plays, and when."""
        text.blit(
            surface, N_("Your seats at other computers"), (60, SEATS_Y), 20, theme.ACCENT, "bold", "midleft"
        )
        if self.pages > 1:  # which of them: the page turns beside say there are more
            first = self.page * SEATS_SHOWN
            shown = msg(
                "{first}–{last} of {n}",
                first=first + 1,
                last=first + len(self.tickets),
                n=len(self.remembered),
            )
            text.blit(surface, shown, (960, SEATS_Y), 16, theme.MUTED, anchor="midright")
        for k, ticket in enumerate(self.tickets):
            y = SEATS_Y + 50 + 48 * k
            game = registry.face(ticket.game).title if ticket.game in registry.names() else ticket.game
            you = ", ".join(ticket.names[s] for s in ticket.seats if s < len(ticket.names))
            others = ", ".join(n for i, n in enumerate(ticket.names) if i not in ticket.seats)
            line = msg("{game}: you are {you}, with {others}", game=game, you=you, others=others)
            when = msg("joined {when}", when=ticket.joined.replace("T", " ")[:16])
            words, size = text.fit(line, 880, 18)
            text.blit(surface, words, (60, y - 9), size, theme.TEXT, anchor="midleft")
            text.blit(surface, when, (60, y + 13), 15, theme.MUTED, anchor="midleft")
