"""Where the app's matches are opened: the one module that builds them and hands windows out.

Scenes never construct or hold a `Match`, an `Authority`, a referee or the store: they ask the
app's `Matches` (reached through the `Host` protocol as `app.matches`) for a `Window` on a new,
resumed, hosted, joined, replayed or tutorial match, and for the History's rows, statistics,
exports and imports. A local match opens as an in-process room: its authority, its referee
driven by the table's ticks, its ledger (its writes on the store's one thread, so the frame
never waits on the file) and one `LocalWindow` for the people at this screen
(docs/architecture.md, "The referee"). Every call to the store goes through the app's store
thread, in the order asked, and none is waited for on the frame: what a scene asks (a match to
open, a list to read, a file to import) comes back later through the app's inbox (`ask`, and
`read` for the lists), and sees every write asked before it. What opens matches (the referee,
the windows, network play and websockets) is imported where it is first used: the menu, which
reads the saves through here as the app starts, needs none of it (`startup_s`).
"""

from __future__ import annotations

import contextlib
import random
import sqlite3
import threading
import weakref
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar, TypeVarTuple, cast

from game.core import paths, registry, seats
from game.core.codec import FormatError
from game.core.i18n import N_, msg, said
from game.core.match import Match, Seat
from game.core.records import MatchInfo, Played, StatRow
from game.core.ruleset import AT_TABLE, Budget, Rejected
from game.core.store import Saving, fold
from game.core.timers import ticks
from game.core.window import Connection, NotOpened, Options, Window
from game.scenes.asked import Asked, Opened, Replayed, Scripted

if TYPE_CHECKING:
    from game.core.authority import Authority
    from game.core.ledger import Inbox, Ledger
    from game.core.local import LocalWindow
    from game.core.referee import Referee
    from game.core.ruleset import Command
    from game.core.settings import Settings
    from game.core.store import Store
    from game.core.writer import Writer
    from game.hosting import Hosted
    from game.net import tickets
    from game.net.client import RemoteWindow
    from game.net.invite import Invite
    from game.net.reach import Way
    from game.scenes.host import Server

T = TypeVar("T")  # what a call on the store's thread returns
Ts = TypeVarTuple("Ts")  # the arguments it takes
A = TypeVar("A")  # the answer a screen gets of it

# Under automation a bot's search is bounded by its own work, never by the clock, so the same
# match gives the same moves on a fast machine and a loaded one.
UNTIMED = Budget()
TUTORIAL_FALLBACK = "easy"  # plays a scripted seat on once its script is spent


class AppLike(Protocol):
    """What the composition needs of the app: its saves, settings and server (game/app.py)."""

    settings: Settings
    automated: bool
    hosting: Server | None

    @property
    def store(self) -> Store: ...

    @property
    def writer(self) -> Writer: ...

    @property
    def inbox(self) -> Inbox: ...


# What the app waits on when it hosts (the server making or reopening a match, the loopback
# connection to it), off the frame and off the store's thread, whose work the server waits on
REACH = ThreadPoolExecutor(max_workers=2, thread_name_prefix="reach")


def _served_opened(hosted: Hosted) -> Opened:
    """A match made on a server, opened here: its number is the server's, not one of the saves."""
    return Opened(hosted.window, None, hosted.invites)


def _close_hosted(hosted: Hosted) -> None:
    """A hosting cancelled once it had happened: the people's window here closes (the match
    stays on the server, to Continue later)."""
    hosted.window.close()


def _close_window(window: RemoteWindow) -> None:
    """A rematch's seat taken once its opening was cancelled: closed (the match stays on the
    server)."""
    window.close()


