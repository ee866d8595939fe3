"""Join a match another computer hosts: the invite typed or pasted, Join, and the table.

The invite is read at once (a malformed one is refused in words under the field). The host is
reached on a thread of its own (an `Attempt`: it can take seconds to give up on a silent host)
while the screen says whom it is connecting to and keeps answering: Cancel or Esc gives the
attempt up at once and goes back to the menu. On success the table replaces this screen; on
failure the reason stands under the field, with what to do about it. The seats this app
joined before and whose match is not over are listed below, each to take again
(game.net.tickets), two at a time, newest first, with a page turn (PgUp / PgDn, the wheel)
when there are more: every one stays in reach.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from game.core import faces
from game.core.i18n import N_, msg, said
from game.net.client import NetError
from game.net.failures import settled
from game.net.invite import parse
from game.net.protocol import BAD_TOKEN, NAME_MAX, good_name
from game.net.reach import Way
from game.net.tickets import Ticket
from game.scenes.base import Screen
from game.scenes.presence import refusal_words
from game.ui import clipboard, text, theme
from game.ui.widgets import Button, TextField, panel

if TYPE_CHECKING:
    from game.core.window import Window
    from game.scenes.host import Host

FIELD = pygame.Rect(60, 196, 900, 60)
NAME_FIELD = pygame.Rect(200, 620, 400, 60)  # the guest's own name, beside Back and Join
SEATS_Y = 456  # the seats this app may take again: a heading, then a row each
SEATS_SHOWN = 2  # a page of them (the panel's room under the invite)
WAYS_SHOWN = 4  # the host's addresses tried, the latest ones (the panel's room above the seats)
MAX_INVITE = 320  # letters: a pin, several addresses and a relay fit
SIZES = (20, 18, 16, 14, 13)  # the invite's letters, smaller until it fits the field
EXAMPLE = "bazaar://192.168.1.20:8765/7KQ2-M9XD-4RTW-8HJC"
# what to do about a refusal, by the server's error code ("": the host was not reached)
ADVICE = {
    "bad-code": N_("Check the code with the host, letter by letter, or ask for a new invite."),
    "code-used": N_("Each invite lets one player in. The host's connection sheet shows the invites."),
    "version": N_("Both of you need the same version of Bazaar."),
    "missing-game": N_("A game not built into Bazaar is installed with pip: both of you need it."),
    "bad-token": N_("Ask the host for a new invite: their connection sheet makes one for your seat."),
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


Reach = Callable[[threading.Event, Callable[[Way], None]], "Window"]


class Attempt:
    """Reaching a host (an invite joined, a remembered seat taken again) on a thread of its
    own: the frame looks at `future` and never waits on it. Given up on, the attempt ends by
    itself on that thread, and a window it still brings is closed there."""

    def __init__(self, reach: Reach, where: str):
        self.where = where  # host:port, as the person reads it
        self.ways: tuple[
            Way, ...
        ] = ()  # the host's addresses tried so far, in order (the link's thread adds)
        self.stop = threading.Event()
        self.future: Future[Window] = Future()
        self.thread = threading.Thread(target=self._run, args=(reach,), daemon=True, name="join")
        self.thread.start()

    def _run(self, reach: Reach) -> None:
        try:
            self.future.set_result(reach(self.stop, self.trying))
        except BaseException as exc:  # said on the screen, as the frame finds it
            self.future.set_exception(exc)

    def trying(self, way: Way) -> None:
        """A candidate started (on the link's thread): a new tuple, so the frame reads a whole one."""
        if way not in self.ways:
            self.ways = (*self.ways, way)

    def cancel(self) -> None:
        """Give it up: the link stops trying (soon, on its own threads), and a window that
        arrives all the same is closed."""
        self.stop.set()
        self.future.add_done_callback(_abandoned)


def _abandoned(future: Future[Window]) -> None:
    if future.exception() is None:
        future.result().close()


def _where(url: str) -> str:
    """host:port of a ws:// or wss:// address."""
    return url.split("://", 1)[-1].split("/", 1)[0]


class InviteField(TextField):
    """The invite's field: Ctrl+V pastes, Enter joins, and what is typed stays inside it."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        on_enter: Callable[[], None],
        on_paste: Callable[[], None],
    ):
        # an invite with the host's key and addresses runs past 100 letters
        super().__init__(rect, "", max_len=MAX_INVITE, placeholder=N_("Paste or type the invite"), size=20)
        self.tid, self.spoken = "invite", N_("Invite")
        self.on_enter, self.on_paste = on_enter, on_paste

    def key(self, event: pygame.event.Event) -> bool:
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
        room = self.rect.w - 2 * self.PAD
        self.size = next(
            (z for z in SIZES if text.font(z, sample=self.value).size(self.value)[0] <= room), SIZES[-1]
        )
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
        # the guest's own name for the seat (left empty: the name the host typed for it)
        self.name_field = TextField(
            (200, 620, 400, 60), "", max_len=NAME_MAX, placeholder=N_("the host's choice")
        )
        self.name_field.tid, self.name_field.spoken = "name", N_("Play as")
        self.back_button = Button((720, 620, 240, 60), N_("Back"), self.back, tid="back")
        self.join_button = Button((980, 620, 240, 60), N_("Join"), self.join, primary=True, tid="join")
        self.cancel_button = Button((980, FIELD.bottom + 10, 240, 44), N_("Cancel"), self.back, tid="cancel")
        self.cancel_button.hint = "Esc"
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
        self.attempt: Attempt | None = None  # the host being reached
        self.taking: Ticket | None = None  # the remembered seat that attempt takes again
        self.ticks = 0  # since the attempt began (its dots move)

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
        if self.attempt is not None:
            return
        text = self.field.value
        try:
            invite = parse(text)
        except ValueError as exc:
            self.problem = (N_("That is not an invite."), said(exc), "")
            return
        name = self.name_field.value.strip()
        if name and not good_name(name):
            self.problem = (
                N_("That name cannot be used."),
                N_("A name is printable letters, 16 at most."),
                "",
            )
            return
        matches = self.app.matches
        self.taking = None
        self.begin(Attempt(lambda stop, trying: matches.join(text, stop, trying, name), _where(invite.url)))

    def begin(self, attempt: Attempt) -> None:
        self.problem, self.attempt, self.ticks = None, attempt, 0
        self.join_button.enabled, self.join_button.label = False, N_("Joining…")
        self.lay_out()

    def back(self) -> None:
        """Esc, Back or Cancel: an attempt under way is given up at once, and the menu shows."""
        self.give_up()
        super().back()

    def give_up(self) -> None:
        if self.attempt is not None:
            self.attempt.cancel()
            self.attempt = None
            self.join_button.enabled, self.join_button.label = True, N_("Join")
            self.lay_out()

    def leave(self) -> None:
        self.give_up()

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
        trying = [self.cancel_button] if getattr(self, "attempt", None) is not None else []
        self.group.widgets = [
            self.field,
            self.paste_button,
            *trying,
            *turns,
            *self.again,
            self.name_field,
            self.back_button,
            self.join_button,
        ]

    def _again(self, ticket: Ticket) -> Callable[[], None]:
        def take() -> None:
            if self.attempt is None:
                self.taking = ticket
                matches = self.app.matches
                self.begin(
                    Attempt(lambda stop, trying: matches.rejoin(ticket, stop, trying), _where(ticket.url))
                )

        return take

    def update(self, ticks: int) -> None:
        attempt = self.attempt
        if attempt is None:
            return
        self.ticks += ticks
        if not attempt.future.done():
            return
        from game.scenes.online import window_table

        self.attempt = None
        self.join_button.enabled, self.join_button.label = True, N_("Join")
        self.lay_out()
        try:
            window = attempt.future.result()
        except ValueError as exc:
            self.problem = (N_("That is not an invite."), said(exc), "")
        except NetError as exc:
            code = getattr(exc, "code", "")
            if code == BAD_TOKEN and self.taking in self.remembered:  # forgotten in the file too
                self.remembered.remove(self.taking)
                self.page = min(self.page, self.pages - 1)
                self.lay_out()
            reason = said(exc)  # a key or certificate refused says itself what to do: no network advice
            advice = "" if settled(reason) else ADVICE.get(code, "")
            self.problem = (N_("Could not join."), refusal_words(code, reason), advice)
        else:
            self.app.replace(window_table(self.app, window))

    @property
    def animated(self) -> bool:  # type: ignore[override]
        return self.attempt is not None  # its dots move, and the frame looks at it each tick

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
        fields = (self.field, self.name_field)
        if event.type == pygame.TEXTINPUT and self.group.focused not in fields:
            self.group.focus(self.field)  # typing on a button goes into the invite
        typed = self.field.value
        taken = super().handle(event)
        if self.field.value != typed and self.attempt is None:
            self.problem = None  # a new invite is being typed: the old one's error goes
        return taken

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        panel(surface, pygame.Rect(40, 108, 1200, 492), theme.BG_DEEP)
        text.blit(surface, N_("Invite"), (60, 160), 24, theme.ACCENT, "bold", "midleft")
        text.blit(
            surface, N_("Play as"), (60, self.name_field.rect.centery), 20, theme.TEXT, "bold", "midleft"
        )
        y = FIELD.bottom + 30
        if self.problem is not None:
            headline, reason, advice = self.problem
            pygame.draw.line(surface, theme.DANGER, (65, y - 7), (79, y + 7), 3)  # a cross: refused
            pygame.draw.line(surface, theme.DANGER, (65, y + 7), (79, y - 7), 3)
            text.blit(surface, headline, (92, y), 20, theme.TEXT, "bold", "midleft")
            said_lines = text.wrap(reason, 1120, 18)[: 2 if advice else 4]  # room for advice, or not
            for k, line in enumerate(said_lines):
                text.blit(surface, line, (92, y + 30 + 24 * k), 18, theme.ACCENT, anchor="midleft")
            below = y + 30 + 24 * len(said_lines)
            for k, line in enumerate(text.wrap(advice, 1120, 17)[:2] if advice else ()):
                text.blit(surface, line, (92, below + 22 * k), 17, theme.MUTED, anchor="midleft")
        elif self.attempt is not None:
            self.draw_trying(surface, y)
        if self.tickets:
            self.draw_tickets(surface)
        else:
            for k, line in enumerate(HOW):
                text.blit(surface, line, (60, 480 + 30 * k), 17, theme.MUTED, anchor="midleft")
        self.group.draw(surface)

    def draw_trying(self, surface: pygame.Surface, y: int) -> None:
        """Whom it is connecting to, with dots that move: the window is alive meanwhile."""
        lit = self.ticks // 20 % 3
        for k in range(3):
            colour = theme.ACCENT if k == lit else theme.MUTED
            pygame.draw.circle(surface, colour, (66 + 8 * k, y), 3)
        attempt = self.attempt
        ways = attempt.ways[-WAYS_SHOWN:] if attempt else ()
        if not ways:
            lines = [msg("Connecting to {where}…", where=attempt.where if attempt else "")]
        else:  # each of the host's addresses as it is tried, the latest last
            lines = [
                msg("Trying {address} ({how})…", address=w.address, how=w.how)
                if w.how
                else msg("Trying {address}…", address=w.address)
                for w in ways
            ]
        for k, words in enumerate(lines):
            ink, style = (theme.TEXT, "bold") if k == len(lines) - 1 else (theme.MUTED, "regular")
            text.blit(surface, words, (92, y + 28 * k), 20, ink, style, "midleft")
        tip = N_("Cancel (Esc) stops trying and goes back to the menu.")
        text.blit(surface, tip, (92, y + 28 * len(lines) + 2), 17, theme.MUTED, anchor="midleft")

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
            game = faces.face(ticket.game).title if ticket.game in faces.names() else ticket.game
            you = ", ".join(ticket.names[s] for s in ticket.seats if s < len(ticket.names))
            others = ", ".join(n for i, n in enumerate(ticket.names) if i not in ticket.seats)
            line = msg("{game}: you are {you}, with {others}", game=game, you=you, others=others)
            # what tells two seats of one game apart: the match's number at its host, where, and when
            when = msg(
                "match {number} at {host} · joined {when}",
                number=ticket.match,
                host=_where(ticket.url),
                when=ticket.joined.replace("T", " ")[:19],
            )
            words, size = text.fit(line, 880, 18)
            text.blit(surface, words, (60, y - 9), size, theme.TEXT, anchor="midleft")
            text.blit(surface, when, (60, y + 13), 15, theme.MUTED, anchor="midleft")