class Matches:
    def __init__(self, app: AppLike):
        self.app = app
        # by id(window), while open: the room, and its ledger (None: not saved)
        self._records: dict[int, tuple[Authority, Referee, Ledger | None]] = {}
        self._ledgers: list[Ledger] = []  # of the matches played here, those with writes to come
        self._asked = 0  # calls asked whose answer the frame has not taken yet
        self.pending: set[Future[object]] = set()  # of them, those still under way (automation waits)
        # the matches made on a server and open here, by their window's link: their seat's ticket
        self._served: weakref.WeakKeyDictionary[Connection, tickets.Ticket] = weakref.WeakKeyDictionary()

    # -- the store's thread -----------------------------------------------------------------
    def ask(
        self,
        fn: Callable[[*Ts], T],
        *args: *Ts,
        then: Callable[[Future[A]], None] | None = None,
        made: Callable[[T], A | Asked] | None = None,
        undo: Callable[[T], object] | None = None,
        hosting: bool = False,
    ) -> Asked:
        """The one way the frame asks anything of the saves or of the server it hosts:
        `fn(*args)` on the store's thread, after every call and write asked before (`hosting`:
        on a thread of REACH, for what waits on the server the app hosts, which waits on the
        store's thread in turn); the frame never waits on it. Once it is done, on the frame,
        `made` turns its result into the answer (a match's window) and `then` gets that answer
        as a done Future (`result()` gives it, or raises what failed); `made` may instead ask a
        second call (an Asked), whose answer goes to `then`. Asked and cancelled: `undo(result)`
        on the frame, when the call had done its work anyway. Counted in `busy` until then
        (game.automation waits for it)."""
        asked = Asked()
        self._asked += 1

        def taken(done: Future[T]) -> None:
            self._asked -= 1
            if asked.cancelled:
                if undo is not None and not done.cancelled() and done.exception() is None:
                    undo(done.result())
                return
            asked.answered = True
            answer: Future[A] = Future()
            try:
                result = done.result()
                # no `made`: the call's result is the answer (`then` takes what `fn` gives)
                value = made(result) if made is not None else cast(A, result)
            except Exception as exc:  # said by whoever asked, in words
                answer.set_exception(exc)
            else:
                if isinstance(value, Asked):  # a second call: its answer is the answer
                    asked.then = value
                    return
                answer.set_result(value)
            if then is not None:
                then(answer)

        future: Future[T] = REACH.submit(fn, *args) if hosting else self.app.writer.call(fn, *args)
        asked.future = future
        held = cast("Future[object]", future)  # only waited on and discarded: its result is not read
        self.pending.add(held)
        held.add_done_callback(self.pending.discard)
        future.add_done_callback(lambda done: self.app.inbox.call_soon_threadsafe(taken, done))
        return asked

    def read(
        self, fn: Callable[[*Ts], T], then: Callable[[Future[T]], None], *args: *Ts, again: bool = True
    ) -> None:
        """`ask` for one of the reads below, for a screen that shows what it reads. Moves played
        before the read whose write was not asked yet (a table's writes go one at a time) are
        read too: once they are stored, `then` is called again with a second read."""

        def taken(answer: Future[T]) -> None:
            then(answer)
            behind = [ledger for ledger in self._ledgers if not ledger.idle]
            if again and behind:
                self._asked += 1  # asked already, as far as anyone waiting on the saves knows
                left = [len(behind)]

                def stored() -> None:
                    left[0] -= 1
                    if not left[0]:
                        self._asked -= 1
                        self.read(fn, then, *args, again=False)

                for ledger in behind:
                    ledger.after(stored)

        self.ask(fn, *args, then=taken)

    @property
    def busy(self) -> bool:
        """A call or a write of the saves is under way (game.automation waits for it)."""
        return self._asked > 0 or self.writing()

    def writing(self) -> bool:
        """Some match played here has changes the store does not hold yet."""
        kept = {id(record[2]) for record in self._records.values()}  # open tables' ledgers
        self._ledgers = [ledger for ledger in self._ledgers if not ledger.idle or id(ledger) in kept]
        return any(not ledger.idle for ledger in self._ledgers)

    def unsaved_moves(self) -> int:
        """The moves played here that the store does not hold yet."""
        return sum(ledger.unsaved for ledger in self._ledgers if not ledger.idle)

    def saved(self, window: Window) -> int:
        """How many of the commands of the match behind an open local window the store holds:
        a move is acknowledged once this counts it (game.automation's `saved`)."""
        ledger = self._room(window)[2]
        if ledger is None:
            raise KeyError("that window's match is not saved")
        return ledger.saved

    def _opened(self, match: Match, stored: tuple[int, Saving]) -> Opened:
        """On the frame: the table's room of a match the store's thread has stored or loaded,
        its writes from here on taken by its ledger."""
        from game.core.ledger import Ledger

        match_id, saving = stored
        ledger = Ledger(saving, match, self.app.writer, self.app.inbox)
        self._ledgers.append(ledger)
        return Opened(self.local(match, ledger=ledger), match_id)

    def _store(self, match: Match, branched: tuple[int, int] | None = None) -> tuple[int, Saving]:
        """On the store's thread: a new match stored (and where it `branched`: its parent's id
        and the moves taken over), taken out of the store's hands for a ledger."""
        store = self.app.store
        try:
            match_id = store.attach(match)
            if branched is not None:
                store.note_branch(match_id, branched[0], len(match.events), branched[1])
        except sqlite3.Error as exc:  # the file stayed busy past its timeout, the disk is full
            raise NotOpened(
                msg("The match cannot be saved, so it was not opened: {why}", why=str(exc))
            ) from None
        return match_id, store.saving(match)

    def _forget(self, stored: tuple[int, Saving]) -> None:
        """A match stored for a screen that stopped waiting for it: deleted, never shown."""
        self.delete(stored[0])

    # -- local play -----------------------------------------------------------------------
    def new(
        self,
        game: str,
        players: list[Seat],
        options: Options,
        seed: int | None = None,
        setup: dict[str, object] | None = None,
        then: Callable[[Future[Opened]], None] | None = None,
    ) -> Asked:
        """A new match, saved as it goes: `then` gets it once stored (NotOpened saying why not).
        No seed: a fresh one from the system. ValueError at once for seats the rules refuse."""
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        match = Match.new(registry.get(game), players, options, seed, setup)
        return self.ask(
            self._store, match, then=then, made=lambda stored: self._opened(match, stored), undo=self._forget
        )

    def unsaved(
        self,
        game: str,
        players: list[Seat],
        options: Options,
        seed: int = 0,
        setup: dict[str, object] | None = None,
    ) -> LocalWindow:
        """A new match kept nowhere (the benchmarks' busy tables)."""
        return self.local(Match.new(registry.get(game), players, options, seed, setup))

    def resume(self, match_id: int, then: Callable[[Future[Opened]], None] | None = None) -> Asked:
        """Continue a stored match where its log stands: `then` gets it at this screen, or
        hosted again when players elsewhere have seats (NotOpened, saying why, when it cannot
        be)."""

        def load() -> tuple[Match, Saving]:  # on the store's thread
            store = self.app.store
            try:
                match = store.load(match_id)
            except (FormatError, ValueError, KeyError, sqlite3.Error) as exc:
                raise NotOpened(msg("This match cannot be resumed: {problem}", problem=said(exc))) from None
            return match, store.saving(match)

        def made(loaded: tuple[Match, Saving]) -> Opened | Asked:
            match, saving = loaded
            if any(s.kind == "online" for s in match.seats):
                return self.reopen(match_id, then=then)
            return self._opened(match, (match_id, saving))

        return self.ask(load, then=then, made=made)

    # -- the saves: Continue, History, Statistics (on the store's thread: through `read`) ----
    def unfinished(self) -> list[MatchInfo]:
        """The matches to continue, newest first (games this app knows)."""
        return [i for i in self.app.store.unfinished() if i.game in registry.names()]

    def history(self, game: str | None = None, opponent: str | None = None) -> list[Played]:
        from game.core import history

        return history.matches(self.app.store, game, opponent)

    def opponents(self) -> list[str]:
        """Every seat name in the saves, for the History's filter."""
        from game.core import history

        return history.names(self.app.store)

    def statistics(self) -> list[StatRow]:
        return [r for r in self.app.store.statistics() if r.game in registry.names()]

    def delete(self, match_id: int, then: Callable[[Future[bool]], None] | None = None) -> Asked:
        """A stored match deleted (`then` hears whether it was there)."""
        return self.ask(lambda: self.app.store.delete(match_id), then=then)

    def import_file(self, path: Path, then: Callable[[Future[int]], None]) -> Asked:
        """A match file imported into the saves: `then` gets its id (FormatError or OSError
        saying why not). Cancelled, an import that went in anyway is deleted again."""

        def imported() -> int:
            try:
                return int(self.app.store.import_file(path))
            except sqlite3.Error as exc:
                raise OSError(str(exc)) from None

        return self.ask(imported, then=then, undo=self.delete)

    @staticmethod
    def withheld(info: MatchInfo) -> str | None:
        """Why a stored match may not be exported yet, or None: one still being played that
        other people play in waits for its end (the file holds the seed and every hand)."""
        people = sum(s.kind in ("human", "online") for s in info.seats)
        if info.status == "playing" and people > 1:
            return N_("A match other people play in can be exported once it is over.")
        return None

    def export(self, match_id: int, path: Path, then: Callable[[Future[None]], None]) -> Asked:
        """A match written to a file, unless it is `withheld` (NotOpened says why; OSError or
        FormatError when it cannot be written). Cancelled, a file written anyway is removed."""

        def export() -> None:
            store = self.app.store
            try:
                info = store.info(match_id)
                refusal = None if info is None else self.withheld(info)
                if refusal is not None:
                    raise NotOpened(refusal)
                store.export(match_id, path)
            except sqlite3.Error as exc:
                raise OSError(str(exc)) from None

        def remove(_: None) -> None:
            self.ask(path.unlink, True)  # missing_ok

        return self.ask(export, then=then, undo=remove)

    def replay(self, match_id: int, then: Callable[[Future[Replayed]], None]) -> Asked:
        """A stored match to replay: `then` gets its timeline and windows (NotOpened saying why
        not)."""

        def fetch() -> Match:  # read and folded on the store's thread
            try:
                return fold(self.app.store.data(match_id), msg("Saved match {id}", id=match_id))
            except (FormatError, ValueError, KeyError, sqlite3.Error) as exc:
                raise NotOpened(msg("This match cannot be replayed: {why}", why=said(exc))) from None

        def made(match: Match) -> Replayed:
            from game.core.replays import Rewind

            return Rewind(match)

        return self.ask(fetch, then=then, made=made)

    def play_on(
        self, rewind: Replayed, count: int, parent: int | None, then: Callable[[Future[Opened]], None]
    ) -> Asked:
        """A finished match played on from a point of its replay: a new match, saved with a note
        of where it branched, that `then` gets at this screen."""
        from game.core.replays import Rewind

        if not isinstance(rewind, Rewind):  # only what `replay` handed out holds a match
            raise TypeError("a replay this app did not open cannot be played on")
        match = rewind.branch(count)
        branched = None if parent is None else (parent, match.moves)
        return self.ask(
            self._store,
            match,
            branched,
            then=then,
            made=lambda stored: self._opened(match, stored),
            undo=self._forget,
        )

    # -- network play ---------------------------------------------------------------------
    def host(
        self,
        game: str,
        players: list[Seat],
        options: Options,
        seed: int | None = None,
        rate: float = 60.0,
        then: Callable[[Future[Opened]], None] | None = None,
        on_server: bool = False,
    ) -> Asked:
        """A new match hosted on this computer for players elsewhere: `then` gets the window of
        the people here and the invite of each online seat (NotOpened saying why not). The
        server makes it and this app reaches it off the frame (`ask`'s `hosting`). `rate`:
        ticks a second of the server's clock (tests run a timed game's sand faster).
        `on_server`: made on the server of Settings → Online instead (`serve`)."""
        from game.hosting import hosting
        from game.net.client import NetError

        def make() -> Hosted:
            if on_server:
                return self._serve(game, players, options)
            try:
                return hosting(self.app, rate).host(registry.get(game), players, options, seed)
            except (NetError, OSError) as exc:
                raise NotOpened(msg("This computer cannot host now: {why}", why=said(exc))) from None

        made = _served_opened if on_server else self._hosted  # a server's match: not in the saves here
        return self.ask(make, then=then, made=made, undo=_close_hosted, hosting=True)

    def reopen(self, match_id: int, then: Callable[[Future[Opened]], None] | None = None) -> Asked:
        """A match hosted before, hosted again, off the frame: its players reconnect with their
        tokens; `then` gets the people's window here (NotOpened saying why not)."""
        from game.hosting import hosting
        from game.net.client import NetError

        def make() -> Hosted:
            try:
                return hosting(self.app).reopen(match_id)
            except (NetError, OSError) as exc:
                words = msg("This match cannot be hosted again: {problem}", problem=said(exc))
                raise NotOpened(words) from None

        return self.ask(make, then=then, made=self._hosted, undo=_close_hosted, hosting=True)

    def _serve(self, game: str, players: list[Seat], options: Options) -> Hosted:
        """(Off the frame.) A new match made on the server of Settings → Online with its creator
        key: the people here take their seats with the token it returns, and the match is
        remembered so Continue lists it, with where it is."""
        from game.hosting import Hosted
        from game.net import served, tickets
        from game.net.client import NetError, RemoteWindow

        settings = self.app.settings
        spec = [{"name": s.name, "kind": s.kind, "level": s.level} for s in players]
        try:
            route = served.server_route(settings.server, settings.server_pin)
            made = served.create(route, settings.creator_key.strip(), game, spec, dict(options))
            window = RemoteWindow.rejoin(route, made.token)
        except (NetError, OSError, ValueError) as exc:
            raise NotOpened(said(exc)) from None
        people = tuple(i for i, s in enumerate(players) if s.kind == "human")
        names = tuple(s.name for s in players)
        ticket = replace(tickets.Ticket.of(route, made.token, game, made.match, people, names), served=True)
        with contextlib.suppress(OSError):  # not remembered: Continue cannot list it, the match goes on
            tickets.remember(paths.data_dir(), ticket)
        self._served[window] = ticket
        return Hosted(window, {seat: replace(route, code=code) for seat, code in made.codes.items()})

    def take_served(self, ticket: tickets.Ticket, then: Callable[[Future[Opened]], None]) -> Asked:
        """A match made on a server, taken again (Continue), off the frame: `then` gets the
        people's window here (NotOpened saying why not; one the server no longer knows is
        forgotten)."""
        from game.net.client import NetError

        def take() -> Window:
            try:
                return self.rejoin(ticket)
            except NetError as exc:
                raise NotOpened(msg("This match cannot be continued: {problem}", problem=said(exc))) from None

        return self.ask(
            take, then=then, made=lambda w: Opened(w, None), undo=lambda w: w.close(), hosting=True
        )

    @staticmethod
    def forget_served(ticket: tickets.Ticket) -> None:
        """A match made on a server, no longer listed here (it stays on the server)."""
        from game.net import tickets

        with contextlib.suppress(OSError):
            tickets.forget(paths.data_dir(), ticket.url, ticket.match)

    def served(self) -> list[tickets.Ticket]:
        """The matches this app made on a server, latest first (Continue lists them)."""
        return [t for t in self._tickets() if t.served]

    def served_at(self, window: Window) -> str:
        """Where the match behind a window is played when that is a server: its HOST:PORT
        ("" for a match of this computer, or one joined)."""
        ticket = self._served.get(window.connection) if window.connection is not None else None
        return ticket.route.address if ticket is not None else ""

    def served_invite(self, link: Connection, code: str) -> Invite:
        """The invite to a match this app made on a server, for a join code the server made."""
        return replace(self._served[link].route, code=code)

    def _hosted(self, hosted: Hosted) -> Opened:
        return Opened(hosted.window, hosted.window.match_id, hosted.invites)

    def reinvite(self, link: Connection, seat: int) -> Invite:
        """A new invite for the seat of a player who is away from a match this app hosts: the
        old invite and the link their app keeps stop working (NotOpened says why not). A match
        made on a server asks the server instead (`Connection.ask_reinvite`, `served_invite`)."""
        from game.hosting import hosting

        try:
            return hosting(self.app).reinvite(link.match_id, seat)
        except (ValueError, OSError) as exc:
            raise NotOpened(msg("No new invite: {why}", why=said(exc))) from None

    def join(
        self,
        text: str,
        stop: threading.Event | None = None,
        trying: Callable[[Way], None] | None = None,
        name: str = "",
    ) -> RemoteWindow:
        """Join with an invite: the seat's window, or ValueError / NetError saying why not in
        words (`stop` set gives it up, `trying` is told each of the host's addresses tried;
        `name`: the guest's own name for the seat, "" for the host's). The
        seat is remembered with the host's key and addresses (game.net.tickets), so this app can
        take it again after a restart."""
        from game.net import tickets
        from game.net.client import RemoteWindow
        from game.net.invite import parse

        invite = parse(text)
        window = RemoteWindow.join(invite, stop=stop, trying=trying, name=name)
        self._playable(window)
        game = window.game.name if window.game is not None else ""
        seats, names = tuple(sorted(window.seats)), tuple(window.names)
        ticket = tickets.Ticket.of(invite, window.token, game, window.match_id, seats, names)
        with contextlib.suppress(OSError):  # a seat not remembered is a convenience lost, not the game
            tickets.remember(paths.data_dir(), ticket)
        return window

    def rejoin(
        self,
        ticket: tickets.Ticket,
        stop: threading.Event | None = None,
        trying: Callable[[Way], None] | None = None,
    ) -> RemoteWindow:
        """Take a remembered seat again, by the ways and key it was joined with: its window, or
        NetError (a seat the host no longer knows is forgotten here too; `stop` set gives it up)."""
        from game.net import tickets as known
        from game.net.client import NetError, RemoteWindow
        from game.net.protocol import BAD_TOKEN

        try:
            window = RemoteWindow.rejoin(ticket.route, ticket.token, stop=stop, trying=trying)
        except NetError as exc:
            if exc.code == BAD_TOKEN:  # the host no longer knows this seat (not merely away)
                with contextlib.suppress(OSError):
                    known.forget(paths.data_dir(), ticket.url, ticket.match)
            raise
        self._playable(window)
        if ticket.served:
            self._served[window] = ticket
        return window

    def remembered(self) -> list[tickets.Ticket]:
        """The seats this app joined elsewhere and may take again, latest first (Join lists
        them; the matches it made on a server are `served`)."""
        return [t for t in self._tickets() if not t.served]

    @staticmethod
    def _tickets() -> list[tickets.Ticket]:
        from game.net import tickets

        try:
            found, _ = tickets.load(paths.data_dir())
        except OSError:
            return []
        return found

    def ended(self, window: Window) -> None:
        """A match shown to its end: a seat joined at another computer need not be remembered."""
        link = window.connection
        served = self._served.get(link) if link is not None else None
        if served is not None:  # made on a server and over: Continue need not list it
            self.forget_served(served)
            return
        if link is None or link.host:
            return
        from game.net.client import RemoteWindow

        if isinstance(link, RemoteWindow):  # the remote window is its own link
            self.forget(link)

    def rematch(self, window: Window, then: Callable[[Future[Opened]], None]) -> Asked:
        """The same players and options again, at this screen (`then` once stored). A match
        over the network has its rematch made by its server once every screen asked
        (`carry_on`)."""
        return self.new(window.game.name, window.players, window.options, then=then)

    def carry_on(self, window: Window, then: Callable[[Future[Opened]], None]) -> Asked:
        """The rematch of a match over the network, made by its server once every screen
        agreed: this screen's seats there, by the token it was told (off the frame). A guest's
        seat is remembered, as a joined one is, for Continue."""
        from game.net.client import NetError, RemoteWindow

        link = window.connection
        news = None if link is None else link.rematch
        if not isinstance(link, RemoteWindow) or news is None or not news.token:
            raise ValueError("no rematch was made for this window")
        token = news.token

        def host() -> Hosted:
            from game.hosting import hosting

            try:
                return hosting(self.app).carry_on(token)
            except (NetError, OSError) as exc:
                raise NotOpened(msg("The rematch could not be opened: {why}", why=said(exc))) from None

        served = self._served.get(link)  # a match this app made on a server: its seats there
        if link.host and served is None:
            return self.ask(host, then=then, made=self._hosted, undo=_close_hosted, hosting=True)

        def guest() -> RemoteWindow:
            from game.net import tickets

            try:
                joined = RemoteWindow.rejoin(link.link.route, token)
                self._playable(joined)
            except NetError as exc:
                raise NotOpened(msg("The rematch could not be opened: {why}", why=said(exc))) from None
            game = joined.game.name
            seats, names = tuple(sorted(joined.seats)), tuple(joined.names)
            ticket = tickets.Ticket.of(link.link.route, token, game, joined.match_id, seats, names)
            if served is not None:  # again on that server: Continue lists it with where it is
                ticket = replace(ticket, served=True)
                self._served[joined] = ticket
            with contextlib.suppress(OSError):  # a seat not remembered is a convenience lost
                tickets.remember(paths.data_dir(), ticket)
            return joined

        return self.ask(guest, then=then, made=lambda w: Opened(w, None), undo=_close_window, hosting=True)

    def forget(self, window: RemoteWindow) -> None:
        """A match joined here has ended: its seat need not be remembered any more."""
        from game.net import tickets

        with contextlib.suppress(OSError):
            tickets.forget(paths.data_dir(), window.link.url, window.match_id)

    @staticmethod
    def _playable(window: RemoteWindow) -> None:
        from game.net.client import NetError
        from game.scenes import tables

        face = window.game
        if face is None or not tables.has_table(face.name):
            window.close()
            raise NetError(msg("This app has no table for that game"))

    def local(
        self,
        match: Match,
        scripts: dict[int, tuple[Command, ...]] | None = None,
        ledger: Ledger | None = None,
    ) -> LocalWindow:
        """The in-process room of `match`: its referee plays the bot seats (and `scripts`, a
        tutorial's scripted seats), its `ledger` writes it (None: not saved) and the window
        shows the people's seats at this screen."""
        from game.core import bots
        from game.core.authority import Authority
        from game.core.local import LocalWindow
        from game.core.referee import Referee
        from game.core.thinking import Thinking
        from game.core.weigh import WEIGHED

        rules = match.ruleset
        app = self.app
        automated = app.automated
        authority = Authority(match)
        people = [i for i, s in enumerate(match.seats) if s.kind == "human"]
        referee = Referee(
            authority,
            {},
            Thinking(None if automated else WEIGHED),
            pause=0 if automated else ticks(app.settings.bot_pause_ms / 1000),
            budget=UNTIMED if automated else AT_TABLE,
            people=people,
        )
        seconds = app.settings.outside_move_seconds
        for i, s in enumerate(match.seats):
            if s.kind in ("bot", "cmd"):
                referee.seat(i, bots.for_seat(rules, s, seconds))
        for seat, script in (scripts or {}).items():
            _script(referee, seat, script)
        budget = UNTIMED if automated else AT_TABLE
        window = LocalWindow(
            authority,
            referee,
            frozenset(people),
            budget=budget,
            problems=self._problem,
        )
        key = id(window)
        self._records[key] = (authority, referee, ledger)

        def closed() -> None:
            self._records.pop(key, None)

        window._on_close = closed
        return window

    def _problem(self) -> str | None:
        """A saving trouble to say at the table, once (never waiting on the store's opening)."""
        opened = self.app.writer.opened
        if not opened.done() or opened.exception() is not None:
            return None
        return opened.result().take_problem()

    def record(self, window: Window) -> Match:
        """The whole record behind an open local window: for game.automation's checks and
        driving programs, never for a scene."""
        return self._room(window)[0].match

    def referee(self, window: Window) -> Referee:
        """The referee behind an open local window (what its bots hold, its clock): for tests
        and driving programs, never for a scene."""
        return self._room(window)[1]

    def _room(self, window: Window) -> tuple[Authority, Referee, Ledger | None]:
        found = self._records.get(id(window))
        if found is None:
            raise KeyError("no match of this app is open behind that window")
        return found

    # -- tutorials ------------------------------------------------------------------------
    def tutorial(self, tutorial: Scripted, upto: int) -> LocalWindow:
        """A tutorial's match as it stood when step `upto` began (its fixed deal, the person's
        moves of the steps before, each after the scripted moves that came before it), its
        scripted seats played by the referee. ValueError when a step's move is refused."""
        match = tutorial_match(tutorial, upto)
        return self.local(match, {int(s): tuple(c) for s, c in tutorial.script.items()})


def tutorial_match(tutorial: Scripted, upto: int = 0) -> Match:
    """The match of a tutorial when step `upto` begins, played by a referee of its own: the
    scripted seats answer as they would at the table (in a timed game by their ticks, the sand
    run to each step's moment), then the person's move of each step goes in."""
    ruleset = registry.get(tutorial.game)
    made = seats.from_specs(ruleset, list(tutorial.seats), tutorial.options)
    named = [replace(s, name=n) for s, n in zip(made, tutorial.names, strict=True)]
    match = Match.new(ruleset, named, tutorial.options, tutorial.seed, tutorial.setup)
    from game.core.authority import Authority

    authority = Authority(match)
    referee = _scripted(authority, tutorial)
    for step in tutorial.steps[:upto]:
        if step.expect is None:
            continue
        tick = step.expect.get("tick")
        referee.advance(0)
        if isinstance(tick, int) and tick > referee.now(tutorial.person):
            referee.advance(tick - referee.now(tutorial.person))
        result = match.submit(tutorial.person, step.expect)
        if isinstance(result, Rejected):
            raise ValueError(f"tutorial {tutorial.name}: a step's move is refused ({result.reason})")
    referee.close()
    authority.detach()
    return match


def play_scripts(tutorial: Scripted, match: Match) -> None:
    """Let a tutorial's scripted seats play on from where `match` stands, for as long as the
    match waits on one of them (the tests' check that every script fits its deal)."""
    from game.core.authority import Authority

    authority = Authority(match)
    referee = _scripted(authority, tutorial)
    for _ in range(1000):
        waiting = [s for s in match.to_act if s in referee.players]
        if not waiting or match.finished:
            break
        referee.advance(max(1, min(referee.quiet(), 60)))
    referee.close()
    authority.detach()


def _scripted(authority: Authority, tutorial: Scripted) -> Referee:
    """A referee of its own for a tutorial's match, playing its scripted seats at once."""
    from game.core.referee import Referee
    from game.core.thinking import Thinking

    referee = Referee(authority, {}, Thinking(), people=[tutorial.person])
    for seat, script in tutorial.script.items():
        _script(referee, int(seat), tuple(script))
    return referee


def _script(referee: Referee, seat: int, script: tuple[Command, ...]) -> None:
    from game.core import bots
    from game.core.scripted import ScriptedPlayer

    fallback = bots.make(referee.rules, TUTORIAL_FALLBACK)
    referee.seat(seat, ScriptedPlayer(referee.window(seat), seat, script, fallback))
